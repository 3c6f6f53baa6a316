import { BENEFIT_MSG, missingPoints, type Benefit as BeneficioWire, type BlockCode, type Coupon as CupomWire, type BenefitState } from '@legiao/contracts';
import { notFound } from '../../errors/app-error.js';
import type { Beneficio, BeneficioOpcao, Usuario } from '../../generated/prisma/client.js';
import type { Db as PrismaDb, SqlPool } from '../../db/prisma.js';
import { PROFILE_REQUIRED_FIELDS } from '../usuario/usuario.service.js';

// The benefits a member sees and whether each can be redeemed now (spec 000 sections 2-5).
// The same rules decide POST /beneficio/resgate (resgate.service.ts), there under the member's lock.
// docs/decisions/0009-economy.md

export type BenefitWithOptions = Beneficio & { opcoes: BeneficioOpcao[] };
export type MemberBenefit = Pick<Usuario, 'id' | 'tipo' | 'cidade' | 'perfil' | (typeof PROFILE_REQUIRED_FIELDS)[number]>;

/** A member's redemption with what the cards and the coupon list show. */
export interface MemberRedemption {
  id: number;
  beneficioId: number;
  criadoEm: Date;
  cupom: { codigo: string; usadoEm: Date | null };
  opcao: { id: number; nome: string; data: Date } | null;
}

export const day = (d: Date) => d.toISOString().slice(0, 10);
/** Cities compare without case, accents or surrounding spaces ('Niteroi' = 'Niterói'). */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

export const profileComplete = (u: MemberBenefit) => PROFILE_REQUIRED_FIELDS.every((k) => u[k] !== null && u[k] !== '');
export const profileSet = (u: Pick<Usuario, 'perfil'>) => u.perfil !== null;

/**
 * Whether the member sees the benefit at all: active, meant for their kind of member and city,
 * and not over (a member who redeemed it keeps seeing it, with the coupon). One that hasn't
 * started yet is shown locked, with its start for the countdown.
 */
export function visibleFor(b: Beneficio, u: MemberBenefit, hasRedemption: boolean, now: Date): boolean {
  if (!b.ativo || !b.publico.includes(u.tipo)) return false;
  if (b.cidades.length && !b.cidades.some((c) => fold(c) === fold(u.cidade ?? ''))) return false;
  return hasRedemption || !b.fim || b.fim > now;
}

export const benefitsOrder = [{ ordem: 'asc' as const }, { id: 'asc' as const }];
export const includeOptions = { opcoes: { orderBy: benefitsOrder } };

/** 'beneficioId:opcaoId' of the pools (lista mode) that still have a free code. */
export type Free = Set<string>;
export const freeKey = (benefitId: number, optionId: number | null) => `${benefitId}:${optionId ?? ''}`;

export function soldOutOption(b: Beneficio, o: BeneficioOpcao, free: Free) {
  return b.modoCupom === 'lista' ? !free.has(freeKey(b.id, o.id)) : o.estoque === 0;
}

export function soldOutBenefit(b: BenefitWithOptions, free: Free) {
  if (b.opcoes.length) return b.opcoes.every((o) => soldOutOption(b, o, free));
  return b.modoCupom === 'lista' ? !free.has(freeKey(b.id, null)) : b.estoque === 0;
}

export interface Block {
  codigo: BlockCode;
  message: string;
}

export interface Rating {
  esgotado: boolean;
  block: Block | null;
  estado: BenefitState;
}

/**
 * Can the member redeem it now? The first reason that says no, in the order a member can act on:
 * profile, dates, stock, their own limit, their balance. `resgates` are the member's redemptions
 * of this benefit, newest first.
 */
export function rateBenefit(
  b: BenefitWithOptions,
  ctx: { usuario: MemberBenefit; saldo: number; resgates: MemberRedemption[]; livres: Free; now: Date },
): Rating {
  const soldOut = soldOutBenefit(b, ctx.livres);
  const block = blockReason(b, soldOut, { ...ctx, resgatados: ctx.resgates.length });
  const last = ctx.resgates[0];
  let state: BenefitState;
  if (last && block) state = last.cupom.usadoEm && b.limitePorMembro === 1 ? 'utilizado' : 'resgatado';
  else if (soldOut) state = 'esgotado';
  else state = block ? 'bloqueado' : 'resgatavel';
  return { esgotado: soldOut, block, estado: state };
}

