import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_WAITING_ROOM } from '@legiao/contracts';
import { createPrisma, type Db } from '../src/db/prisma.js';
import { createUser, TEST_PASSWORD, uniqueEmail } from './support/factories.js';
import { scaleDatabase, startApiProcess, stopAll, type ApiProcess } from './support/api-process.js';
import { startOwnRedis, type OwnRedis } from './support/own-redis.js';

// Issue 23 section 3, docs/decisions/0037-redis-outage.md: the portal (WORKERS=2) on a Redis of the
// test's own, clients calling in a loop; Redis is SIGKILLed for 5 s and started again on the same
// port (empty: no persistence). No call may wait for Redis; what needs no Redis keeps answering
// 200; login, which needs the waiting room's state, answers a fast Portuguese 503 with Retry-After;
// once Redis is back everything works again, counted in Redis, without restarting the portal.

/** The longest any call may take, whatever Redis does (the limit is 250 ms per Redis command). */
const MAX_CALL_MS = 1000;
const OUTAGE_MS = 5000;
/** Redis back: every process reconnects within this (reconnect attempts are at most 500 ms apart). */
const RECOVERY_MS = 1500;
const AUTH_MAX = 3;

type Phase = 'antes' | 'fora' | 'volta';
interface Call {
  kind: 'login' | 'faq' | 'logged' | 'ws';
  phase: Phase;
  start: number;
  ms: number;
  status: number;
  code?: string;
  message?: string;
  retryAfter?: string | null;
}

let redis: OwnRedis;
let api: ApiProcess;
let db: { url: string; drop: () => Promise<void> };
let prisma: Db;
let prefix: string;
const processes: ApiProcess[] = [];

beforeAll(async () => {
  redis = await startOwnRedis();
  db = await scaleDatabase('redis_outage');
  const run = randomUUID().slice(0, 12);
  prefix = `legiao-test-redis:${run}:`;
  api = await startApiProcess({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: prefix,
    FILA_REDIS_PREFIX: `legiao-test-redis:{fila-${run}}:`,
    WORKERS: '2',
    LOG_LEVEL: 'info',
    RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
    // The login loops below must not meet the per-IP login ceiling (all of them come from 127.0.0.1).
    RATE_LIMIT_LOGIN_IP_MAX: '100000',
  });
  processes.push(api);
  // /api/ready answered from one worker: wait for both to listen.
  for (const started = Date.now(); (api.output().match(/Server listening/g)?.length ?? 0) < 2; await sleep(100)) {
    if (Date.now() - started > 60_000) throw new Error(`os dois processos não ficaram prontos:\n${api.output()}`);
  }
  prisma = createPrisma(db.url, 2);
}, 180_000);

afterAll(async () => {
  await stopAll(processes);
  await prisma?.$disconnect();
  await db?.drop();
  await redis?.stop();
}, 30_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(method: 'GET' | 'POST', url: string, body?: object, headers: Record<string, string> = {}) {
  const started = Date.now();
  const res = await fetch(url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
    // A hung call still ends (and is counted as one that waited too long).
    signal: AbortSignal.timeout(15_000),
  }).catch(() => null);
  const ms = Date.now() - started;
  if (!res) return { status: 0, ms, json: null as unknown, retryAfter: null };
  const json = await res.json().catch(() => null);
  return { status: res.status, ms, json, retryAfter: res.headers.get('retry-after') };
}

const firstError = (json: unknown) => (json as { errors?: { code?: string; message?: string }[] } | null)?.errors?.[0];

