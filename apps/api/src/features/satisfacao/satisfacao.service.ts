import { MSG } from '@legiao/contracts';
import {
  storedComplement,
  SATISFACTION_MSG,
  TOTAL_SATISFACTION_PAGES,
  pageTitle,
  validateSatisfactionPage,
  type SatisfactionState,
  type SatisfactionInput,
  type SatisfactionQuestion,
} from '@legiao/contracts/satisfacao';
import { AppError, badRequest, conflict, notFound } from '../../errors/app-error.js';
import { Prisma, type Db, type SqlPool } from '../../db/prisma.js';
import type { Pesquisa, Usuario } from '../../generated/prisma/client.js';
import { generateCode } from '../beneficio/codes.js';
import { currentSurvey, lockParticipation } from '../pesquisa/participation.js';

// The public satisfaction survey (spec 001 sections 2.17, 4, 5): reached by the member's
// hashPesquisaSatisfacao, five pages answered in order. Each POST stores one whole page under the
// participation's row lock and moves pagina on; after page 5 the member gets a coupon. DELETE clears
// the answers of an unfinished participation (the page's VOLTAR). docs/decisions/0014-pesquisas.md

type Tx = Prisma.TransactionClient;

/** One or more per-question errors (400 with idPesquisaPergunta; the banner has none). */
export class SatisfactionErrors extends Error {
  constructor(readonly items: { message: string; code: string; idPesquisaPergunta?: number }[]) {
    super(items[0]?.message ?? MSG.fallback);
  }
}

const TX_OPTIONS = { maxWait: 20_000, timeout: 20_000 };
const COUPON_PREFIX = 'PESQ';

interface Context {
  usuario: Pick<Usuario, 'id' | 'nome'>;
  pesquisa: Pesquisa;
}

/** 'Pesquisa encerrada': unknown hash, no survey, or the phase is over for someone who didn't conclude. */
const closed = (surveyId: number | null = null, name: string | null = null): SatisfactionState => ({
  idPesquisa: surveyId,
  pagina: 1,
  titulo: pageTitle(1),
  faseEncerrada: true,
  concluida: false,
  cupom: null,
  nome: name,
  perguntas: [],
});

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? null;
const phaseClosed = (p: Pesquisa) => p.dataFim !== null && p.dataFim.getTime() <= Date.now();

async function context(db: Tx, hash: string | undefined): Promise<Context | null> {
  const h = hash?.trim();
  if (!h) return null;
  const user = await db.usuario.findFirst({ where: { hashPesquisaSatisfacao: h, excluidoEm: null }, select: { id: true, nome: true } });
  if (!user) return null;
  const survey = await currentSurvey(db, 'satisfacao');
  return survey ? { usuario: user, pesquisa: survey } : null;
}

/** The questions of one page in ordem, each with its options in ordem (two queries, no nested load). */
async function pageQuestions(db: Tx, surveyId: number, page: number): Promise<SatisfactionQuestion[]> {
  const questions = await db.pesquisaPergunta.findMany({ where: { pesquisaId: surveyId, pagina: page }, orderBy: { ordem: 'asc' } });
  const options = await db.pesquisaPerguntaResposta.findMany({ where: { perguntaId: { in: questions.map((p) => p.id) } }, orderBy: { ordem: 'asc' } });
  return questions.map((p) => ({
    idPesquisaPergunta: p.id,
    ordem: p.ordem,
    descricao: p.descricao,
    respostas: options
      .filter((o) => o.perguntaId === p.id)
      .map((o) => ({
        idPesquisaPerguntaResposta: o.id,
        ordem: o.ordem,
        descricao: o.descricao,
        complemento: o.complemento || o.exigeComplemento,
        exigeComplemento: o.exigeComplemento,
        textoComplemento: o.complemento || o.exigeComplemento ? (o.textoComplemento ?? 'Escreva aqui') : null,
      })),
  }));
}

type Participation = { pagina: number; concluidaEm: Date | null; cupom: string | null } | null;

async function state(db: Tx, c: Context, part: Participation): Promise<SatisfactionState> {
  return stateWith((page) => pageQuestions(db, c.pesquisa.id, page), c, part);
}

