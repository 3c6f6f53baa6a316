import { MSG } from '@legiao/contracts';
import {
  complementoArmazenado,
  SATISFACAO_MSG,
  TOTAL_PAGINAS_SATISFACAO,
  tituloPagina,
  validarPaginaSatisfacao,
  type SatisfacaoEstado,
  type SatisfacaoInput,
  type SatisfacaoPergunta,
} from '@legiao/contracts/satisfacao';
import { AppError, badRequest, conflict, notFound } from '../../errors/app-error.js';
import { Prisma, type Db, type SqlPool } from '../../db/prisma.js';
import type { Pesquisa, Usuario } from '../../generated/prisma/client.js';
import { gerarCodigo } from '../beneficio/codigos.js';
import { pesquisaAtual, travarParticipacao } from '../pesquisa/participacao.js';

// The public satisfaction survey (spec 001 sections 2.17, 4, 5): reached by the member's
// hashPesquisaSatisfacao, five pages answered in order. Each POST stores one whole page under the
// participation's row lock and moves pagina on; after page 5 the member gets a coupon. DELETE clears
// the answers of an unfinished participation (the page's VOLTAR). docs/decisions/0014-pesquisas.md

type Tx = Prisma.TransactionClient;

/** One or more per-question errors (400 with idPesquisaPergunta; the banner has none). */
export class ErrosSatisfacao extends Error {
  constructor(readonly itens: { message: string; code: string; idPesquisaPergunta?: number }[]) {
    super(itens[0]?.message ?? MSG.fallback);
  }
}

const TX_OPTIONS = { maxWait: 20_000, timeout: 20_000 };
const PREFIXO_CUPOM = 'PESQ';

interface Contexto {
  usuario: Pick<Usuario, 'id' | 'nome'>;
  pesquisa: Pesquisa;
}

/** 'Pesquisa encerrada': unknown hash, no survey, or the phase is over for someone who didn't conclude. */
const encerrada = (idPesquisa: number | null = null, nome: string | null = null): SatisfacaoEstado => ({
  idPesquisa,
  pagina: 1,
  titulo: tituloPagina(1),
  faseEncerrada: true,
  concluida: false,
  cupom: null,
  nome,
  perguntas: [],
});

const primeiroNome = (nome: string) => nome.trim().split(/\s+/)[0] ?? null;
const faseEncerrou = (p: Pesquisa) => p.dataFim !== null && p.dataFim.getTime() <= Date.now();

async function contexto(db: Tx, hash: string | undefined): Promise<Contexto | null> {
  const h = hash?.trim();
  if (!h) return null;
  const usuario = await db.usuario.findFirst({ where: { hashPesquisaSatisfacao: h, excluidoEm: null }, select: { id: true, nome: true } });
  if (!usuario) return null;
  const pesquisa = await pesquisaAtual(db, 'satisfacao');
  return pesquisa ? { usuario, pesquisa } : null;
}

