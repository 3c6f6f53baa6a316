import { BENEFIT_ADMIN_MSG, type BenefitAdmin, type BenefitAdminItem, type BenefitForm, type BenefitListQuery, type BenefitStatus } from '@legiao/contracts/admin/beneficios';
import { parseOrder, type AdminPage } from '@legiao/contracts/admin/paging';
import { Prisma } from '../../../generated/prisma/client.js';
import { poolOf, type Db } from '../../../db/prisma.js';
import { badRequest, conflict, notFound } from '../../../errors/app-error.js';
import { rateBenefit, soldOutBenefit, includeOptions, type Free, type MemberBenefit } from '../../beneficio/beneficio.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { fromDay, toColumns, toForm, type BenefitRow } from './benefit-form.js';

// Benefits in the back office (issue 16 item 1; docs/decisions/0027-back-office.md). Writes go
// through Prisma in one transaction with their audit row; members see them at once because the
// content cache listens to beneficio/beneficio_opcao changes (ADR 0019).

export interface Actor {
  id: string;
  requestId: string;
}

/** The pools (lista mode) that still have a free code, for these benefits. */
export async function freePools(db: Db, ids: number[]): Promise<Free> {
  if (!ids.length) return new Set();
  const { rows } = await poolOf(db).query<{ k: string }>(
    `SELECT beneficio_id::text || ':' || CASE WHEN opcao_id = 0 THEN '' ELSE opcao_id::text END AS k
     FROM cupom_estoque WHERE beneficio_id = ANY($1::int[]) GROUP BY beneficio_id, opcao_id HAVING SUM(livres) > 0`,
    [ids],
  );
  return new Set(rows.map((r) => r.k));
}

/** Someone in the audience with everything in order: what the list's "como o membro vê" assumes. */
export function typicalMember(b: BenefitRow): MemberBenefit {
  return {
    id: '00000000-0000-0000-0000-000000000000',
    tipo: b.publico[0] ?? 'legionario',
    cidade: b.cidades[0] ?? 'São Paulo',
    perfil: 'geral',
    nome: 'Membro',
    cpf: '00000000000',
    celular: '11900000000',
    dataNascimento: new Date('1990-01-01'),
    genero: 'outro',
    cep: '01310100',
    endereco: 'Rua',
    numero: '1',
    uf: 'SP',
  };
}

export function statusOf(b: BenefitRow, free: Free, now: Date): BenefitStatus {
  if (!b.ativo) return 'arquivado';
  if (b.inicio && b.inicio > now) return 'em-breve';
  if (b.fim && b.fim <= now) return 'encerrado';
  if (soldOutBenefit(b, free)) return 'esgotado';
  return 'ativo';
}

