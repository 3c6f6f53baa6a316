// The launch rehearsal (issue 15 item 6; docs/decisions/0026-launch-rehearsal.md).
//
// Phase A, the launch: PROCESSES API processes (default 2; each `node apps/api/dist/server.js` on
// its own port) on one PostgreSQL and one Redis, the waiting room on with an admission rate below
// the arrival rate, so a real queue forms. MEMBERS members (5,000) arrive over SECONDS (60), each
// through the waiting room over WebSocket (TryLogin -> ReceiveQueuePosition ... -> ProceedToLogin),
// log in with their ticket, open the home (its 11 calls) and redeem a benefit, then leave (Sair:
// Logout on the socket + POST /api/auth/logout), which frees their place. Clients are spread over
// the processes by client-side round robin (member k starts on process k mod N; LB=haproxy puts a
// local HAProxy in front instead). Half-way through the arrivals one process is SIGKILLed and
// restarted RESTART_AFTER_MS later; its clients reconnect to the next process with the same
// clientId (the web client's backoff), and HTTP calls that got no answer are repeated there (GETs,
// the login with its single-use ticket, the redemption with its Idempotency-Key are all safe to
// repeat).
//
// Phase B, throughput: the same journey in a closed loop (CONCURRENCY members at a time,
// THROUGHPUT_JOURNEYS journeys, admission rate unbounded, capacity = CONCURRENCY) on all the
// processes, then on one (the others stopped): journeys per second and the ratio, same run.
//
// Printed: load average first; admissions (all, in arrival order), members who lost their place,
// 5xx, codes issued twice, redemptions without debit and the rest of the economy's invariants
// (in SQL), p95 of each step, throughput. Exit code 1 when an invariant fails.
//
// Usage: node bench/launch.mjs   (needs `pnpm build`, local PostgreSQL and Redis)
//   MEMBERS=5000 SECONDS=60 PROCESSES=2 MODE=processes|workers LB=client|haproxy CAPACITY=200 RATE=<admissions/min, 1200>
//   BCRYPT_COST=6 KILL=1 RESTART_AFTER_MS=2000 THROUGHPUT_JOURNEYS=1000 CONCURRENCY=100 PHASE_B=1 B_ROUNDS=1
//   LAUNCH_API_DIST=<another build's dist/server.js> LAUNCH_DB=legiao_test_launch BASE_PORT=3450
//   LAUNCH_REDIS_URL=redis://127.0.0.1:6379/3 MAX_SECONDS
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { Cluster, cpuBetween, cpuSnapshot, defaultDist, haproxyInstalled, Journey, newStats, outOfOrder, pct, PASSWORD, seedMembers, sleep } from './launch-lib.mjs';
import { DEV_JWT_SECRET, fmt, root } from './lib.mjs';
import { checkInvariants, freshDb, invariantsOk, seedBenefit } from './resgate-lib.mjs';

const env = process.env;
const MEMBERS = Number(env.MEMBERS ?? 5000);
const SECONDS = Number(env.SECONDS ?? 60);
const PROCESSES = Number(env.PROCESSES ?? 2);
const LB = env.LB ?? 'client';
// processes: PROCESSES servers on their own ports; workers: one WORKERS=PROCESSES server (ADR 0025).
const MODE = env.MODE ?? 'processes';
const CAPACITY = Number(env.CAPACITY ?? 200);
// The product's default (FILA_ADMISSOES_POR_MINUTO, 1,200/min: what two cores serve, ADR 0008),
// or 60% of the arrival rate when that is lower: either way the queue grows during the arrivals
// and drains after them.
const RATE = Number(env.RATE ?? Math.max(60, Math.min(1200, Math.round((MEMBERS / SECONDS) * 60 * 0.6))));
// The seeded hash's cost is what each login pays. Production's is 10 (~35 logins/s on two cores,
// ADR 0008); 5,000 logins in a minute on this shared 2-core machine need a cheaper one. Lowered
// for the bench, on purpose: the waiting room's metering, not bcrypt, is what this rehearses.
const BCRYPT_COST = Number(env.BCRYPT_COST ?? 6);
const KILL = env.KILL !== '0';
const RESTART_AFTER_MS = Number(env.RESTART_AFTER_MS ?? 2000);
const THROUGHPUT_JOURNEYS = Number(env.THROUGHPUT_JOURNEYS ?? Math.min(MEMBERS, 1000));
const CONCURRENCY = Number(env.CONCURRENCY ?? 100);
const PHASE_B = env.PHASE_B !== '0';
const B_ROUNDS = Number(env.B_ROUNDS ?? 1);
const DIST = env.LAUNCH_API_DIST ?? defaultDist();
const DB_NAME = env.LAUNCH_DB ?? 'legiao_test_launch';
const REDIS_URL = env.LAUNCH_REDIS_URL ?? 'redis://127.0.0.1:6379/3';
const BASE_PORT = Number(env.BASE_PORT ?? 3450);
const MAX_SECONDS = Number(env.MAX_SECONDS ?? SECONDS * 6 + 600);
const BALANCE = 10;

