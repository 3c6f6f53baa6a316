// Issue 32 §4 (docs/decisions/0049-launch-alert-waves.md): "Avise-me" alerts at a launch's opening,
// sent in waves that follow the waiting room, against everything sent at once, in the same run.
// MEMBERS (100,000) members asked to be alerted of each of two launches (two member sets, seeded in
// SQL, e-mail consent given). The API runs with ALERTAS_LANCAMENTO (the real planner and senders, on
// pg-boss, in every API process) and the waiting room on (FILA_CAPACIDADE CAPACITY,
// FILA_ADMISSOES_POR_MINUTO RATE); the alerts go to an SMTP catcher, which only notes who got one and
// when. Each alerted member "comes": after a reaction delay (exponential, mean REACT_S, at most 10×)
// they join the waiting room over its WebSocket (TryLogin), renew their place every 30 s as the web
// client does (UpdateActivity), wait for ProceedToLogin, stay STAY_S inside, then Logout. Two phases:
//   - ondas: the launch opens with the bound BOUND_MIN; the planner makes a wave every WAVE_S;
//   - tudo de uma vez: the other launch's alerts are put in one wave (the whole set) and sent at once
//     by the same senders (the waves' machinery, nothing else changes).
// Printed side by side: alerts per second to the catcher, the time to alert everyone, the waiting
// room's line (sampled every second from GET /api/admin/fila: max, mean, p95), each member's wait
// from their alert to their admission (p50, p95, max), the member home's throughput during the
// phase's first HOME_S seconds against the home alone (aim >= 0.9), and the open files of every
// process at their peak. Checks: every member alerted exactly once (catcher and rows), none twice,
// the waves within their bound, no member's connection failing, every process under its open-file
// limit, no EMFILE in the API's log.
//
// Processes (this machine: 2 cores, a hard open-file limit of 20,000 per process that root cannot
// raise; one WebSocket is one open file at each end):
//   - this one: the database, the API's start, the home's load generator (its throughput is the
//     measure, so it holds no member and parses no mail), the room's sampler, the tables;
//   - bench/alertas-catcher.mjs: the SMTP catcher (counts per address, for "exactly once") and the
//     open-file sampler, reporting (address, time) in batches over IPC;
//   - MEMBER_PROCS × bench/alertas-members.mjs: the simulated members, member n in process
//     n % MEMBER_PROCS; this process forwards each alert to its member's process in batches and gets
//     the admissions back the same way. Times are wall-clock (performance.timeOrigin + now()),
//     comparable across processes. Default ceil(MEMBERS / 12,000): at most 12,000 sockets a process
//     even if every member of a phase were connected at once (8,000 left for the rest).
//   - the API: API_WORKERS processes (node:cluster, WORKERS=n, SCHED_NONE: every worker accepts on the
//     one port, so the members' sockets spread over them, unevenly: a busy worker accepts less). With
//     more than one they share the waiting room and limits through Redis: ALERTAS_REDIS_URL
//     (redis://127.0.0.1:6379/7, this bench's own database, flushed at the start).
//     Default: 1 up to 12,000 members (as the run in bench/README.md: one process, memory store);
//     above, ceil(MEMBERS / 12,000) capped by PostgreSQL, not by the cores: an API process holds up
//     to ~20 connections (its pool of 10, pg-boss's 3 for the alerts and 4 for the webhooks, a
//     LISTEN; ~17 measured under the home's load), so at most floor((max_connections - 15) / 20),
//     read at the start: 4 with PostgreSQL's default 100 (this machine). 8 would be ~145 connections
//     and the home would get "too many clients". 4 processes hold the members' sockets while fewer
//     than ~60,000 are connected at once (20,000 files each, less the uneven spread of SCHED_NONE:
//     the busiest of 2 processes held 1.05× the mean at 21,000 sockets, 1.3× at 1,700): the
//     all-at-once phase's line plus those inside (~RATE/60 × STAY_S). At ~150 alerts/s (pooled SMTP:
//     120-150/s in a 3,000-member run of this bench on d05d0e8) against 100 admissions/s that is
//     ~33,000 + 12,000 at 100,000 members; a faster sender or a slower room needs API_WORKERS set
//     by hand with a PostgreSQL that allows the connections.
//     The bench warns at the start when MEMBERS / API_WORKERS is past 3/4 of the limit, and checks
//     every process's peak.
//
// Usage: pnpm build && node bench/alertas.mjs
//   MEMBERS (100000), BOUND_MIN (30), WAVE_S (30: ALERTAS_ONDA_S), TARGET_S (120: ALERTAS_FILA_ALVO_S),
//   RATE (6000 admissions/min), CAPACITY (20000), REACT_S (60), STAY_S (120),
//   SENDERS (4: ALERTAS_CONCORRENCIA, the jobs queued per wave and each API process's pg-boss workers:
//   the single wave of the all-at-once phase has SENDERS sends in flight whatever API_WORKERS is;
//   overlapping waves up to SENDERS per API process), MEMBER_PROCS, API_WORKERS (above),
//   ALERTAS_REDIS_URL, HOME_MEMBERS (50), HOME_S (30), PROGRESS_S (60: a progress line while a phase
//   runs), BENCH_DB (legiao_bench_alertas, made anew), BENCH_PG_URL, QUIET_LOAD, QUIET_WAIT_S
//   A smoke run (numbers mean nothing on a busy machine):
//   MEMBERS=300 BOUND_MIN=2 WAVE_S=5 TARGET_S=10 RATE=120 CAPACITY=40 REACT_S=3 STAY_S=5 HOME_S=10 node bench/alertas.mjs
//   The same with the members and the API spread: add MEMBER_PROCS=3 API_WORKERS=2.
//   100,000 members (the issue's figure), on a quiet machine, every default: `QUIET_LOAD=2.5 timeout -s INT
//   7200 node bench/alertas.mjs` (9 member processes, 4 API processes with PostgreSQL's 100
//   connections, nothing else using PostgreSQL). How long: each phase ends when its last member is
//   admitted; the last reactions come up to 10 × REACT_S (10 min) after their alert. With a sender of
//   ~150 alerts/s the waves go at the sender's pace until the line reaches its target (RATE/60 ×
//   TARGET_S = 12,000), then at the room's (~100/s): 10-17 min to alert everyone; the all-at-once
//   line drains at 100/s (~17 min); about an hour in all with setup and the waits for a quiet
//   machine. At ~35 alerts/s (4 senders, one SMTP connection per message) each phase takes ~48 min
//   of sending and the waves cannot meet a 30-minute bound: ~2 hours, the bound's check failing.
//   A medium run that proves the spreading past one process's 20,000 files (21,000 members connected
//   at once; ~11 min here): MEMBERS=21000 BOUND_MIN=7 WAVE_S=15 TARGET_S=30 CAPACITY=30000 REACT_S=5
//   STAY_S=1200 SENDERS=24 HOME_S=15 node bench/alertas.mjs
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PG_BASE, root } from './lib.mjs';
import { freePort, loginAll, seedMembers } from './resgate-lib.mjs';
import { freshDb, homeLoad, int, killEverything, loadAverage, login, sleep, startApi, waitForQuiet } from './integracao-lib.mjs';

