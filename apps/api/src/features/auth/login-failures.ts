import type { Redis } from 'ioredis';

/**
 * Failed password attempts per account (the e-mail as typed, whether or not an account has it, so
 * a 429 never tells a stranger an address exists), counted in a fixed window. Brute force against
 * one account is stopped here; members sharing one address (a carrier's NAT, an office proxy) don't
 * count against each other, because nothing here is per IP (issue 14, ADR 0023).
 */
export interface LoginFailures {
  /** True when the account has reached the limit in the current window. */
  isLocked(email: string): Promise<boolean>;
  record(email: string): Promise<void>;
  /** A successful login starts the count again. */
  clear(email: string): Promise<void>;
}

export class MemoryLoginFailures implements LoginFailures {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async isLocked(email: string) {
    const entry = this.entries.get(email);
    return entry !== undefined && entry.resetAt > this.now() && entry.count >= this.max;
  }

  async record(email: string) {
    const now = this.now();
    const entry = this.entries.get(email);
    if (entry && entry.resetAt > now) entry.count++;
    else this.entries.set(email, { count: 1, resetAt: now + this.windowMs });
    // An attacker trying many addresses must not grow the map for ever: drop what has expired.
    if (this.entries.size > 10_000) for (const [k, e] of this.entries) if (e.resetAt <= now) this.entries.delete(k);
  }

  async clear(email: string) {
    this.entries.delete(email);
  }
}

/**
 * The same counts in Redis, shared by every API process (REDIS_URL). While Redis is away (a
 * command fails at once or within REDIS_TIMEOUT_MS, lib/redis.ts) this process counts in its own
 * memory instead, so a login never waits for Redis and brute force against one account is still
 * stopped, per process (docs/decisions/0037-redis-outage.md). A lock reached in memory holds for
 * its window even after Redis is back; the counts in Redis go on from where they were.
 */
export class RedisLoginFailures implements LoginFailures {
  private readonly local: MemoryLoginFailures;

  constructor(
    private readonly redis: Redis,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly prefix = 'legiao-login-falhas:',
    /** A failed Redis command (the outage itself is logged by the client). */
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.local = new MemoryLoginFailures(max, windowMs);
  }

  async isLocked(email: string) {
    if (await this.local.isLocked(email)) return true;
    try {
      return Number((await this.redis.get(this.prefix + email)) ?? 0) >= this.max;
    } catch (err) {
      this.onError(err);
      return false;
    }
  }

  async record(email: string) {
    const key = this.prefix + email;
    try {
      const count = await this.redis.incr(key);
      // The first failure opens the window; a key left without expiry (a crash between the two
      // calls) gets one on the next failure.
      if (count === 1 || (await this.redis.pttl(key)) === -1) await this.redis.pexpire(key, this.windowMs);
    } catch (err) {
      this.onError(err);
      await this.local.record(email);
    }
  }

  async clear(email: string) {
    await this.local.clear(email);
    try {
      await this.redis.del(this.prefix + email);
    } catch (err) {
      this.onError(err);
    }
  }
}
