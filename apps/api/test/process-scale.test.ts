import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitingRoomStateSchema } from '@legiao/contracts';
import { createPrisma, type Db } from '../src/db/prisma.js';
import { RedisQueueStore } from '../src/features/fila/store-redis.js';
import { WaitingRoomClient, join } from './fila-ws-client.js';
import { createUser, TEST_PASSWORD } from './support/factories.js';
import { mailsTo } from './support/mailbox.js';
import { scaleDatabase, scaleRedisEnv, startApiProcess, stopAll, TEST_REDIS_URL, type ApiProcess } from './support/api-process.js';

// Issue 15, "Done when": TWO real API processes (`src/server.ts`, each its own port, as a balancer
// would see them) on one PostgreSQL database and one Redis behave as one portal. They run on a
// database and Redis prefixes of their own (support/api-process.ts). The last test kills one.
const CAPACITY = 2;
const AUTH_MAX = 4;

let a: ApiProcess;
let b: ApiProcess;
let db: { url: string; drop: () => Promise<void> };
let prisma: Db;
let sql: pg.Client;
/** The shared queue, read directly (same prefix) to check the counts. */
let queue: RedisQueueStore;
let adminToken: string;
const processes: ApiProcess[] = [];
const clients: WaitingRoomClient[] = [];

