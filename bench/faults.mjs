// Faults under the portal (issue 23, section 3): the compiled API with WORKERS processes (2) on a
// PostgreSQL, a Redis and an SMTP catcher of this run only, CLIENTS members (10) in a closed loop
// doing ordinary member work (login, GET /api/usuario/logged, /api/beneficio, /api/usuario/extrato,
// /api/faq, and every other round a redemption with an Idempotency-Key, repeated with the same key
// until it gets an answer), while four faults happen one after the other:
//   (a) PostgreSQL: fast shutdown (pg_ctl stop -m fast), down PG_DOWN_S (3) s, started again;
//   (b) Redis: SIGKILL, down REDIS_DOWN_S (5) s, started again on the same port (empty: no persistence);
//   (c) SMTP: the catcher stops, SIGNUPS (3) sign-ups (POST /api/usuario), SMTP_DOWN_S (3) s more,
//       the catcher listens again: every activation mail must arrive exactly once, and its link work;
//   (d) one worker SIGKILLed: its primary must start another (calls in flight on it are lost).
// One line per fault: the failed calls while it lasted, by status and error code (a call counts
// when it overlapped the outage); the slowest call then (a hang shows here); seconds from the
// dependency's return to the first success of the calls that had failed, and to the last failure
// (after it, every call succeeded for the rest of the OBSERVE_S window); /api/ready meanwhile; data
// lost or duplicated. The clients do not wait Retry-After: the figures are the server's. At the end,
// redemptions still without an answer are repeated with their keys, and the economy's invariants
// are checked in SQL (every code a client received is in the database, once; codes = redemptions =
// debits; no balance below zero). Exit code 1 when data was lost or duplicated.
//
// Usage: node bench/faults.mjs   (needs `pnpm build`, PostgreSQL's binaries, /usr/bin/redis-server)
//   CLIENTS=10 WORKERS=2 ONLY=a,b,c,d PG_DOWN_S=3 REDIS_DOWN_S=5 SMTP_DOWN_S=3 SIGNUPS=3 OBSERVE_S=10
//   WARMUP_S=5 MAIL_WAIT_S=90 CALL_TIMEOUT_S=30 BCRYPT_COST=6 CODES=40000 MAX_SECONDS=900
//   FAULTS_API_DIST=<another build's dist/server.js> FAULTS_PG_BIN FAULTS_REDIS_BIN
import { spawn, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { childrenOf, OwnPostgres, OwnRedis, OwnSmtp, parseMail, randomCpf } from './faults-lib.mjs';
import { pct, request, seedMembers, sleep } from './launch-lib.mjs';
import { API_DIST, assertApiBuilt, DEV_JWT_SECRET, fmt, root } from './lib.mjs';
import { checkInvariants, freePort, invariantsOk, seedBenefit } from './resgate-lib.mjs';

const env = process.env;
const CLIENTS = Number(env.CLIENTS ?? 10);
const WORKERS = Number(env.WORKERS ?? 2);
const ONLY = new Set((env.ONLY ?? 'a,b,c,d').split(',').map((s) => s.trim()));
const PG_DOWN_S = Number(env.PG_DOWN_S ?? 3);
const REDIS_DOWN_S = Number(env.REDIS_DOWN_S ?? 5);
const SMTP_DOWN_S = Number(env.SMTP_DOWN_S ?? 3);
const SIGNUPS = Number(env.SIGNUPS ?? 3);
const OBSERVE_S = Number(env.OBSERVE_S ?? 10);
const WARMUP_S = Number(env.WARMUP_S ?? 5);
const MAIL_WAIT_S = Number(env.MAIL_WAIT_S ?? 90);
const CALL_TIMEOUT_MS = Number(env.CALL_TIMEOUT_S ?? 30) * 1000;
// What each login pays. Production's is 10; ten members logging in in a loop at 10 would spend the
// two shared cores on bcrypt. The faults, not bcrypt, are what this measures (as bench/launch.mjs).
const BCRYPT_COST = Number(env.BCRYPT_COST ?? 6);
const CODES = Number(env.CODES ?? 40_000);
const MAX_SECONDS = Number(env.MAX_SECONDS ?? 900);
const DIST = env.FAULTS_API_DIST ?? API_DIST;
const PASSWORD = 'Legiao@2025';
const HOME = ['/api/usuario/logged', '/api/beneficio', '/api/usuario/extrato', '/api/faq'];

const runId = randomUUID().slice(0, 8);
const dir = `/tmp/legiao-faults-${runId}`;
mkdirSync(dir, { recursive: true });
const began = performance.now();
const now = () => performance.now();
const secs = (ms) => fmt(ms / 1000, 2);
const log = (m) => console.log(`[${fmt((now() - began) / 1000)} s] ${m}`);
const load = () => loadavg().map((x) => fmt(x, 2)).join(' / ');
const ok = (status) => typeof status === 'number' && status >= 200 && status < 300;

if (DIST === API_DIST) assertApiBuilt();
let commit = '';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  if (execFileSync('git', ['status', '--porcelain', '--', 'apps/api/src', 'packages/contracts/src'], { cwd: root, encoding: 'utf8' }).trim()) commit += ' + mudanças não commitadas em apps/api/src ou contracts';
} catch {}
console.log(`carga média (1/5/15 min) no início: ${load()}`);
console.log(
  `falhas sob o portal ${runId}: API ${DIST}${commit ? ` (árvore ${commit})` : ''}, WORKERS=${WORKERS}, ${CLIENTS} membros em laço, bcrypt custo ${BCRYPT_COST}; ` +
    `cenários ${[...ONLY].join(',')}; PostgreSQL fora ${PG_DOWN_S} s, Redis fora ${REDIS_DOWN_S} s, SMTP fora durante ${SIGNUPS} cadastros + ${SMTP_DOWN_S} s; observação ${OBSERVE_S} s após cada volta; logs em ${dir}`,
);

