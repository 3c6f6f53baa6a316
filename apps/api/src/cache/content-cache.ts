import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';

// What staff change and members only read (banners, FAQ, catalogue, benefit definitions, survey
// definitions), held in memory in each API process and dropped the moment the database says one of
// its tables changed. The database says so itself: statement triggers on those tables
// `pg_notify('legiao_cache', <table>)`, delivered to every listening process when the writing
// transaction commits, whoever wrote (the API, a CLI, a seed, SQL by hand). While this process is
// not listening (connecting, or the connection dropped) nothing is kept: every read goes to the
// database, so a missed notification can never leave a stale answer behind.
// docs/decisions/0019-content-cache.md

export const CACHE_CHANNEL = 'legiao_cache';

/** An answer that is the same for everyone: its JSON, ready to send, and the strong ETag of it. */
export interface SharedAnswer<T> {
  value: T;
  json: string;
  etag: string;
}

export const etagOf = (json: string) => `"${createHash('sha1').update(json).digest('base64url')}"`;

/** Serialises once, at load time, what every member gets alike (the loader checks it against the contract). */
export function sharedAnswer<T>(value: T): SharedAnswer<T> {
  const json = JSON.stringify(value);
  return { value, json, etag: etagOf(json) };
}

interface Slot {
  tables: readonly string[];
  load: () => Promise<unknown>;
  current?: Promise<unknown>;
  /** Bumped by every invalidation: a load that started before one is not kept. */
  generation: number;
}

export interface CacheStats {
  hits: number;
  loads: number;
  invalidations: number;
}

export class ContentCache {
  private readonly slots = new Map<string, Slot>();
  private listening = false;
  private client?: pg.Client;
  private closed = false;
  private retry?: NodeJS.Timeout;
  /** The connection was lost and is being made again (one attempt a second). */
  private reconnecting = false;
  readonly stats: CacheStats = { hits: 0, loads: 0, invalidations: 0 };

  private readonly connectionString: string | undefined;

  /** `pool`: the app's pool, for the markers of sync(); the LISTEN connection is our own, on the same database. */
  constructor(private readonly pool: pg.Pool, private readonly log: (msg: string, err?: unknown) => void = () => {}) {
    this.connectionString = pool.options.connectionString;
  }

  /** Declares an entry: its loader and the tables whose changes invalidate it. */
  define<T>(name: string, tables: readonly string[], load: () => Promise<T>): () => Promise<T> {
    if (this.slots.has(name)) throw new Error(`cache entry ${name} defined twice`);
    const slot: Slot = { tables, load, generation: 0 };
    this.slots.set(name, slot);
    return () => this.read(slot) as Promise<T>;
  }

  private read(slot: Slot): Promise<unknown> {
    if (slot.current) {
      this.stats.hits++;
      return slot.current;
    }
    this.stats.loads++;
    const generation = slot.generation;
    const loading = slot.load();
    // Kept only while listening and if nothing changed during the load; a failed load is not kept.
    if (this.listening) {
      slot.current = loading;
      loading.then(
        () => {
          if (slot.generation !== generation || !this.listening) slot.current = undefined;
        },
        () => {
          if (slot.current === loading) slot.current = undefined;
        },
      );
    }
    return loading;
  }

  /** Drops every entry that reads `table` (or everything, without a table). */
  invalidate(table?: string) {
    for (const slot of this.slots.values()) {
      if (table === undefined || slot.tables.includes(table)) {
        slot.generation++;
        slot.current = undefined;
        this.stats.invalidations++;
      }
    }
  }

  /** Starts listening for changes; until then (and whenever the connection drops) nothing is kept. */
  async start(): Promise<void> {
    if (!this.connectionString || this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: 5000 });
    this.client = client;
    client.on('notification', (msg) => this.notified(msg.payload ?? ''));
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
      if (this.client !== client) return;
      // Anything cached before this connection may have missed a notification.
      this.invalidate();
      this.listening = true;
      if (this.reconnecting) {
        this.reconnecting = false;
        this.log('cache: conexão de LISTEN restabelecida; o cache recomeça vazio');
      }
    } catch (err) {
      this.lost(client, err);
    }
  }

  private readonly waiting = new Map<string, () => void>();

  private notified(payload: string) {
    if (payload.startsWith('sync:')) {
      this.waiting.get(payload)?.();
      this.waiting.delete(payload);
      return;
    }
    this.invalidate(payload || undefined);
  }

  /**
   * Resolves once every change committed before the call has reached this process: PostgreSQL
   * delivers notifications in commit order, so when our own marker arrives, the earlier ones have.
   * For read-your-writes where it matters (tests that write to the database and read back at once).
   */
  async sync(): Promise<void> {
    if (!this.listening) return;
    const marker = `sync:${randomUUID()}`;
    const arrived = new Promise<void>((resolve) => {
      this.waiting.set(marker, resolve);
      setTimeout(resolve, 2000).unref();
    });
    await this.pool.query('SELECT pg_notify($1, $2)', [CACHE_CHANNEL, marker]);
    await arrived;
    this.waiting.delete(marker);
  }

  private lost(client: pg.Client, err?: unknown) {
    if (this.client !== client) return;
    this.client = undefined;
    this.listening = false;
    this.invalidate();
    client.end().catch(() => {});
    if (this.closed) return;
    // Said once per loss, not once per attempt: a database away for a minute is one line, then "back".
    if (!this.reconnecting) {
      this.reconnecting = true;
      this.log('cache: conexão de LISTEN perdida; lendo do banco até reconectar', err);
    }
    this.retry = setTimeout(() => void this.start(), 1000);
    this.retry.unref();
  }

  get isListening() {
    return this.listening;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.listening = false;
    const client = this.client;
    this.client = undefined;
    this.invalidate();
    await client?.end().catch(() => {});
  }
}
