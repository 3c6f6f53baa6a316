import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_MSG } from '@legiao/contracts';
import { migrate } from '../src/db/migrate.js';
import { createPrisma, type Db } from '../src/db/prisma.js';
import { startFakeCep } from './support/fake-cep.js';
import { createUser, signupPayload, TEST_PASSWORD } from './support/factories.js';
import { mailsTo } from './support/mailbox.js';
import { startOwnPostgres, type OwnPostgres } from './support/own-postgres.js';
import { isBuiltServer, scaleRedisEnv, startApiProcess, stopAll, type ApiProcess } from './support/api-process.js';

// Issue 23 §3, "Postgres stopped for 3 s": the portal (WORKERS=2) on a PostgreSQL of its own, ten
// members calling member routes in a loop (and signing friends up), the server stopped with a fast
// shutdown, kept down 3 s and started again on the same port and data. While it is away every
// answer is a quick 503 with Retry-After and the Portuguese "try again" the web app retries; once it
// is back everything answers 200 again within seconds, without restarting the portal, and nothing
// is lost, duplicated or half-written. docs/decisions/0038-database-outage.md

const CLIENTS = 10;
const DOWN_MS = 3000;
/** Longest a refusal may take while the database is away. */
const MAX_ANSWER_MS = 2000;
/** Longest any answer may take (no hang), on however busy a machine. */
const MAX_ANY_ANSWER_MS = 6000;
/** Everything answers 200 again within this long of PostgreSQL accepting connections. */
const RECOVERY_MS = 3000;
const METRICS_TOKEN = 'token-de-metricas-da-queda-do-banco';
const OUTAGE_MESSAGES: Record<string, string> = { BANCO_INDISPONIVEL: OPS_MSG.bancoIndisponivel, BANCO_INTERROMPIDO: OPS_MSG.bancoInterrompido };

interface Answer {
  client: number;
  route: string;
  sentAt: number;
  answeredAt: number;
  status: number;
  retryAfter: string | null;
  code?: string;
  message?: string;
  /** The sign-up's e-mail, for the data checks. */
  email?: string;
}

let own: OwnPostgres;
let api: ApiProcess;
let prisma: Db;
let cep: Awaited<ReturnType<typeof startFakeCep>>;

beforeAll(async () => {
  own = await startOwnPostgres();
  await migrate(own.url);
  cep = await startFakeCep();
  api = await startApiProcess({
    ...scaleRedisEnv(),
    DATABASE_URL: own.url,
    WORKERS: '2',
    CEP_PROVIDER_URL: cep.url,
    RATE_LIMIT_AUTH_MAX: '100000',
    MAIL_RETRY_INTERVAL_MS: '300',
    METRICS_TOKEN,
  });
  prisma = createPrisma(own.url, 2);
}, 120_000);

afterAll(async () => {
  if (api) await stopAll([api]);
  await prisma?.$disconnect();
  await cep?.close();
  await own?.destroy();
}, 60_000);

