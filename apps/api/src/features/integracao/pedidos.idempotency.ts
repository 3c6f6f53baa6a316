import { createHash } from 'node:crypto';
import type pg from 'pg';

// A call of the integration with an `Idempotency-Key` (IETF draft "The Idempotency-Key HTTP Header
// Field"; docs/decisions/0041-store-integration.md): the same key and body answer the stored answer
// again, for 24 hours; the same key with another body is refused (422); while the first call with a
// key still runs, another is refused (409). The orders are idempotent by their own ids anyway: the
// key only makes a retry read the first answer ('aplicado') instead of 'recebido'.
//
// "Still running" is a session advisory lock on the connection that does the work, not a row: a
// process killed in the middle of a call loses its connection, PostgreSQL drops the lock with it,
// and the store's retry runs at once instead of waiting for a row to expire.

/** Answers are kept this long. */
const KEEP_HOURS = 24;
/** Expired answers are deleted at most this often per process. */
const CLEAN_EVERY_MS = 10 * 60_000;
/**
 * Calls of the integration applied at once in one process: each holds a pooled connection for its
 * transaction, and members' requests must always find one (a process's pool has 10).
 * The rest wait their turn in memory; the orders' unique keys make the order of turns irrelevant.
 */
const AT_ONCE = 3;

class Slots {
  private free = AT_ONCE;
  private readonly waiting: (() => void)[] = [];
  async acquire() {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}
const slots = new Slots();
let lastClean = 0;

export type CallOutcome<T> = { kind: 'answer'; status: number; body: T; replayed: boolean } | { kind: 'outro-corpo' } | { kind: 'em-andamento' };

/** What identifies a body: the SHA-256 of its JSON (the parsed body, written again: same bytes, same digest). */
export const bodyDigest = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

async function stored(client: pg.ClientBase, clientId: string, key: string) {
  const { rows } = await client.query<{ corpo: string; status: number; resposta: unknown }>(
    `SELECT corpo, status, resposta FROM lote_integracao
      WHERE cliente_id = $1::uuid AND chave = $2 AND criado_em > now() AT TIME ZONE 'UTC' - make_interval(hours => $3)`,
    [clientId, key, KEEP_HOURS],
  );
  return rows[0];
}

/**
 * Runs `work` on a pooled connection of its own (in turn: at most AT_ONCE per process), under the
 * key's rules when there is a key. The connection is dropped, not returned, after any failure.
 */
export async function runCall<T>(pool: pg.Pool, opts: { clientId: string; key?: string; digest: string }, work: (client: pg.PoolClient) => Promise<{ status: number; body: T }>): Promise<CallOutcome<T>> {
  await slots.acquire();
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    slots.release();
    throw err;
  }
  const lock = `integracao:${opts.clientId}:${opts.key ?? ''}`;
  let locked = false;
  let failed = false;
  const replay = (s: { corpo: string; status: number; resposta: unknown }): CallOutcome<T> =>
    s.corpo === opts.digest ? { kind: 'answer', status: s.status, body: s.resposta as T, replayed: true } : { kind: 'outro-corpo' };
  try {
    if (!opts.key) return { kind: 'answer', ...(await work(client)), replayed: false };
    const before = await stored(client, opts.clientId, opts.key);
    if (before) return replay(before);
    const { rows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok`, [lock]);
    if (!rows[0]?.ok) return { kind: 'em-andamento' };
    locked = true;
    // The first call may have finished between the two reads.
    const meanwhile = await stored(client, opts.clientId, opts.key);
    if (meanwhile) return replay(meanwhile);
    const answer = await work(client);
    await client.query(
      `INSERT INTO lote_integracao (cliente_id, chave, corpo, status, resposta) VALUES ($1::uuid, $2, $3, $4, $5::jsonb)
       ON CONFLICT (cliente_id, chave) DO UPDATE SET corpo = EXCLUDED.corpo, status = EXCLUDED.status, resposta = EXCLUDED.resposta, criado_em = now() AT TIME ZONE 'UTC'`,
      [opts.clientId, opts.key, opts.digest, answer.status, JSON.stringify(answer.body)],
    );
    return { kind: 'answer', ...answer, replayed: false };
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    if (locked) await client.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [lock]).catch(() => (failed = true));
    // A failed connection may be in any state (and a lock it failed to drop dies with it).
    client.release(failed ? true : undefined);
    slots.release();
    if (opts.key && Date.now() - lastClean > CLEAN_EVERY_MS) {
      lastClean = Date.now();
      pool.query(`DELETE FROM lote_integracao WHERE criado_em < now() AT TIME ZONE 'UTC' - make_interval(hours => $1)`, [KEEP_HOURS]).catch(() => {});
    }
  }
}