// ---- the dependencies and the portal ----
const [pgPort, redisPort, smtpPort, apiPort, deadPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
const postgres = new OwnPostgres({ dir, port: pgPort });
const redis = new OwnRedis({ dir, port: redisPort });
const smtp = new OwnSmtp(smtpPort);
let api = null;
let db = null;
let cleaning = null;
let stopClients = false;

/** Stops everything this run started (the portal, its workers, PostgreSQL, Redis, the catcher). */
function cleanup() {
  cleaning ??= (async () => {
    stopClients = true;
    if (api && api.child.exitCode === null && api.child.signalCode === null) {
      const workers = childrenOf(api.child.pid);
      api.child.kill('SIGTERM');
      const exited = await Promise.race([api.exited.then(() => true), sleep(20_000).then(() => false)]);
      if (!exited) {
        for (const pid of [api.child.pid, ...workers]) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {}
        }
      }
    }
    await db?.end().catch(() => {});
    await postgres.stopQuietly();
    await redis.kill().catch(() => {});
    await smtp.close().catch(() => {});
    rmSync(join(dir, 'pg'), { recursive: true, force: true });
  })();
  return cleaning;
}
const watchdog = setTimeout(async () => {
  console.error(`tempo máximo (${MAX_SECONDS} s) atingido: encerrando`);
  await cleanup();
  process.exit(2);
}, MAX_SECONDS * 1000);
watchdog.unref();
process.on('SIGINT', async () => {
  await cleanup();
  process.exit(130);
});