/** The primary's worker processes (filtered by command line: any other child is not one), sorted. */
function workersOf(primaryPid: number): number[] {
  let out = '';
  try {
    out = execFileSync('ps', ['--ppid', String(primaryPid), '-o', 'pid=,args='], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when there are none
  }
  return out
    .split('\n')
    .filter(isBuiltServer)
    .map((l) => Number(l.trim().split(/\s+/)[0]))
    .sort((x, y) => x - y);
}

/** A GET on a new connection each time, so the calls spread over both workers. */
const fresh = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    get(url, { agent: false, headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });

const listening = async () => {
  const { body } = await fresh(`${api.base}/api/metrics`, { authorization: `Bearer ${METRICS_TOKEN}` });
  return Number(/^legiao_content_cache_listening (\d+)$/m.exec(body)?.[1] ?? NaN);
};

async function call(client: number, route: string, init: RequestInit & { email?: string }): Promise<Answer> {
  const sentAt = Date.now();
  const answer: Answer = { client, route, sentAt, answeredAt: 0, status: 0, retryAfter: null, email: init.email };
  try {
    const res = await fetch(`${api.base}${route}`, { ...init, signal: AbortSignal.timeout(10_000) });
    const text = await res.text();
    answer.status = res.status;
    answer.retryAfter = res.headers.get('retry-after');
    if (!res.ok) {
      const body = JSON.parse(text) as { errors?: { message: string; code?: string }[] };
      answer.code = body.errors?.[0]?.code;
      answer.message = body.errors?.[0]?.message;
    }
  } catch (err) {
    answer.message = String(err); // status 0: no answer (a hang or a dropped connection)
  }
  answer.answeredAt = Date.now();
  return answer;
}

describe('PostgreSQL stopped for 3 s under the portal', () => {
  it('answers 503 + Retry-After in Portuguese while it is away, recovers by itself and loses nothing', async () => {
    const members = await Promise.all(Array.from({ length: CLIENTS }, () => createUser(prisma)));
    const tokens = await Promise.all(
      members.map(async (m) => {
        const res = await fetch(`${api.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: m.email, senha: TEST_PASSWORD }) });
        expect(res.status).toBe(200);
        return ((await res.json()) as { token: { token: string } }).token.token;
      }),
    );
    expect(await listening()).toBe(2);
    const workersBefore = workersOf(api.child.pid!);
    expect(workersBefore).toHaveLength(2);

    const answers: Answer[] = [];
    let running = true;
    const loops = tokens.map(async (token, client) => {
      const auth = { authorization: `Bearer ${token}` };
      while (running) {
        for (const route of ['/api/usuario/logged', '/api/usuario/extrato', '/api/beneficio', '/api/faq']) {
          answers.push(await call(client, route, { headers: auth }));
        }
        const signup = signupPayload();
        answers.push(await call(client, '/api/usuario', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(signup), email: signup.email }));
      }
    });

    // Traffic for a while, with sign-ups accepted, before the stop.
    await new Promise((r) => setTimeout(r, 1500));
    await expect.poll(() => answers.filter((a) => a.status === 201).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(CLIENTS);
    const stopAt = Date.now();
    await own.stop();
    const downAt = Date.now();
    await new Promise((r) => setTimeout(r, 500));
    const ready = await fetch(`${api.base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('DATABASE_UNAVAILABLE');
    const listeningWhileDown = await listening();
    await new Promise((r) => setTimeout(r, DOWN_MS - 500 - (Date.now() - downAt)));
    const startAt = Date.now();
    await own.start();
    const upAt = Date.now();
    // Traffic goes on until recovery has had its time and a little more.
    await new Promise((r) => setTimeout(r, RECOVERY_MS + 2000));
    running = false;
    await Promise.all(loops);

    const failed = answers.filter((a) => a.status !== 200 && a.status !== 201);
    const byStatus = answers.reduce<Record<string, number>>((acc, a) => ((acc[a.status] = (acc[a.status] ?? 0) + 1), acc), {});
    const summary = JSON.stringify({ byStatus, codes: failed.reduce<Record<string, number>>((acc, a) => ((acc[`${a.status} ${a.code}`] = (acc[`${a.status} ${a.code}`] ?? 0) + 1), acc), {}) });

    // The outage was really seen: many calls while it was down, every one of them refused.
    const whileDown = answers.filter((a) => a.sentAt >= downAt && a.answeredAt <= startAt);
    expect(whileDown.length, summary).toBeGreaterThan(20);
    // Nothing reached the database while it was down: the code that says "nothing was done".
    expect(whileDown.filter((a) => a.status !== 503 || a.code !== 'BANCO_INDISPONIVEL'), summary).toEqual([]);

    // Every refusal, whenever it came: 503, Retry-After, the Portuguese message of its code. No 500, no 401.
    expect(failed.filter((a) => a.status !== 503), summary).toEqual([]);
    for (const a of failed) {
      expect(Number(a.retryAfter), summary).toBeGreaterThanOrEqual(1);
      expect(OUTAGE_MESSAGES[a.code ?? ''], summary).toBeDefined();
      expect(a.message).toBe(OUTAGE_MESSAGES[a.code!]);
    }
    // Quick refusals while it is away, and never a hang. (A success may take longer on a busy
    // machine: the first sign-ups of a fresh process, or the ones right after the restart, when all
    // ten clients come back at once; that is CPU, not the database.)
    // A refusal's time counts from when the database went away: a sign-up sent before the stop and
    // slow for CPU (bcrypt on a busy machine) was in flight when it stopped, and its quick answer
    // from then on is what is measured (counted from the send, such a call read 2,013 ms in a full
    // run: 1,773 ms of it before the stop).
    const when = (t: number) => ({ sinceStop: t - stopAt, sinceUp: t - upAt });
    const waited = (a: Answer, from: (a: Answer) => number) => a.answeredAt - from(a);
    const slowest = (list: Answer[], from: (a: Answer) => number) =>
      [...list].sort((x, y) => waited(y, from) - waited(x, from)).slice(0, 5).map((a) => ({ route: a.route, status: a.status, code: a.code, ms: waited(a, from), sent: when(a.sentAt) }));
    expect(slowest(failed, (a) => Math.max(a.sentAt, stopAt)).filter((a) => a.ms >= MAX_ANSWER_MS), summary).toEqual([]);
    expect(slowest(answers, (a) => a.sentAt).filter((a) => a.ms >= MAX_ANY_ANSWER_MS), summary).toEqual([]);

    // Back by itself: nothing but 200s from a few seconds after PostgreSQL accepted connections.
    const lastFailure = Math.max(...failed.map((a) => a.answeredAt));
    expect(lastFailure - upAt, summary).toBeLessThan(RECOVERY_MS);
    expect(failed.every((a) => a.answeredAt >= stopAt), summary).toBe(true); // none before the stop
    const after = answers.filter((a) => a.sentAt > upAt + RECOVERY_MS);
    expect(after.length).toBeGreaterThan(20);
    expect(after.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    // Both workers lived through it: the same two processes as before (none crashed and was replaced).
    expect(workersOf(api.child.pid!)).toEqual(workersBefore);
    // One warning per burst and process, not a stack per request.
    expect(api.output().match(/"msg":"unhandled error"/g) ?? []).toEqual([]);
    const warnings = api.output().match(/banco de dados indisponível: pedidos respondidos com 503/g) ?? [];
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings.length).toBeLessThanOrEqual(4); // one per worker and 10 s (the outage lasts 4-7 s)

    // Nothing lost, duplicated or half-written: an accepted sign-up has its account and its one
    // activation mail, delivered once; one refused with "nothing was done" left nothing behind.
    const signups = answers.filter((a) => a.route === '/api/usuario');
    const accepted = signups.filter((a) => a.status === 201).map((a) => a.email!);
    const untouched = signups.filter((a) => a.code === 'BANCO_INDISPONIVEL').map((a) => a.email!);
    const unknown = signups.filter((a) => a.code === 'BANCO_INTERROMPIDO').map((a) => a.email!);
    expect(accepted.filter((e) => answers.some((a) => a.email === e && a.answeredAt < stopAt)).length).toBeGreaterThan(0);
    const sql = new pg.Client({ connectionString: own.url });
    await sql.connect();
    try {
      const count = async (table: string, column: string, emails: string[]) =>
        (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = ANY($1)`, [emails])).rows[0]!.n;
      expect(await count('usuario', 'email', accepted)).toBe(accepted.length);
      expect(await count('usuario', 'email', untouched)).toBe(0);
      expect(await count('email_saida', 'para', untouched)).toBe(0);
      // An interrupted one is all or nothing: its account and its mail, or neither.
      for (const email of unknown) expect(await count('email_saida', 'para', [email])).toBe(await count('usuario', 'email', [email]));
      const queued = await count('email_saida', 'para', [...accepted, ...unknown]);
      // Every queued mail sent within seconds of the return, not when a lease runs out (2 min later);
      // if not, which and why. (30 s: one run on a busy machine had 10 mails claimed only ~9 s after
      // the return, cause not found; a lease running out would show them due in ~110 s here.)
      const unsent = async () =>
        (await sql.query(`SELECT para, tentativas, ultimo_erro, concessao, round(extract(epoch FROM proxima_tentativa - now()))::int AS devido_em_s FROM email_saida WHERE para = ANY($1) AND status <> 'enviado'`, [[...accepted, ...unknown]])).rows;
      for (const until = Date.now() + 30_000; (await unsent()).length && Date.now() < until; ) await new Promise((r) => setTimeout(r, 100));
      expect(await unsent(), summary).toEqual([]);
      await new Promise((r) => setTimeout(r, 500)); // a late duplicate would show up after the row was marked
      const delivered = await Promise.all([...accepted, ...unknown].map(async (e) => (await mailsTo(e)).length));
      expect(delivered.reduce((s, n) => s + n, 0)).toBe(queued);
      expect(delivered.every((n) => n <= 1)).toBe(true);
    } finally {
      await sql.end();
    }

    // The content cache: it stopped keeping anything while its LISTEN connection was gone, listens
    // again in both workers, and serves a change made after the restart.
    expect(listeningWhileDown).toBe(0);
    await expect.poll(listening, { timeout: 5000 }).toBe(2);
    const question = `Pergunta depois da queda ${randomUUID()}`;
    await prisma.faq.create({ data: { chave: `queda-${randomUUID()}`, pergunta: question, resposta: 'Resposta.', categoria: 'faq', ativo: true, ordem: 999 } });
    await expect.poll(async () => (await fresh(`${api.base}/api/faq`)).body.includes(question), { timeout: 2000, interval: 20 }).toBe(true);
    for (let i = 0; i < 6; i++) expect((await fresh(`${api.base}/api/faq`)).body).toContain(question);
  }, 90_000);
});
