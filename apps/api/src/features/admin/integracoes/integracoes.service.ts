import { INTEGRATION_ROTATION_HOURS, INTEGRATION_SCOPES, type IntegrationScope } from '@legiao/contracts/integracao/constants';
import {
  INTEGRATION_LAST_ORDERS,
  INTEGRATIONS_ADMIN_MSG,
  type IntegrationCreate,
  type IntegrationDetail,
  type IntegrationKey,
  type IntegrationKeyState,
  type IntegrationListQuery,
  type IntegrationNewKey,
  type IntegrationSummary,
  type IntegrationUpdate,
} from '@legiao/contracts/admin/integracoes';
import { parseOrder, type AdminPage } from '@legiao/contracts/admin/paging';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { Db } from '../../../db/prisma.js';
import { conflict, notFound } from '../../../errors/app-error.js';
import { generateKey, shownKey } from '../../integracao/keys.js';
import { recordAudit } from '../audit/audit.service.js';

// Integrações (docs/decisions/0041-store-integration.md): the store's API clients and their keys.
// A whole key leaves this module only in the answer of the call that made it (create, rotate); the
// audit trail and every later read see its public part (`lgk_live_<id>…`), never the key or its hash.

export interface Actor {
  staffId: string;
  requestId: string;
}

type Tx = Prisma.TransactionClient;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Scopes as stored (text[]): only the known ones, in their order (the answer's enum is strict). */
const knownScopes = (list: string[]): IntegrationScope[] => INTEGRATION_SCOPES.filter((s) => list.includes(s));

/** A key works when neither revoked nor past its rotation window (the client's revocation revokes its keys too). */
const liveKeyWhere = (now: Date): Prisma.ChaveIntegracaoWhereInput => ({ revogadaEm: null, OR: [{ expiraEm: null }, { expiraEm: { gt: now } }] });

function keyState(k: { revogadaEm: Date | null; expiraEm: Date | null }, now: Date): IntegrationKeyState {
  if (k.revogadaEm) return 'revogada';
  if (!k.expiraEm) return 'ativa';
  return k.expiraEm > now ? 'em-rotacao' : 'expirada';
}

const summarySelect = (now: Date) =>
  ({
    id: true,
    nome: true,
    escopos: true,
    limitePorMinuto: true,
    criadoEm: true,
    revogadoEm: true,
    ultimoUsoEm: true,
    ultimoUsoIp: true,
    criadoPor: true,
    _count: { select: { chaves: { where: liveKeyWhere(now) } } },
  }) satisfies Prisma.ClienteIntegracaoSelect;

type SummaryRow = Prisma.ClienteIntegracaoGetPayload<{ select: ReturnType<typeof summarySelect> }>;

function toSummary(c: SummaryRow): IntegrationSummary {
  return {
    id: c.id,
    nome: c.nome,
    escopos: knownScopes(c.escopos),
    limitePorMinuto: c.limitePorMinuto,
    criadoEm: c.criadoEm.toISOString(),
    revogadoEm: iso(c.revogadoEm),
    ultimoUsoEm: iso(c.ultimoUsoEm),
    ultimoUsoIp: c.ultimoUsoIp,
    chavesAtivas: c._count.chaves,
  };
}

/** GET /api/admin/integracoes: every client, paged; live ones first unless filtered. */
export async function listIntegrations(prisma: Db, q: IntegrationListQuery): Promise<AdminPage<IntegrationSummary>> {
  const now = new Date();
  const where: Prisma.ClienteIntegracaoWhereInput = q.situacao === 'ativas' ? { revogadoEm: null } : q.situacao === 'revogadas' ? { revogadoEm: { not: null } } : {};
  const order = parseOrder(q.ordem) ?? { campo: 'criadoEm', desc: true };
  const dir = order.desc ? 'desc' : 'asc';
  const orderBy: Prisma.ClienteIntegracaoOrderByWithRelationInput =
    order.campo === 'nome' ? { nome: dir } : order.campo === 'ultimoUsoEm' ? { ultimoUsoEm: { sort: dir, nulls: 'last' } } : { criadoEm: dir };
  const [total, rows] = await Promise.all([
    prisma.clienteIntegracao.count({ where }),
    prisma.clienteIntegracao.findMany({ where, orderBy: [orderBy, { id: 'asc' }], skip: (q.pagina - 1) * q.porPagina, take: q.porPagina, select: summarySelect(now) }),
  ]);
  return { itens: rows.map(toSummary), total, pagina: q.pagina, porPagina: q.porPagina };
}

/** GET /api/admin/integracoes/{id}: the client, its keys and the last orders it sent. */
export async function getIntegration(db: Db | Tx, id: string): Promise<IntegrationDetail> {
  const now = new Date();
  const client = await db.clienteIntegracao.findUnique({ where: { id }, select: summarySelect(now) });
  if (!client) throw notFound(INTEGRATIONS_ADMIN_MSG.clienteNaoEncontrado);
  const [keys, orders, author] = await Promise.all([
    db.chaveIntegracao.findMany({
      where: { clienteId: id },
      orderBy: [{ criadaEm: 'desc' }, { id: 'asc' }],
      select: { id: true, prefixo: true, criadaEm: true, expiraEm: true, revogadaEm: true, ultimoUsoEm: true },
    }),
    // The orders the store integration received from this client (written by features/compra).
    db.pedidoLoja.findMany({
      where: { clienteId: id },
      orderBy: [{ recebidoEm: 'desc' }, { id: 'asc' }],
      take: INTEGRATION_LAST_ORDERS,
      select: { pedido: true, canal: true, estado: true, situacao: true, recebidoEm: true, aplicadoEm: true, canceladoEm: true },
    }),
    client.criadoPor ? db.usuario.findUnique({ where: { id: client.criadoPor }, select: { id: true, nome: true, email: true } }) : null,
  ]);
  return {
    ...toSummary(client),
    criadoPor: author,
    chaves: keys.map(
      (k): IntegrationKey => ({
        id: k.id,
        chave: shownKey(k.prefixo),
        estado: keyState(k, now),
        criadaEm: k.criadaEm.toISOString(),
        expiraEm: iso(k.expiraEm),
        revogadaEm: iso(k.revogadaEm),
        ultimoUsoEm: iso(k.ultimoUsoEm),
      }),
    ),
    pedidos: orders.map((o) => ({ ...o, recebidoEm: o.recebidoEm.toISOString(), aplicadoEm: iso(o.aplicadoEm), canceladoEm: iso(o.canceladoEm) })),
  };
}

/** The client's row, locked until the transaction ends: two writes on one client apply one after the other. */
async function lockClient(tx: Tx, id: string) {
  const [row] = await tx.$queryRaw<{ id: string; nome: string; escopos: string[]; limite_por_minuto: number; revogado_em: Date | null }[]>`
    SELECT id::text, nome, escopos, limite_por_minuto, revogado_em FROM cliente_integracao WHERE id = ${id}::uuid FOR UPDATE`;
  if (!row) throw notFound(INTEGRATIONS_ADMIN_MSG.clienteNaoEncontrado);
  return row;
}

function assertLive(row: { revogado_em: Date | null }) {
  if (row.revogado_em) throw conflict(INTEGRATIONS_ADMIN_MSG.clienteRevogado, 'INTEGRACAO_REVOGADA');
}

const audit = (tx: Tx, actor: Actor, action: string, id: string, before: unknown, after: unknown) =>
  recordAudit(tx, { actorId: actor.staffId, action, entity: 'integracao', entityId: id, before, after, requestId: actor.requestId });

/** POST /api/admin/integracoes: the client and its first key, answered whole this once. */
export async function createIntegration(prisma: Db, input: IntegrationCreate, actor: Actor): Promise<IntegrationNewKey> {
  const { key, prefix, hash } = generateKey();
  return prisma.$transaction(async (tx) => {
    const client = await tx.clienteIntegracao.create({
      data: { nome: input.nome, escopos: input.escopos, limitePorMinuto: input.limitePorMinuto, criadoPor: actor.staffId, chaves: { create: { prefixo: prefix, hash } } },
      select: { id: true },
    });
    await audit(tx, actor, 'integracao.criar', client.id, null, { nome: input.nome, escopos: input.escopos, limitePorMinuto: input.limitePorMinuto, chave: shownKey(prefix) });
    return { cliente: await getIntegration(tx, client.id), chave: key };
  });
}

/** PATCH /api/admin/integracoes/{id}: name, scopes, limit (a revoked client stays as it was). */
export async function updateIntegration(prisma: Db, id: string, input: IntegrationUpdate, actor: Actor): Promise<IntegrationDetail> {
  return prisma.$transaction(async (tx) => {
    const row = await lockClient(tx, id);
    assertLive(row);
    const current = { nome: row.nome, escopos: knownScopes(row.escopos), limitePorMinuto: row.limite_por_minuto };
    const next = { nome: input.nome ?? current.nome, escopos: input.escopos ?? current.escopos, limitePorMinuto: input.limitePorMinuto ?? current.limitePorMinuto };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => JSON.stringify(next[k]) !== JSON.stringify(current[k]));
    if (changed.length > 0) {
      await tx.clienteIntegracao.update({ where: { id }, data: next });
      const pick = (o: typeof next) => Object.fromEntries(changed.map((k) => [k, o[k]]));
      await audit(tx, actor, 'integracao.editar', id, pick(current), pick(next));
    }
    return getIntegration(tx, id);
  });
}

