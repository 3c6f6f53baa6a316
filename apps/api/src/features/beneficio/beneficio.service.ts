import { BENEFICIO_MSG, faltamPontos, type Beneficio as BeneficioWire, type CodigoBloqueio, type Cupom as CupomWire, type EstadoBeneficio } from '@legiao/contracts';
import { notFound } from '../../errors/app-error.js';
import type { Beneficio, BeneficioOpcao, Usuario } from '../../generated/prisma/client.js';
import type { Db as PrismaDb, SqlPool } from '../../db/prisma.js';
import { PERFIL_CAMPOS_OBRIGATORIOS } from '../usuario/usuario.service.js';

// The benefits a member sees and whether each can be redeemed now (spec 000 sections 2-5).
// The same rules decide POST /beneficio/resgate (resgate.service.ts), there under the member's lock.
// docs/decisions/0009-economy.md

export type BeneficioComOpcoes = Beneficio & { opcoes: BeneficioOpcao[] };
export type MembroBeneficio = Pick<Usuario, 'id' | 'tipo' | 'cidade' | 'perfil' | (typeof PERFIL_CAMPOS_OBRIGATORIOS)[number]>;

/** A member's redemption with what the cards and the coupon list show. */
export interface ResgateDoMembro {
  id: number;
  beneficioId: number;
  criadoEm: Date;
  cupom: { codigo: string; usadoEm: Date | null };
  opcao: { id: number; nome: string; data: Date } | null;
}

export const dia = (d: Date) => d.toISOString().slice(0, 10);
/** Cities compare without case, accents or surrounding spaces ('Niteroi' = 'Niterói'). */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

export const perfilCompleto = (u: MembroBeneficio) => PERFIL_CAMPOS_OBRIGATORIOS.every((k) => u[k] !== null && u[k] !== '');
export const perfilDefinido = (u: Pick<Usuario, 'perfil'>) => u.perfil !== null;

/**
 * Whether the member sees the benefit at all: active, meant for their kind of member and city,
 * and not over (a member who redeemed it keeps seeing it, with the coupon). One that hasn't
 * started yet is shown locked, with its start for the countdown.
 */
export function visivelPara(b: Beneficio, u: MembroBeneficio, temResgate: boolean, agora: Date): boolean {
  if (!b.ativo || !b.publico.includes(u.tipo)) return false;
  if (b.cidades.length && !b.cidades.some((c) => fold(c) === fold(u.cidade ?? ''))) return false;
  return temResgate || !b.fim || b.fim > agora;
}

export const benefitsOrder = [{ ordem: 'asc' as const }, { id: 'asc' as const }];
export const includeOpcoes = { opcoes: { orderBy: benefitsOrder } };

/** 'beneficioId:opcaoId' of the pools (lista mode) that still have a free code. */
export type Livres = Set<string>;
export const chaveLivre = (beneficioId: number, opcaoId: number | null) => `${beneficioId}:${opcaoId ?? ''}`;

export function opcaoEsgotada(b: Beneficio, o: BeneficioOpcao, livres: Livres) {
  return b.modoCupom === 'lista' ? !livres.has(chaveLivre(b.id, o.id)) : o.estoque === 0;
}

export function beneficioEsgotado(b: BeneficioComOpcoes, livres: Livres) {
  if (b.opcoes.length) return b.opcoes.every((o) => opcaoEsgotada(b, o, livres));
  return b.modoCupom === 'lista' ? !livres.has(chaveLivre(b.id, null)) : b.estoque === 0;
}

export interface Bloqueio {
  codigo: CodigoBloqueio;
  mensagem: string;
}

export interface Avaliacao {
  esgotado: boolean;
  bloqueio: Bloqueio | null;
  estado: EstadoBeneficio;
}

/**
 * Can the member redeem it now? The first reason that says no, in the order a member can act on:
 * profile, dates, stock, their own limit, their balance. `resgates` are the member's redemptions
 * of this benefit, newest first.
 */
export function avaliarBeneficio(
  b: BeneficioComOpcoes,
  ctx: { usuario: MembroBeneficio; saldo: number; resgates: ResgateDoMembro[]; livres: Livres; agora: Date },
): Avaliacao {
  const esgotado = beneficioEsgotado(b, ctx.livres);
  const bloqueio = motivoBloqueio(b, esgotado, { ...ctx, resgatados: ctx.resgates.length });
  const ultimo = ctx.resgates[0];
  let estado: EstadoBeneficio;
  if (ultimo && bloqueio) estado = ultimo.cupom.usadoEm && b.limitePorMembro === 1 ? 'utilizado' : 'resgatado';
  else if (esgotado) estado = 'esgotado';
  else estado = bloqueio ? 'bloqueado' : 'resgatavel';
  return { esgotado, bloqueio, estado };
}