const env = process.env;
const MEMBERS = Number(env.MEMBERS ?? 100_000);
const BOUND_MIN = Number(env.BOUND_MIN ?? 30);
const WAVE_S = Number(env.WAVE_S ?? 30);
const TARGET_S = Number(env.TARGET_S ?? 120);
const RATE = Number(env.RATE ?? 6000);
const CAPACITY = Number(env.CAPACITY ?? 20_000);
const REACT_S = Number(env.REACT_S ?? 60);
const STAY_S = Number(env.STAY_S ?? 120);
const SENDERS = Number(env.SENDERS ?? 4);
const HOME_MEMBERS = Number(env.HOME_MEMBERS ?? 50);
const HOME_S = Number(env.HOME_S ?? 30);
const PROGRESS_S = Number(env.PROGRESS_S ?? 60);
/** Members (sockets) per process, of its 20,000 open files: the rest for its own files, PostgreSQL, Redis and an uneven spread. */
const PER_PROCESS = 12_000;
const MEMBER_PROCS = Number(env.MEMBER_PROCS ?? Math.max(1, Math.ceil(MEMBERS / PER_PROCESS)));
/** PostgreSQL connections one API process may hold: its pool 10, pg-boss 3 (alerts) + 4 (webhooks), LISTEN and jobs (~17 measured under the home's load). */
const PG_PER_WORKER = 20;
/** API_WORKERS when not given: see the header. Decided once max_connections is known. */
const workersFor = (maxConnections) => (MEMBERS <= PER_PROCESS ? 1 : Math.max(1, Math.min(Math.ceil(MEMBERS / PER_PROCESS), Math.floor((maxConnections - 15) / PG_PER_WORKER))));
let API_WORKERS = Number(env.API_WORKERS ?? 0);
const REDIS_URL = env.ALERTAS_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const HOME_EXTRA = ['/api/lancamentos'];
const requireApi = createRequire(join(root, 'apps/api/package.json'));
const logDir = mkdtempSync(join(tmpdir(), 'legiao-bench-alertas-'));
const apiLog = join(logDir, 'api.log');
const failures = [];
const expect = (what, ok, detail = '') => {
  console.log(`  ${ok ? '✓' : '✗'} ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures.push(what);
};
const pct = (xs, p) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
// Loops, not Math.max(...xs): 100,000 arguments are past some engines' limit.
const max = (xs, empty = NaN) => xs.reduce((a, b) => (b > a ? b : a), xs.length ? -Infinity : empty);
const min = (xs) => xs.reduce((a, b) => (b < a ? b : a), Infinity);
const s1 = (ms) => `${(ms / 1000).toFixed(1)} s`;
const wall = () => performance.timeOrigin + performance.now();
/** This process's open-file limit (every child inherits it). */
const FD_LIMIT = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 1024);

// --- the children ---------------------------------------------------------------------------------------

const kids = new Set();
let stopping = false;
/** A child that died while the bench ran: the phase stops at its next check. */
let childDied = null;
function forkChild(file, name, childEnv = {}) {
  const child = fork(join(root, 'bench', file), [], { env: { ...env, ...childEnv }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  kids.add(child);
  child.once('exit', (code, signal) => {
    kids.delete(child);
    if (!stopping) childDied ??= `${name} (pid ${child.pid}) terminou: código ${code}, sinal ${signal}`;
  });
  return child;
}
/** The next message of `type` from `child`. */
const nextMessage = (child, type) =>
  new Promise((resolve, reject) => {
    const onMessage = (m) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m);
    };
    const onExit = () => {
      child.off('message', onMessage);
      reject(new Error(`um processo filho terminou antes de responder ${type}`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
const stopKids = () => {
  stopping = true;
  for (const c of kids) c.kill('SIGKILL');
};
// Interrupted (Ctrl-C, a time limit): the API runs in its own process group, and would outlive us.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: encerrando a API e os processos filhos (logs da API: ${logDir})`);
    killEverything();
    stopKids();
    process.exit(130);
  });
}