/** The questions of one page in ordem, each with its options in ordem (two queries, no nested load). */
async function perguntasDaPagina(db: Tx, pesquisaId: number, pagina: number): Promise<SatisfacaoPergunta[]> {
  const perguntas = await db.pesquisaPergunta.findMany({ where: { pesquisaId, pagina }, orderBy: { ordem: 'asc' } });
  const opcoes = await db.pesquisaPerguntaResposta.findMany({ where: { perguntaId: { in: perguntas.map((p) => p.id) } }, orderBy: { ordem: 'asc' } });
  return perguntas.map((p) => ({
    idPesquisaPergunta: p.id,
    ordem: p.ordem,
    descricao: p.descricao,
    respostas: opcoes
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

type Participacao = { pagina: number; concluidaEm: Date | null; cupom: string | null } | null;

async function estado(db: Tx, c: Contexto, part: Participacao): Promise<SatisfacaoEstado> {
  return estadoCom((pagina) => perguntasDaPagina(db, c.pesquisa.id, pagina), c, part);
}

async function estadoCom(
  perguntas: (pagina: number) => Promise<SatisfacaoPergunta[]> | SatisfacaoPergunta[],
  { usuario, pesquisa }: Contexto,
  part: Participacao,
): Promise<SatisfacaoEstado> {
  const nome = primeiroNome(usuario.nome);
  if (part?.concluidaEm) {
    return { idPesquisa: pesquisa.id, pagina: TOTAL_PAGINAS_SATISFACAO, titulo: tituloPagina(TOTAL_PAGINAS_SATISFACAO), faseEncerrada: true, concluida: true, cupom: part.cupom, nome, perguntas: [] };
  }
  if (faseEncerrou(pesquisa)) return encerrada(pesquisa.id, nome);
  const pagina = Math.min(Math.max(part?.pagina ?? 1, 1), TOTAL_PAGINAS_SATISFACAO);
  return { idPesquisa: pesquisa.id, pagina, titulo: tituloPagina(pagina), faseEncerrada: false, concluida: false, cupom: null, nome, perguntas: await perguntas(pagina) };
}

const participacaoDe = (db: Tx, c: Contexto) =>
  db.pesquisaParticipacao.findUnique({ where: { pesquisaId_usuarioId: { pesquisaId: c.pesquisa.id, usuarioId: c.usuario.id } } });

/** The current survey with every page's questions: what the content cache keeps (ADR 0019). */
export interface DefinicaoSatisfacao {
  pesquisa: Pesquisa | null;
  paginas: Map<number, SatisfacaoPergunta[]>;
}

export async function carregarDefinicaoSatisfacao(prisma: Db): Promise<DefinicaoSatisfacao> {
  const pesquisa = await pesquisaAtual(prisma, 'satisfacao');
  const paginas = new Map<number, SatisfacaoPergunta[]>();
  if (pesquisa) for (let p = 1; p <= TOTAL_PAGINAS_SATISFACAO; p++) paginas.set(p, await perguntasDaPagina(prisma, pesquisa.id, p));
  return { pesquisa, paginas };
}

// The member of the hash and their participation in the current survey, in one statement.
const ESTADO_SQL = `
  SELECT u.id, u.nome, p.pagina, p.concluida_em AS "concluidaEm", p.cupom
  FROM usuario u LEFT JOIN pesquisa_participacao p ON p.usuario_id = u.id AND p.pesquisa_id = $2
  WHERE u.hash_pesquisa_satisfacao = $1 AND u.excluido_em IS NULL`;

/** GET /satisfacao?hash=. Never an error: anything unknown is 'Pesquisa encerrada'. */
export async function estadoSatisfacao(pool: SqlPool, def: DefinicaoSatisfacao, hash: string | undefined): Promise<SatisfacaoEstado> {
  const h = hash?.trim();
  if (!h || !def.pesquisa) return encerrada();
  const { rows } = await pool.query<{ id: string; nome: string; pagina: number | null; concluidaEm: Date | null; cupom: string | null }>({
    name: 'satisfacao-estado',
    text: ESTADO_SQL,
    values: [h, def.pesquisa.id],
  });
  const r = rows[0];
  if (!r) return encerrada();
  const part = r.pagina === null ? null : { pagina: r.pagina, concluidaEm: r.concluidaEm, cupom: r.cupom };
  return estadoCom((pagina) => def.paginas.get(pagina) ?? [], { usuario: { id: r.id, nome: r.nome }, pesquisa: def.pesquisa }, part);
}

async function emTransacao<T>(prisma: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await prisma.$transaction(fn, TX_OPTIONS);
  } catch (err) {
    if (err instanceof AppError || err instanceof ErrosSatisfacao) throw err;
    if (err instanceof Prisma.PrismaClientKnownRequestError && (err.code === 'P2028' || err.code === 'P2034')) {
      throw new AppError('UNAVAILABLE', MSG.servicoIndisponivel, 'TENTE_NOVAMENTE');
    }
    throw err;
  }
}

/** POST /satisfacao: validates and stores the current page, answers the next state. */
export async function responderSatisfacao(prisma: Db, input: SatisfacaoInput): Promise<SatisfacaoEstado> {
  const c = await contexto(prisma, input.hash);
  if (!c) throw notFound(SATISFACAO_MSG.encerrada);
  if (input.respostas.some((r) => r.idPesquisa !== c.pesquisa.id)) throw badRequest(SATISFACAO_MSG.pesquisaInvalida, 'PESQUISA_INVALIDA');
  const ids = input.respostas.map((r) => r.idPesquisaPergunta);
  if (new Set(ids).size !== ids.length) throw badRequest(SATISFACAO_MSG.perguntaRepetida, 'PERGUNTA_REPETIDA');

  return emTransacao(prisma, async (tx) => {
    const part = await travarParticipacao(tx, c.pesquisa.id, c.usuario.id);
    if (part.concluidaEm || faseEncerrou(c.pesquisa)) throw conflict(SATISFACAO_MSG.encerrada, 'PESQUISA_ENCERRADA');

    const perguntas = await perguntasDaPagina(tx, c.pesquisa.id, part.pagina);
    const daPagina = new Map(perguntas.map((p) => [p.idPesquisaPergunta, p]));
    const fora = input.respostas.filter((r) => !daPagina.has(r.idPesquisaPergunta));
    if (fora.length > 0) {
      // A page already passed: a second submit of the same page (double click, two tabs).
      const anteriores = await tx.pesquisaPergunta.count({ where: { id: { in: fora.map((r) => r.idPesquisaPergunta) }, pesquisaId: c.pesquisa.id, pagina: { lt: part.pagina } } });
      if (anteriores > 0) throw conflict(SATISFACAO_MSG.paginaNaoAtual, 'PAGINA_NAO_ATUAL');
      throw new ErrosSatisfacao(fora.map((r) => ({ message: SATISFACAO_MSG.perguntaForaDaEtapa, code: 'PERGUNTA_FORA_DA_ETAPA', idPesquisaPergunta: r.idPesquisaPergunta })));
    }
    const alheias = input.respostas.filter((r) => r.idRespostas.some((id) => !daPagina.get(r.idPesquisaPergunta)!.respostas.some((o) => o.idPesquisaPerguntaResposta === id)));
    if (alheias.length > 0) {
      throw new ErrosSatisfacao(alheias.map((r) => ({ message: SATISFACAO_MSG.respostaInvalida, code: 'RESPOSTA_INVALIDA', idPesquisaPergunta: r.idPesquisaPergunta })));
    }

    const v = validarPaginaSatisfacao(perguntas, input.respostas);
    if (!v.ok) {
      throw new ErrosSatisfacao([
        ...(v.banner ? [{ message: v.banner, code: 'RESPONDER_TODAS' }] : []),
        ...perguntas.filter((p) => v.porPergunta[p.idPesquisaPergunta]).map((p) => ({ message: v.porPergunta[p.idPesquisaPergunta]!, code: 'VALIDATION', idPesquisaPergunta: p.idPesquisaPergunta })),
      ]);
    }

    await tx.pesquisaRespostaUsuario.createMany({
      data: input.respostas.map((r) => ({
        participacaoId: part.id,
        perguntaId: r.idPesquisaPergunta,
        opcaoId: r.idRespostas[0] ?? null,
        complemento: complementoArmazenado(daPagina.get(r.idPesquisaPergunta)!, r),
      })),
    });
    const atualizada =
      part.pagina >= TOTAL_PAGINAS_SATISFACAO
        ? // The coupon: a new code, unique by index (a collision, ~1 in 10^11, rolls back and asks to retry).
          await tx.pesquisaParticipacao.update({ where: { id: part.id }, data: { concluidaEm: new Date(), cupom: gerarCodigo(PREFIXO_CUPOM) } })
        : await tx.pesquisaParticipacao.update({ where: { id: part.id }, data: { pagina: part.pagina + 1 } });
    return estado(tx, c, atualizada);
  });
}

/** DELETE /satisfacao?hash=: clears the answers of an unfinished participation, back to page 1. */
export async function apagarSatisfacao(prisma: Db, hash: string | undefined): Promise<SatisfacaoEstado> {
  const c = await contexto(prisma, hash);
  if (!c) throw notFound(SATISFACAO_MSG.encerrada);
  return emTransacao(prisma, async (tx) => {
    const existente = await participacaoDe(tx, c);
    if (!existente) return estado(tx, c, null);
    const part = await travarParticipacao(tx, c.pesquisa.id, c.usuario.id);
    if (part.concluidaEm) throw conflict(SATISFACAO_MSG.jaFinalizada, 'PESQUISA_CONCLUIDA');
    if (faseEncerrou(c.pesquisa)) throw conflict(SATISFACAO_MSG.encerrada, 'PESQUISA_ENCERRADA');
    await tx.pesquisaRespostaUsuario.deleteMany({ where: { participacaoId: part.id } });
    const atualizada = await tx.pesquisaParticipacao.update({ where: { id: part.id }, data: { pagina: 1 } });
    return estado(tx, c, atualizada);
  });
}
