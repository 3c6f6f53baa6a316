import { expect } from 'vitest';
import type { z } from 'zod';
import { WEBHOOK_EVENTS, type WebhookEventType } from '@legiao/contracts/webhooks/catalogue';
import type { Db } from '../../src/db/prisma.js';

// The outgoing webhooks' events as the database wrote them (evento, webhook_entrega), for the tests
// that cause them through the real paths (webhooks-events.test.ts). Test files share one database and
// other files subscribe endpoints of their own (some to every type), so an event is looked up by the
// ids of the rows its test made (dados @> {...}), and deliveries are counted for one endpoint only.

export type EventData<T extends WebhookEventType> = z.infer<(typeof WEBHOOK_EVENTS)[T]['dados']>;

export interface StoredEvent<T extends WebhookEventType = WebhookEventType> {
  id: string;
  tipo: T;
  versao: number;
  dados: EventData<T>;
  criadoEm: Date;
  /** Deliveries of this event to the endpoint asked about. */
  entregas: number;
}

/** Every event of `tipo` whose payload contains `match` (jsonb @>), oldest first, with its deliveries to `endpointId`. */
export async function eventsOf<T extends WebhookEventType>(prisma: Db, endpointId: string, type: T, match: Record<string, unknown>): Promise<StoredEvent<T>[]> {
  return prisma.$queryRaw<StoredEvent<T>[]>`
    SELECT e.id, e.tipo, e.versao, e.dados, e.criado_em AS "criadoEm",
           (SELECT count(*)::int FROM webhook_entrega w WHERE w.evento_id = e.id AND w.endpoint_id = ${endpointId}::uuid) AS entregas
      FROM evento e
     WHERE e.tipo = ${type} AND e.dados @> ${JSON.stringify(match)}::jsonb
     ORDER BY e.criado_em, e.id`;
}

/** Events (any type) whose payload contains `match`: for the changes that must have written none. */
export async function anyEventsOf(prisma: Db, match: Record<string, unknown>, types?: WebhookEventType[]): Promise<{ id: string; tipo: string }[]> {
  const rows = await prisma.$queryRaw<{ id: string; tipo: string }[]>`
    SELECT id, tipo FROM evento WHERE dados @> ${JSON.stringify(match)}::jsonb ORDER BY criado_em, id`;
  return types ? rows.filter((r) => types.includes(r.tipo as WebhookEventType)) : rows;
}

/** The payload against its catalogue schema, strictly: a key the catalogue doesn't name fails too. */
export function parseStrict<T extends WebhookEventType>(type: T, data: unknown): EventData<T> {
  const schema = WEBHOOK_EVENTS[type].dados as unknown as z.ZodObject;
  return schema.strict().parse(data) as EventData<T>;
}

/** ISO 8601 in UTC with milliseconds, as the API answers dates (and the catalogue promises). */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The one event of `tipo` whose payload contains `match`: written once (whatever the number of
 * subscribers), version 1, its payload valid against the catalogue (strict, its dates ISO 8601 UTC),
 * and exactly one delivery of it to `endpointId`.
 */
export async function expectOneEvent<T extends WebhookEventType>(prisma: Db, endpointId: string, type: T, match: Record<string, unknown>): Promise<StoredEvent<T>> {
  const found = await eventsOf(prisma, endpointId, type, match);
  expect(found, `${type} ${JSON.stringify(match)}`).toHaveLength(1);
  const event = found[0]!;
  expect(event.id).toMatch(/^evt_[0-9a-f]{32}$/);
  expect(event.versao).toBe(1);
  expect(event.entregas, `deliveries of ${event.id} to ${endpointId}`).toBe(1);
  const parsed = parseStrict(type, event.dados);
  expect(parsed).toEqual(event.dados);
  // Every field the catalogue calls a date and time is one, in UTC (the schema only says string).
  const shape = (WEBHOOK_EVENTS[type].dados as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
  for (const [key, field] of Object.entries(shape)) {
    if (field.description?.startsWith('Data e hora')) expect((event.dados as Record<string, unknown>)[key], `${type}.${key}`).toMatch(ISO_UTC);
  }
  return event;
}
