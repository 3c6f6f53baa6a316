import { WEBHOOKS_MSG, type WebhookDelivery, type WebhookDeliveryQuery } from '@legiao/contracts/admin/webhooks';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@legiao/contracts/webhooks/catalogue';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import type { Prisma } from '../../../generated/prisma/client.js';
import { poolOf, type Db } from '../../../db/prisma.js';
import { conflict, notFound } from '../../../errors/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Actor } from './endpoints.service.js';

// An endpoint's delivery log (docs/decisions/0042-webhooks.md): status, attempts, next attempt (read
// from the delivery's pg-boss job), the last answer's code and first KB; filtered by type, status and
// date. Retry one, or replay every failed delivery since a date: the rows go back to pendente without
// a job and the relay queues them (audited).

const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface Row {
  id: string;
  evento_id: string;
  tipo: string;
  status: WebhookDelivery['status'];
  tentativas: number;
  job_id: string | null;
  ultimo_codigo: number | null;
  ultima_resposta: string | null;
  ultimo_erro: string | null;
  criado_em: Date;
  entregue_em: Date | null;
}

/** When each pending delivery's job runs next (pg-boss's start_after); none when pg-boss never ran here. */
async function nextAttempts(prisma: Db, jobIds: string[]): Promise<Map<string, Date>> {
  if (jobIds.length === 0) return new Map();
  try {
    const { rows } = await poolOf(prisma).query<{ id: string; start_after: Date }>(
      `SELECT id::text, start_after FROM pgboss.job WHERE name = 'webhook-entrega' AND id = ANY($1::uuid[]) AND state IN ('created', 'retry')`,
      [jobIds],
    );
    return new Map(rows.map((r) => [r.id, r.start_after]));
  } catch (err) {
    if ((err as { code?: string }).code === '42P01' || (err as { code?: string }).code === '3F000') return new Map();
    throw err;
  }
}

async function toDeliveries(prisma: Db, rows: Row[]): Promise<WebhookDelivery[]> {
  const next = await nextAttempts(
    prisma,
    rows.filter((r) => r.status === 'pendente' && r.job_id).map((r) => r.job_id!),
  );
  return rows.map((r) => ({
    id: r.id,
    eventoId: r.evento_id,
    tipo: (WEBHOOK_EVENT_TYPES as readonly string[]).includes(r.tipo) ? (r.tipo as WebhookEventType) : 'webhook.teste',
    status: r.status,
    tentativas: r.tentativas,
    proximaTentativa: r.job_id ? iso(next.get(r.job_id) ?? null) : null,
    ultimoCodigo: r.ultimo_codigo,
    ultimaResposta: r.ultima_resposta,
    ultimoErro: r.ultimo_erro,
    criadoEm: r.criado_em.toISOString(),
    entregueEm: iso(r.entregue_em),
  }));
}

const SELECT = `SELECT e.id::text, e.evento_id, ev.tipo, e.status::text AS status, e.tentativas, e.job_id::text, e.ultimo_codigo,
                       e.ultima_resposta, e.ultimo_erro, e.criado_em, e.entregue_em
                  FROM webhook_entrega e JOIN evento ev ON ev.id = e.evento_id`;

/** A date filter's instant: a bare day is that day in São Paulo; `ate` includes the whole day. */
function instant(value: string, endOfDay: boolean): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = Date.parse(`${value}T00:00:00-03:00`);
    return new Date(endOfDay ? start + 86_400_000 : start).toISOString();
  }
  return new Date(value).toISOString();
}

