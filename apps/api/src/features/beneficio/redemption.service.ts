import { BENEFIT_MSG, type RedemptionResponse } from '@legiao/contracts';
import { AppError, badRequest, conflict, forbidden, notFound, unauthenticated } from '../../errors/app-error.js';
import { poolOf, type Db as PrismaClient, type Prisma } from '../../db/prisma.js';
import type { BeneficioOpcao } from '../../generated/prisma/client.js';
import {
  soldOutBenefit,
  freeKey,
  blockReason,
  soldOutOption,
  toCoupon,
  visibleFor,
  type BenefitWithOptions,
  type Free,
  type MemberBenefit,
  type MemberRedemption,
} from './beneficio.service.js';
import { generateCode } from './codes.js';

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
  body: RedemptionResponse;
  /** true when the Idempotency-Key had already redeemed: the same answer, nothing new. */
  replay: boolean;
}

/** The client or an interactive transaction (the seed redeems inside its own). */
type Db = Prisma.TransactionClient;

/** A redemption that hasn't started within this time (waiting for a pooled connection) does nothing: 503. */
const DEADLINE_MS = 20_000;
/** Candidate codes for generated benefits: the first one not taken is used (a collision is ~1e-12). */
const CANDIDATES = 5;

interface Line {
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
  membro: (Omit<MemberBenefit, 'dataNascimento'> & { dataNascimento: string | null; versao: string }) | null;
}

/** The redemption's one statement, its parameters in the order `redeem` builds them. */
const REDEEM_SQL = `SELECT * FROM resgatar_beneficio($1::uuid, $2::uuid, $3::text, $4::int, $5::int, $6::text, $7::timestamp(3), $8::boolean, $9::int,
  $10::int, $11::"ModoCupom", $12::text[], $13::timestamptz, $14::text)`;

/** A member's fields the rules read, as of `versao` (the xmin of their row). */
interface Member {
  membro: MemberBenefit;
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
  call: (values: unknown[]) => Promise<Line | undefined>;
  /** Members read by earlier redemptions (the process's, or none for a transaction that may roll back). */
  membros: Map<string, Member>;
}

function onPool(prisma: PrismaClient): Runner {
  const pool = poolOf(prisma);
  return { db: prisma, membros: members, call: async (values) => (await pool.query<Line>({ name: 'resgatar-beneficio', text: REDEEM_SQL, values })).rows[0] };
}

const inTransaction = (tx: Db): Runner => ({ db: tx, membros: new Map(), call: async (values) => (await tx.$queryRawUnsafe<Line[]>(REDEEM_SQL, ...values))[0] });

/**
 * Members' fields read by earlier redemptions in this process, by user id. Never trusted blindly, like
 * the definitions below: each redemption sends the version, and the function answers 'membro' with
 * the current fields, without writing, when the row changed since (any UPDATE changes its xmin).
 */
const members = new Map<string, Member>();

/** Who redeems: the ids a verified token names (the session is checked by the redemption's statement). */
export interface Requester {
  usuarioId: string;
  sessionId: string;
}

export async function redeemBenefit(prisma: PrismaClient, who: Requester, input: RedeemInput): Promise<RedeemResult> {
  try {
    return await redeem(onPool(prisma), who, input);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (unavailable(err)) throw new AppError('UNAVAILABLE', BENEFIT_MSG.tenteNovamente, 'TENTE_NOVAMENTE');
    throw err;
  }
}

/**
 * The definition the rules read: the benefit and its days (null when it doesn't exist), in one
 * statement (Prisma's include takes a second round trip for the days).
 */
export async function benefitDefinition(db: Db, id: number): Promise<BenefitWithOptions | null> {
  return (await loadDefinition(db, id))?.def ?? null;
}

interface Definition {
  def: BenefitWithOptions;
  /** beneficio_versao(id) when it was read: resgatar_beneficio refuses to write if it changed since. */
  versao: string | null;
}

