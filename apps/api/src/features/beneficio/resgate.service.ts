import { BENEFICIO_MSG, type ResgateResponse } from '@legiao/contracts';
import { AppError, badRequest, conflict, forbidden, notFound, unauthenticated } from '../../errors/app-error.js';
import { poolOf, type Db as PrismaClient, type Prisma } from '../../db/prisma.js';
import type { BeneficioOpcao } from '../../generated/prisma/client.js';
import {
  beneficioEsgotado,
  chaveLivre,
  motivoBloqueio,
  opcaoEsgotada,
  toCupom,
  visivelPara,
  type BeneficioComOpcoes,
  type Livres,
  type MembroBeneficio,
  type ResgateDoMembro,
} from './beneficio.service.js';
import { gerarCodigo } from './codigos.js';

// POST /beneficio/resgate: one redemption = one coupon + one ledger debit, in ONE transaction
// (docs/decisions/0009-economy.md, docs/decisions/0020-redemptions-fast-path.md).
// ONE round trip: a call of the SQL function resgatar_beneficio (migrations 20261125095400_resgate_sessao
// and 20261125101000_resgate_menos_planos), its own transaction, run on the pg pool as a named
// (prepared) statement. In it: the session check every authenticated call makes (the route only
// verifies the token) with the member's row lock (a member's redemptions run one at a time, so the
// balance can't be spent twice), the Idempotency-Key lookup, the member's redemptions of the benefit,
// the balance and the generated-code counters read after the lock, then, only when every rule passes,
// the stock taken (a pool code with FOR UPDATE SKIP LOCKED, or the counter and a new unique code) and
// the redemption and its debit inserted.
// What the rules read besides that, the benefit's definition and the member's profile, is kept in this
// process's memory and sent with its version; when either changed (or this process has no copy), the
// function answers so before writing anything and the call is made again with the fresh data.
// The rules and their messages live here and in beneficio.service.ts (motivoBloqueio), not in SQL:
// the rules that depend only on the member and the definition are checked before the call (p_tomar),
// the ones that depend on the locked data (limit, balance, counters) are passed to the function as
// the numbers to compare (p_limite, p_valor) and checked again here on what it returns, to pick the
// answer. The function writes only when all of them pass, so a refusal never changed anything.
// A crash anywhere rolls the statement back: a code is handed out with its debit or not at all.

export interface RedeemInput {
  idBeneficio: number;
  idOpcao?: number;
  chaveIdempotencia?: string;
}

export interface RedeemResult {
  body: ResgateResponse;
  /** true when the Idempotency-Key had already redeemed: the same answer, nothing new. */
  replay: boolean;
}

/** The client or an interactive transaction (the seed redeems inside its own). */
type Db = Prisma.TransactionClient;

/** A redemption that hasn't started within this time (waiting for a pooled connection) does nothing: 503. */
const PRAZO_MS = 20_000;
/** Candidate codes for generated benefits: the first one not taken is used (a collision is ~1e-12). */
const CANDIDATOS = 5;

interface Linha {
  resultado: 'replay' | 'resgatado' | 'recusado' | 'esgotado' | 'definicao' | 'membro' | 'sessao';
  resgatados: number | null;
  saldo: number;
  estoque_beneficio: number | null;
  opcoes_ids: number[] | null;
  opcoes_estoque: (number | null)[] | null;
  resgate_id: number | null;
  criado_em: Date | null;
  codigo: string | null;
  usado_em: Date | null;
  opcao_id: number | null;
  opcao_nome: string | null;
  opcao_data: Date | null;
  beneficio_id: number | null;
  beneficio_nome: string | null;
  evento: boolean | null;
  url_beneficio: string | null;
  /** With 'membro': the member's fields the rules read and their version (the row's xmin). */
  membro: (Omit<MembroBeneficio, 'dataNascimento'> & { dataNascimento: string | null; versao: string }) | null;
}