const runId = randomUUID().slice(0, 8);
const PREFIX = `legiao-launch:{fila-${runId}}:`;
const logDir = `/tmp/legiao-launch-${runId}`;
const load = () => loadavg().map((x) => fmt(x, 2)).join(' / ');
const began = performance.now();
const elapsed = () => fmt((performance.now() - began) / 1000);
const log = (m) => console.log(`[${elapsed()} s] ${m}`);

let uptime = '';
try {
  uptime = execFileSync('uptime', { encoding: 'utf8' }).trim();
} catch {}
console.log(`carga média (1/5/15 min) no início: ${load()}${uptime ? `  (uptime: ${uptime})` : ''}`);
console.log(
  `ensaio de lançamento ${runId}: ${MEMBERS} membros em ${SECONDS} s (${fmt(MEMBERS / SECONDS)}/s), ${PROCESSES} processo(s) da API, ` +
    `${MODE === 'workers' ? `um servidor WORKERS=${PROCESSES} numa porta` : LB === 'haproxy' ? 'HAProxy na frente' : 'round robin no cliente'}; sala de espera: capacidade ${CAPACITY}, ${RATE} admissões/min (${fmt(RATE / 60)}/s); ` +
    `bcrypt custo ${BCRYPT_COST} (produção: 10); kill ${KILL ? `no meio das chegadas, reinício após ${RESTART_AFTER_MS} ms` : 'desligado'}; ` +
    `fase B: ${PHASE_B ? `${THROUGHPUT_JOURNEYS} jornadas, ${CONCURRENCY} por vez` : 'desligada'}; logs da API em ${logDir}`,
);
if (MODE !== 'processes' && MODE !== 'workers') throw new Error('MODE: processes ou workers');
if (MODE === 'workers' && LB === 'haproxy') throw new Error('MODE=workers é uma porta só: sem LB=haproxy');
if (LB === 'haproxy' && !haproxyInstalled()) throw new Error('LB=haproxy: o binário haproxy não está instalado (Debian: apt-get install -y haproxy)');

const cluster = new Cluster({
  dist: DIST,
  basePort: BASE_PORT,
  n: PROCESSES,
  lb: LB === 'haproxy',
  workers: MODE === 'workers',
  logDir,
  env: {
    NODE_ENV: 'development',
    DATABASE_URL: `${env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432'}/${DB_NAME}`,
    REDIS_URL,
    FILA_ENABLED: 'true',
    FILA_REDIS_PREFIX: PREFIX,
    // Rate limits and failed-login counts (builds that have REDIS_PREFIX; older ones ignore it).
    REDIS_PREFIX: `legiao-launch:${runId}:`,
    FILA_CAPACIDADE: String(CAPACITY),
    FILA_ADMISSOES_POR_MINUTO: String(RATE),
    JWT_SECRET: DEV_JWT_SECRET,
    BCRYPT_COST: String(BCRYPT_COST),
    // Every member comes from 127.0.0.1 here: the per-IP login ceiling would stop the launch.
    RATE_LIMIT_AUTH_MAX: '100000000',
    RATE_LIMIT_LOGIN_IP_MAX: '100000000',
    LOG_LEVEL: 'warn',
    ...(LB === 'haproxy' ? { TRUST_PROXY: '127.0.0.1' } : {}),
  },
});