export async function listDeliveries(prisma: Db, endpointId: string, q: WebhookDeliveryQuery): Promise<AdminPage<WebhookDelivery>> {
  await assertEndpoint(prisma, endpointId);
  const where = ['e.endpoint_id = $1::uuid'];
  const values: unknown[] = [endpointId];
  const add = (sql: string, value: unknown) => {
    values.push(value);
    where.push(sql.replace('?', `$${values.length}`));
  };
  if (q.tipo) add('ev.tipo = ?', q.tipo);
  if (q.status) add('e.status = ?::status_entrega_webhook', q.status);
  if (q.de) add(`e.criado_em >= (?::timestamptz AT TIME ZONE 'UTC')`, instant(q.de, false));
  if (q.ate) add(`e.criado_em < (?::timestamptz AT TIME ZONE 'UTC')`, instant(q.ate, true));
  const pool = poolOf(prisma);
  const filter = where.join(' AND ');
  const order = q.ordem === 'criadoEm' ? 'ASC' : 'DESC';
  const [{ rows }, count] = await Promise.all([
    pool.query<Row>(`${SELECT} WHERE ${filter} ORDER BY e.criado_em ${order}, e.id ${order} LIMIT ${q.porPagina} OFFSET ${(q.pagina - 1) * q.porPagina}`, values),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_entrega e JOIN evento ev ON ev.id = e.evento_id WHERE ${filter}`, values),
  ]);
  return { itens: await toDeliveries(prisma, rows), total: count.rows[0]!.n, pagina: q.pagina, porPagina: q.porPagina };
}

export async function getDelivery(prisma: Db, endpointId: string, id: string): Promise<WebhookDelivery> {
  const { rows } = await poolOf(prisma).query<Row>(`${SELECT} WHERE e.id = $1::uuid AND e.endpoint_id = $2::uuid`, [id, endpointId]);
  if (!rows[0]) throw notFound(WEBHOOKS_MSG.entregaNaoEncontrada);
  return (await toDeliveries(prisma, rows))[0]!;
}

async function assertEndpoint(db: Db | Prisma.TransactionClient, id: string) {
  const found = await db.webhookEndpoint.findUnique({ where: { id }, select: { id: true } });
  if (!found) throw notFound(WEBHOOKS_MSG.endpointNaoEncontrado);
}

/** Sends one delivery again, failed or delivered (same webhook-id): back to pendente, queued by the relay. */
export async function retryDelivery(prisma: Db, endpointId: string, id: string, actor: Actor, kick: () => void): Promise<WebhookDelivery> {
  await prisma.$transaction(async (tx) => {
    await assertEndpoint(tx, endpointId);
    const [row] = await tx.$queryRaw<{ status: string }[]>`
      SELECT status::text FROM webhook_entrega WHERE id = ${id}::uuid AND endpoint_id = ${endpointId}::uuid FOR UPDATE`;
    if (!row) throw notFound(WEBHOOKS_MSG.entregaNaoEncontrada);
    if (row.status === 'pendente') throw conflict(WEBHOOKS_MSG.entregaNaoReenviavel, 'ENTREGA_PENDENTE');
    await tx.$executeRaw`UPDATE webhook_entrega SET status = 'pendente', job_id = NULL, entregue_em = NULL WHERE id = ${id}::uuid`;
    await recordAudit(tx, { actorId: actor.staffId, action: 'webhooks.reenviar', entity: 'webhook_endpoint', entityId: endpointId, before: { entrega: id, status: row.status }, after: { entrega: id, status: 'pendente' }, requestId: actor.requestId });
  });
  kick();
  return getDelivery(prisma, endpointId, id);
}

/** Every failed delivery of the endpoint since `desde`, sent again in one click. */
export async function replayFailed(prisma: Db, endpointId: string, since: string, actor: Actor, kick: () => void): Promise<{ reenviadas: number }> {
  const count = await prisma.$transaction(async (tx) => {
    await assertEndpoint(tx, endpointId);
    const from = instant(since, false);
    const n = await tx.$executeRaw`
      UPDATE webhook_entrega SET status = 'pendente', job_id = NULL
       WHERE endpoint_id = ${endpointId}::uuid AND status = 'falhou' AND criado_em >= (${from}::timestamptz AT TIME ZONE 'UTC')`;
    await recordAudit(tx, { actorId: actor.staffId, action: 'webhooks.reenviar-falhas', entity: 'webhook_endpoint', entityId: endpointId, before: null, after: { desde: since, reenviadas: n }, requestId: actor.requestId });
    return n;
  });
  if (count > 0) kick();
  return { reenviadas: count };
}