/** The redemption's one statement, its parameters in the order `redeem` builds them. */
const RESGATAR_SQL = `SELECT * FROM resgatar_beneficio($1::uuid, $2::uuid, $3::text, $4::int, $5::int, $6::text, $7::timestamp(3), $8::boolean, $9::int,
  $10::int, $11::"ModoCupom", $12::text[], $13::timestamptz, $14::text)`;

/** A member's fields the rules read, as of `versao` (the xmin of their row). */
interface Membro {
  membro: MembroBeneficio;
  versao: string;
}

/**
 * Where that statement runs: on the pg pool under Prisma as a named (prepared) statement, so neither
 * Prisma's query building nor PostgreSQL's parsing is paid per redemption (ADR 0017, 0020); or inside
 * the caller's Prisma transaction (the seed redeems inside its own).
 */
interface Runner {
  /** Reads the definitions (once per benefit and process). */
  db: Db;
  call: (values: unknown[]) => Promise<Linha | undefined>;
  /** Members read by earlier redemptions (the process's, or none for a transaction that may roll back). */
  membros: Map<string, Membro>;
}

function onPool(prisma: PrismaClient): Runner {
  const pool = poolOf(prisma);
  return { db: prisma, membros, call: async (values) => (await pool.query<Linha>({ name: 'resgatar-beneficio', text: RESGATAR_SQL, values })).rows[0] };
}

const inTransaction = (tx: Db): Runner => ({ db: tx, membros: new Map(), call: async (values) => (await tx.$queryRawUnsafe<Linha[]>(RESGATAR_SQL, ...values))[0] });

/**
 * Members' fields read by earlier redemptions in this process, by user id. Never trusted blindly, like
 * the definitions below: each redemption sends the version, and the function answers 'membro' with
 * the current fields, without writing, when the row changed since (any UPDATE changes its xmin).
 */
const membros = new Map<string, Membro>();

/** Who redeems: the ids a verified token names (the session is checked by the redemption's statement). */
export interface Requester {
  usuarioId: string;
  sessaoId: string;
}

export async function redeemBenefit(prisma: PrismaClient, who: Requester, input: RedeemInput): Promise<RedeemResult> {
  try {
    return await redeem(onPool(prisma), who, input);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (indisponivel(err)) throw new AppError('UNAVAILABLE', BENEFICIO_MSG.tenteNovamente, 'TENTE_NOVAMENTE');
    throw err;
  }
}

/**
 * The definition the rules read: the benefit and its days (null when it doesn't exist), in one
 * statement (Prisma's include takes a second round trip for the days).
 */
export async function definicaoBeneficio(db: Db, id: number): Promise<BeneficioComOpcoes | null> {
  return (await carregarDefinicao(db, id))?.def ?? null;
}

interface Definicao {
  def: BeneficioComOpcoes;
  /** beneficio_versao(id) when it was read: resgatar_beneficio refuses to write if it changed since. */
  versao: string | null;
}

async function carregarDefinicao(db: Db, id: number): Promise<Definicao | null> {
  const [b] = await db.$queryRaw<(Omit<BeneficioComOpcoes, 'opcoes'> & { opcoes: (Omit<BeneficioOpcao, 'data'> & { data: string })[]; versao: string })[]>`
    SELECT b.id, b.chave, b.nome, b.tipo, b.descricao, b.url_imagem AS "urlImagem", b.valor, b.evento, b.data_evento AS "dataEvento",
           b.texto_legal AS "textoLegal", b.url_beneficio AS "urlBeneficio", b.percentual_desconto AS "percentualDesconto", b.inicio, b.fim,
           b.publico::text[] AS publico, b.cidades, b.limite_por_membro AS "limitePorMembro", b.modo_cupom::text AS "modoCupom",
           b.prefixo_cupom AS "prefixoCupom", b.estoque, b.ativo, b.ordem, b.experiencia::text AS experiencia,
           b.criado_em AS "criadoEm", b.atualizado_em AS "atualizadoEm",
           COALESCE((SELECT json_agg(json_build_object('id', o.id, 'beneficioId', o.beneficio_id, 'nome', o.nome, 'data', o.data, 'estoque', o.estoque, 'ordem', o.ordem)
                                     ORDER BY o.ordem, o.id)
                     FROM beneficio_opcao o WHERE o.beneficio_id = b.id), '[]'::json) AS opcoes,
           beneficio_versao(b.id) AS versao
    FROM beneficio b WHERE b.id = ${id}::int`;
  if (!b) return null;
  const { versao, ...def } = b;
  const definicao = { def: { ...def, opcoes: def.opcoes.map((o) => ({ ...o, data: new Date(`${o.data}T00:00:00.000Z`) })) }, versao };
  if (definicoes.size >= 1000) definicoes.clear();
  definicoes.set(id, definicao);
  return definicao;
}