/** The portal: `node <dist>` with WORKERS, its log in api.log; resolves when every worker listens. */
async function startPortal() {
  const out = createWriteStream(join(dir, 'api.log'));
  const child = spawn(process.execPath, [DIST], {
    cwd: join(root, 'apps/api'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      WORKERS: String(WORKERS),
      DATABASE_URL: postgres.url('legiao_faults'),
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: 'http://legiao.bench',
      JWT_SECRET: DEV_JWT_SECRET,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      BCRYPT_COST: String(BCRYPT_COST),
      // Every member comes from 127.0.0.1 here: the per-address limits would stop the loop.
      RATE_LIMIT_AUTH_MAX: '100000000',
      RATE_LIMIT_LOGIN_IP_MAX: '100000000',
      // No postal-code service: a refused connection, so sign-ups take the format-checked CEP at once.
      CEP_PROVIDER_URL: `http://127.0.0.1:${deadPort}/{cep}/json/`,
      CEP_TIMEOUT_MS: '500',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const p = { child, exited: new Promise((r) => child.once('exit', (code, signal) => r({ code, signal }))), listening: new Map() };
  let rest = '';
  const scan = (chunk) => {
    out.write(chunk);
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      if (!line.includes('Server listening')) continue;
      try {
        const { pid } = JSON.parse(line);
        if (!p.listening.has(pid)) p.listening.set(pid, now());
      } catch {}
    }
  };
  child.stdout.on('data', scan);
  child.stderr.on('data', scan);
  const until = now() + 180_000;
  let exit = null;
  p.exited.then((e) => (exit = e));
  while (p.listening.size < WORKERS) {
    if (exit) throw new Error(`a API terminou ao iniciar (${JSON.stringify(exit)}); veja ${join(dir, 'api.log')}`);
    if (now() > until) throw new Error(`a API não ficou pronta em 180 s; veja ${join(dir, 'api.log')}`);
    await sleep(100);
  }
  return p;
}

// ---- the members' loop ----
/** Every call: { route, t0, t1, status (number, 'sem resposta' or 'timeout'), code (errors[0].code), retryAfter }. */
const calls = [];
/** Every redemption key: { k, answers: [{ status, cupom, replay, t0, t1 }], done }. */
const redemptions = new Map();
let benefit = null;
let members = [];

async function call(method, path, { token, body, headers = {} } = {}) {
  const t0 = now();
  const rec = { route: `${method} ${path.split('?')[0]}`, t0, t1: 0, status: 0, code: null, retryAfter: null };
  let res = null;
  try {
    const h = { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) };
    res = await request(apiPort, method, path, h, body ? JSON.stringify(body) : undefined, CALL_TIMEOUT_MS);
    rec.status = res.status;
    if (res.status >= 400) {
      try {
        rec.code = JSON.parse(res.text).errors?.[0]?.code ?? null;
      } catch {}
      rec.retryAfter = res.headers['retry-after'] ?? null;
    }
  } catch (err) {
    rec.status = err.message === 'timeout' ? 'timeout' : 'sem resposta';
  }
  rec.t1 = now();
  calls.push(rec);
  return { rec, res };
}

async function redeem(k, token, key) {
  const entry = redemptions.get(key) ?? { k, answers: [], done: false };
  redemptions.set(key, entry);
  const { rec, res } = await call('POST', '/api/beneficio/resgate', { token, body: { idBeneficio: benefit.id }, headers: { 'idempotency-key': key } });
  const answer = { status: rec.status, t0: rec.t0, t1: rec.t1 };
  if (rec.status === 201) {
    const body = JSON.parse(res.text);
    answer.cupom = body.cupom;
    answer.replay = res.headers['idempotent-replayed'] === 'true';
  }
  entry.answers.push(answer);
  // An answer settles it: the code, or a refusal (4xx but 429). No answer or a 5xx: the same key again.
  entry.done = rec.status === 201 || (typeof rec.status === 'number' && rec.status >= 400 && rec.status < 500 && rec.status !== 429);
  return entry.done;
}

async function client(k) {
  const m = members[k];
  let token = null;
  let pending = null;
  for (let round = 0; !stopClients; round++) {
    const { rec, res } = await call('POST', '/api/auth/login', { body: { email: m.email, senha: PASSWORD } });
    // A failed login keeps the session the member already has, as a browser would.
    if (rec.status === 200) token = JSON.parse(res.text).token.token;
    let noAnswer = typeof rec.status !== 'number';
    if (token) {
      for (const path of HOME) {
        if (stopClients) break;
        noAnswer ||= typeof (await call('GET', path, { token })).rec.status !== 'number';
      }
      if (!stopClients && (pending || round % 2 === 1)) {
        const key = pending ?? randomUUID();
        pending = (await redeem(k, token, key)) ? null : key;
      }
    }
    if (noAnswer) await sleep(50); // nobody answered: don't spin on refused connections
  }
  return { k, token, pending };
}

// /api/ready every 200 ms, on a new connection each time, as a balancer's health check.
const readies = [];
async function readyProbe() {
  while (!stopClients) {
    const t0 = now();
    let status;
    try {
      status = (await fetch(`http://127.0.0.1:${apiPort}/api/ready`, { signal: AbortSignal.timeout(5000) })).status;
    } catch (err) {
      status = err.name === 'TimeoutError' ? 'timeout' : 'sem resposta';
    }
    readies.push({ t0, t1: now(), status });
    await sleep(200);
  }
}

// ---- measuring a fault ----
const overlaps = (c, from, to) => c.t0 < to && c.t1 >= from;
const label = (c) => `${c.status}${c.code ? ` ${c.code}` : ''}`;
function countBy(list, key) {
  const m = new Map();
  for (const x of list) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1]);
}
const counts = (pairs) => (pairs.length ? pairs.map(([k, n]) => `${k}×${n}`).join(' ') : '0');

