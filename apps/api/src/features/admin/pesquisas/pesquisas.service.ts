import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { SURVEY_ADMIN_MSG, type phaseInputSchema, type MemberLink, type linksQuerySchema, type newCampaignInputSchema, type ParticipationAdmin, type QuestionAdmin, type questionEditInputSchema, type SurveySummary, type answersQuerySchema } from '@legiao/contracts/admin/pesquisas';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import type { Db } from '../../../db/prisma.js';
import type { Pesquisa, Prisma } from '../../../generated/prisma/client.js';
import { badRequest, notFound } from '../../../errors/app-error.js';
import { currentSurvey } from '../../pesquisa/participation.js';

// Staff run the surveys of ADR 0014. pesquisa, pesquisa_pergunta and pesquisa_pergunta_resposta are
// in the content cache with NOTIFY triggers (ADR 0019): a new campaign, a closed phase or a reworded
// question reaches every process at once. ADR 0029.

type Tx = Prisma.TransactionClient;

const openPhase = (p: Pick<Pesquisa, 'dataFim'>, now: Date) => p.dataFim === null || p.dataFim > now;

export async function listSurveys(db: Db, now = new Date()): Promise<SurveySummary[]> {
  const surveys = await db.pesquisa.findMany({ orderBy: [{ tipo: 'asc' }, { id: 'desc' }], include: { _count: { select: { perguntas: true, participacoes: true } } } });
  const completed = await db.pesquisaParticipacao.groupBy({ by: ['pesquisaId'], where: { concluidaEm: { not: null } }, _count: { _all: true } });
  const current = new Set<number>();
  for (const kind of ['personalizacao', 'satisfacao'] as const) {
    const a = await currentSurvey(db, kind);
    if (a) current.add(a.id);
  }
  return surveys.map((p) => ({
    id: p.id,
    chave: p.chave,
    tipo: p.tipo,
    nome: p.nome,
    ativa: p.ativa,
    atual: current.has(p.id),
    dataFim: p.dataFim?.toISOString() ?? null,
    faseAberta: openPhase(p, now),
    perguntas: p._count.perguntas,
    participacoes: p._count.participacoes,
    concluidas: completed.find((c) => c.pesquisaId === p.id)?._count._all ?? 0,
    criadaEm: p.criadaEm.toISOString(),
  }));
}

async function surveyOr404(db: Db | Tx, id: number): Promise<Pesquisa> {
  const p = await db.pesquisa.findUnique({ where: { id } });
  if (!p) throw notFound(SURVEY_ADMIN_MSG.naoEncontrada);
  return p;
}

/**
 * A new satisfaction campaign: a copy of the current satisfaction survey's questions and options
 * under a new row, which becomes the current one (highest id). Past answers stay with their edition.
 */
export async function createCampaign(tx: Tx, input: z.output<typeof newCampaignInputSchema>): Promise<Pesquisa> {
  const template = await currentSurvey(tx, 'satisfacao');
  if (!template) throw badRequest(SURVEY_ADMIN_MSG.semModelo);
  const questions = await tx.pesquisaPergunta.findMany({ where: { pesquisaId: template.id }, orderBy: { ordem: 'asc' }, include: { opcoes: { orderBy: { ordem: 'asc' } } } });
  const newOne = await tx.pesquisa.create({
    data: { chave: `satisfacao-${new Date().toISOString().slice(0, 10)}-${randomUUID().slice(0, 8)}`, tipo: 'satisfacao', nome: input.nome, dataFim: input.dataFim ? new Date(input.dataFim) : null },
  });
  for (const p of questions) {
    await tx.pesquisaPergunta.create({
      data: {
        pesquisaId: newOne.id,
        ordem: p.ordem,
        pagina: p.pagina,
        descricao: p.descricao,
        maxRespostas: p.maxRespostas,
        opcoes: { create: p.opcoes.map((o) => ({ ordem: o.ordem, descricao: o.descricao, complemento: o.complemento, exigeComplemento: o.exigeComplemento, textoComplemento: o.textoComplemento, perfil: o.perfil })) },
      },
    });
  }
  return newOne;
}