/**
 * Definitions read by earlier redemptions in this process. Never trusted blindly: each redemption
 * sends the version it evaluated the rules on, and the function answers 'definicao' without writing
 * when the benefit or its days changed since (any column but the live counters), so a stale entry
 * costs one extra round trip, never a wrong answer. Saves reading the definition on every redemption.
 */
const definicoes = new Map<number, Definicao>();

/**
 * The redemption inside the caller's transaction (the seed uses it directly): no session to check,
 * and the member's fields are read by the call itself.
 */
export function redeemInTx(tx: Db, u: Pick<MembroBeneficio, 'id'>, input: RedeemInput, b?: BeneficioComOpcoes | null): Promise<RedeemResult> {
  return redeem(inTransaction(tx), { usuarioId: u.id, sessaoId: null }, input, b);
}

async function redeem(run: Runner, who: { usuarioId: string; sessaoId: string | null }, input: RedeemInput, b?: BeneficioComOpcoes | null): Promise<RedeemResult> {
  const agora = new Date();
  const prazo = new Date(agora.getTime() + PRAZO_MS);
  // A definition given by the caller is used as is (no version check); otherwise the one this process
  // read last, checked by the function, or a fresh read.
  let definicao: Definicao | null = b !== undefined ? (b ? { def: b, versao: null } : null) : (definicoes.get(input.idBeneficio) ?? (await carregarDefinicao(run.db, input.idBeneficio)));
  let membro = run.membros.get(who.usuarioId) ?? null;
  let r: Linha | undefined;
  // At most one answer of each kind that asks for fresh data ('membro', 'definicao') plus one spare.
  for (let chamada = 0; ; chamada++) {
    if (chamada === 4) throw new AppError('UNAVAILABLE', BENEFICIO_MSG.tenteNovamente, 'TENTE_NOVAMENTE');
    r = await run.call(parametros(who, membro, definicao, input, agora, prazo));
    if (!r) throw new Error('resgatar_beneficio não respondeu');
    if (r.resultado === 'sessao') throw unauthenticated();
    if (r.resultado === 'membro') {
      // This process had no copy of the member, or an old one: keep the one read under the lock.
      membro = toMembro(r.membro!);
      if (run.membros.size >= 10_000) run.membros.clear();
      run.membros.set(who.usuarioId, membro);
    } else if (r.resultado === 'definicao') {
      // The benefit changed (or was deleted) since this process read it: read it again and redo the rules.
      definicoes.delete(input.idBeneficio);
      definicao = await carregarDefinicao(run.db, input.idBeneficio);
    } else break;
  }
  b = definicao?.def ?? null;
  // Only an answer given on this member version gets here ('membro' otherwise).
  const u = membro!.membro;

  if (r.resultado === 'replay') {
    const mesmoPedido = r.beneficio_id === input.idBeneficio && (input.idOpcao === undefined || r.opcao_id === input.idOpcao);
    if (!mesmoPedido) throw conflict(BENEFICIO_MSG.chaveReusada, 'IDEMPOTENCIA_CONFLITO');
    const resgate: ResgateDoMembro = {
      id: r.resgate_id!,
      beneficioId: r.beneficio_id!,
      criadoEm: r.criado_em!,
      cupom: { codigo: r.codigo!, usadoEm: r.usado_em },
      opcao: r.opcao_id === null ? null : { id: r.opcao_id, nome: r.opcao_nome!, data: r.opcao_data! },
    };
    const beneficio = { id: r.beneficio_id!, nome: r.beneficio_nome!, evento: r.evento!, urlBeneficio: r.url_beneficio };
    return { body: { ...toCupom(resgate, beneficio), saldo: r.saldo }, replay: true };
  }
  if (!b) throw notFound(BENEFICIO_MSG.naoEncontrado);

  // The same rules on the data read under the lock: the first that says no is the answer.
  const estoques = new Map((r.opcoes_ids ?? []).map((id, i) => [id, r.opcoes_estoque![i] ?? null]));
  const recusa = avaliar(b, u, input, agora, { resgatados: r.resgatados!, saldo: r.saldo, estoques: { beneficio: r.estoque_beneficio, opcoes: estoques } });
  const opcao = input.idOpcao === undefined ? null : (b.opcoes.find((o) => o.id === input.idOpcao) ?? null);
  if (r.resultado === 'resgatado') {
    // By construction the function wrote only when these rules pass; a mismatch is a bug, not a refusal.
    if (recusa) throw new Error(`resgate gravado mas recusado pelas regras (${recusa.reason})`);
    const feito: ResgateDoMembro = { id: r.resgate_id!, beneficioId: b.id, criadoEm: agora, cupom: { codigo: r.codigo!, usadoEm: null }, opcao };
    return { body: { ...toCupom(feito, b), saldo: r.saldo - b.valor }, replay: false };
  }
  if (recusa) throw recusa;
  if (r.resultado === 'esgotado') throw esgotado(opcao);
  // 'recusado' with every rule passing: only a definition that changed between the two reads.
  throw new AppError('UNAVAILABLE', BENEFICIO_MSG.tenteNovamente, 'TENTE_NOVAMENTE');
}