/** The first reason the member can't redeem it now; `resgatados` counts their redemptions of it. */
export function motivoBloqueio(b: BeneficioComOpcoes, esgotado: boolean, ctx: { usuario: MembroBeneficio; saldo: number; resgatados: number; agora: Date }): Bloqueio | null {
  if (!perfilCompleto(ctx.usuario)) return { codigo: 'PERFIL_INCOMPLETO', mensagem: BENEFICIO_MSG.perfilIncompleto };
  if (!perfilDefinido(ctx.usuario)) return { codigo: 'PERFIL_NAO_DEFINIDO', mensagem: BENEFICIO_MSG.perfilNaoDefinido };
  if (b.inicio && b.inicio > ctx.agora) return { codigo: 'EM_BREVE', mensagem: BENEFICIO_MSG.emBreve };
  if (b.fim && b.fim <= ctx.agora) return { codigo: 'ENCERRADO', mensagem: BENEFICIO_MSG.encerrado };
  if (esgotado) return { codigo: 'ESGOTADO', mensagem: BENEFICIO_MSG.esgotado };
  if (ctx.resgatados >= b.limitePorMembro) {
    return b.limitePorMembro === 1 ? { codigo: 'JA_RESGATADO', mensagem: BENEFICIO_MSG.jaResgatado } : { codigo: 'LIMITE_RESGATES', mensagem: BENEFICIO_MSG.limiteResgates };
  }
  if (ctx.saldo < b.valor) return { codigo: 'SALDO_INSUFICIENTE', mensagem: faltamPontos(b.valor - ctx.saldo) };
  return null;
}

const opcaoWire = (o: { id: number; nome: string; data: Date }) => ({ id: o.id, nome: o.nome, data: dia(o.data) });

export function toBeneficio(b: BeneficioComOpcoes, a: Avaliacao, resgates: ResgateDoMembro[], livres: Livres): BeneficioWire {
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
    podeResgatar: a.bloqueio === null,
    jaResgatado: resgates.length > 0,
    multiploResgate: b.limitePorMembro > 1,
    limitePorMembro: b.limitePorMembro,
    textoLegal: b.textoLegal,
    urlBeneficio: b.urlBeneficio,
    percentualDesconto: b.percentualDesconto,
    inicio: b.inicio?.toISOString() ?? null,
    fim: b.fim?.toISOString() ?? null,
    estado: a.estado,
    codigoBloqueio: a.bloqueio?.codigo ?? null,
    motivoBloqueio: a.bloqueio?.mensagem ?? null,
    dias: b.opcoes.map((o) => ({ ...opcaoWire(o), esgotado: opcaoEsgotada(b, o, livres) })),
    resgates: resgates.map((r) => ({
      dataResgate: r.criadoEm.toISOString(),
      usoCupom: r.cupom.usadoEm !== null,
      dataUsoCupom: r.cupom.usadoEm?.toISOString() ?? null,
      cupom: r.cupom.codigo,
      numeroCupom: r.id,
      opcao: r.opcao ? opcaoWire(r.opcao) : null,
    })),
  };
}

export function toCupom(r: ResgateDoMembro, b: Pick<Beneficio, 'id' | 'nome' | 'evento' | 'urlBeneficio'>): CupomWire {
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
    opcao: r.opcao ? opcaoWire(r.opcao) : null,
  };
}