/** Two sets of MEMBERS members (prefix a and b) with the e-mail consent, and their requests for the two launches. */
async function seed(db) {
  for (const set of ['a', 'b']) {
    await db.query(
      `INSERT INTO usuario (id, email, senha_hash, nome, cpf, celular, cep, endereco, numero, cidade, uf, data_nascimento, genero, perfil, tipo, ativo, ativado_em, hash, data_atualizacao, opt_in_email)
       SELECT gen_random_uuid(), 'alerta-' || $2 || '-' || g || '@bench.legiao.dev', 'x', 'Membro Alerta ' || g, lpad(($3::bigint + g)::text, 11, '0'), '11987654321', '01310100',
              'Avenida Paulista', '1000', 'São Paulo', 'SP', '1990-01-01', 'outro', 'outsider', 'legionario', true, now(), gen_random_uuid(), now(), true
         FROM generate_series(0, $1::int - 1) g`,
      [MEMBERS, set, set === 'a' ? 60_000_000_000 : 61_000_000_000],
    );
  }
  const launches = {};
  for (const [set, name] of [['a', 'ondas'], ['b', 'tudo']]) {
    const { rows } = await db.query(
      `INSERT INTO lancamento_produto (id, slug, nome, url_imagem, skus, acesso_inicio, acesso_fim, data_publica, cota_por_membro, regra, status, aviso_prazo_min, atualizado_em)
       VALUES (gen_random_uuid(), $1, $2, '/banners/lancamento-desktop.svg', ARRAY['BENCH-ALERTA'], now() + interval '1 day', now() + interval '2 days', now() + interval '3 days', 2, '{"condicoes":[]}', 'publicado', $3, now())
       RETURNING id::text`,
      [`bench-alerta-${name}-${Date.now().toString(36)}`, `Garrafa alerta ${name}`, BOUND_MIN],
    );
    launches[name] = rows[0].id;
    await db.query(`INSERT INTO lancamento_aviso (lancamento_id, usuario_id) SELECT $1, id FROM usuario WHERE email LIKE 'alerta-' || $2 || '-%'`, [rows[0].id, set]);
  }
  await db.query('ANALYZE usuario; ANALYZE lancamento_aviso');
  return launches;
}