/**
 * POST /api/admin/integracoes/{id}/rotacionar: a new key, answered whole this once; every key that
 * works now keeps working for `hours` more and then stops (the store swaps keys in that window). A
 * key already expiring sooner keeps its earlier end: a rotation never lengthens a key's life.
 */
export async function rotateKey(prisma: Db, id: string, hours: number | undefined, actor: Actor): Promise<IntegrationNewKey> {
  const window = hours ?? INTEGRATION_ROTATION_HOURS.default;
  const { key, prefix, hash } = generateKey();
  return prisma.$transaction(async (tx) => {
    assertLive(await lockClient(tx, id));
    const now = new Date();
    const until = new Date(now.getTime() + window * 3_600_000);
    const rotating = await tx.chaveIntegracao.findMany({ where: { clienteId: id, ...liveKeyWhere(now) }, select: { prefixo: true, expiraEm: true }, orderBy: { criadaEm: 'asc' } });
    await tx.chaveIntegracao.updateMany({ where: { clienteId: id, revogadaEm: null, expiraEm: null }, data: { expiraEm: until } });
    await tx.chaveIntegracao.updateMany({ where: { clienteId: id, revogadaEm: null, expiraEm: { gt: until } }, data: { expiraEm: until } });
    await tx.chaveIntegracao.create({ data: { clienteId: id, prefixo: prefix, hash } });
    const ends = (k: { prefixo: string; expiraEm: Date | null }, at: Date | null) => ({ chave: shownKey(k.prefixo), expiraEm: iso(at) });
    await audit(
      tx,
      actor,
      'integracao.rotacionar',
      id,
      { chaves: rotating.map((k) => ends(k, k.expiraEm)) },
      { chave: shownKey(prefix), janelaHoras: window, chaves: rotating.map((k) => ends(k, k.expiraEm && k.expiraEm < until ? k.expiraEm : until)) },
    );
    return { cliente: await getIntegration(tx, id), chave: key };
  });
}