/** resgatar_beneficio's parameters; the rules that don't depend on the locked data decide p_tomar. */
function parametros(
  who: { usuarioId: string; sessaoId: string | null },
  membro: Membro | null,
  definicao: Definicao | null,
  input: RedeemInput,
  agora: Date,
  prazo: Date,
): unknown[] {
  const d = definicao?.def ?? null;
  if (d && d.id !== input.idBeneficio) throw new Error('definição de outro benefício');
  // With the locked data at its most favourable: when a rule says no, the function only reads (the
  // answer still comes from the real data). Without the member or the benefit, it only reads too.
  const tentar = d !== null && membro !== null && avaliar(d, membro.membro, input, agora, { resgatados: 0, saldo: Number.POSITIVE_INFINITY, estoques: null }) === null;
  const modo = d?.modoCupom ?? 'lista';
  const codigos = tentar && modo === 'gerado' ? Array.from({ length: CANDIDATOS }, () => gerarCodigo(d.prefixoCupom ?? 'LEG')) : [];
  // Times as UTC text: p_agora is a timestamp without time zone holding UTC (pg would send a Date in
  // the process's local time).
  return [
    who.usuarioId, who.sessaoId, membro?.versao ?? null, input.idBeneficio, input.idOpcao ?? null, input.chaveIdempotencia ?? null, agora.toISOString(), tentar,
    d?.valor ?? 0, d?.limitePorMembro ?? 1, modo, codigos, prazo.toISOString(), definicao?.versao ?? null,
  ];
}

/** The member as the function read it; a date-only column is UTC midnight, as Prisma reads it. */
function toMembro({ versao, dataNascimento, ...campos }: NonNullable<Linha['membro']>): Membro {
  return { versao, membro: { ...campos, dataNascimento: dataNascimento === null ? null : new Date(`${dataNascimento}T00:00:00.000Z`) } };
}

interface DadosDoMembro {
  resgatados: number;
  saldo: number;
  /** Generated-code counters read under the lock; null = as the definition says, none sold out. */
  estoques: { beneficio: number | null; opcoes: Map<number, number | null> } | null;
}