/**
 * One phase: start() opens it (the launch's window, and for "tudo" the single wave); the catcher's
 * alerts go to the members' processes, which make the members come and report their admissions; the
 * line is sampled; the home measured for HOME_S. Ends when every member of the set was alerted and
 * admitted (or the bound plus the line's drain passed).
 */
async function phase({ name, set, index, catcher, members, api, admin, profiles, start }) {
  const alerts = new Map(); // address -> wall time at the catcher
  const admitted = new Map(); // address -> wall time of ProceedToLogin
  const prefix = `alerta-${set}-`;
  const wsUrl = `${api.base.replace('http', 'ws')}/api/fila/ws`;
  // Each process its own source address, and a new one each phase (TIME_WAIT of the last phase's ports).
  members.forEach((c, i) => c.send({ type: 'phase', name, wsUrl, localAddress: `127.${index + 1}.0.${i + 1}` }));
  catcher.send({ type: 'watch', label: name, procs: watchList(api, members) });
  const onAlerts = (m) => {
    if (m.type !== 'alerts') return;
    const per = members.map(() => []);
    for (const [to, t] of m.list) {
      if (!to.startsWith(prefix) || alerts.has(to)) continue;
      alerts.set(to, t);
      per[Number(to.slice(prefix.length, to.indexOf('@'))) % members.length].push([to, t]);
    }
    per.forEach((list, i) => list.length && members[i].send({ type: 'alerted', list }));
  };
  const open = members.map(() => 0);
  let openPeak = 0;
  const onAdmitted = (m, i) => {
    if (m.type === 'open') {
      open[i] = m.n;
      const total = open.reduce((a, b) => a + b, 0);
      if (total > openPeak) openPeak = total;
    }
    if (m.type !== 'admitted') return;
    for (const [to, t] of m.list) if (!admitted.has(to)) admitted.set(to, t);
  };
  const listeners = members.map((_, i) => (m) => onAdmitted(m, i));
  catcher.on('message', onAlerts);
  members.forEach((c, i) => c.on('message', listeners[i]));
  const samples = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      try {
        const r = await fetch(`${api.base}/api/admin/fila`, { headers: { authorization: `Bearer ${admin}` } });
        const s = await r.json();
        samples.push({ at: wall(), aguardando: s.aguardando, admitidos: s.admitidos });
      } catch {}
      await sleep(1000);
    }
  })();
  const t0 = wall();
  await start();
  const home = await homeLoad(api.base, profiles, { duration: HOME_S, extraCalls: HOME_EXTRA }).result;
  const limit = t0 + (BOUND_MIN * 60 + 10 * REACT_S + (2 * MEMBERS * 60) / RATE + 120) * 1000;
  let said = wall();
  while ((alerts.size < MEMBERS || admitted.size < MEMBERS) && wall() < limit && !childDied) {
    await sleep(500);
    if (PROGRESS_S > 0 && wall() - said >= PROGRESS_S * 1000) {
      said = wall();
      const last = samples.at(-1);
      console.log(`  ${name}: ${s1(said - t0)}: ${int(alerts.size)} avisados, ${int(admitted.size)} admitidos, fila ${last ? int(last.aguardando) : '?'}, dentro ${last ? int(last.admitidos) : '?'}, conectados ${int(open.reduce((a, b) => a + b, 0))}; load ${loadAverage()}`);
    }
  }
  if (childDied) throw new Error(childDied);
  sampling = false;
  await sampler;
  catcher.off('message', onAlerts);
  const ended = await Promise.all(members.map(async (c) => {
    const answer = nextMessage(c, 'ended');
    c.send({ type: 'end' });
    return (await answer).stats;
  }));
  members.forEach((c, i) => c.off('message', listeners[i]));
  try {
    await sleep(1000);
    const r = await (await fetch(`${api.base}/api/admin/fila`, { headers: { authorization: `Bearer ${admin}` } })).json();
    console.log(`  ${name}: fim em ${s1(wall() - t0)}; a sala depois que os membros saíram: ${int(r.admitidos)} dentro, ${int(r.aguardando)} na fila`);
  } catch {}
  const alertTimes = [...alerts.values()];
  const waits = [...admitted].map(([to, t]) => t - alerts.get(to));
  const lines = samples.map((s) => s.aguardando);
  const sum = (key) => ended.reduce((acc, s) => {
    for (const [k, v] of Object.entries(s[key])) acc[k] = (acc[k] ?? 0) + v;
    return acc;
  }, {});
  return {
    name,
    alerted: alerts.size,
    admitted: admitted.size,
    alertsPerS: alertTimes.length > 1 ? alertTimes.length / ((max(alertTimes) - min(alertTimes)) / 1000 || 1) : NaN,
    allAlertedIn: alertTimes.length ? max(alertTimes) - t0 : NaN,
    lineMax: max(lines, 0),
    lineMean: mean(lines),
    lineP95: pct(lines, 95),
    waitP50: pct(waits, 50),
    waitP95: pct(waits, 95),
    waitMax: max(waits, 0),
    home,
    members: {
      openPeak,
      peakOpen: max(ended.map((s) => s.peakOpen), 0),
      opened: ended.reduce((a, s) => a + s.opened, 0),
      errors: sum('errors'),
      serverErrors: sum('serverErrors'),
      loggedOutBy: sum('loggedOutBy'),
      closedBeforeAdmission: ended.reduce((a, s) => a + s.closedBeforeAdmission, 0),
      gaveUp: ended.reduce((a, s) => a + s.gaveUp, 0),
    },
  };
}