/** POST /api/admin/integracoes/{id}/chaves/{chaveId}/revogar: that key stops at once. */
export async function revokeKey(prisma: Db, id: string, keyId: string, actor: Actor): Promise<IntegrationDetail> {
  return prisma.$transaction(async (tx) => {
    await lockClient(tx, id);
    const k = await tx.chaveIntegracao.findFirst({ where: { id: keyId, clienteId: id }, select: { prefixo: true, revogadaEm: true, expiraEm: true } });
    if (!k) throw notFound(INTEGRATIONS_ADMIN_MSG.chaveNaoEncontrada);
    // Revoking a revoked key changes nothing, and nothing is recorded.
    if (!k.revogadaEm) {
      const at = new Date();
      await tx.chaveIntegracao.update({ where: { id: keyId }, data: { revogadaEm: at } });
      await audit(tx, actor, 'integracao.revogar-chave', id, { chave: shownKey(k.prefixo), estado: keyState(k, at) }, { chave: shownKey(k.prefixo), estado: 'revogada', revogadaEm: at.toISOString() });
    }
    return getIntegration(tx, id);
  });
}

/** POST /api/admin/integracoes/{id}/revogar: the client and every key of it stop at once, for good. */
export async function revokeIntegration(prisma: Db, id: string, actor: Actor): Promise<IntegrationDetail> {
  return prisma.$transaction(async (tx) => {
    const row = await lockClient(tx, id);
    if (!row.revogado_em) {
      const at = new Date();
      const live = await tx.chaveIntegracao.count({ where: { clienteId: id, ...liveKeyWhere(at) } });
      await tx.clienteIntegracao.update({ where: { id }, data: { revogadoEm: at } });
      await tx.chaveIntegracao.updateMany({ where: { clienteId: id, revogadaEm: null }, data: { revogadaEm: at } });
      await audit(tx, actor, 'integracao.revogar', id, { nome: row.nome, revogadoEm: null, chavesAtivas: live }, { nome: row.nome, revogadoEm: at.toISOString(), chavesAtivas: 0 });
    }
    return getIntegration(tx, id);
  });
}