async function loadDefinition(db: Db, id: number): Promise<Definition | null> {
  const [b] = await db.$queryRaw<(Omit<BenefitWithOptions, 'opcoes'> & { opcoes: (Omit<BeneficioOpcao, 'data'> & { data: string })[]; versao: string })[]>`
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
  const { versao: version, ...def } = b;
  const definition = { def: { ...def, opcoes: def.opcoes.map((o) => ({ ...o, data: new Date(`${o.data}T00:00:00.000Z`) })) }, versao: version };
  if (definitions.size >= 1000) definitions.clear();
  definitions.set(id, definition);
  return definition;
}

/**
 * Definitions read by earlier redemptions in this process. Never trusted blindly: each redemption
 * sends the version it evaluated the rules on, and the function answers 'definicao' without writing
 * when the benefit or its days changed since (any column but the live counters), so a stale entry
 * costs one extra round trip, never a wrong answer. Saves reading the definition on every redemption.
 */
const definitions = new Map<number, Definition>();

/**
 * The redemption inside the caller's transaction (the seed uses it directly): no session to check,
 * and the member's fields are read by the call itself.
 */
export function redeemInTx(tx: Db, u: Pick<MemberBenefit, 'id'>, input: RedeemInput, b?: BenefitWithOptions | null): Promise<RedeemResult> {
  return redeem(inTransaction(tx), { usuarioId: u.id, sessionId: null }, input, b);
}

async function redeem(run: Runner, who: { usuarioId: string; sessionId: string | null }, input: RedeemInput, b?: BenefitWithOptions | null): Promise<RedeemResult> {
  const now = new Date();
  const deadline = new Date(now.getTime() + DEADLINE_MS);
  // A definition given by the caller is used as is (no version check); otherwise the one this process
  // read last, checked by the function, or a fresh read.
  let definition: Definition | null = b !== undefined ? (b ? { def: b, versao: null } : null) : (definitions.get(input.idBeneficio) ?? (await loadDefinition(run.db, input.idBeneficio)));
  let member = run.membros.get(who.usuarioId) ?? null;
  let r: Line | undefined;
  // At most one answer of each kind that asks for fresh data ('membro', 'definicao') plus one spare.
  for (let call = 0; ; call++) {
    if (call === 4) throw new AppError('UNAVAILABLE', BENEFIT_MSG.tenteNovamente, 'TENTE_NOVAMENTE');
    r = await run.call(parameters(who, member, definition, input, now, deadline));
    if (!r) throw new Error('resgatar_beneficio não respondeu');
    if (r.resultado === 'sessao') throw unauthenticated();
    if (r.resultado === 'membro') {
      // This process had no copy of the member, or an old one: keep the one read under the lock.
      member = toMember(r.membro!);
      if (run.membros.size >= 10_000) run.membros.clear();
      run.membros.set(who.usuarioId, member);
    } else if (r.resultado === 'definicao') {
      // The benefit changed (or was deleted) since this process read it: read it again and redo the rules.
      definitions.delete(input.idBeneficio);
      definition = await loadDefinition(run.db, input.idBeneficio);
    } else break;
  }
  b = definition?.def ?? null;
  // Only an answer given on this member version gets here ('membro' otherwise).
  const u = member!.membro;

  if (r.resultado === 'replay') {
    const sameRequest = r.beneficio_id === input.idBeneficio && (input.idOpcao === undefined || r.opcao_id === input.idOpcao);
    if (!sameRequest) throw conflict(BENEFIT_MSG.chaveReusada, 'IDEMPOTENCIA_CONFLITO');
    const redemption: MemberRedemption = {
      id: r.resgate_id!,
      beneficioId: r.beneficio_id!,
      criadoEm: r.criado_em!,
      cupom: { codigo: r.codigo!, usadoEm: r.usado_em },
      opcao: r.opcao_id === null ? null : { id: r.opcao_id, nome: r.opcao_nome!, data: r.opcao_data! },
    };
    const benefit = { id: r.beneficio_id!, nome: r.beneficio_nome!, evento: r.evento!, urlBeneficio: r.url_beneficio };
    return { body: { ...toCoupon(redemption, benefit), saldo: r.saldo }, replay: true };
  }
  if (!b) throw notFound(BENEFIT_MSG.naoEncontrado);

  // The same rules on the data read under the lock: the first that says no is the answer.
  const stocks = new Map((r.opcoes_ids ?? []).map((id, i) => [id, r.opcoes_estoque![i] ?? null]));
  const refusal = rate(b, u, input, now, { resgatados: r.resgatados!, saldo: r.saldo, stocks: { beneficio: r.estoque_beneficio, opcoes: stocks } });
  const option = input.idOpcao === undefined ? null : (b.opcoes.find((o) => o.id === input.idOpcao) ?? null);
  if (r.resultado === 'resgatado') {
    // By construction the function wrote only when these rules pass; a mismatch is a bug, not a refusal.
    if (refusal) throw new Error(`resgate gravado mas recusado pelas regras (${refusal.reason})`);
    const done: MemberRedemption = { id: r.resgate_id!, beneficioId: b.id, criadoEm: now, cupom: { codigo: r.codigo!, usadoEm: null }, opcao: option };
    return { body: { ...toCoupon(done, b), saldo: r.saldo - b.valor }, replay: false };
  }
  if (refusal) throw refusal;
  if (r.resultado === 'esgotado') throw soldOut(option);
  // 'recusado' with every rule passing: only a definition that changed between the two reads.
  throw new AppError('UNAVAILABLE', BENEFIT_MSG.tenteNovamente, 'TENTE_NOVAMENTE');
}

/** resgatar_beneficio's parameters; the rules that don't depend on the locked data decide p_tomar. */
function parameters(
  who: { usuarioId: string; sessionId: string | null },
  member: Member | null,
  definition: Definition | null,
  input: RedeemInput,
  now: Date,
  deadline: Date,
): unknown[] {
  const d = definition?.def ?? null;
  if (d && d.id !== input.idBeneficio) throw new Error('definição de outro benefício');
  // With the locked data at its most favourable: when a rule says no, the function only reads (the
  // answer still comes from the real data). Without the member or the benefit, it only reads too.
  const attempt = d !== null && member !== null && rate(d, member.membro, input, now, { resgatados: 0, saldo: Number.POSITIVE_INFINITY, stocks: null }) === null;
  const mode = d?.modoCupom ?? 'lista';
  const codes = attempt && mode === 'gerado' ? Array.from({ length: CANDIDATES }, () => generateCode(d.prefixoCupom ?? 'LEG')) : [];
  // Times as UTC text: p_agora is a timestamp without time zone holding UTC (pg would send a Date in
  // the process's local time).
  return [
    who.usuarioId, who.sessionId, member?.versao ?? null, input.idBeneficio, input.idOpcao ?? null, input.chaveIdempotencia ?? null, now.toISOString(), attempt,
    d?.valor ?? 0, d?.limitePorMembro ?? 1, mode, codes, deadline.toISOString(), definition?.versao ?? null,
  ];
}

/** The member as the function read it; a date-only column is UTC midnight, as Prisma reads it. */
function toMember({ versao: version, dataNascimento: birthDate, ...fields }: NonNullable<Line['membro']>): Member {
  return { versao: version, membro: { ...fields, dataNascimento: birthDate === null ? null : new Date(`${birthDate}T00:00:00.000Z`) } };
}

interface MemberData {
  resgatados: number;
  saldo: number;
  /** Generated-code counters read under the lock; null = as the definition says, none sold out. */
  stocks: { beneficio: number | null; opcoes: Map<number, number | null> } | null;
}

/**
 * The refusal, in the order members see it (visibility, day, profile, dates, stock, limit, balance,
 * sold-out day), or null when the redemption may go ahead. Only motivoBloqueio and its helpers decide.
 */
function rate(b: BenefitWithOptions, u: MemberBenefit, input: RedeemInput, now: Date, data: MemberData): AppError | null {
  if (!visibleFor(b, u, data.resgatados > 0, now)) return notFound(BENEFIT_MSG.naoEncontrado);
  let option: BeneficioOpcao | null;
  try {
    option = chooseOption(b, input.idOpcao);
  } catch (err) {
    return err as AppError;
  }
  // Counters as read under the lock (generated codes) or none sold out (the optimistic pass).
  const current: BenefitWithOptions =
    b.modoCupom !== 'gerado'
      ? b
      : data.stocks
        ? { ...b, estoque: data.stocks.beneficio, opcoes: b.opcoes.map((o) => ({ ...o, estoque: data.stocks!.opcoes.has(o.id) ? data.stocks!.opcoes.get(o.id)! : o.estoque })) }
        : { ...b, estoque: null, opcoes: b.opcoes.map((o) => (o.id === option?.id ? { ...o, estoque: null } : o)) };
  const currentOption = option && (current.opcoes.find((o) => o.id === option.id) ?? option);
  // A pool's stock is decided by taking a code (SKIP LOCKED, in the function): nothing to count first.
  const free: Free = new Set(b.modoCupom === 'lista' ? [freeKey(b.id, null), ...b.opcoes.map((o) => freeKey(b.id, o.id))] : []);
  const block = blockReason(current, soldOutBenefit(current, free), { usuario: u, saldo: data.saldo, resgatados: data.resgatados, now });
  if (block) {
    const status = block.codigo === 'PERFIL_INCOMPLETO' || block.codigo === 'PERFIL_NAO_DEFINIDO' ? forbidden : conflict;
    return status(block.message, block.codigo);
  }
  if (currentOption && soldOutOption(current, currentOption, free)) return conflict(BENEFIT_MSG.opcaoEsgotada, 'OPCAO_ESGOTADA');
  return null;
}

/** The event day: required when the benefit has days, refused when it has none. */
function chooseOption(b: BenefitWithOptions, optionId: number | undefined): BeneficioOpcao | null {
  if (!b.opcoes.length) {
    if (optionId !== undefined) throw badRequest(BENEFIT_MSG.opcaoInvalida, 'OPCAO_INVALIDA');
    return null;
  }
  if (optionId === undefined) throw badRequest(BENEFIT_MSG.opcaoObrigatoria, 'OPCAO_OBRIGATORIA');
  const option = b.opcoes.find((o) => o.id === optionId);
  if (!option) throw badRequest(BENEFIT_MSG.opcaoInvalida, 'OPCAO_INVALIDA');
  return option;
}

const soldOut = (option: BeneficioOpcao | null) =>
  option ? conflict(BENEFIT_MSG.opcaoEsgotada, 'OPCAO_ESGOTADA') : conflict(BENEFIT_MSG.esgotado, 'ESGOTADO');

/** The function's own refusal to start late (LG503), a lock wait past the deadline (55P03), a deadlock (40P01). */
function unavailable(err: unknown): boolean {
  const text = `${(err as { code?: string })?.code ?? ''} ${JSON.stringify((err as { meta?: unknown })?.meta ?? '')} ${(err as Error)?.message ?? ''}`;
  return /LG503|55P03|40P01|lock timeout|deadlock detected|prazo esgotado/i.test(text);
}