async function stateWith(
  questions: (page: number) => Promise<SatisfactionQuestion[]> | SatisfactionQuestion[],
  { usuario: user, pesquisa: survey }: Context,
  part: Participation,
): Promise<SatisfactionState> {
  const name = firstName(user.nome);
  if (part?.concluidaEm) {
    return { idPesquisa: survey.id, pagina: TOTAL_SATISFACTION_PAGES, titulo: pageTitle(TOTAL_SATISFACTION_PAGES), faseEncerrada: true, concluida: true, cupom: part.cupom, nome: name, perguntas: [] };
  }
  if (phaseClosed(survey)) return closed(survey.id, name);
  const page = Math.min(Math.max(part?.pagina ?? 1, 1), TOTAL_SATISFACTION_PAGES);
  return { idPesquisa: survey.id, pagina: page, titulo: pageTitle(page), faseEncerrada: false, concluida: false, cupom: null, nome: name, perguntas: await questions(page) };
}

const participationOf = (db: Tx, c: Context) =>
  db.pesquisaParticipacao.findUnique({ where: { pesquisaId_usuarioId: { pesquisaId: c.pesquisa.id, usuarioId: c.usuario.id } } });

/** The current survey with every page's questions: what the content cache keeps (ADR 0019). */
export interface SatisfactionDefinition {
  pesquisa: Pesquisa | null;
  pages: Map<number, SatisfactionQuestion[]>;
}

export async function loadSatisfactionDefinition(prisma: Db): Promise<SatisfactionDefinition> {
  const survey = await currentSurvey(prisma, 'satisfacao');
  const pages = new Map<number, SatisfactionQuestion[]>();
  if (survey) for (let p = 1; p <= TOTAL_SATISFACTION_PAGES; p++) pages.set(p, await pageQuestions(prisma, survey.id, p));
  return { pesquisa: survey, pages };
}

// The member of the hash and their participation in the current survey, in one statement.
const STATE_SQL = `
  SELECT u.id, u.nome, p.pagina, p.concluida_em AS "concluidaEm", p.cupom
  FROM usuario u LEFT JOIN pesquisa_participacao p ON p.usuario_id = u.id AND p.pesquisa_id = $2
  WHERE u.hash_pesquisa_satisfacao = $1 AND u.excluido_em IS NULL`;

/** GET /satisfacao?hash=. Never an error: anything unknown is 'Pesquisa encerrada'. */
export async function satisfactionState(pool: SqlPool, def: SatisfactionDefinition, hash: string | undefined): Promise<SatisfactionState> {
  const h = hash?.trim();
  if (!h || !def.pesquisa) return closed();
  const { rows } = await pool.query<{ id: string; nome: string; pagina: number | null; concluidaEm: Date | null; cupom: string | null }>({
    name: 'satisfacao-estado',
    text: STATE_SQL,
    values: [h, def.pesquisa.id],
  });
  const r = rows[0];
  if (!r) return closed();
  const part = r.pagina === null ? null : { pagina: r.pagina, concluidaEm: r.concluidaEm, cupom: r.cupom };
  return stateWith((page) => def.pages.get(page) ?? [], { usuario: { id: r.id, nome: r.nome }, pesquisa: def.pesquisa }, part);
}

async function inTransaction<T>(prisma: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await prisma.$transaction(fn, TX_OPTIONS);
  } catch (err) {
    if (err instanceof AppError || err instanceof SatisfactionErrors) throw err;
    if (err instanceof Prisma.PrismaClientKnownRequestError && (err.code === 'P2028' || err.code === 'P2034')) {
      throw new AppError('UNAVAILABLE', MSG.servicoIndisponivel, 'TENTE_NOVAMENTE');
    }
    throw err;
  }
}