beforeAll(async () => {
  db = await scaleDatabase('processos');
  const redisEnv = scaleRedisEnv();
  const env = {
    ...redisEnv,
    DATABASE_URL: db.url,
    FILA_CAPACIDADE: String(CAPACITY),
    FILA_ADMISSOES_POR_MINUTO: '60000',
    RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
    // Both mailers poll often, so they race for the same outbox rows.
    MAIL_RETRY_INTERVAL_MS: '100',
    // The automatic room on admitted members only (a busy CI machine's event loop must not trip it).
    FILA_AUTO: 'true',
    FILA_AUTO_ATIVOS: '3',
    FILA_AUTO_ATRASO_MS: '0',
    FILA_AUTO_POOL_AGUARDANDO: '0',
    FILA_AUTO_MINIMO_MS: '1000',
  };
  [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  processes.push(a, b);
  prisma = createPrisma(db.url, 2);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  queue = new RedisQueueStore({ url: TEST_REDIS_URL, prefix: redisEnv.FILA_REDIS_PREFIX, defaults: { capacidade: CAPACITY, admissoesPorMinuto: 60_000 }, inactivityMs: 120_000 });
  const admin = await createUser(prisma);
  // Staff who run the waiting room (waitingRoom.manage, ADR 0027).
  await prisma.staffRole.create({ data: { usuarioId: admin.usuario.id, role: 'operacao' } });
  adminToken = await loginOn(a, admin.email);
}, 180_000);

afterAll(async () => {
  for (const c of clients.splice(0)) c.close();
  await stopAll(processes);
  await queue?.clear();
  await queue?.close();
  await sql?.end();
  await prisma?.$disconnect();
  await db?.drop();
}, 30_000);

afterEach(async () => {
  for (const c of clients.splice(0)) {
    if (!c.closed) c.send('Logout');
    c.close();
  }
  // Sessions of clients whose socket is gone are ended through the store directly.
  await expect
    .poll(async () => {
      const s = await queue.stats(Date.now());
      return s.admitidos + s.aguardando;
    })
    .toBe(0);
});

const track = <T extends { c: WaitingRoomClient }>(r: T) => (clients.push(r.c), r);

function post(p: ApiProcess, path: string, body: object, headers: Record<string, string> = {}) {
  return fetch(`${p.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

async function loginOn(p: ApiProcess, email: string, extra: object = {}) {
  const res = await post(p, '/api/auth/login', { email, senha: TEST_PASSWORD, ...extra });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.token.token as string;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const state = async (p: ApiProcess) => waitingRoomStateSchema.parse(await (await fetch(`${p.base}/api/admin/fila`, { headers: auth(adminToken) })).json());

describe('two API processes, one Redis, one PostgreSQL', () => {
  it('revokes a session on both processes when it is ended on one', async () => {
    const { email } = await createUser(prisma);
    const token = await loginOn(a, email);
    for (const p of [a, b]) expect((await fetch(`${p.base}/api/usuario/logged`, { headers: auth(token) })).status).toBe(200);
    expect((await post(b, '/api/auth/logout', {}, auth(token))).status).toBe(200);
    for (const p of [a, b]) expect((await fetch(`${p.base}/api/usuario/logged`, { headers: auth(token) })).status).toBe(401);
  });

  it('shares the rate limit per IP and the failed-login count per account', async () => {
    // The reset request's limit (AUTH_MAX per IP and route), spent half on each process.
    const ask = (p: ApiProcess) => fetch(`${p.base}/api/auth/recuperar-senha?email=${encodeURIComponent(`ninguem.${randomUUID()}@teste.legiao.dev`)}`).then((r) => r.status);
    const statuses = [];
    for (let i = 0; i < AUTH_MAX; i++) statuses.push(await ask(i % 2 ? b : a));
    expect(statuses).toEqual(Array(AUTH_MAX).fill(200));
    expect(await ask(a)).toBe(429);
    expect(await ask(b)).toBe(429);

    // Wrong passwords alternate between the processes: after AUTH_MAX the account is locked on both.
    const { email } = await createUser(prisma);
    for (let i = 0; i < AUTH_MAX; i++) expect((await post(i % 2 ? b : a, '/api/auth/login', { email, senha: 'Errada@123' })).status).toBe(401);
    for (const p of [a, b]) {
      const res = await post(p, '/api/auth/login', { email, senha: TEST_PASSWORD });
      expect(res.status).toBe(429);
      expect((await res.json()).errors[0].code).toBe('RATE_LIMITED');
    }
  });

  it('sends each outbox mail exactly once while both mailers race for it', async () => {
    const run = randomUUID().slice(0, 8);
    const to = Array.from({ length: 40 }, (_, i) => `escala.${run}.${i}@teste.legiao.dev`);
    // One commit: every row becomes due at the same moment for both workers (polling every 100 ms).
    await sql.query(
      `INSERT INTO email_saida (id, para, assunto, texto, html) SELECT gen_random_uuid(), unnest($1::text[]), 'Teste de escala', 'Olá', '<p>Olá</p>'`,
      [to],
    );
    await expect
      .poll(async () => (await sql.query(`SELECT count(*)::int AS n FROM email_saida WHERE para = ANY($1) AND status = 'enviado'`, [to])).rows[0].n, { timeout: 15_000 })
      .toBe(to.length);
    // A late duplicate would arrive after the row was marked: look again a moment later.
    await new Promise((r) => setTimeout(r, 500));
    const counts = await Promise.all(to.map(async (addr) => (await mailsTo(addr)).length));
    expect(counts).toEqual(Array(to.length).fill(1));
  });

  it('invalidates both processes\' content cache when the data changes', async () => {
    const get = (p: ApiProcess) => fetch(`${p.base}/api/faq`).then((r) => r.text());
    await Promise.all([get(a), get(b)]); // both hold the FAQ in memory now
    const question = `Pergunta entre processos ${randomUUID()}`;
    await sql.query("INSERT INTO faq (chave, pergunta, resposta, categoria, ativo, ordem, atualizado_em) VALUES ($1, $2, 'Resposta.', 'faq', false, 999, now())", [`escala-${randomUUID()}`, question]);
    for (const p of [a, b]) await expect.poll(async () => (await get(p)).includes(question), { timeout: 1000, interval: 20 }).toBe(true);
  });

  it('keeps one FIFO queue across processes and admits exactly one client per freed place', async () => {
    const holders = [track(await join(a.wsUrl)), track(await join(b.wsUrl))];
    for (const h of holders) expect(h.first.type).toBe('ProceedToLogin');
    const waiting: WaitingRoomClient[] = [];
    for (let i = 0; i < 8; i++) {
      const r = track(await join((i % 2 ? a : b).wsUrl));
      expect(r.first).toEqual({ type: 'ReceiveQueuePosition', posicao: i + 1, quantidade: i + 1 });
      waiting.push(r.c);
    }
    for (const p of [a, b]) expect(await state(p)).toMatchObject({ aguardando: 8, admitidos: CAPACITY, ativa: true, armazenamento: 'redis' });

    // Each Logout frees one place: exactly the head is admitted, whichever process holds it.
    let leaving = [holders[0]!.c, holders[1]!.c];
    for (let i = 0; i < waiting.length; i++) {
      leaving.shift()!.send('Logout');
      await waiting[i]!.next('ProceedToLogin');
      // Give a second admission time to show up if it were going to.
      await new Promise((r) => setTimeout(r, 100));
      const admitted = waiting.filter((c) => c.all('ProceedToLogin').length > 0).map((c) => c.clientId);
      expect(admitted).toEqual(waiting.slice(0, i + 1).map((c) => c.clientId));
      leaving.push(waiting[i]!);
    }
    expect((await queue.stats(Date.now())).admissoesUltimoMinuto).toBe(CAPACITY + waiting.length);
  });

  it('lets an admission ticket open one session only, even when both processes get it at once', async () => {
    const { email } = await createUser(prisma);
    const holder = track(await join(a.wsUrl));
    track(await join(b.wsUrl)); // capacity reached: the room is on, login needs a ticket
    for (let round = 0; round < 5; round++) {
      holder.c.tryLogin(); // still admitted: a fresh ticket for the same place
      const { ticket } = await holder.c.next('ProceedToLogin');
      const answers = await Promise.all([a, b].map((p) => post(p, '/api/auth/login', { email, senha: TEST_PASSWORD, ticket })));
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 403]);
      const refused = answers.find((r) => r.status === 403)!;
      expect((await refused.json()).errors[0].code).toBe('FILA_TICKET_INVALIDO');
    }
  });

  it('turns the automatic room on and off once for both processes, and shows the switches to staff', async () => {
    const put = (p: ApiProcess, body: object) => fetch(`${p.base}/api/admin/fila`, { method: 'PUT', headers: { 'content-type': 'application/json', ...auth(adminToken) }, body: JSON.stringify(body) });
    expect((await put(a, { capacidade: 10 })).status).toBe(200);
    try {
      expect((await state(a)).automatica).toMatchObject({ configurada: true, ligada: false, trocas: [] });
      const members = [track(await join(a.wsUrl)), track(await join(b.wsUrl)), track(await join(a.wsUrl))];
      for (const m of members) expect(m.first.type).toBe('ProceedToLogin');
      // 3 admitted = FILA_AUTO_ATIVOS: within about a second one process's report turns it on.
      await expect.poll(async () => (await state(b)).automatica!.ligada, { timeout: 5000 }).toBe(true);
      const late = track(await join(b.wsUrl));
      expect(late.first).toEqual({ type: 'ReceiveQueuePosition', posicao: 1, quantidade: 1 });
      const on = await state(a);
      expect(on).toMatchObject({ ativa: true, capacidade: 10, admitidos: 3, automatica: { configurada: true, ligada: true, motivo: 'ativos', processos: 2 } });
      expect(on.automatica!.trocas[0]).toMatchObject({ ligada: true, motivo: 'ativos', ativos: 3 });

      // Everyone admitted leaves: under 70% of the limit for FILA_AUTO_MINIMO_MS, it lets the queue go.
      for (const m of members) m.c.send('Logout');
      await late.c.next('ProceedToLogin', 8000);
      const off = await state(b);
      expect(off.automatica).toMatchObject({ ligada: false, motivo: 'calmo' });
      // One decision for the two processes: exactly two switches, each logged by one process only.
      expect(off.automatica!.trocas.map((t) => [t.ligada, t.motivo])).toEqual([
        [false, 'calmo'],
        [true, 'ativos'],
      ]);
      const logged = (a.output() + b.output()).match(/sala de espera automática LIGADA/g) ?? [];
      expect(logged).toHaveLength(1);
    } finally {
      await put(a, { capacidade: CAPACITY });
    }
  });

  it('keeps every place when a process dies: its clients come back on the other, in order, admitted once each', async () => {
    const holders = [track(await join(b.wsUrl)), track(await join(b.wsUrl))];
    const waiting: WaitingRoomClient[] = [];
    for (let i = 0; i < 8; i++) {
      const r = track(await join((i % 2 ? b : a).wsUrl));
      expect(r.first).toMatchObject({ posicao: i + 1 });
      waiting.push(r.c);
    }
    const onA = waiting.filter((_, i) => i % 2 === 0);
    a.child.kill('SIGKILL');
    await a.exited;
    await expect.poll(() => onA.every((c) => c.closed)).toBe(true);

    // While they are away a place frees: the head of the queue (one of A's clients) is admitted in absentia.
    holders[0]!.c.send('Logout');
    await expect.poll(async () => (await queue.stats(Date.now())).aguardando).toBe(waiting.length - 1);

    // Each of A's clients reconnects (as the web client does, with the same clientId) and lands on B:
    // the admitted one is told at once, the others find their places, one further up.
    const back = new Map<string, WaitingRoomClient>();
    for (const old of onA) {
      const again = track(await join(b.wsUrl, old.clientId));
      const i = waiting.indexOf(old);
      if (i === 0) expect(again.first.type).toBe('ProceedToLogin');
      else expect(again.first).toEqual({ type: 'ReceiveQueuePosition', posicao: i, quantidade: waiting.length - 1 });
      back.set(old.clientId, again.c);
    }
    const now = waiting.map((c) => back.get(c.clientId) ?? c);
    const jtiOf = (ticket: string) => JSON.parse(Buffer.from(ticket.split('.')[1]!, 'base64url').toString()).jti as string;
    const first = now[0]!.all('ProceedToLogin');
    expect(first).toHaveLength(1);
    const jtis = new Set([jtiOf(first[0]!.ticket)]);

    // The queue drains through B alone: in arrival order, one admission each, nobody skipped.
    let leaving = [holders[1]!.c, now[0]!];
    for (let i = 1; i < now.length; i++) {
      leaving.shift()!.send('Logout');
      const { ticket } = await now[i]!.next('ProceedToLogin');
      jtis.add(jtiOf(ticket));
      await new Promise((r) => setTimeout(r, 50));
      expect(now.filter((c) => c.all('ProceedToLogin').length > 0).map((c) => c.clientId)).toEqual(now.slice(0, i + 1).map((c) => c.clientId));
      leaving.push(now[i]!);
    }
    expect(jtis.size).toBe(now.length);
    expect(now.map((c) => c.all('ProceedToLogin').length)).toEqual(Array(now.length).fill(1));
    const s = await queue.stats(Date.now());
    expect(s).toMatchObject({ aguardando: 0, admitidos: CAPACITY });
  });
});
