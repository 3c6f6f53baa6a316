import type { Decision } from './rule-engine.js';

// The member's rule decision for GET /api/lancamentos, kept per process for a few seconds
// (docs/decisions/0047-launches.md, "The home under the launch's load"). The home asks for the
// member's launches on every page, and each launch listed was one rule query (decide): on launch day
// that is the crowd's hottest statement. Here a decision is kept per (member, launch, the launch row's
// version) for DECISION_CACHE_TTL_MS.
//
// What it may show late, and for how long:
// - the launch edited, published again or archived: never late. The key holds the row's `xmin`, read
//   with the list itself (one statement, every request), so a new version of the row is a new key in
//   every process at once;
// - the allowance used or given back by the store's orders: never late in the process that applied
//   them (pedidos.service.ts forgets the batch's buyers after its commit); at most
//   DECISION_CACHE_TTL_MS late in another process (WORKERS > 1, several machines);
// - the member's own measures changing for another reason (a purchase verified by staff, a balance
//   spent, a seal reached, the account blocked): at most DECISION_CACHE_TTL_MS late.
// Only the member's list reads it. The store's entitlement check, the orders, POST .../acesso, the
// .ics and the back office's previews decide live: nothing a sale depends on is ever cached here.
//
// A fill that raced a forget is not kept: each forget takes a number from one counter, and a decision
// read before the member's last forget (by number) is answered but not stored, so a read that saw the
// database before an order's commit cannot outlive the forget that follows that commit.

export const DECISION_CACHE_TTL_MS = 5000;
/** Members kept before the map starts afresh (a decision is ~1 KB with its reasons). */
const MAX_MEMBERS = 50_000;
/** Forgets older than this are dropped from memory; a fill that took longer is not kept. */
const FORGET_MEMORY_MS = 60_000;

interface Entry {
  decision: Decision | null;
  until: number;
}

/** A fill's ticket: the forget counter and the clock when its read started. */
export interface Ticket {
  seq: number;
  at: number;
}

export class DecisionCache {
  private members = new Map<string, Map<string, Entry>>();
  private seq = 0;
  /** member -> the number and time of their last forget */
  private forgotten = new Map<string, { seq: number; at: number }>();

  constructor(
    private readonly ttlMs = DECISION_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Before reading the database for a fill. */
  ticket(): Ticket {
    return { seq: this.seq, at: this.now() };
  }

  get(userId: string, launchKey: string): Entry | undefined {
    const hit = this.members.get(userId)?.get(launchKey);
    return hit && hit.until > this.now() ? hit : undefined;
  }

  /** Keeps a decision read after `ticket` was taken, unless the member was forgotten since. */
  set(userId: string, launchKey: string, decision: Decision | null, ticket: Ticket): void {
    if (this.ttlMs <= 0) return;
    const now = this.now();
    const last = this.forgotten.get(userId);
    if ((last && last.seq > ticket.seq) || now - ticket.at > FORGET_MEMORY_MS) return;
    let mine = this.members.get(userId);
    if (!mine) {
      if (this.members.size >= MAX_MEMBERS) this.members.clear();
      mine = new Map();
      this.members.set(userId, mine);
    }
    mine.set(launchKey, { decision, until: now + this.ttlMs });
  }

  /** After a commit that changed what these members' decisions say (their allowance, their measures). */
  forget(userIds: Iterable<string>): void {
    const now = this.now();
    for (const id of userIds) {
      this.members.delete(id);
      this.forgotten.set(id, { seq: ++this.seq, at: now });
    }
    if (this.forgotten.size > MAX_MEMBERS) {
      for (const [id, f] of this.forgotten) if (now - f.at > FORGET_MEMORY_MS) this.forgotten.delete(id);
    }
  }

  /** Every member (tests; a launch's new row version already makes new keys). */
  clear(): void {
    this.forget([...this.members.keys()]);
  }
}

/** This process's cache (the member's list reads it; the orders forget their buyers in it). */
export const memberDecisions = new DecisionCache();