/** POST /satisfacao: validates and stores the current page, answers the next state. */
export async function answerSatisfaction(prisma: Db, input: SatisfactionInput): Promise<SatisfactionState> {
  const c = await context(prisma, input.hash);
  if (!c) throw notFound(SATISFACTION_MSG.encerrada);
  if (input.respostas.some((r) => r.idPesquisa !== c.pesquisa.id)) throw badRequest(SATISFACTION_MSG.pesquisaInvalida, 'PESQUISA_INVALIDA');
  const ids = input.respostas.map((r) => r.idPesquisaPergunta);
  if (new Set(ids).size !== ids.length) throw badRequest(SATISFACTION_MSG.perguntaRepetida, 'PERGUNTA_REPETIDA');

  return inTransaction(prisma, async (tx) => {
    const part = await lockParticipation(tx, c.pesquisa.id, c.usuario.id);
    if (part.concluidaEm || phaseClosed(c.pesquisa)) throw conflict(SATISFACTION_MSG.encerrada, 'PESQUISA_ENCERRADA');

    const questions = await pageQuestions(tx, c.pesquisa.id, part.pagina);
    const forPage = new Map(questions.map((p) => [p.idPesquisaPergunta, p]));
    const outside = input.respostas.filter((r) => !forPage.has(r.idPesquisaPergunta));
    if (outside.length > 0) {
      // A page already passed: a second submit of the same page (double click, two tabs).
      const previous = await tx.pesquisaPergunta.count({ where: { id: { in: outside.map((r) => r.idPesquisaPergunta) }, pesquisaId: c.pesquisa.id, pagina: { lt: part.pagina } } });
      if (previous > 0) throw conflict(SATISFACTION_MSG.paginaNaoAtual, 'PAGINA_NAO_ATUAL');
      throw new SatisfactionErrors(outside.map((r) => ({ message: SATISFACTION_MSG.perguntaForaDaEtapa, code: 'PERGUNTA_FORA_DA_ETAPA', idPesquisaPergunta: r.idPesquisaPergunta })));
    }
    const foreign = input.respostas.filter((r) => r.idRespostas.some((id) => !forPage.get(r.idPesquisaPergunta)!.respostas.some((o) => o.idPesquisaPerguntaResposta === id)));
    if (foreign.length > 0) {
      throw new SatisfactionErrors(foreign.map((r) => ({ message: SATISFACTION_MSG.respostaInvalida, code: 'RESPOSTA_INVALIDA', idPesquisaPergunta: r.idPesquisaPergunta })));
    }

    const v = validateSatisfactionPage(questions, input.respostas);
    if (!v.ok) {
      throw new SatisfactionErrors([
        ...(v.banner ? [{ message: v.banner, code: 'RESPONDER_TODAS' }] : []),
        ...questions.filter((p) => v.porPergunta[p.idPesquisaPergunta]).map((p) => ({ message: v.porPergunta[p.idPesquisaPergunta]!, code: 'VALIDATION', idPesquisaPergunta: p.idPesquisaPergunta })),
      ]);
    }

    await tx.pesquisaRespostaUsuario.createMany({
      data: input.respostas.map((r) => ({
        participacaoId: part.id,
        perguntaId: r.idPesquisaPergunta,
        opcaoId: r.idRespostas[0] ?? null,
        complemento: storedComplement(forPage.get(r.idPesquisaPergunta)!, r),
      })),
    });
    const updated =
      part.pagina >= TOTAL_SATISFACTION_PAGES
        ? // The coupon: a new code, unique by index (a collision, ~1 in 10^11, rolls back and asks to retry).
          await tx.pesquisaParticipacao.update({ where: { id: part.id }, data: { concluidaEm: new Date(), cupom: generateCode(COUPON_PREFIX) } })
        : await tx.pesquisaParticipacao.update({ where: { id: part.id }, data: { pagina: part.pagina + 1 } });
    return state(tx, c, updated);
  });
}

/** DELETE /satisfacao?hash=: clears the answers of an unfinished participation, back to page 1. */
export async function deleteSatisfaction(prisma: Db, hash: string | undefined): Promise<SatisfactionState> {
  const c = await context(prisma, hash);
  if (!c) throw notFound(SATISFACTION_MSG.encerrada);
  return inTransaction(prisma, async (tx) => {
    const existing = await participationOf(tx, c);
    if (!existing) return state(tx, c, null);
    const part = await lockParticipation(tx, c.pesquisa.id, c.usuario.id);
    if (part.concluidaEm) throw conflict(SATISFACTION_MSG.jaFinalizada, 'PESQUISA_CONCLUIDA');
    if (phaseClosed(c.pesquisa)) throw conflict(SATISFACTION_MSG.encerrada, 'PESQUISA_ENCERRADA');
    await tx.pesquisaRespostaUsuario.deleteMany({ where: { participacaoId: part.id } });
    const updated = await tx.pesquisaParticipacao.update({ where: { id: part.id }, data: { pagina: 1 } });
    return state(tx, c, updated);
  });
}