/** The processes whose open files the catcher samples: this one, the members', the API's (and its workers). */
function watchList(api, members) {
  return [
    { name: 'bench', pid: process.pid },
    ...members.map((c, i) => ({ name: `membros ${i + 1}`, pid: c.pid, group: 'membros' })),
    { name: 'API', pid: api.pid, ...(API_WORKERS > 1 ? { workersOf: true } : {}) },
  ];
}

let api;
let db;
let catcher;
let members = [];
try {
  console.log(`== Avisos de lançamento: ${int(MEMBERS)} membros por fase, prazo ${BOUND_MIN} min, onda a cada ${WAVE_S} s, sala ${int(RATE)}/min (capacidade ${int(CAPACITY)}), reação média ${REACT_S} s, permanência ${STAY_S} s, ${SENDERS} envios ==`);
  const pgAdmin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await pgAdmin.connect();
  const maxConnections = Number((await pgAdmin.query('SHOW max_connections')).rows[0].max_connections);
  await pgAdmin.end();
  API_WORKERS ||= workersFor(maxConnections);
  console.log(`processos: ${MEMBER_PROCS} de membros (até ${int(Math.ceil(MEMBERS / MEMBER_PROCS))} sockets cada), 1 catcher SMTP, ${API_WORKERS} da API (${API_WORKERS > 1 ? `node:cluster, sala de espera no Redis ${REDIS_URL}` : 'um processo, sala de espera em memória'}); limite de arquivos abertos por processo ${int(FD_LIMIT)}; PostgreSQL max_connections ${maxConnections} (~${PG_PER_WORKER} por processo da API)`);
  // The API's share if every member of a phase were connected at once (the line of the all-at-once phase
  // grows at the sending rate minus RATE, so how close it comes depends on the senders).
  const worstShare = MEMBERS / API_WORKERS;
  if (worstShare > 0.75 * FD_LIMIT) console.log(`  atenção: com os ${int(MEMBERS)} membros de uma fase conectados ao mesmo tempo, cada processo da API teria ~${int(worstShare)} sockets (limite ${int(FD_LIMIT)}); o pico real é a fila mais os de dentro (≈ RATE/60 × STAY_S = ${int((RATE / 60) * STAY_S)})`);
  if (API_WORKERS * PG_PER_WORKER + 10 > maxConnections) console.log(`  atenção: ${API_WORKERS} processos da API × ~${PG_PER_WORKER} conexões passam de max_connections ${maxConnections}`);
  console.log(`load average no início: ${loadAverage()}`);
  catcher = forkChild('alertas-catcher.mjs', 'o catcher SMTP');
  const { port: smtpPort } = await nextMessage(catcher, 'listening');
  members = Array.from({ length: MEMBER_PROCS }, (_, i) => forkChild('alertas-members.mjs', `o processo de membros ${i + 1}`, { STAY_S: String(STAY_S), REACT_S: String(REACT_S) }));
  await Promise.all(members.map((c) => nextMessage(c, 'ready')));
  const dbUrl = await freshDb(PG_BASE, env.BENCH_DB ?? 'legiao_bench_alertas');
  let shared = {};
  if (API_WORKERS > 1) {
    const Redis = requireApi('ioredis');
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    await redis.flushdb();
    await redis.quit();
    const tag = Date.now().toString(36);
    shared = { REDIS_URL, REDIS_PREFIX: `legiao-bench-alertas:${tag}:`, FILA_REDIS_PREFIX: `legiao-bench-alertas-fila:${tag}:` };
  }
  api = await startApi({
    port: await freePort(),
    dbUrl,
    logFile: apiLog,
    env: {
      WORKERS: String(API_WORKERS),
      ...shared,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ALERTAS_LANCAMENTO: 'true',
      ALERTAS_ONDA_S: String(WAVE_S),
      ALERTAS_FILA_ALVO_S: String(TARGET_S),
      ALERTAS_CONCORRENCIA: String(SENDERS),
      FILA_ENABLED: 'true',
      FILA_CAPACIDADE: String(CAPACITY),
      FILA_ADMISSOES_POR_MINUTO: String(RATE),
      FILA_INATIVIDADE_MS: String(Math.max(120_000, (STAY_S + 60) * 1000)),
      FILA_LANCAMENTO: 'false',
    },
  });
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const launches = await seed(db);
  const admin = await login(api.base, 'admin@legiao.dev');
  const homeMembers = await seedMembers(db, 'bench-alerta-home', HOME_MEMBERS, 5);
  const tokens = await loginAll(api.base, homeMembers);
  const profiles = await Promise.all(tokens.map(async (token) => ({ token, ...(await (await fetch(`${api.base}/api/usuario/logged`, { headers: { authorization: `Bearer ${token}` } })).json()) })));
  await homeLoad(api.base, profiles, { duration: Math.min(5, HOME_S), extraCalls: HOME_EXTRA }).result; // warm-up

  await waitForQuiet('a home sozinha');
  const alone = await homeLoad(api.base, profiles, { duration: HOME_S, extraCalls: HOME_EXTRA }).result;
  console.log(`  home sozinha: ${alone.pages.toFixed(1)} páginas/s (p95 ${alone.p95.toFixed(0)} ms)`);

  await waitForQuiet('a fase em ondas');
  const waves = await phase({
    name: 'ondas', set: 'a', index: 0, catcher, members, api, admin, profiles,
    start: () => db.query(`UPDATE lancamento_produto SET acesso_inicio = now() WHERE id = $1`, [launches.ondas]),
  });
  await waitForQuiet('a fase tudo de uma vez');
  const all = await phase({
    name: 'tudo de uma vez', set: 'b', index: 1, catcher, members, api, admin, profiles,
    // One wave holding everyone, old enough that the planner's next pass queues its jobs at once.
    start: async () => {
      await db.query('BEGIN');
      await db.query(`UPDATE lancamento_produto SET acesso_inicio = now() WHERE id = $1`, [launches.tudo]);
      await db.query(`UPDATE lancamento_aviso SET status = 'reservado', onda = 1, atualizado_em = now() - interval '1 hour' WHERE lancamento_id = $1`, [launches.tudo]);
      await db.query(`INSERT INTO lancamento_aviso_onda (lancamento_id, numero, tamanho, restantes, fila_aguardando, fila_admissoes, taxa, ritmo, piso) VALUES ($1, 1, $2, $2, 0, 0, 0, 0, $2)`, [launches.tudo, MEMBERS]);
      await db.query('COMMIT');
    },
  });

  const answer = nextMessage(catcher, 'fds');
  catcher.send({ type: 'fds' });
  const { peaks } = await answer;
  const fdsOf = (label) => {
    const p = peaks[label] ?? {};
    const workers = Object.entries(p).filter(([k]) => k.startsWith('API worker '));
    const api = workers.length ? `API: ${workers.map(([, v]) => int(v)).join(' / ')} (soma ${int(p['API (soma)'] ?? 0)}; primário ${int(p.API ?? 0)})` : `API ${int(p.API ?? 0)}`;
    return { p, text: `bench ${int(p.bench ?? 0)}, catcher ${int(p.catcher ?? 0)}, membros: maior ${int(max(members.map((_, i) => p[`membros ${i + 1}`] ?? 0), 0))}, soma ${int(p['membros (soma)'] ?? 0)} (${members.length} processos); ${api}` };
  };

  const rows = [
    ['avisos enviados', (r) => `${int(r.alerted)} de ${int(MEMBERS)}`],
    ['avisos por segundo (no SMTP)', (r) => r.alertsPerS.toFixed(1)],
    ['todos avisados em', (r) => s1(r.allAlertedIn)],
    ['fila: máximo', (r) => int(r.lineMax)],
    ['fila: média / p95', (r) => `${r.lineMean.toFixed(1)} / ${int(r.lineP95)}`],
    ['admitidos', (r) => int(r.admitted)],
    ['espera aviso→admissão p50', (r) => s1(r.waitP50)],
    ['espera aviso→admissão p95 / máx', (r) => `${s1(r.waitP95)} / ${s1(r.waitMax)}`],
    ['home durante / sozinha', (r) => `${(r.home.pages / alone.pages).toFixed(2)} (${r.home.pages.toFixed(1)} páginas/s)`],
    ['membros conectados: máx. juntos', (r) => `${int(r.members.openPeak)} (${int(r.members.peakOpen)} num processo)`],
  ];
  const width = Math.max(26, ...rows.map(([, f]) => String(f(waves)).length + 2));
  console.log(`\n${'medida'.padEnd(34)}${'ondas'.padEnd(width)}tudo de uma vez`);
  for (const [label, f] of rows) console.log(`${label.padEnd(34)}${String(f(waves)).padEnd(width)}${f(all)}`);
  console.log('(a reação de cada membro ao e-mail inclui o sorteio exponencial de média REACT_S; a espera é do aviso à admissão)');
  console.log('arquivos abertos no pico (amostras a cada 5 s; a soma é o maior total de uma amostra):');
  for (const r of [waves, all]) console.log(`  ${r.name}: ${fdsOf(r.name).text}`);

  for (const r of [waves, all]) {
    expect(`${r.name}: home durante o envio >= 0.9 da home sozinha`, r.home.pages / alone.pages >= 0.9, (r.home.pages / alone.pages).toFixed(2));
    expect(`${r.name}: home sem erros`, r.home.non2xx + r.home.errors === 0, `não-2xx ${r.home.non2xx}, erros ${r.home.errors}`);
    const m = r.members;
    const errors = Object.values(m.errors).reduce((a, b) => a + b, 0);
    expect(`${r.name}: nenhuma conexão de membro falhou`, errors === 0 && m.closedBeforeAdmission === 0, `${errors} erros ${JSON.stringify(m.errors)}, ${m.closedBeforeAdmission} caíram antes da admissão (reconectaram; ${m.gaveUp} desistiram)`);
    if (Object.keys(m.serverErrors).length || Object.keys(m.loggedOutBy).length) console.log(`    (${r.name}: a sala respondeu Error ${JSON.stringify(m.serverErrors)}, ProceedToLogout ${JSON.stringify(m.loggedOutBy)})`);
    const { p } = fdsOf(r.name);
    const worst = Object.entries(p).filter(([k]) => !k.endsWith('(soma)')).sort((a, b) => b[1] - a[1])[0] ?? ['?', 0];
    expect(`${r.name}: cada processo abaixo do limite de ${int(FD_LIMIT)} arquivos abertos`, worst[1] < FD_LIMIT, `o maior: ${worst[0]} com ${int(worst[1])}`);
  }
  const summaryAnswer = nextMessage(catcher, 'summary');
  catcher.send({ type: 'summary' });
  const summary = await summaryAnswer;
  const { rows: state } = await db.query(`SELECT status::text, count(*)::int AS n FROM lancamento_aviso WHERE lancamento_id = ANY($1::uuid[]) GROUP BY 1`, [[launches.ondas, launches.tudo]]);
  const byState = Object.fromEntries(state.map((r) => [r.status, r.n]));
  expect('cada membro avisado (catcher)', waves.alerted === MEMBERS && all.alerted === MEMBERS, `${waves.alerted} + ${all.alerted}`);
  expect('nenhum membro avisado duas vezes', summary.twice === 0, `${summary.twice} em dobro; ${int(summary.messages)} mensagens para ${int(summary.addresses)} endereços`);
  expect('as linhas dizem o mesmo: todas enviado', byState.enviado === 2 * MEMBERS, JSON.stringify(byState));
  expect('ondas: todos avisados dentro do prazo', waves.allAlertedIn <= BOUND_MIN * 60_000, s1(waves.allAlertedIn));
} catch (err) {
  console.error(err);
  failures.push(`erro: ${err.message}`);
  killEverything();
} finally {
  await db?.end().catch(() => {});
  await api?.stop();
  stopKids();
}
let emfile = 0;
try {
  emfile = (readFileSync(apiLog, 'utf8').match(/EMFILE|ENFILE/g) ?? []).length;
} catch {}
expect('nenhum EMFILE/ENFILE no log da API', emfile === 0, `${emfile} ocorrências`);
console.log(`\nload average no fim: ${loadAverage()}`);
console.log(failures.length ? `✗ ${failures.length} verificação(ões) falharam: ${failures.join('; ')}` : 'todas as verificações OK');
if (!failures.length) rmSync(logDir, { recursive: true, force: true });
else console.log(`logs da API: ${logDir}`);
process.exit(failures.length ? 1 : 0);