const watchdog = setTimeout(() => {
  console.error(`tempo máximo (${MAX_SECONDS} s) atingido: encerrando`);
  for (const pid of cluster.workerPids()) process.kill(pid, 'SIGKILL');
  for (const p of cluster.procs) p.child?.kill('SIGKILL');
  cluster.lb?.child?.kill('SIGKILL');
  process.exit(2);
}, MAX_SECONDS * 1000);
watchdog.unref();
process.once('SIGINT', () => {
  for (const pid of cluster.workerPids()) process.kill(pid, 'SIGKILL');
  for (const p of cluster.procs) p.child?.kill('SIGKILL');
  cluster.lb?.child?.kill('SIGKILL');
  process.exit(130);
});

const dbUrl = await freshDb(DB_NAME);
const c = new pg.Client({ connectionString: dbUrl });
const failures = [];
/** "140 × 503 SOBRECARGA, 2 × 502 ..." */
const byKind = (xs) => Object.entries(xs.reduce((acc, x) => ({ ...acc, [`${x.status} ${String(x.code).split('\n')[0].slice(0, 40)}`]: (acc[`${x.status} ${String(x.code).split('\n')[0].slice(0, 40)}`] ?? 0) + 1 }), {})).map(([k, n]) => `${n} × ${k}`).join(', ');
const check = (name, ok) => {
  if (!ok) failures.push(name);
  return ok ? 'OK' : 'FALHOU';
};