/** The first reason the member can't redeem it now; `resgatados` counts their redemptions of it. */
export function blockReason(b: BenefitWithOptions, soldOut: boolean, ctx: { usuario: MemberBenefit; saldo: number; resgatados: number; now: Date }): Block | null {
  if (!profileComplete(ctx.usuario)) return { codigo: 'PERFIL_INCOMPLETO', message: BENEFIT_MSG.perfilIncompleto };
  if (!profileSet(ctx.usuario)) return { codigo: 'PERFIL_NAO_DEFINIDO', message: BENEFIT_MSG.perfilNaoDefinido };
  if (b.inicio && b.inicio > ctx.now) return { codigo: 'EM_BREVE', message: BENEFIT_MSG.emBreve };
  if (b.fim && b.fim <= ctx.now) return { codigo: 'ENCERRADO', message: BENEFIT_MSG.encerrado };
  if (soldOut) return { codigo: 'ESGOTADO', message: BENEFIT_MSG.esgotado };
  if (ctx.resgatados >= b.limitePorMembro) {
    return b.limitePorMembro === 1 ? { codigo: 'JA_RESGATADO', message: BENEFIT_MSG.jaResgatado } : { codigo: 'LIMITE_RESGATES', message: BENEFIT_MSG.limiteResgates };
  }
  if (ctx.saldo < b.valor) return { codigo: 'SALDO_INSUFICIENTE', message: missingPoints(b.valor - ctx.saldo) };
  return null;
}

const optionWire = (o: { id: number; nome: string; data: Date }) => ({ id: o.id, nome: o.nome, data: day(o.data) });

export function toBenefit(b: BenefitWithOptions, a: Rating, redemptions: MemberRedemption[], free: Free): BeneficioWire {
  return {
    id: b.id,
    nome: b.nome,
    tipo: b.tipo,
    descricao: b.descricao,
    urlImagem: b.urlImagem,
    valor: b.valor,
    evento: b.evento,
    dataEvento: b.dataEvento?.toISOString() ?? null,
    esgotado: a.esgotado,
    podeResgatar: a.block === null,
    jaResgatado: redemptions.length > 0,
    multiploResgate: b.limitePorMembro > 1,
    limitePorMembro: b.limitePorMembro,
    textoLegal: b.textoLegal,
    urlBeneficio: b.urlBeneficio,
    percentualDesconto: b.percentualDesconto,
    inicio: b.inicio?.toISOString() ?? null,
    fim: b.fim?.toISOString() ?? null,
    estado: a.estado,
    codigoBloqueio: a.block?.codigo ?? null,
    motivoBloqueio: a.block?.message ?? null,
    dias: b.opcoes.map((o) => ({ ...optionWire(o), esgotado: soldOutOption(b, o, free) })),
    resgates: redemptions.map((r) => ({
      dataResgate: r.criadoEm.toISOString(),
      usoCupom: r.cupom.usadoEm !== null,
      dataUsoCupom: r.cupom.usadoEm?.toISOString() ?? null,
      cupom: r.cupom.codigo,
      numeroCupom: r.id,
      opcao: r.opcao ? optionWire(r.opcao) : null,
    })),
  };
}

export function toCoupon(r: MemberRedemption, b: Pick<Beneficio, 'id' | 'nome' | 'evento' | 'urlBeneficio'>): CupomWire {
  return {
    idBeneficio: b.id,
    cupom: r.cupom.codigo,
    usoCupom: r.cupom.usadoEm !== null,
    dataUsoCupom: r.cupom.usadoEm?.toISOString() ?? null,
    numeroCupom: r.id,
    dataResgate: r.criadoEm.toISOString(),
    nomeBeneficio: b.nome,
    evento: b.evento,
    urlBeneficio: b.urlBeneficio,
    opcao: r.opcao ? optionWire(r.opcao) : null,
  };
}

interface RedemptionLine {
  id: number;
  beneficio_id: number;
  criado_em: Date;
  codigo: string;
  usado_em: Date | null;
  opcao_id: number | null;
  opcao_nome: string | null;
  opcao_data: Date | null;
  nome: string;
  evento: boolean;
  url_beneficio: string | null;
}

type Redeemed = { resgate: MemberRedemption; beneficio: Pick<Beneficio, 'id' | 'nome' | 'evento' | 'urlBeneficio'> };

// The member's redemptions with their codes, days and benefits, newest first.
const REDEMPTIONS_SQL = `
  SELECT r.id, r.beneficio_id, r.criado_em, c.codigo, c.usado_em, o.id AS opcao_id, o.nome AS opcao_nome, o.data AS opcao_data,
         b.nome, b.evento, b.url_beneficio
  FROM resgate r JOIN cupom c ON c.id = r.cupom_id JOIN beneficio b ON b.id = r.beneficio_id LEFT JOIN beneficio_opcao o ON o.id = r.opcao_id
  WHERE r.usuario_id = $1
  ORDER BY r.id DESC`;

/** Timestamps without time zone come out of json_agg without a zone: they are UTC, as Prisma writes them. */
const utc = (s: string | Date) => (s instanceof Date ? s : new Date(/[zZ]|[+-]\d\d:\d\d$/.test(s) ? s : `${s}Z`));