interface LinhaResgate {
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

type Resgatado = { resgate: ResgateDoMembro; beneficio: Pick<Beneficio, 'id' | 'nome' | 'evento' | 'urlBeneficio'> };

// The member's redemptions with their codes, days and benefits, newest first.
const RESGATES_SQL = `
  SELECT r.id, r.beneficio_id, r.criado_em, c.codigo, c.usado_em, o.id AS opcao_id, o.nome AS opcao_nome, o.data AS opcao_data,
         b.nome, b.evento, b.url_beneficio
  FROM resgate r JOIN cupom c ON c.id = r.cupom_id JOIN beneficio b ON b.id = r.beneficio_id LEFT JOIN beneficio_opcao o ON o.id = r.opcao_id
  WHERE r.usuario_id = $1
  ORDER BY r.id DESC`;

/** Timestamps without time zone come out of json_agg without a zone: they are UTC, as Prisma writes them. */
const utc = (s: string | Date) => (s instanceof Date ? s : new Date(/[zZ]|[+-]\d\d:\d\d$/.test(s) ? s : `${s}Z`));

function toResgatado(l: LinhaResgate): Resgatado {
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

const porBeneficio = (resgates: ResgateDoMembro[]) => {
  const m = new Map<number, ResgateDoMembro[]>();
  for (const r of resgates) m.set(r.beneficioId, [...(m.get(r.beneficioId) ?? []), r]);
  return m;
};

/**
 * Everything about the member GET /beneficio needs beyond the cached definitions, in ONE statement:
 * their redemptions, which pools still have a free code (the pools' counters) and the live stock
 * of generated-code benefits and days (the counters members move, never cached).
 */
const VITRINE_SQL = `
  SELECT
    (SELECT COALESCE(json_agg(x), '[]') FROM (${RESGATES_SQL}) x) AS resgates,
    ARRAY(SELECT beneficio_id::text || ':' || CASE WHEN opcao_id = 0 THEN '' ELSE opcao_id::text END
          FROM cupom_estoque WHERE beneficio_id = ANY($2::int[]) GROUP BY beneficio_id, opcao_id HAVING SUM(livres) > 0) AS livres,
    (SELECT COALESCE(json_object_agg(id, estoque), '{}') FROM beneficio WHERE id = ANY($3::int[])) AS estoque,
    (SELECT COALESCE(json_object_agg(id, estoque), '{}') FROM beneficio_opcao WHERE beneficio_id = ANY($3::int[])) AS estoque_opcoes`;

interface Vitrine {
  resgates: LinhaResgate[];
  livres: string[];
  estoque: Record<string, number | null>;
  estoque_opcoes: Record<string, number | null>;
}

/** The definitions with their live stock (generated codes) put back in. */
function comEstoque(defs: BeneficioComOpcoes[], v: Vitrine): BeneficioComOpcoes[] {
  return defs.map((b) =>
    b.modoCupom === 'lista'
      ? b
      : { ...b, estoque: v.estoque[b.id] ?? null, opcoes: b.opcoes.map((o) => ({ ...o, estoque: v.estoque_opcoes[o.id] ?? null })) },
  );
}

async function avaliarVisiveis(pool: SqlPool, u: MembroBeneficio, saldo: number, defs: BeneficioComOpcoes[]) {
  const agora = new Date();
  const candidatos = defs.filter((b) => b.publico.includes(u.tipo));
  const { rows } = await pool.query<Vitrine>({
    name: 'beneficio-vitrine',
    text: VITRINE_SQL,
    values: [u.id, candidatos.filter((b) => b.modoCupom === 'lista').map((b) => b.id), candidatos.filter((b) => b.modoCupom !== 'lista').map((b) => b.id)],
  });
  const vitrine = rows[0]!;
  const resgates = vitrine.resgates.map((l) => toResgatado(l).resgate);
  const livres: Livres = new Set(vitrine.livres);
  const doMembro = porBeneficio(resgates);
  const visiveis = comEstoque(candidatos, vitrine).filter((b) => visivelPara(b, u, doMembro.has(b.id), agora));
  return visiveis.map((b) => {
    const meus = doMembro.get(b.id) ?? [];
    return toBeneficio(b, avaliarBeneficio(b, { usuario: u, saldo, resgates: meus, livres, agora }), meus, livres);
  });
}

/** The active benefits with their days, as staff defined them: what the content cache keeps (ADR 0019). */
export function carregarDefinicoes(db: PrismaDb): Promise<BeneficioComOpcoes[]> {
  return db.beneficio.findMany({ where: { ativo: true }, include: includeOpcoes, orderBy: benefitsOrder });
}

/** GET /beneficio: `defs` from the content cache, `saldo` read with the session. */
export async function listarBeneficios(pool: SqlPool, u: MembroBeneficio, saldo: number, defs: BeneficioComOpcoes[]): Promise<BeneficioWire[]> {
  return avaliarVisiveis(pool, u, saldo, defs);
}

/** GET /beneficio/{id}: 404 when the member doesn't see it (ids can't be probed; inactive ones aren't in `defs`). */
export async function obterBeneficio(pool: SqlPool, u: MembroBeneficio, saldo: number, defs: BeneficioComOpcoes[], id: number): Promise<BeneficioWire> {
  const b = defs.find((d) => d.id === id);
  const [item] = b ? await avaliarVisiveis(pool, u, saldo, [b]) : [];
  if (!item) throw notFound(BENEFICIO_MSG.naoEncontrado);
  return item;
}

/** GET /beneficio/cupom: every coupon the member redeemed, newest first. */
export async function listarCupons(pool: SqlPool, usuarioId: string): Promise<CupomWire[]> {
  const { rows } = await pool.query<LinhaResgate>({ name: 'beneficio-cupons', text: RESGATES_SQL, values: [usuarioId] });
  return rows.map(toResgatado).map((l) => toCupom(l.resgate, l.beneficio));
}
