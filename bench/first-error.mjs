// The first error of a fresh process (issue 23 item 1): what a new API process spends on its first
// failed login, its first refused body and its first bad JSON (whose error is logged with its stack,
// so source maps are read), against the second of each; and the longest answer of GET /api/health,
// asked every 5 ms meanwhile on another connection (an event-loop stall shows there). Then every
// answer in the first 5 s after /api/ready said 200: how many were 503.
// Needs `pnpm build`. RUNS (5) fresh starts per variant, interleaved; medians; load average before.
// BASELINE_DIST adds another build (e.g. the commit before ADR 0035, built with apps/api/build.mjs).
// docs/decisions/0035-readiness-and-load-shedding.md
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { assertApiBuilt, API_DIST, PG_BASE, root } from './lib.mjs';
import { ensureDb, freePort } from './resgate-lib.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const variants = [
  { name: 'node --enable-source-maps dist/server.js (pnpm start)', args: ['--enable-source-maps', API_DIST] },
  { name: 'node dist/server.js', args: [API_DIST] },
];
// BASELINE_DIST=<another build's dist/server.js>: the same start of that build, in the same run.
if (process.env.BASELINE_DIST) variants.push({ name: `referência ${process.env.BASELINE_DIST} (--enable-source-maps)`, args: ['--enable-source-maps', process.env.BASELINE_DIST] });
// The web build served by every variant (its static routes are part of the boot): this tree's.
const WEB_DIST = process.env.WEB_DIST ?? join(root, 'apps/web/dist');

assertApiBuilt();
const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS legiao_bench_first_error WITH (FORCE)');
await admin.end();
const dbUrl = await ensureDb('legiao_bench_first_error');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function timed(fn) {
  const t0 = performance.now();
  const res = await fn();
  await res.text();
  return { ms: performance.now() - t0, status: res.status };
}

async function once(args) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: join(root, 'apps/api'),
    // Production-like: load shedding on (500 ms), logs at info as `pnpm start` writes them.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, LOG_LEVEL: 'info', SEED_DEMO: 'true', NODE_ENV: 'development', WEB_DIST },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${base}/api/ready`).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`API não ficou pronta:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyAt = performance.now();
  // Liveness every 5 ms while the first errors are made: its slowest answer bounds any stall.
  let probing = true;
  let slowestHealth = 0;
  const probe = (async () => {
    while (probing) {
      const t = await timed(() => fetch(`${base}/api/health`));
      slowestHealth = Math.max(slowestHealth, t.ms);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const post = (body, type = 'application/json') => () => fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': type }, body });
  const login = post(JSON.stringify({ email: 'membro@legiao.dev', senha: 'SenhaErrada1!' }));
  const invalid = post(JSON.stringify({ email: 'não é e-mail' }));
  const badJson = post('{"email": ');
  const result = {};
  for (const [name, fn] of [['login', login], ['invalid', invalid], ['badJson', badJson]]) {
    result[`${name}1`] = await timed(fn);
    result[`${name}2`] = await timed(fn);
  }
  probing = false;
  await probe;
  // Ordinary calls for the rest of the first 5 s after "ready", counted by status.
  const statuses = {};
  while (performance.now() - readyAt < 5000) {
    const answers = await Promise.all([fetch(`${base}/api/faq`), fetch(`${base}/api/produto/categoria`), login()]);
    for (const r of answers) {
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      await r.text();
    }
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { ...result, slowestHealth, statuses, pressureLogged: /sobrecarga/.test(stderr) };
}

console.log(`carga média antes: ${loadavg().map((n) => n.toFixed(2)).join(' ')} · ${RUNS} partidas por variante, intercaladas`);
const results = new Map(variants.map((v) => [v.name, []]));
for (let i = 0; i < RUNS; i++) for (const v of variants) results.get(v.name).push(await once(v.args));

for (const [name, runs] of results) {
  const med = (k) => median(runs.map((r) => r[k].ms)).toFixed(1);
  const refused = runs.reduce((n, r) => n + (r.statuses[503] ?? 0), 0);
  const total = runs.reduce((n, r) => n + Object.values(r.statuses).reduce((a, b) => a + b, 0), 0);
  console.log(`\n${name}`);
  console.log(`  1º login errado ${med('login1')} ms · 2º ${med('login2')} ms (medianas; status ${runs[0].login1.status})`);
  console.log(`  1º corpo inválido ${med('invalid1')} ms · 2º ${med('invalid2')} ms (status ${runs[0].invalid1.status})`);
  console.log(`  1º JSON quebrado (erro logado com pilha) ${med('badJson1')} ms · 2º ${med('badJson2')} ms (status ${runs[0].badJson1.status})`);
  console.log(`  /api/health mais lento durante esses erros: mediana ${median(runs.map((r) => r.slowestHealth)).toFixed(1)} ms, máximo ${Math.max(...runs.map((r) => r.slowestHealth)).toFixed(1)} ms`);
  console.log(`  nos primeiros 5 s depois de pronto: ${refused} de ${total} chamadas recusadas com 503; "sobrecarga" no log em ${runs.filter((r) => r.pressureLogged).length} de ${runs.length} partidas`);
}
console.log(`\ncarga média depois: ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
