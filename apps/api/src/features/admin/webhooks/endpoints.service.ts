import { WEBHOOKS_MSG, type WebhookCreate, type WebhookDelivery, type WebhookEndpoint, type WebhookNewSecret, type WebhookUpdate } from '@legiao/contracts/admin/webhooks';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@legiao/contracts/webhooks/catalogue';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { Db } from '../../../db/prisma.js';
import { badRequest, notFound } from '../../../errors/app-error.js';
import { AddressRefused, checkEndpointUrl } from '../../webhooks/address-guard.js';
import { newWebhookSecret, secretStart } from '../../webhooks/signature.js';
import { recordAudit } from '../audit/audit.service.js';
import { getDelivery } from './deliveries.service.js';

// Integrações › Webhooks (docs/decisions/0042-webhooks.md): the endpoints. A secret is answered whole
// only by create and rotate; the audit trail never holds it. A URL is checked against the SSRF guard
// when saved (and again by every delivery, on the addresses it connects to).

export interface Actor {
  staffId: string;
  requestId: string;
}
type Tx = Prisma.TransactionClient;

/** How long a rotated-out secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const knownTypes = (list: string[]): WebhookEventType[] => WEBHOOK_EVENT_TYPES.filter((t) => list.includes(t));

const audit = (tx: Tx, actor: Actor, action: string, id: string, before: unknown, after: unknown) =>
  recordAudit(tx, { actorId: actor.staffId, action, entity: 'webhook_endpoint', entityId: id, before, after, requestId: actor.requestId });

async function guardUrl(url: string, allowPrivate: boolean) {
  if (!allowPrivate && new URL(url).protocol !== 'https:') throw badRequest(WEBHOOKS_MSG.urlHttps);
  try {
    await checkEndpointUrl(url, allowPrivate);
  } catch (err) {
    if (err instanceof AddressRefused) throw badRequest(err.message);
    throw err;
  }
}

type Row = Prisma.WebhookEndpointGetPayload<object>;

async function toEndpoint(db: Db | Tx, row: Row, now = new Date()): Promise<WebhookEndpoint> {
  const counts = await db.webhookEntrega.groupBy({ by: ['status'], where: { endpointId: row.id }, _count: { _all: true } });
  const count = (s: string) => counts.find((c) => c.status === s)?._count._all ?? 0;
  return {
    id: row.id,
    url: row.url,
    descricao: row.descricao,
    tipos: knownTypes(row.tipos),
    incluirMembro: row.incluirMembro,
    segredoInicio: secretStart(row.segredo),
    segredoAnteriorAte: row.segredoAnterior && row.segredoAnteriorAte && row.segredoAnteriorAte > now ? row.segredoAnteriorAte.toISOString() : null,
    pausadoEm: iso(row.pausadoEm),
    motivoPausa: row.motivoPausa,
    falhandoDesde: iso(row.falhandoDesde),
    criadoEm: row.criadoEm.toISOString(),
    entregas: { pendentes: count('pendente'), entregues: count('entregue'), falharam: count('falhou') },
  };
}

/** The audited picture of an endpoint (no secret). */
const audited = (r: { url: string; descricao: string; tipos: string[]; incluirMembro: boolean; pausadoEm?: Date | null }) => ({ url: r.url, descricao: r.descricao, tipos: r.tipos, incluirMembro: r.incluirMembro, pausado: !!r.pausadoEm });

export async function listEndpoints(prisma: Db): Promise<{ itens: WebhookEndpoint[] }> {
  const rows = await prisma.webhookEndpoint.findMany({ orderBy: { criadoEm: 'desc' } });
  return { itens: await Promise.all(rows.map((r) => toEndpoint(prisma, r))) };
}

export async function getEndpoint(db: Db | Tx, id: string): Promise<WebhookEndpoint> {
  const row = await db.webhookEndpoint.findUnique({ where: { id } });
  if (!row) throw notFound(WEBHOOKS_MSG.endpointNaoEncontrado);
  return toEndpoint(db, row);
}