/** Waits until a whole second passes with no failed call (at most 60 s): each fault starts from calm. */
async function waitCalm() {
  const until = now() + 60_000;
  for (;;) {
    await sleep(1000);
    const t = now();
    if (!calls.some((c) => c.t1 >= t - 1000 && !ok(c.status)) || t > until) return;
  }
}

/** The scenario's figures from the calls around [downAt, backAt] and the OBSERVE_S after backAt. */
function measure(s) {
  const during = calls.filter((c) => overlaps(c, s.downAt, s.backAt));
  const failed = during.filter((c) => !ok(c.status));
  const slowest = during.reduce((a, c) => (!a || c.t1 - c.t0 > a.t1 - a.t0 ? c : a), null);
  const failedRoutes = new Set(failed.map((c) => c.route));
  const after = calls.filter((c) => c.t1 >= s.backAt && c.t0 < s.endAt);
  const firstOk = after.filter((c) => failedRoutes.has(c.route) && ok(c.status)).reduce((a, c) => Math.min(a, c.t1), Infinity);
  // Steady: every call that failed after the return, or was still waiting on the outage, has ended.
  const unsettled = after.filter((c) => !ok(c.status) || c.t0 < s.backAt);
  const lastUnsettled = unsettled.reduce((a, c) => Math.max(a, c.t1), s.backAt);
  const steadyMs = lastUnsettled - s.backAt;
  const notSteady = after.some((c) => !ok(c.status) && c.t1 > s.endAt - 1000);
  const ready = readies.filter((r) => overlaps(r, s.downAt, s.backAt));
  const fiveXX = failed.filter((c) => typeof c.status === 'number' && c.status >= 500);
  return {
    calls: during.length,
    okCalls: during.length - failed.length,
    failed: countBy(failed, label),
    failedByRoute: countBy(failed, (c) => `${c.route} ${label(c)}`),
    okByRoute: countBy(during.filter((c) => ok(c.status)), (c) => c.route),
    slowest,
    over1s: during.filter((c) => c.t1 - c.t0 > 1000).length,
    firstOkS: failed.length === 0 ? null : Number.isFinite(firstOk) ? (firstOk - s.backAt) / 1000 : Infinity,
    steadyS: steadyMs / 1000,
    notSteady,
    ready: countBy(ready, (r) => String(r.status)),
    with5xx: fiveXX.length,
    retryAfter: fiveXX.filter((c) => c.retryAfter).length,
    latencies: during.map((c) => c.t1 - c.t0),
  };
}

/** Codes clients received (201) for redemptions made in [from, to) that the database doesn't have, and codes given to two keys. */
async function redemptionData(from = -Infinity, to = Infinity) {
  const received = [];
  for (const [key, e] of redemptions) for (const a of e.answers) if (a.cupom && a.t0 < to && a.t1 >= from) received.push({ key, cupom: a.cupom });
  if (!received.length) return { received: 0, lost: 0, twice: 0 };
  const { rows } = await db.query('SELECT c.codigo, r.chave_idempotencia AS chave FROM resgate r JOIN cupom c ON c.id = r.cupom_id WHERE c.codigo = ANY($1::text[])', [received.map((r) => r.cupom)]);
  const inDb = new Map(rows.map((r) => [r.codigo, r.chave]));
  const keysByCode = new Map();
  for (const r of received) keysByCode.set(r.cupom, (keysByCode.get(r.cupom) ?? new Set()).add(r.key));
  return {
    received: received.length,
    lost: received.filter((r) => !inDb.has(r.cupom)).length,
    twice: [...keysByCode.values()].filter((keys) => keys.size > 1).length + received.filter((r) => inDb.has(r.cupom) && inDb.get(r.cupom) !== r.key).length,
  };
}

