import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import { atMostEvery, redisReady } from '../lib/redis.js';

// @fastify/rate-limit's own two stores (the same Lua script and key names as before, the same
// in-memory window), combined below. They are not exported by name, hence the require.
const require = createRequire(import.meta.url);

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Result) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: object): Store;
}
type RedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => Store;
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreCtor;

/**
 * Counts in Redis, shared by every process, while Redis answers; in this process's memory while it
 * doesn't (docs/decisions/0037-redis-outage.md). A limit never waits for Redis and never fails
 * open: during an outage a burst is still bounded, per process (N processes allow up to N × max).
 * Back to Redis as soon as it is connected again; counts kept in memory meanwhile are dropped.
 */
class SharedOrLocalStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly redis: Redis,
    private readonly onError: (err: Error) => void,
  ) {}

  private use(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
    if (!redisReady(this.redis)) return this.local[method](key, cb, timeWindow, max);
    this.shared[method](
      key,
      (err, result) => {
        if (!err) return cb(null, result);
        this.onError(err);
        this.local[method](key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    this.use('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number) {
    this.use('read', key, cb, timeWindow, max);
  }

  child(routeOptions: object) {
    return new SharedOrLocalStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.redis, this.onError);
  }
}

/**
 * The `store` option of @fastify/rate-limit (it constructs it with the plugin's settings). A Redis
 * that is down is already logged by its client; a failure while connected (no answer in time) is
 * logged here, at most once every 10 s.
 */
export function sharedRateLimitStore(redis: Redis, nameSpace: string, log: { warn: (obj: object, msg: string) => void }) {
  const onError = atMostEvery(10_000, (err: Error) => log.warn({ err }, 'limites de tentativas: o Redis falhou; contando na memória deste processo'));
  return class extends SharedOrLocalStore {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      super(new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace), new LocalStore(continueExceeding, exponentialBackoff), redis, onError);
    }
  };
}