/** Opens (until dataFim, or with no end) or closes (now) a satisfaction survey's phase. */
export async function changePhase(tx: Tx, id: number, input: z.output<typeof phaseInputSchema>, now: Date): Promise<{ antes: Pesquisa; depois: Pesquisa }> {
  await tx.$queryRaw`SELECT id FROM pesquisa WHERE id = ${id} FOR UPDATE`;
  const before = await surveyOr404(tx, id);
  if (before.tipo !== 'satisfacao') throw badRequest(SURVEY_ADMIN_MSG.soSatisfacao);
  let endDate: Date | null;
  if (!input.aberta) endDate = now;
  else {
    endDate = input.dataFim ? new Date(input.dataFim) : null;
    if (endDate && endDate <= now) throw badRequest(SURVEY_ADMIN_MSG.fimNoPassado);
  }
  const after = await tx.pesquisa.update({ where: { id }, data: { dataFim: endDate } });
  return { antes: before, depois: after };
}

export async function listQuestions(db: Db, id: number): Promise<QuestionAdmin[]> {
  await surveyOr404(db, id);
  const questions = await db.pesquisaPergunta.findMany({ where: { pesquisaId: id }, orderBy: { ordem: 'asc' }, include: { opcoes: { orderBy: { ordem: 'asc' } } } });
  return questions.map((p) => ({
    id: p.id,
    ordem: p.ordem,
    pagina: p.pagina,
    descricao: p.descricao,
    maxRespostas: p.maxRespostas,
    opcoes: p.opcoes.map((o) => ({ id: o.id, ordem: o.ordem, descricao: o.descricao, perfil: o.perfil, complemento: o.complemento, exigeComplemento: o.exigeComplemento, textoComplemento: o.textoComplemento })),
  }));
}

/** Rewords a question and its options (and an option's perfil); structure and order never change. */
export async function editQuestion(tx: Tx, id: number, input: z.output<typeof questionEditInputSchema>) {
  await tx.$queryRaw`SELECT id FROM pesquisa_pergunta WHERE id = ${id} FOR UPDATE`;
  const before = await tx.pesquisaPergunta.findUnique({ where: { id }, include: { opcoes: { orderBy: { ordem: 'asc' } } } });
  if (!before) throw notFound(SURVEY_ADMIN_MSG.perguntaNaoEncontrada);
  const my = new Set(before.opcoes.map((o) => o.id));
  if (input.opcoes.some((o) => !my.has(o.id))) throw badRequest(SURVEY_ADMIN_MSG.opcaoDeOutraPergunta);
  await tx.pesquisaPergunta.update({ where: { id }, data: { descricao: input.descricao } });
  for (const o of input.opcoes) await tx.pesquisaPerguntaResposta.update({ where: { id: o.id }, data: { descricao: o.descricao, ...(o.perfil !== undefined ? { perfil: o.perfil } : {}) } });
  const after = await tx.pesquisaPergunta.findUniqueOrThrow({ where: { id }, include: { opcoes: { orderBy: { ordem: 'asc' } } } });
  const plan = (p: typeof before) => ({ id: p.id, pesquisaId: p.pesquisaId, descricao: p.descricao, opcoes: p.opcoes.map((o) => ({ id: o.id, descricao: o.descricao, perfil: o.perfil })) });
  return { antes: plan(before), depois: plan(after) };
}

/**
 * Members' personal links to a satisfaction survey (their hash: whoever has the link answers as the
 * member, so this list needs content.write). Situation in this survey: not started, on page N, done.
 */