function toRedeemed(l: RedemptionLine): Redeemed {
  return {
    resgate: {
      id: l.id,
      beneficioId: l.beneficio_id,
      criadoEm: utc(l.criado_em),
      cupom: { codigo: l.codigo, usadoEm: l.usado_em === null ? null : utc(l.usado_em) },
      opcao: l.opcao_id === null ? null : { id: l.opcao_id, nome: l.opcao_nome!, data: utc(l.opcao_data!) },
    },
    beneficio: { id: l.beneficio_id, nome: l.nome, evento: l.evento, urlBeneficio: l.url_beneficio },
  };
}

const byBenefit = (redemptions: MemberRedemption[]) => {
  const m = new Map<number, MemberRedemption[]>();
  for (const r of redemptions) m.set(r.beneficioId, [...(m.get(r.beneficioId) ?? []), r]);
  return m;
};

/**
 * Everything about the member GET /beneficio needs beyond the cached definitions, in ONE statement:
 * their redemptions, which pools still have a free code (the pools' counters) and the live stock
 * of generated-code benefits and days (the counters members move, never cached).
 */
const SHOWCASE_SQL = `
  SELECT
    (SELECT COALESCE(json_agg(x), '[]') FROM (${REDEMPTIONS_SQL}) x) AS resgates,
    ARRAY(SELECT beneficio_id::text || ':' || CASE WHEN opcao_id = 0 THEN '' ELSE opcao_id::text END
          FROM cupom_estoque WHERE beneficio_id = ANY($2::int[]) GROUP BY beneficio_id, opcao_id HAVING SUM(livres) > 0) AS livres,
    (SELECT COALESCE(json_object_agg(id, estoque), '{}') FROM beneficio WHERE id = ANY($3::int[])) AS estoque,
    (SELECT COALESCE(json_object_agg(id, estoque), '{}') FROM beneficio_opcao WHERE beneficio_id = ANY($3::int[])) AS estoque_opcoes`;

interface Showcase {
  resgates: RedemptionLine[];
  livres: string[];
  estoque: Record<string, number | null>;
  estoque_opcoes: Record<string, number | null>;
}

/** The definitions with their live stock (generated codes) put back in. */
function withStock(defs: BenefitWithOptions[], v: Showcase): BenefitWithOptions[] {
  return defs.map((b) =>
    b.modoCupom === 'lista'
      ? b
      : { ...b, estoque: v.estoque[b.id] ?? null, opcoes: b.opcoes.map((o) => ({ ...o, estoque: v.estoque_opcoes[o.id] ?? null })) },
  );
}

async function evaluateVisible(pool: SqlPool, u: MemberBenefit, balance: number, defs: BenefitWithOptions[]) {
  const now = new Date();
  const candidates = defs.filter((b) => b.publico.includes(u.tipo));
  const { rows } = await pool.query<Showcase>({
    name: 'beneficio-vitrine',
    text: SHOWCASE_SQL,
    values: [u.id, candidates.filter((b) => b.modoCupom === 'lista').map((b) => b.id), candidates.filter((b) => b.modoCupom !== 'lista').map((b) => b.id)],
  });
  const showcase = rows[0]!;
  const redemptions = showcase.resgates.map((l) => toRedeemed(l).resgate);
  const free: Free = new Set(showcase.livres);
  const forMember = byBenefit(redemptions);
  const visible = withStock(candidates, showcase).filter((b) => visibleFor(b, u, forMember.has(b.id), now));
  return visible.map((b) => {
    const my = forMember.get(b.id) ?? [];
    return toBenefit(b, rateBenefit(b, { usuario: u, saldo: balance, resgates: my, livres: free, now }), my, free);
  });
}

/** The active benefits with their days, as staff defined them: what the content cache keeps (ADR 0019). */
export function loadDefinitions(db: PrismaDb): Promise<BenefitWithOptions[]> {
  return db.beneficio.findMany({ where: { ativo: true }, include: includeOptions, orderBy: benefitsOrder });
}

/** GET /beneficio: `defs` from the content cache, `saldo` read with the session. */
export async function listBenefits(pool: SqlPool, u: MemberBenefit, balance: number, defs: BenefitWithOptions[]): Promise<BeneficioWire[]> {
  return evaluateVisible(pool, u, balance, defs);
}

/** GET /beneficio/{id}: 404 when the member doesn't see it (ids can't be probed; inactive ones aren't in `defs`). */
export async function getBenefit(pool: SqlPool, u: MemberBenefit, balance: number, defs: BenefitWithOptions[], id: number): Promise<BeneficioWire> {
  const b = defs.find((d) => d.id === id);
  const [item] = b ? await evaluateVisible(pool, u, balance, [b]) : [];
  if (!item) throw notFound(BENEFIT_MSG.naoEncontrado);
  return item;
}

/** GET /beneficio/cupom: every coupon the member redeemed, newest first. */
export async function listCoupons(pool: SqlPool, userId: string): Promise<CupomWire[]> {
  const { rows } = await pool.query<RedemptionLine>({ name: 'beneficio-cupons', text: REDEMPTIONS_SQL, values: [userId] });
  return rows.map(toRedeemed).map((l) => toCoupon(l.resgate, l.beneficio));
}