const results = [];
function line(s, m, extra, data) {
  const slow = m.slowest ? `${fmt(m.slowest.t1 - m.slowest.t0, 0)} ms (${m.slowest.route} ${label(m.slowest)}), ${m.over1s} acima de 1 s` : '—';
  const first = m.firstOkS === null ? 'nada falhou' : m.firstOkS === Infinity ? `nenhum em ${OBSERVE_S} s` : `${fmt(m.firstOkS, 2)} s`;
  const steady = m.notSteady ? `não estável em ${OBSERVE_S} s` : `${fmt(m.steadyS, 2)} s`;
  return (
    `(${s.key}) ${s.title}: fora ${secs(s.backAt - s.downAt)} s${extra.down ? ` (${extra.down})` : ''} | erros enquanto fora: ${counts(m.failed)} de ${m.calls} chamadas` +
    ` | mais lenta: ${slow} | volta → 1º sucesso ${first}, → estável ${steady}` +
    ` | /api/ready: ${counts(m.ready)} | dados: ${data}`
  );
}

async function scenario(key, title, fault) {
  if (!ONLY.has(key)) return;
  await waitCalm();
  const s = { key, title, extra: {} };
  log(`(${key}) ${title}: começa (carga média ${load()})`);
  await fault(s);
  const wait = s.backAt + OBSERVE_S * 1000 - now();
  if (wait > 0) await sleep(wait);
  s.endAt = now();
  s.m = measure(s);
  s.redemptions = await redemptionData(s.downAt, s.endAt);
  const data = [`${s.redemptions.lost} resgate(s) perdido(s), ${s.redemptions.twice} duplicado(s) (de ${s.redemptions.received} códigos recebidos)`, ...(s.extra.data ?? [])].join('; ');
  s.line = line(s, s.m, s.extra, data);
  results.push(s);
  console.log(s.line);
  console.log(`    por chamada: ${counts(s.m.failedByRoute) || 'nenhuma falha'}; sucessos enquanto fora: ${counts(s.m.okByRoute)}; p50/p95 enquanto fora ${fmt(pct(s.m.latencies, 50), 0)}/${fmt(pct(s.m.latencies, 95), 0)} ms; 5xx com Retry-After: ${s.m.retryAfter}/${s.m.with5xx}${s.extra.detail ? `; ${s.extra.detail}` : ''}`);
}

