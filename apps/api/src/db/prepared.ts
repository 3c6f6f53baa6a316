import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * A statement named by its text: node-postgres parses it once per connection and PostgreSQL keeps its
 * plan (a generic one after five runs, when that costs no more than planning each time). For the
 * store's crowd, where a small call's statements cost more to plan than to run (bench/pedidos-chamada.mjs:
 * a call of 10 orders spent ~2.5 of its ~11 ms of PostgreSQL CPU parsing and planning).
 * Only for texts fixed in code (a text built per call would leave a statement per call on the connection).
 */
export function prepared(text: string, values?: unknown[]): pg.QueryConfig {
  return { name: `q-${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text, values };
}