async function redemptionCounts(db: Db | Prisma.TransactionClient, ids: number[]) {
  const rows = ids.length ? await db.resgate.groupBy({ by: ['beneficioId'], where: { beneficioId: { in: ids } }, _count: { _all: true } }) : [];
  return new Map(rows.map((r) => [r.beneficioId, r._count._all]));
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The list. A brand has tens of benefits, not thousands: they are read whole and the state (which
 * needs the live stock) is computed here, then filtered, sorted and paged.
 */
export async function listBenefits(prisma: Db, q: BenefitListQuery, now = new Date()): Promise<AdminPage<BenefitAdminItem>> {
  const rows = await prisma.beneficio.findMany({ include: includeOptions });
  const free = await freePools(prisma, rows.filter((b) => b.modoCupom === 'lista').map((b) => b.id));
  const counts = await redemptionCounts(prisma, rows.map((b) => b.id));
  const search = q.busca ? fold(q.busca) : null;
  let items = rows
    .filter((b) => !search || fold(b.nome).includes(search) || b.chave.includes(search))
    .map((b): BenefitAdminItem => {
      const a = rateBenefit(b, { usuario: typicalMember(b), saldo: b.valor, resgates: [], livres: free, now });
      return {
        id: b.id,
        chave: b.chave,
        nome: b.nome,
        urlImagem: b.urlImagem,
        valor: b.valor,
        evento: b.evento,
        inicio: b.inicio?.toISOString() ?? null,
        fim: b.fim?.toISOString() ?? null,
        publico: b.publico,
        cidades: b.cidades,
        limitePorMembro: b.limitePorMembro,
        modoCupom: b.modoCupom,
        ativo: b.ativo,
        ordem: b.ordem,
        situacao: statusOf(b, free, now),
        estado: a.estado,
        codigoBloqueio: a.block?.codigo ?? null,
        resgates: counts.get(b.id) ?? 0,
        atualizadoEm: b.atualizadoEm.toISOString(),
      };
    });
  if (q.situacao) items = items.filter((i) => i.situacao === q.situacao);
  const order = parseOrder(q.ordem) ?? { campo: 'ordem', desc: false };
  const key = (i: BenefitAdminItem): string | number => {
    if (order.campo === 'nome') return fold(i.nome);
    if (order.campo === 'valor') return i.valor;
    if (order.campo === 'inicio') return i.inicio ?? '';
    if (order.campo === 'atualizadoEm') return i.atualizadoEm;
    return i.ordem;
  };
  items.sort((x, y) => {
    const a = key(x);
    const b = key(y);
    const c = a < b ? -1 : a > b ? 1 : x.id - y.id;
    return order.desc ? -c : c;
  });
  const start = (q.pagina - 1) * q.porPagina;
  return { itens: items.slice(start, start + q.porPagina), total: items.length, pagina: q.pagina, porPagina: q.porPagina };
}

async function loadRow(db: Db | Prisma.TransactionClient, id: number): Promise<BenefitRow> {
  const b = await db.beneficio.findUnique({ where: { id }, include: includeOptions });
  if (!b) throw notFound(BENEFIT_ADMIN_MSG.naoEncontrado);
  return b;
}

export async function getBenefit(prisma: Db, id: number, now = new Date()): Promise<BenefitAdmin> {
  const b = await loadRow(prisma, id);
  const free = b.modoCupom === 'lista' ? await freePools(prisma, [b.id]) : new Set<string>();
  const counts = await redemptionCounts(prisma, [b.id]);
  return { id: b.id, form: toForm(b), situacao: statusOf(b, free, now), resgates: counts.get(b.id) ?? 0, criadoEm: b.criadoEm.toISOString(), atualizadoEm: b.atualizadoEm.toISOString() };
}

const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

function checkForm(f: BenefitForm) {
  // The contract refines these too; a request that skipped it (or an older client) must not get a 500.
  if (!f.evento && f.opcoes.length) throw badRequest(BENEFIT_ADMIN_MSG.opcoesSoEmEventos);
}

export async function createBenefit(prisma: Db, f: BenefitForm, actor: Actor): Promise<BenefitAdmin> {
  checkForm(f);
  try {
    const id = await prisma.$transaction(async (tx) => {
      const created = await tx.beneficio.create({
        data: { ...toColumns(f), opcoes: { create: f.opcoes.map((o, i) => ({ nome: o.nome, data: fromDay(o.data), estoque: o.estoque, ordem: i + 1 })) } },
        include: includeOptions,
      });
      await recordAudit(tx, { actorId: actor.id, action: 'beneficio.criar', entity: 'beneficio', entityId: created.id, before: null, after: toForm(created), requestId: actor.requestId });
      return created.id;
    });
    return getBenefit(prisma, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(BENEFIT_ADMIN_MSG.chaveEmUso);
    throw err;
  }
}

/** Replaces the definition. Days keep their id (stock, redemptions); a day with codes or redemptions can't go. */
export async function updateBenefit(prisma: Db, id: number, f: BenefitForm, actor: Actor): Promise<BenefitAdmin> {
  checkForm(f);
  try {
    await prisma.$transaction(async (tx) => {
      // Serialises two saves of the same benefit; a redemption locks it too (briefly).
      await tx.$queryRaw`SELECT id FROM beneficio WHERE id = ${id} FOR UPDATE`;
      const before = await loadRow(tx, id);
      const keep = new Set(f.opcoes.flatMap((o) => (o.id ? [o.id] : [])));
      for (const o of f.opcoes) if (o.id && !before.opcoes.some((x) => x.id === o.id)) throw badRequest(BENEFIT_ADMIN_MSG.opcaoDeOutro);
      const removed = before.opcoes.filter((o) => !keep.has(o.id)).map((o) => o.id);
      if (removed.length) {
        const used = (await tx.cupom.count({ where: { opcaoId: { in: removed } } })) + (await tx.resgate.count({ where: { opcaoId: { in: removed } } }));
        if (used) throw conflict(BENEFIT_ADMIN_MSG.opcaoComResgates);
        await tx.beneficioOpcao.deleteMany({ where: { id: { in: removed } } });
      }
      await tx.beneficio.update({ where: { id }, data: toColumns(f) });
      for (const [i, o] of f.opcoes.entries()) {
        const data = { nome: o.nome, data: fromDay(o.data), estoque: o.estoque, ordem: i + 1 };
        if (o.id) await tx.beneficioOpcao.update({ where: { id: o.id }, data });
        else await tx.beneficioOpcao.create({ data: { ...data, beneficioId: id } });
      }
      const after = await loadRow(tx, id);
      await recordAudit(tx, { actorId: actor.id, action: 'beneficio.editar', entity: 'beneficio', entityId: id, before: toForm(before), after: toForm(after), requestId: actor.requestId });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(BENEFIT_ADMIN_MSG.chaveEmUso);
    throw err;
  }
  return getBenefit(prisma, id);
}

/** A copy to start a similar campaign from: archived (not shown) until someone publishes it. */
export async function duplicateBenefit(prisma: Db, id: number, actor: Actor): Promise<BenefitAdmin> {
  const newId = await prisma.$transaction(async (tx) => {
    // Two duplications of one benefit at once would pick the same '-copia' key (the second was a
    // 500 on the unique index; the contract fuzzer sent them in parallel): one waits for the other.
    await tx.$queryRaw`SELECT id FROM beneficio WHERE id = ${id} FOR UPDATE`;
    const source = await loadRow(tx, id);
    const form = toForm(source);
    const taken = new Set((await tx.beneficio.findMany({ where: { chave: { startsWith: `${source.chave.slice(0, 50)}-copia` } }, select: { chave: true } })).map((b) => b.chave));
    const base = `${source.chave.slice(0, 50)}-copia`;
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
    const copy = await tx.beneficio.create({
      data: {
        ...toColumns({ ...form, chave: key, nome: `${form.nome} (cópia)`.slice(0, 120), ativo: false, opcoes: [] }),
        opcoes: { create: source.opcoes.map((o) => ({ nome: o.nome, data: o.data, estoque: o.estoque, ordem: o.ordem })) },
      },
      include: includeOptions,
    });
    await recordAudit(tx, { actorId: actor.id, action: 'beneficio.duplicar', entity: 'beneficio', entityId: copy.id, before: null, after: { ...toForm(copy), copiaDe: source.id }, requestId: actor.requestId });
    return copy.id;
  });
  return getBenefit(prisma, newId);
}

/** Archive (members stop seeing it; redemptions and coupons stay) or publish again. */
export async function setActive(prisma: Db, id: number, active: boolean, actor: Actor): Promise<BenefitAdmin> {
  await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM beneficio WHERE id = ${id} FOR UPDATE`;
    const before = await loadRow(tx, id);
    if (before.ativo === active) return;
    await tx.beneficio.update({ where: { id }, data: { ativo: active } });
    await recordAudit(tx, {
      actorId: actor.id,
      action: active ? 'beneficio.reativar' : 'beneficio.arquivar',
      entity: 'beneficio',
      entityId: id,
      before: { ativo: before.ativo },
      after: { ativo: active },
      requestId: actor.requestId,
    });
  });
  return getBenefit(prisma, id);
}