export async function listLinks(db: Db, id: number, q: z.output<typeof linksQuerySchema>, publicUrl: string): Promise<AdminPage<MemberLink>> {
  const p = await surveyOr404(db, id);
  if (p.tipo !== 'satisfacao') throw badRequest(SURVEY_ADMIN_MSG.soSatisfacao);
  const where: Prisma.UsuarioWhereInput = {
    excluidoEm: null,
    hashPesquisaSatisfacao: { not: null },
    ...(q.q ? { OR: [{ nome: { contains: q.q, mode: 'insensitive' } }, { email: { contains: q.q, mode: 'insensitive' } }] } : {}),
  };
  const [total, rows] = await Promise.all([
    db.usuario.count({ where }),
    db.usuario.findMany({
      where,
      orderBy: [{ nome: q.ordem === '-nome' ? 'desc' : 'asc' }, { id: 'asc' }],
      skip: (q.pagina - 1) * q.porPagina,
      take: q.porPagina,
      select: { id: true, nome: true, email: true, hashPesquisaSatisfacao: true, pesquisas: { where: { pesquisaId: id }, select: { pagina: true, concluidaEm: true } } },
    }),
  ]);
  return {
    itens: rows.map((u) => {
      const part = u.pesquisas[0];
      return {
        usuarioId: u.id,
        nome: u.nome,
        email: u.email,
        link: `${publicUrl}/pesquisa-de-satisfacao?hash=${encodeURIComponent(u.hashPesquisaSatisfacao ?? '')}`,
        situacao: !part ? 'nao-iniciada' : part.concluidaEm ? 'concluida' : 'em-andamento',
        pagina: part?.pagina ?? null,
      };
    }),
    total,
    pagina: q.pagina,
    porPagina: q.porPagina,
  };
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

export async function listAnswers(db: Db, id: number, q: z.output<typeof answersQuerySchema>): Promise<AdminPage<ParticipationAdmin>> {
  await surveyOr404(db, id);
  const where: Prisma.PesquisaParticipacaoWhereInput = {
    pesquisaId: id,
    ...(q.situacao === 'concluida' ? { concluidaEm: { not: null } } : q.situacao === 'em-andamento' ? { concluidaEm: null } : {}),
  };
  const [total, rows] = await Promise.all([
    db.pesquisaParticipacao.count({ where }),
    db.pesquisaParticipacao.findMany({
      where,
      orderBy: [{ criadaEm: q.ordem === 'criadaEm' ? 'asc' : 'desc' }, { id: 'desc' }],
      skip: (q.pagina - 1) * q.porPagina,
      take: q.porPagina,
      include: {
        usuario: { select: { nome: true } },
        respostas: { include: { pergunta: { select: { ordem: true, descricao: true } }, opcao: { select: { descricao: true } } } },
      },
    }),
  ]);
  return {
    itens: rows.map((p) => ({
      id: p.id,
      primeiroNome: firstName(p.usuario.nome),
      pagina: p.pagina,
      concluidaEm: p.concluidaEm?.toISOString() ?? null,
      cupom: p.cupom,
      perfil: p.perfil,
      criadaEm: p.criadaEm.toISOString(),
      respostas: p.respostas
        .map((r) => ({ perguntaOrdem: r.pergunta.ordem, pergunta: r.pergunta.descricao, opcao: r.opcao?.descricao ?? null, complemento: r.complemento }))
        .sort((a, b) => a.perguntaOrdem - b.perguntaOrdem),
    })),
    total,
    pagina: q.pagina,
    porPagina: q.porPagina,
  };
}

/**
 * The CSV export's query, one row per answer, for COPY ... TO STDOUT (streamed: the server never
 * holds the file). `id` is a validated integer, inlined because COPY takes no parameters.
 */
export function sqlAnswersCsv(id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error('id inválido');
  return `COPY (
    SELECT p.id AS participacao, split_part(trim(u.nome), ' ', 1) AS primeiro_nome, p.pagina, p.concluida_em, p.cupom, p.perfil,
           q.ordem AS pergunta_ordem, q.pagina AS pergunta_pagina, q.descricao AS pergunta, o.descricao AS opcao, r.complemento, r.criada_em AS respondida_em
      FROM pesquisa_participacao p
      JOIN usuario u ON u.id = p.usuario_id
      JOIN pesquisa_resposta_usuario r ON r.participacao_id = p.id
      JOIN pesquisa_pergunta q ON q.id = r.pergunta_id
      LEFT JOIN pesquisa_pergunta_resposta o ON o.id = r.opcao_id
     WHERE p.pesquisa_id = ${id}
     ORDER BY p.id, q.ordem, o.ordem
  ) TO STDOUT WITH (FORMAT csv, HEADER true)`;
}

export { surveyOr404 as pesquisaOu404 };
