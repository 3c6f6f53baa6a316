import { Redis, type Command } from 'ioredis';

/**
 * Every Redis client of the API is made here, so that none of them can make a request wait for a
 * Redis that is away (docs/decisions/0037-redis-outage.md):
 * - no offline queue and no retries per request: while the connection is down a command fails at
 *   once, and the commands in flight when it drops fail when it drops (never re-sent later: an
 *   INCR must not count twice);
 * - each command has at most `commandTimeoutMs` (REDIS_TIMEOUT_MS) for its answer, for a Redis
 *   that is connected but silent (a network partition, a server stopped with SIGSTOP); then the
 *   connection is dropped, so the next commands fail at once too;
 * - reconnecting never stops: 50 ms more per attempt, at most half a second apart, each attempt
 *   given REDIS_CONNECT_TIMEOUT_MS, so everything is back within about a second of Redis.
 * The features decide what a failed command means (a fallback in memory, or a 503).
 */

export const REDIS_TIMEOUT_DEFAULT_MS = 250;
export const REDIS_CONNECT_TIMEOUT_MS = 2000;
const RECONNECT_STEP_MS = 50;
const RECONNECT_MAX_MS = 500;

export interface RedisClientOptions {
  /** Names the connection in the logs. */
  name: string;
  commandTimeoutMs?: number;
  /**
   * A subscriber's SUBSCRIBE waits for the connection (it keeps the offline queue; ioredis
   * subscribes again after each reconnect). No request ever waits on a subscriber.
   */
  subscriber?: boolean;
  /** Told once when the connection is lost (its first error) and once when it is back, not at every attempt. */
  log?: { warn: (obj: object, msg: string) => void; info: (msg: string) => void };
}

/** A command that had no answer in time. */
export class RedisTimeoutError extends Error {
  override name = 'RedisTimeoutError';
}

/**
 * ioredis's own `commandTimeout` (and `socketTimeout`) is a plain timer: after the event loop was
 * held for longer than the limit (a busy moment under a crowd), it fires before the answer already
 * waiting in the socket is read. Here the timer only arms a check for after the next I/O poll
 * (setImmediate), so an answer that arrived in time is taken and only a Redis that really said
 * nothing fails. Such a Redis is then treated as gone: its connection is dropped, so the commands
 * after it fail at once instead of each waiting out its own timer, and the client reconnects
 * (a Redis that is stopped or cut off answers nothing until it is back).
 */
class FailFastRedis extends Redis {
  private readonly commandTimeoutMs: number;

  constructor(url: string, subscriber: boolean, commandTimeoutMs: number) {
    super(url, {
      enableOfflineQueue: subscriber,
      maxRetriesPerRequest: subscriber ? null : 0,
      autoResendUnfulfilledCommands: subscriber,
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt: number) => Math.min(attempt * RECONNECT_STEP_MS, RECONNECT_MAX_MS),
    });
    this.commandTimeoutMs = subscriber ? 0 : commandTimeoutMs;
  }

  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    const result = super.sendCommand(command, stream);
    if (this.commandTimeoutMs > 0 && !command.isSettled) {
      const sentOn = this.stream;
      const timer = setTimeout(
        () =>
          setImmediate(() => {
            if (command.isSettled) return;
            const err = new RedisTimeoutError(`Redis não respondeu ${command.name} em ${this.commandTimeoutMs} ms`);
            command.reject(err);
            if (this.stream === sentOn && !sentOn.destroyed) sentOn.destroy(err);
          }),
        this.commandTimeoutMs,
      );
      const clear = () => clearTimeout(timer);
      command.promise.then(clear, clear);
    }
    return result;
  }
}

export function createRedis(url: string, opts: RedisClientOptions): Redis {
  const client = new FailFastRedis(url, Boolean(opts.subscriber), opts.commandTimeoutMs ?? REDIS_TIMEOUT_DEFAULT_MS);
  // One line when the connection is lost and one when it is back, not one per reconnect attempt.
  let lost = false;
  const loss = (err?: Error) => {
    if (lost) return;
    lost = true;
    opts.log?.warn(err ? { err } : {}, `redis (${opts.name}): sem conexão; tentando de novo a cada meio segundo`);
  };
  client.on('error', (err: Error) => loss(err));
  // 'reconnecting', not 'close': a close by quit() at shutdown is no loss.
  client.on('reconnecting', () => loss());
  client.on('ready', () => {
    if (!lost) return;
    lost = false;
    opts.log?.info(`redis (${opts.name}): conectado de novo`);
  });
  return client;
}

/** The connection is up: a command sent now gets an answer or a reply error, not an immediate refusal. */
export const redisReady = (client: Redis) => client.status === 'ready';

// Redis answering, but unable to serve (still loading its data after a restart, busy with a
// script, a replica after a failover, out of memory): as good as away for the callers.
const UNAVAILABLE_REPLY = /^(LOADING|BUSY|READONLY|MASTERDOWN|OOM|CLUSTERDOWN|TRYAGAIN|NOREPLICAS)\b/;
const CONNECTION_MESSAGE = /Stream isn't writeable|Connection is closed|max retries per request|Socket timeout/i;
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * Redis is away (no connection, no answer in time, or a reply that says it cannot serve now), as
 * opposed to an error that is a bug of ours (a wrong script, a wrong key type), which stays a 500.
 */
export function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err instanceof RedisTimeoutError || err.name === 'MaxRetriesPerRequestError') return true;
  if (err.name === 'ReplyError') return UNAVAILABLE_REPLY.test(err.message);
  return CONNECTION_MESSAGE.test(err.message) || CONNECTION_CODES.has((err as NodeJS.ErrnoException).code ?? '');
}

/** Calls `fn` at most once every `ms`: one log line per stretch of failures, not one per request. */
export function atMostEvery<T extends unknown[]>(ms: number, fn: (...args: T) => void): (...args: T) => void {
  let last = -Infinity;
  return (...args: T) => {
    const now = Date.now();
    if (now - last < ms) return;
    last = now;
    fn(...args);
  };
}
