import type { Prisma } from '../../../generated/prisma/client.js';
import type { Db } from '../../../db/prisma.js';

// The audit trail (docs/decisions/0027-back-office.md): one row per staff write, inserted in the
// SAME transaction as the write, so a write without its row (or the reverse) cannot be committed.
// The table refuses UPDATE, DELETE and TRUNCATE (a trigger): entries are only ever added.

export interface AuditInput {
  /** Who acted; null for writes made outside the API (the admin:grant CLI). */
  actorId: string | null;
  /** A short wire string: 'beneficio.criar', 'cupons.importar', 'equipe.papeis'. */
  action: string;
  /** What was written: 'beneficio', 'banner', 'equipe'... */
  entity: string;
  entityId: string | number | null;
  /** Plain JSON of the entity before and after (null for a create or a delete). */
  before: unknown;
  after: unknown;
  /** request.id (the X-Request-Id the answer carried), or a label such as 'cli'. */
  requestId: string | null;
}

/** A Prisma client or transaction client, or a pg client inside its own BEGIN/COMMIT. */
export type AuditDb = Db | Prisma.TransactionClient | { query: (text: string, values: unknown[]) => Promise<unknown> };

const SQL = `INSERT INTO auditoria (id, autor_id, acao, entidade, entidade_id, antes, depois, request_id, criado_em)
  VALUES (gen_random_uuid(), $1::uuid, $2, $3, $4, $5::jsonb, $6::jsonb, $7, now() AT TIME ZONE 'UTC')`;

/** JSON text of a value (Dates as ISO strings, bigints as strings), or null. */
function toJson(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v));
}

export async function recordAudit(db: AuditDb, entry: AuditInput): Promise<void> {
  const values = [
    entry.actorId,
    entry.action,
    entry.entity,
    entry.entityId === null ? null : String(entry.entityId),
    toJson(entry.before),
    toJson(entry.after),
    entry.requestId,
  ];
  if ('$executeRawUnsafe' in db) await db.$executeRawUnsafe(SQL, ...values);
  else await db.query(SQL, values);
}