try {
  // Process 0 migrates and seeds the demo data; the others start once the schema exists.
  log(`iniciando ${MODE === 'workers' ? `um servidor com WORKERS=${PROCESSES}` : `${PROCESSES} processo(s) da API`} (${DIST})`);
  await cluster.start(0);
  await Promise.all(cluster.procs.slice(1).map((p) => cluster.start(p.i)));
  if (cluster.lb) await cluster.startHaproxy();
  await c.connect();

  log(`semeando ${MEMBERS} membros (uma instrução por tabela, hash bcrypt custo ${BCRYPT_COST} calculado uma vez)`);
  const t0 = performance.now();
  const members = await seedMembers(c, `launch-${runId}`, MEMBERS, BALANCE, BCRYPT_COST);
  const [admin] = await seedMembers(c, `launch-admin-${runId}`, 1, 1, BCRYPT_COST, 79_000_000_000);
  await c.query('UPDATE usuario SET admin = true WHERE id = $1', [admin.id]);
  const benefA = await seedBenefit(c, MEMBERS + 100);
  const benefB = PHASE_B ? await seedBenefit(c, THROUGHPUT_JOURNEYS * 2 + 100) : null;
  log(`semeados em ${fmt((performance.now() - t0) / 1000)} s`);

  // The operator logs in before anybody arrives (the room is off: nobody waits, places are free).
  const adminLogin = await fetch(`http://127.0.0.1:${cluster.endpoint(0)}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, senha: PASSWORD }),
  });
  if (!adminLogin.ok) throw new Error(`login do operador: ${adminLogin.status} ${await adminLogin.text()}`);
  const adminToken = (await adminLogin.json()).token.token;
  const waitingRoomState = async () => (await fetch(`http://127.0.0.1:${cluster.endpoint(0)}/api/admin/fila`, { headers: { authorization: `Bearer ${adminToken}` } })).json();

  // ---------------- Phase A: the launch ----------------
  const statsA = newStats();
  const journeys = members.map((member, k) => new Journey({ k, member, cluster, stats: statsA, beneficioId: benefA.id, runId }));
  console.log(`\nFase A: carga média antes ${load()}`);
  const cpuA0 = cpuSnapshot(cluster, DB_NAME);
  const tA = performance.now();
  const running = [];
  let kill = null;
  const killAt = (SECONDS * 1000) / 2;
  const victim = PROCESSES - 1;
  const progress = setInterval(async () => {
    const by = {};
    for (const j of journeys.slice(0, running.length)) by[j.step ?? '-'] = (by[j.step ?? '-'] ?? 0) + 1;
    let room = '';
    try {
      const s = await waitingRoomState();
      room = `; sala: ${s.aguardando} aguardando, ${s.admitidos} admitidos, ${s.admissoesUltimoMinuto} admissões no último minuto`;
    } catch {}
    log(`chegaram ${running.length}/${MEMBERS}; ${JSON.stringify(by)}${room}; 5xx ${statsA.fiveXX.length}, sem resposta ${statsA.connErrors}, quedas de socket ${statsA.wsDrops}; carga ${load()}`);
  }, 5000);

  const killer = KILL
    ? (async () => {
        await sleep(killAt);
        if (cluster.workers) {
          const waiting = journeys.filter((j) => j.ws?.readyState === WebSocket.OPEN && j.firstJti === null && !j.leaving).length;
          log(`SIGKILL num dos ${PROCESSES} workers do servidor WORKERS=${PROCESSES} (${waiting} clientes na fila em todos)`);
          const tk = performance.now();
          const { victim: pid, downS } = await cluster.killWorker();
          log(`worker ${pid} reposto pelo primário depois de ${fmt(downS)} s`);
          kill = { at: (tk - tA) / 1000, where: `um worker (pid ${pid}) de ${PROCESSES}, com ${waiting} clientes na fila em todos os workers`, downS, restartedAt: tk, readyAt: performance.now(), port: null };
          return;
        }
        // Sockets open on the victim right now (a client between two attempts is not on it).
        // Behind HAProxy the members only know the balancer's port: every open socket is counted.
        const onIt = journeys.filter((j) => (cluster.lb || j.port === cluster.procs[victim].port) && j.ws?.readyState === WebSocket.OPEN && !j.leaving);
        const onVictim = onIt.length;
        const waitingOnVictim = onIt.filter((j) => j.firstJti === null).length;
        log(`SIGKILL no processo ${victim} (porta ${cluster.procs[victim].port}): ${onVictim} sockets abertos nele, ${waitingOnVictim} de quem ainda espera a vez`);
        const tk = performance.now();
        await cluster.kill(victim, 'SIGKILL');
        await sleep(RESTART_AFTER_MS);
        const restartedAt = performance.now();
        await cluster.start(victim);
        const down = performance.now() - tk;
        log(`processo ${victim} de volta depois de ${fmt(down / 1000)} s`);
        kill = { at: (tk - tA) / 1000, where: cluster.lb ? `${onVictim} sockets abertos no HAProxy, em todos os processos (${waitingOnVictim} de quem ainda esperava a vez)` : `${onVictim} sockets abertos no processo morto (${waitingOnVictim} de quem ainda esperava a vez)`, downS: down / 1000, restartedAt, readyAt: performance.now(), port: cluster.lb ? null : cluster.procs[victim].port };
      })()
    : Promise.resolve();

  // Arrivals spread evenly over SECONDS.
  for (let k = 0; k < MEMBERS; k++) {
    const due = tA + (k * SECONDS * 1000) / MEMBERS;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    running.push(journeys[k].run());
  }
  await Promise.all(running);
  await killer;
  const secondsA = (performance.now() - tA) / 1000;
  const cpuA = cpuBetween(cpuA0, cpuSnapshot(cluster, DB_NAME));
  clearInterval(progress);
  log(`fase A terminada em ${fmt(secondsA)} s; carga ${load()}`);

  // ---------------- Phase A: results ----------------
  const done = journeys.filter((j) => j.t.done);
  const admitted = journeys.filter((j) => j.firstJti !== null);
  const order = outOfOrder(journeys);
  const lost = journeys.filter((j) => j.lost);
  const failed = journeys.filter((j) => j.failed);
  const doubles = journeys.reduce((a, j) => a + j.doubleAdmission, 0);
  const waited = journeys.filter((j) => j.positionsHeard > 0);
  const steps = {
    'fila (TryLogin -> ProceedToLogin)': journeys.filter((j) => j.t.ticketAt).map((j) => j.t.ticketAt - j.t.joinSent),
    'login (com o ticket)': done.map((j) => j.t.logged - j.t.admitted),
    'home (11 chamadas)': done.map((j) => j.t.home - j.t.logged),
    resgate: done.map((j) => j.t.redeemed - j.t.home),
    'jornada inteira': done.map((j) => j.t.done - j.t.arrive),
  };
  const codes = journeys.map((j) => j.cupom).filter(Boolean);
  const { rows: dbCodes } = await c.query('SELECT c.codigo, r.usuario_id FROM resgate r JOIN cupom c ON c.id = r.cupom_id WHERE r.beneficio_id = $1', [benefA.id]);
  const inDb = new Set(dbCodes.map((r) => r.codigo));
  const perMember = new Map();
  for (const r of dbCodes) perMember.set(r.usuario_id, (perMember.get(r.usuario_id) ?? 0) + 1);
  const invA = await checkInvariants(c, benefA.id, members.map((m) => m.id));
  const ackMissing = codes.filter((x) => !inDb.has(x)).length;
  const codesTwiceClients = codes.length - new Set(codes).size;
  const redeemedTwice = [...perMember.values()].filter((n) => n > 1).length;

  console.log(`\nFase A: resultados (${PROCESSES} processos, ${fmt(secondsA)} s do primeiro ao último)`);
  if (kill) console.log(`  kill: aos ${fmt(kill.at)} s, ${kill.where}; fora do ar ${fmt(kill.downS)} s; sockets caídos ${statsA.wsDrops} (${statsA.wsDropsWaiting} de quem ainda esperava a vez), reconexões ${statsA.reconnects}, quem esperava e achou o lugar na reconexão ${statsA.keptAfterReconnect}/${statsA.wsDropsWaiting}; chamadas HTTP sem resposta (refeitas em outro processo) ${statsA.connErrors}; logins refeitos com novo ticket ${statsA.ticketRetries}; resgates repetidos com a mesma chave (replay) ${statsA.replays}`);
  console.log(`  aberturas do WebSocket que falharam (cada uma refeita no processo seguinte): ${statsA.wsConnectFailures}: recusadas ${JSON.stringify(statsA.wsRefused)}, sem resposta em 30 s ${statsA.wsHandshakeTimeouts}, conexão recusada ou cortada ${statsA.wsConnectErrors}`);
  console.log(`  esperaram na fila: ${waited.length} membros; maior posição vista ${waited.reduce((m, j) => Math.max(m, j.firstPos), 0)}; posições recebidas ${waited.reduce((n, j) => n + j.positionsHeard, 0)}`);
  const lines = [
    ['admissões (todos os membros)', `${admitted.length}/${MEMBERS}`, check('admissões', admitted.length === MEMBERS)],
    [`admissões fora da ordem de chegada (${order.compared} comparáveis)`, order.bad, check('ordem', order.bad === 0 && order.compared === admitted.length)],
    ['membros que perderam o lugar', lost.length, check('lugar', lost.length === 0 && statsA.keptAfterReconnect === statsA.wsDropsWaiting)],
    ['admitidos duas vezes (novo ticket sem usar o primeiro)', doubles, check('admissão dupla', doubles === 0)],
    ['jornadas completas', `${done.length}/${MEMBERS}`, check('jornadas', done.length === MEMBERS)],
    ['respostas 5xx', `${statsA.fiveXX.length}${statsA.fiveXX.length ? ` (${byKind(statsA.fiveXX)})` : ''}`, check('5xx', statsA.fiveXX.length === 0)],
    ['aberturas do WebSocket recusadas com 5xx', JSON.stringify(statsA.wsRefused), check('WebSocket 5xx', !Object.keys(statsA.wsRefused).some((st) => Number(st) >= 500))],
    ['respostas inesperadas', statsA.unexpected.length, check('inesperadas', statsA.unexpected.length === 0)],
    ['códigos entregues duas vezes (SQL)', invA.codigoRepetido, check('código repetido', invA.codigoRepetido === 0)],
    ['códigos repetidos entre os clientes', codesTwiceClients, check('código repetido (clientes)', codesTwiceClients === 0)],
    ['resgates sem débito (SQL)', invA.resgateSemDebito, check('resgate sem débito', invA.resgateSemDebito === 0)],
    ['membros com dois resgates (SQL; um por jornada)', redeemedTwice, check('resgate duplo', redeemedTwice === 0)],
    ['códigos recebidos e ausentes no banco', ackMissing, check('confirmado = gravado', ackMissing === 0)],
    ['demais invariantes (códigos = resgates = débitos, saldo >= 0)', JSON.stringify(invA), check('invariantes', invariantsOk(invA) && invA.resgates === done.length)],
  ];
  if (kill) {
    // Issue 23 item 1: a restarted process takes its calls from the moment its port opens, through
    // its first 5 s after saying "ready" (aim: none refused). Behind HAProxy or with WORKERS the
    // restarted process can't be told apart: every answer counts.
    const first5 = statsA.answers.filter(([at, , port]) => at >= kill.restartedAt && at < kill.readyAt + 5000 && (kill.port === null || port === kill.port));
    const refused = first5.filter(([, st]) => st === 503).length;
    lines.push([`chamadas e aberturas de WebSocket recusadas (503) do reinício até 5 s depois de pronto (${fmt((kill.readyAt - kill.restartedAt) / 1000)} s de partida; ${kill.port === null ? 'todas as portas' : `porta ${kill.port}`})`, `${refused} de ${first5.length}`, check('recusas depois do reinício', refused === 0)]);
  }
  for (const [what, value, ok] of lines) console.log(`  ${ok === 'OK' ? '  ' : '✗ '}${what}: ${value} ${ok}`);
  if (lost.length) console.log(`  exemplos de lugar perdido: ${lost.slice(0, 5).map((j) => `#${j.k} ${j.lost}`).join('; ')}`);
  if (failed.length) console.log(`  exemplos de jornada interrompida: ${failed.slice(0, 5).map((j) => `#${j.k} ${j.failed}`).join('; ')}`);
  if (statsA.fiveXX.some((x) => x.code === 'SOBRECARGA')) console.log('  503 SOBRECARGA é a recusa da API sobrecarregada (ADR 0024: atraso médio do event loop acima do limite), com Retry-After; o cliente repetiu. Numa máquina compartilhada vem da carga dos outros; senão, a taxa de admissão (RATE) está acima do que os processos servem.');
  if (statsA.fiveXX.length) console.log(`  5xx (primeiros): ${JSON.stringify(statsA.fiveXX.slice(0, 5))}`);
  if (statsA.unexpected.length) console.log(`  inesperadas: ${JSON.stringify(statsA.unexpected.slice(0, 10))}`);
  console.log('  tempos por etapa (ms):');
  for (const [step, xs] of Object.entries(steps)) console.log(`    ${step.padEnd(36)} p50 ${fmt(pct(xs, 50), 0).padStart(7)}  p95 ${fmt(pct(xs, 95), 0).padStart(7)}  máx ${fmt(pct(xs, 100), 0).padStart(7)}  (n=${xs.length})`);
  console.log(`  status HTTP: ${JSON.stringify(statsA.status)}`);
  const lastDone = Math.max(...done.map((j) => j.t.done));
  console.log(`  vazão: ${fmt(done.length / ((lastDone - tA) / 1000))} jornadas/s (limitada pela taxa de admissão, ${fmt(RATE / 60)}/s)`);
  console.log(`  CPU na fase A: API ${fmt(cpuA.api)} s (sem o processo morto até o kill), PostgreSQL ${fmt(cpuA.pg)} s, membros simulados (este processo) ${fmt(cpuA.members)} s, em ${fmt(secondsA)} s de relógio com 2 núcleos`);

  // ---------------- Phase B: throughput, all processes vs one ----------------
  const throughput = [];
  if (PHASE_B) {
    const put = await fetch(`http://127.0.0.1:${cluster.endpoint(0)}/api/admin/fila`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ capacidade: CONCURRENCY, admissoesPorMinuto: 1_000_000 }),
    });
    if (!put.ok) throw new Error(`PUT /api/admin/fila: ${put.status} ${await put.text()}`);
    const measure = async (label) => {
      const stats = newStats();
      const list = members.slice(0, THROUGHPUT_JOURNEYS).map((member, k) => new Journey({ k, member, cluster, stats, beneficioId: benefB.id, runId: `${runId}-${label}` }));
      await sleep(2000);
      const before = load();
      let next = 0;
      const cpu0 = cpuSnapshot(cluster, DB_NAME);
      const t = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < list.length) await list[next++].run();
        }),
      );
      const s = (performance.now() - t) / 1000;
      const cpu = cpuBetween(cpu0, cpuSnapshot(cluster, DB_NAME));
      const ok = list.filter((j) => j.t.done);
      const r = {
        processos: label,
        'carga antes': before,
        jornadas: `${ok.length}/${list.length}`,
        segundos: fmt(s),
        'jornadas/s': fmt(ok.length / s),
        'p95 fila ms': fmt(pct(ok.map((j) => j.t.ticketAt - j.t.joinSent), 95), 0),
        'p95 login ms': fmt(pct(ok.map((j) => j.t.logged - j.t.admitted), 95), 0),
        'p95 home ms': fmt(pct(ok.map((j) => j.t.home - j.t.logged), 95), 0),
        'p95 resgate ms': fmt(pct(ok.map((j) => j.t.redeemed - j.t.home), 95), 0),
        '5xx': stats.fiveXX.length ? `${stats.fiveXX.length} (${byKind(stats.fiveXX)})` : 0,
        'CPU ms/jornada API+PG+membros': `${fmt((cpu.api * 1000) / ok.length, 1)}+${fmt((cpu.pg * 1000) / ok.length, 1)}+${fmt((cpu.members * 1000) / ok.length, 1)}`,
        rate: ok.length / s,
      };
      check(`fase B ${label}: jornadas`, ok.length === list.length);
      check(`fase B ${label}: 5xx`, stats.fiveXX.length === 0);
      log(`fase B com ${label} processo(s): ${r['jornadas/s']} jornadas/s`);
      return r;
    };
    console.log(`\nFase B: vazão, ${THROUGHPUT_JOURNEYS} jornadas, ${CONCURRENCY} membros por vez, admissão sem limite de taxa`);
    for (let round = 1; round <= B_ROUNDS; round++) {
      if (round > 1 && cluster.workers) {
        await cluster.kill(0, 'SIGTERM');
        cluster.workers = PROCESSES;
        await cluster.start(0);
      } else if (round > 1) {
        // The others again (restarted), so each round compares N and 1 at about the same moment.
        await Promise.all(cluster.procs.slice(1).map((p) => cluster.start(p.i)));
        cluster.active = cluster.procs.slice();
        if (cluster.lb) await sleep(3000); // the balancer's health check puts them back
      }
      throughput.push(await measure(String(PROCESSES)));
      if (PROCESSES > 1 && cluster.workers) {
        // The same server with WORKERS=1 (one process: no primary, no cluster).
        await cluster.kill(0, 'SIGTERM');
        cluster.workers = 1;
        await cluster.start(0);
        throughput.push(await measure('1'));
      } else if (PROCESSES > 1) {
        for (const p of cluster.procs.slice(1)) await cluster.kill(p.i, 'SIGTERM');
        cluster.active = cluster.procs.slice(0, 1);
        if (cluster.lb) await sleep(3000); // the balancer's health check takes them out
        throughput.push(await measure('1'));
      }
    }
    const invB = await checkInvariants(c, benefB.id, members.map((m) => m.id));
    console.table(throughput.map(({ rate, ...r }) => r));
    if (PROCESSES > 1) {
      const ratios = [];
      for (let i = 0; i + 1 < throughput.length; i += 2) ratios.push(throughput[i].rate / throughput[i + 1].rate);
      console.log(`  razão ${PROCESSES} processos / 1 processo: ${ratios.map((r) => `${fmt(r, 2)}x`).join(', ')}${ratios.length > 1 ? ` (mediana ${fmt(pct(ratios, 50), 2)}x)` : ''}`);
    }
    console.log(`  invariantes da fase B (SQL): ${JSON.stringify(invB)} ${check('invariantes fase B', invariantsOk(invB))}`);
  }

  console.log(`\ncarga média no fim: ${load()}`);
  console.log(failures.length ? `FALHOU: ${failures.join(', ')}` : 'todas as invariantes OK');
  if (failures.length) process.exitCode = 1;
} finally {
  await c.end().catch(() => {});
  await cluster.stopAll();
  // This run's waiting-room keys (its prefix is unique to the run).
  try {
    const { Redis } = createRequire(join(root, 'apps/api/package.json'))('ioredis');
    const r = new Redis(REDIS_URL);
    const keys = [...(await r.keys(`${PREFIX}*`)), ...(await r.keys(`legiao-launch:${runId}:*`))];
    if (keys.length) await r.del(...keys);
    await r.quit();
  } catch {}
}