async function lock(tx: Tx, id: string): Promise<Row> {
  const [found] = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM webhook_endpoint WHERE id = ${id}::uuid FOR UPDATE`;
  if (!found) throw notFound(WEBHOOKS_MSG.endpointNaoEncontrado);
  return tx.webhookEndpoint.findUniqueOrThrow({ where: { id } });
}

export async function createEndpoint(prisma: Db, input: WebhookCreate, actor: Actor, allowPrivate: boolean): Promise<WebhookNewSecret> {
  await guardUrl(input.url, allowPrivate);
  const secret = newWebhookSecret();
  return prisma.$transaction(async (tx) => {
    const row = await tx.webhookEndpoint.create({ data: { url: input.url, descricao: input.descricao, tipos: input.tipos, incluirMembro: input.incluirMembro ?? false, segredo: secret, criadoPorId: actor.staffId } });
    await audit(tx, actor, 'webhooks.criar', row.id, null, audited(row));
    return { endpoint: await toEndpoint(tx, row), segredo: secret };
  });
}

/** PATCH: url, description, types; `pausado` pauses or resumes (a resume sends what waited). */
export async function updateEndpoint(prisma: Db, id: string, input: WebhookUpdate, actor: Actor, allowPrivate: boolean, kick: () => void): Promise<WebhookEndpoint> {
  if (input.url !== undefined) await guardUrl(input.url, allowPrivate);
  let resumed = false;
  const result = await prisma.$transaction(async (tx) => {
    const row = await lock(tx, id);
    const data: Prisma.WebhookEndpointUpdateInput = {};
    if (input.url !== undefined && input.url !== row.url) data.url = input.url;
    if (input.descricao !== undefined && input.descricao !== row.descricao) data.descricao = input.descricao;
    if (input.tipos !== undefined && JSON.stringify(input.tipos) !== JSON.stringify(knownTypes(row.tipos))) data.tipos = input.tipos;
    if (input.incluirMembro !== undefined && input.incluirMembro !== row.incluirMembro) data.incluirMembro = input.incluirMembro;
    if (input.pausado === true && !row.pausadoEm) Object.assign(data, { pausadoEm: new Date(), motivoPausa: 'Pausado por alguém da equipe.' });
    if (input.pausado === false && row.pausadoEm) {
      // A resume starts a new run: the failures before the pause no longer count toward the 5 days.
      Object.assign(data, { pausadoEm: null, motivoPausa: null, falhandoDesde: null });
      resumed = true;
    }
    if (Object.keys(data).length === 0) return toEndpoint(tx, row);
    const next = await tx.webhookEndpoint.update({ where: { id }, data });
    const action = input.pausado === true && !row.pausadoEm ? 'webhooks.pausar' : resumed ? 'webhooks.retomar' : 'webhooks.editar';
    await audit(tx, actor, action, id, audited(row), audited(next));
    return toEndpoint(tx, next);
  });
  if (resumed) kick();
  return result;
}

export async function deleteEndpoint(prisma: Db, id: string, actor: Actor): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const row = await lock(tx, id);
    // Its deliveries go with it (their jobs find no row and end).
    await tx.webhookEndpoint.delete({ where: { id } });
    await audit(tx, actor, 'webhooks.excluir', id, audited(row), null);
  });
}

/** A new secret, answered whole this once; the old one keeps signing beside it for 24 hours. */
export async function rotateSecret(prisma: Db, id: string, actor: Actor): Promise<WebhookNewSecret> {
  const secret = newWebhookSecret();
  return prisma.$transaction(async (tx) => {
    const row = await lock(tx, id);
    const until = new Date(Date.now() + ROTATION_OVERLAP_MS);
    const next = await tx.webhookEndpoint.update({ where: { id }, data: { segredo: secret, segredoAnterior: row.segredo, segredoAnteriorAte: until } });
    await audit(tx, actor, 'webhooks.rotacionar', id, { segredo: secretStart(row.segredo) }, { segredo: secretStart(secret), segredoAnteriorAte: until.toISOString() });
    return { endpoint: await toEndpoint(tx, next), segredo: secret };
  });
}

/** webhook.teste to this endpoint alone (paused or not: a paused one gets it when resumed). */
export async function sendTest(prisma: Db, id: string, actor: Actor, kick: () => void): Promise<WebhookDelivery> {
  const deliveryId = await prisma.$transaction(async (tx) => {
    await lock(tx, id);
    const [row] = await tx.$queryRaw<{ entrega: string }[]>`
      WITH ev AS (
        INSERT INTO evento (id, tipo, versao, dados, criado_em)
        VALUES ('evt_' || replace(gen_random_uuid()::text, '-', ''), 'webhook.teste', 1,
                jsonb_build_object('mensagem', 'Evento de teste do Legião.', 'endpointId', ${id}::text), now() AT TIME ZONE 'UTC')
        RETURNING id, criado_em)
      -- In the privacy lane (ADR 0046): a test sent from the back office arrives even behind a backlog.
      INSERT INTO webhook_entrega (id, evento_id, endpoint_id, criado_em, prioridade)
      SELECT gen_random_uuid(), ev.id, ${id}::uuid, ev.criado_em, 0 FROM ev
      RETURNING id::text AS entrega`;
    await audit(tx, actor, 'webhooks.testar', id, null, { entrega: row!.entrega });
    return row!.entrega;
  });
  kick();
  return getDelivery(prisma, id, deliveryId);
}