/**
 * The refusal, in the order members see it (visibility, day, profile, dates, stock, limit, balance,
 * sold-out day), or null when the redemption may go ahead. Only motivoBloqueio and its helpers decide.
 */
function avaliar(b: BeneficioComOpcoes, u: MembroBeneficio, input: RedeemInput, agora: Date, dados: DadosDoMembro): AppError | null {
  if (!visivelPara(b, u, dados.resgatados > 0, agora)) return notFound(BENEFICIO_MSG.naoEncontrado);
  let opcao: BeneficioOpcao | null;
  try {
    opcao = escolherOpcao(b, input.idOpcao);
  } catch (err) {
    return err as AppError;
  }
  // Counters as read under the lock (generated codes) or none sold out (the optimistic pass).
  const atual: BeneficioComOpcoes =
    b.modoCupom !== 'gerado'
      ? b
      : dados.estoques
        ? { ...b, estoque: dados.estoques.beneficio, opcoes: b.opcoes.map((o) => ({ ...o, estoque: dados.estoques!.opcoes.has(o.id) ? dados.estoques!.opcoes.get(o.id)! : o.estoque })) }
        : { ...b, estoque: null, opcoes: b.opcoes.map((o) => (o.id === opcao?.id ? { ...o, estoque: null } : o)) };
  const opcaoAtual = opcao && (atual.opcoes.find((o) => o.id === opcao.id) ?? opcao);
  // A pool's stock is decided by taking a code (SKIP LOCKED, in the function): nothing to count first.
  const livres: Livres = new Set(b.modoCupom === 'lista' ? [chaveLivre(b.id, null), ...b.opcoes.map((o) => chaveLivre(b.id, o.id))] : []);
  const bloqueio = motivoBloqueio(atual, beneficioEsgotado(atual, livres), { usuario: u, saldo: dados.saldo, resgatados: dados.resgatados, agora });
  if (bloqueio) {
    const status = bloqueio.codigo === 'PERFIL_INCOMPLETO' || bloqueio.codigo === 'PERFIL_NAO_DEFINIDO' ? forbidden : conflict;
    return status(bloqueio.mensagem, bloqueio.codigo);
  }
  if (opcaoAtual && opcaoEsgotada(atual, opcaoAtual, livres)) return conflict(BENEFICIO_MSG.opcaoEsgotada, 'OPCAO_ESGOTADA');
  return null;
}

/** The event day: required when the benefit has days, refused when it has none. */
function escolherOpcao(b: BeneficioComOpcoes, idOpcao: number | undefined): BeneficioOpcao | null {
  if (!b.opcoes.length) {
    if (idOpcao !== undefined) throw badRequest(BENEFICIO_MSG.opcaoInvalida, 'OPCAO_INVALIDA');
    return null;
  }
  if (idOpcao === undefined) throw badRequest(BENEFICIO_MSG.opcaoObrigatoria, 'OPCAO_OBRIGATORIA');
  const opcao = b.opcoes.find((o) => o.id === idOpcao);
  if (!opcao) throw badRequest(BENEFICIO_MSG.opcaoInvalida, 'OPCAO_INVALIDA');
  return opcao;
}

const esgotado = (opcao: BeneficioOpcao | null) =>
  opcao ? conflict(BENEFICIO_MSG.opcaoEsgotada, 'OPCAO_ESGOTADA') : conflict(BENEFICIO_MSG.esgotado, 'ESGOTADO');

/** The function's own refusal to start late (LG503), a lock wait past the deadline (55P03), a deadlock (40P01). */
function indisponivel(err: unknown): boolean {
  const texto = `${(err as { code?: string })?.code ?? ''} ${JSON.stringify((err as { meta?: unknown })?.meta ?? '')} ${(err as Error)?.message ?? ''}`;
  return /LG503|55P03|40P01|lock timeout|deadlock detected|prazo esgotado/i.test(texto);
}