describe('Redis killed for 5 s under the portal (WORKERS=2)', () => {
  it('waits for nothing, answers what needs no Redis, refuses login with a fast Portuguese 503, and recovers by itself', async () => {
    const { email } = await createUser(prisma);
    const login = await call('POST', `${api.base}/api/auth/login`, { email, senha: TEST_PASSWORD });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    const token = (login.json as { token: { token: string } }).token.token;
    // A fresh process's first calls are slow for reasons of their own (compiling, first queries):
    // warm both workers up before measuring.
    for (let i = 0; i < 4; i++) {
      await Promise.all([0, 1, 2, 3].flatMap(() => [call('POST', `${api.base}/api/auth/login`, { email, senha: TEST_PASSWORD }), call('GET', `${api.base}/api/faq`), call('GET', `${api.base}/api/usuario/logged`, undefined, { authorization: `Bearer ${token}` })]));
    }

    let phase: Phase = 'antes';
    let stopped = false;
    const calls: Call[] = [];
    const record = (kind: Call['kind'], start: number, r: { status: number; ms: number; json: unknown; retryAfter: string | null }, p: Phase) => {
      const e = firstError(r.json);
      calls.push({ kind, phase: p, start, ms: r.ms, status: r.status, code: e?.code, message: e?.message, retryAfter: r.retryAfter });
    };
    const loop = async (kind: Call['kind'], once: () => Promise<{ status: number; ms: number; json: unknown; retryAfter: string | null }>, pauseMs = 25) => {
      while (!stopped) {
        const p = phase;
        const start = Date.now();
        record(kind, start, await once(), p);
        await sleep(pauseMs);
      }
    };

    // The waiting room's socket: one request at a time (GetActiveUsers needs the queue's counts).
    const clientId = `cli-${randomUUID()}`;
    const ws = new WebSocket(api.wsUrl);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    let wsClosed = false;
    ws.on('close', () => (wsClosed = true));
    let answer: ((m: { type: string; code?: string; message?: string }) => void) | null = null;
    const received: { type: string; code?: string }[] = [];
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { type: string; code?: string; message?: string };
      received.push(m);
      if (m.type === 'ReceiveActiveUsers' || m.type === 'Error') answer?.(m);
    });
    // The member behind this socket is admitted (logged in, as the web app keeps its socket).
    ws.send(JSON.stringify({ type: 'TryLogin', clientId }));
    await expect.poll(() => received.map((m) => m.type)).toContain('ProceedToLogin');
    const wsCall = async () => {
      const started = Date.now();
      const m = await new Promise<{ type: string; code?: string; message?: string } | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), 15_000);
        answer = (msg) => {
          clearTimeout(timer);
          answer = null;
          resolve(msg);
        };
        ws.send(JSON.stringify({ type: 'GetActiveUsers', clientId }));
      });
      const ok = m?.type === 'ReceiveActiveUsers';
      return { status: m === null ? 0 : ok ? 200 : 503, ms: Date.now() - started, json: ok || !m ? null : { errors: [{ code: m.code, message: m.message }] }, retryAfter: null };
    };

    const loops = [
      ...[0, 1, 2].map(() => loop('login', () => call('POST', `${api.base}/api/auth/login`, { email, senha: TEST_PASSWORD }))),
      ...[0, 1].map(() => loop('faq', () => call('GET', `${api.base}/api/faq`))),
      ...[0, 1].map(() => loop('logged', () => call('GET', `${api.base}/api/usuario/logged`, undefined, { authorization: `Bearer ${token}` }))),
      // The hub allows 10 messages a second per socket.
      loop('ws', wsCall, 150),
    ];

    await sleep(1500);
    const killedAt = Date.now();
    await redis.kill();
    phase = 'fora';
    await sleep(OUTAGE_MS / 2);
    const ready = await call('GET', `${api.base}/api/ready`);
    await sleep(OUTAGE_MS / 2);
    await redis.start();
    const restartedAt = Date.now();
    phase = 'volta';
    // Everything reconnects by itself, each worker within about half a second: from RECOVERY_MS
    // after the restart on, every call must work again.
    await sleep(RECOVERY_MS + 1500);
    stopped = true;
    await Promise.all(loops);
    const socketDropped = wsClosed;
    // Redis came back empty; the worker holding the socket put its admitted client back, so the
    // member's next renewal is not answered FORA_DA_FILA (which logs a member out).
    ws.send(JSON.stringify({ type: 'UpdateActivity', clientId }));
    await sleep(500);
    ws.close();

    // Per phase: "kind status code" -> how many, and the slowest (ms).
    const summary = (p: Phase) => {
      const groups: Record<string, number[]> = {};
      for (const c of calls.filter((x) => x.phase === p)) (groups[`${c.kind} ${c.status}${c.code ? ` ${c.code}` : ''}`] ??= []).push(c.ms);
      return Object.fromEntries(Object.entries(groups).map(([key, ms]) => [key, `${ms.length} (até ${Math.max(...ms)} ms)`]));
    };
    // The last call after the restart that still met Redis away, counted from the restart.
    const lastFailure = Math.max(restartedAt, ...calls.filter((c) => c.phase === 'volta' && c.status !== 200).map((c) => c.start + c.ms));
    const report = JSON.stringify({ antes: summary('antes'), fora: summary('fora'), volta: summary('volta'), recoveryMs: lastFailure - restartedAt, slowestMs: Math.max(...calls.map((c) => c.ms)) });

    console.info(`Redis fora por ${OUTAGE_MS / 1000} s: ${report}`);
    // No call waited for Redis.
    const slow = calls.filter((c) => c.ms > MAX_CALL_MS);
    expect(slow.length, report).toBe(0);
    // What needs no Redis answered 200 throughout.
    for (const kind of ['faq', 'logged'] as const) {
      const mine = calls.filter((c) => c.kind === kind);
      expect(mine.length, report).toBeGreaterThan(20);
      expect(mine.filter((c) => c.status !== 200), report).toEqual([]);
    }
    // Before and after: every login and waiting-room call worked (not those still running at the
    // kill, nor the first moments after the restart, while the connections come back).
    for (const c of calls.filter((x) => (x.phase === 'antes' && x.start + x.ms < killedAt) || (x.phase === 'volta' && x.start >= restartedAt + RECOVERY_MS))) expect(c.status, report).toBe(200);
    expect(calls.filter((c) => c.phase === 'volta' && c.start >= restartedAt + RECOVERY_MS && c.kind === 'login').length, report).toBeGreaterThan(10);
    // While Redis was away: login answered the Portuguese 503 with Retry-After, which the web app
    // retries by itself (OPS_RETRY_CODES); never a 500.
    const outageLogins = calls.filter((c) => c.kind === 'login' && c.phase === 'fora');
    expect(outageLogins.length, report).toBeGreaterThan(20);
    for (const c of outageLogins) {
      expect({ status: c.status, code: c.code, message: c.message }, report).toEqual({ status: 503, code: 'FILA_INDISPONIVEL', message: MSG_WAITING_ROOM.indisponivel });
      expect(Number(c.retryAfter), report).toBeGreaterThan(0);
    }
    // The waiting room's socket stayed open and answered each message with INDISPONIVEL, not silence.
    expect(socketDropped, report).toBe(false);
    const outageWs = calls.filter((c) => c.kind === 'ws' && c.phase === 'fora');
    expect(outageWs.length, report).toBeGreaterThan(5);
    for (const c of outageWs) expect({ status: c.status, code: c.code }, report).toEqual({ status: 503, code: 'INDISPONIVEL' });
    expect(calls.filter((c) => c.kind === 'ws' && c.phase === 'volta' && c.status === 200).length, report).toBeGreaterThan(0);
    expect(received.filter((m) => m.code === 'FORA_DA_FILA'), report).toEqual([]);
    // Readiness while Redis was away: Redis is shared by every process, so it takes none of them out
    // of the balancer's rotation (that would be the whole portal down, even for what works without it).
    expect(ready.status, JSON.stringify(ready.json)).toBe(200);
    expect(ready.json).toMatchObject({ status: 'ok', database: true, redis: false });

    // Counted in Redis again, not in each process's memory: the per-account failures lock the account
    // after AUTH_MAX wrong passwords whichever worker answers, and both counters have keys in the new Redis.
    const victim = uniqueEmail('alvo');
    for (let i = 0; i < AUTH_MAX; i++) {
      const r = await call('POST', `${api.base}/api/auth/login`, { email: victim, senha: 'Errada#123' });
      expect(r.status, JSON.stringify(r.json)).toBe(401);
    }
    const locked = await call('POST', `${api.base}/api/auth/login`, { email: victim, senha: 'Errada#123' });
    expect(locked.status).toBe(429);
    expect(firstError(locked.json)?.message).toBe(MSG.muitasTentativas);
    const inspect = new Redis(redis.url, { lazyConnect: true });
    try {
      await inspect.connect();
      expect(await inspect.get(`${prefix}login-falhas:${victim}`)).toBe(String(AUTH_MAX));
      expect((await inspect.keys(`${prefix}rl:*`)).length).toBeGreaterThan(0);
    } finally {
      inspect.disconnect();
    }
    // The portal was never restarted.
    expect(api.child.exitCode).toBe(null);
  }, 90_000);
});