// ---- the run ----
let exitCode = 0;
try {
  log(`PostgreSQL próprio (${postgres.bin}) na porta ${pgPort}, Redis na ${redisPort}, SMTP na ${smtpPort}, portal na ${apiPort}`);
  await postgres.init();
  await postgres.start();
  const admin = new pg.Client({ connectionString: postgres.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE legiao_faults');
  await admin.end();
  await redis.start();
  await smtp.listen();
  const t = now();
  api = await startPortal();
  log(`portal pronto em ${secs(now() - t)} s (primário ${api.child.pid}, workers ${[...api.listening.keys()].join(', ')}; migrado e com as contas de demonstração)`);

  db = new pg.Client({ connectionString: postgres.url('legiao_faults') });
  db.on('error', () => {}); // this connection dies with scenario (a); it is opened again after it
  await db.connect();
  members = await seedMembers(db, `faults-${runId}`, CLIENTS, 1_000_000, BCRYPT_COST, 70_000_000_000);
  benefit = await seedBenefit(db, CODES);
  log(`${CLIENTS} membros (saldo 1.000.000, bcrypt custo ${BCRYPT_COST}) e um benefício com ${CODES} códigos`);
  const clients = Array.from({ length: CLIENTS }, (_, k) => client(k));
  const probe = readyProbe();
  await sleep(WARMUP_S * 1000);
  const warm = calls.filter((c) => c.t0 >= began);
  log(`aquecimento: ${warm.length} chamadas em ${WARMUP_S} s, ${warm.filter((c) => !ok(c.status)).length} falhas`);

  await scenario('a', `PostgreSQL: parada rápida (pg_ctl stop -m fast), ${PG_DOWN_S} s, de volta`, async (s) => {
    await db.end().catch(() => {});
    s.downAt = now();
    await postgres.stop('fast');
    const stopped = now();
    await sleep(PG_DOWN_S * 1000);
    const starting = now();
    await postgres.start();
    s.backAt = now();
    s.extra.down = `parando ${secs(stopped - s.downAt)} s, parado ${secs(starting - stopped)} s, iniciando ${secs(s.backAt - starting)} s`;
    db = new pg.Client({ connectionString: postgres.url('legiao_faults') });
    db.on('error', () => {});
    await db.connect();
  });

  await scenario('b', `Redis: SIGKILL, ${REDIS_DOWN_S} s, de volta na mesma porta (vazio)`, async (s) => {
    s.downAt = now();
    await redis.kill();
    await sleep(REDIS_DOWN_S * 1000);
    await redis.start();
    s.backAt = now();
  });

  let signups = [];
  await scenario('c', `SMTP: fora durante ${SIGNUPS} cadastros e mais ${SMTP_DOWN_S} s, de volta`, async (s) => {
    s.downAt = now();
    await smtp.close();
    for (let i = 0; i < SIGNUPS; i++) {
      const email = `faults-${runId}-cadastro-${i}@bench.legiao.dev`;
      const body = { email, senha: PASSWORD, cpf: randomCpf(), nome: 'Maria Cadastro', celular: '11987654321', cep: '01310100', dataNascimento: '1990-05-17', genero: 'mulher', optin: false, optinSms: false };
      const { rec } = await call('POST', '/api/usuario', { body });
      signups.push({ email, status: rec.status, ms: rec.t1 - rec.t0 });
    }
    await sleep(SMTP_DOWN_S * 1000);
    await smtp.listen();
    s.backAt = now();
    // Every activation mail, however long the mailer's backoff makes it wait.
    const until = now() + MAIL_WAIT_S * 1000;
    while (signups.some((u) => smtp.mailsTo(u.email).length === 0) && now() < until) await sleep(100);
    await sleep(3000); // a second copy would come right after the first
    const times = signups.flatMap((u) => smtp.mailsTo(u.email).map((m) => m.at - s.backAt));
    const { rows } = await db.query("SELECT para, status, tentativas FROM email_saida WHERE para = ANY($1::text[]) ORDER BY para", [signups.map((u) => u.email)]);
    // Each link activates its account: the mail that came is the one that works.
    let activated = 0;
    for (const u of signups) {
      const mail = smtp.mailsTo(u.email)[0];
      if (!mail) continue;
      const parsed = await parseMail(mail.raw);
      const link = (parsed.text ?? '').match(/https?:\/\/[^\s<>"]+\/ativar-conta\?q=[^\s<>"]+/)?.[0];
      if (!link) continue;
      const { rec } = await call('POST', '/api/usuario/ativar-conta', { body: { hash: new URL(link).searchParams.get('q') } });
      if (rec.status === 200) activated++;
    }
    const { rows: [users] } = await db.query('SELECT count(*)::int AS n, count(*) FILTER (WHERE ativo)::int AS ativos FROM usuario WHERE email = ANY($1::text[])', [signups.map((u) => u.email)]);
    const delivered = signups.filter((u) => smtp.mailsTo(u.email).length > 0).length;
    const copies = signups.reduce((a, u) => a + Math.max(0, smtp.mailsTo(u.email).length - 1), 0);
    const arrived = times.length ? `, ${fmt(Math.min(...times) / 1000, 1)} a ${fmt(Math.max(...times) / 1000, 1)} s após a volta` : '';
    s.extra.data = [`cadastros ${counts(countBy(signups, (u) => String(u.status)))}, contas no banco ${users.n}/${SIGNUPS}`, `e-mails de ativação entregues ${delivered}/${SIGNUPS}${arrived}, cópias a mais ${copies}`, `links que ativaram ${activated}/${SIGNUPS} (ativas no banco ${users.ativos})`];
    s.extra.detail = `email_saida: ${rows.map((r) => `${r.status}/${r.tentativas} tentativa(s)`).join(', ')}; cadastros em ${signups.map((u) => fmt(u.ms, 0)).join(', ')} ms`;
    s.mailLost = SIGNUPS - delivered + signups.filter((u) => u.status !== 201).length;
    s.mailCopies = copies;
  });

  await scenario('d', 'um worker: SIGKILL, o primário sobe outro', async (s) => {
    const before = childrenOf(api.child.pid);
    const victim = before[before.length - 1];
    s.downAt = now();
    process.kill(victim, 'SIGKILL');
    let forkedAt = null;
    let newPid = null;
    const until = now() + 60_000;
    for (;;) {
      if (!newPid) {
        newPid = childrenOf(api.child.pid).find((pid) => !before.includes(pid)) ?? null;
        if (newPid) forkedAt = now();
      }
      if (newPid && api.listening.has(newPid)) break;
      if (now() > until) throw new Error('o primário não pôs um worker novo ouvindo em 60 s');
      await sleep(10);
    }
    s.backAt = api.listening.get(newPid);
    const inFlight = calls.filter((c) => c.t0 < s.downAt && c.t1 >= s.downAt && !ok(c.status));
    s.extra.down = `worker ${victim} morto; ${newPid} criado em ${secs(forkedAt - s.downAt)} s, ouvindo em ${secs(s.backAt - s.downAt)} s`;
    s.extra.detail = `chamadas em voo perdidas no kill: ${inFlight.length} (${counts(countBy(inFlight, (c) => c.route))})`;
  });

  // ---- the end: every redemption answered, then the invariants ----
  stopClients = true;
  await Promise.all([...clients, probe]);
  // Redemptions still without an answer: the member repeats them with their keys (as the web app).
  const tokens = new Map();
  for (const [key, e] of redemptions) {
    if (e.done) continue;
    for (let attempt = 0; attempt < 5 && !e.done; attempt++) {
      if (!tokens.has(e.k)) {
        const { rec, res } = await call('POST', '/api/auth/login', { body: { email: members[e.k].email, senha: PASSWORD } });
        if (rec.status === 200) tokens.set(e.k, JSON.parse(res.text).token.token);
      }
      if (tokens.has(e.k)) await redeem(e.k, tokens.get(e.k), key);
      if (!e.done) await sleep(1000);
    }
  }
  const unanswered = [...redemptions.values()].filter((e) => !e.done).length;
  const repeated = [...redemptions.values()].filter((e) => e.answers.length > 1);
  const replayed = repeated.filter((e) => e.answers.some((a) => a.replay)).length;
  const all = await redemptionData();
  // Redemptions in the database whose key no member got a code for (a commit whose answer was lost and never asked again).
  const keysAnswered = [...redemptions].filter(([, e]) => e.answers.some((a) => a.cupom)).map(([k]) => k);
  const { rows: [orphans] } = await db.query('SELECT count(*)::int AS n FROM resgate WHERE beneficio_id = $1 AND NOT (chave_idempotencia = ANY($2::text[]))', [benefit.id, keysAnswered]);
  const inv = await checkInvariants(db, benefit.id, members.map((m) => m.id));
  const totalCalls = calls.length;
  console.log(
    `fim: ${totalCalls} chamadas (${counts(countBy(calls.filter((c) => !ok(c.status)), label))} falhas no total); ${redemptions.size} chaves de resgate, ${repeated.length} repetidas após falha (${replayed} já gravadas: replay), ${unanswered} sem resposta no fim; ` +
      `códigos recebidos ${all.received}, ausentes no banco ${all.lost}, em duas chaves ${all.twice}; resgates no banco sem código entregue ${orphans.n}`,
  );
  console.log(`invariantes: ${JSON.stringify(inv)} => ${invariantsOk(inv) ? 'OK' : 'VIOLADAS'}`);
  console.log(`carga média (1/5/15 min) no fim: ${load()}`);
  console.log('\nresumo:');
  for (const s of results) console.log(s.line);
  const lost = all.lost + all.twice + orphans.n + unanswered + results.reduce((a, s) => a + (s.mailLost ?? 0) + (s.mailCopies ?? 0), 0);
  if (lost || !invariantsOk(inv)) exitCode = 1;
} catch (err) {
  console.error(err);
  exitCode = 2;
} finally {
  clearTimeout(watchdog);
  await cleanup();
}
process.exit(exitCode);
