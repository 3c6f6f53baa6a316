// Issue 32 (docs/decisions/0049-launch-alert-waves.md): a micro-measure of the launch alerts' sender
// alone, printed, not a timed test. N members asked for a launch whose bound is past (so nothing is
// paced: the senders' capacity), all in one wave; SENDERS jobs of LaunchAlertSender (built by
// LaunchAlertDispatcher, its SMTP transport included, never started: no planner, no pg-boss) send it
// to an SMTP catcher. Per run: alerts/s, this process's CPU per alert (the senders: what the API
// process would spend), and PostgreSQL's (the CPU of this database's backends, read from /proc). Each
// run starts from the same rows (reset, access codes deleted: a launch's first alerts make them).
// Checks: every member exactly one mail, every row `enviado`.
// The catcher runs in a child process, so this process's CPU is the senders' alone.
// Usage: node bench/alert-sender.mjs
//   N (3000), RUNS (3), SENDERS (4: ALERTAS_CONCORRENCIA), API_SRC (apps/api/src of this checkout;
//   another checkout's to measure it: its node_modules must resolve), BENCH_DB (legiao_bench_alert_sender,
//   made anew), BENCH_PG_URL
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { PG_BASE, root } from './lib.mjs';

const env = process.env;
const N = Number(env.N ?? 3000);
const RUNS = Number(env.RUNS ?? 3);
const SENDERS = Number(env.SENDERS ?? 4);
const API_SRC = env.API_SRC ?? join(root, 'apps/api/src');
const DB = env.BENCH_DB ?? 'legiao_bench_alert_sender';
if (!DB.includes('bench')) throw new Error(`BENCH_DB must name a bench database (got ${DB})`);

const requireApi = createRequire(join(API_SRC, '../package.json'));
const pg = requireApi('pg');
const { SMTPServer } = requireApi('smtp-server');
// tsx's ESM API (the import condition): the TypeScript sources as they are, no build.
const { tsImport } = await import(pathToFileURL(join(dirname(requireApi.resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href);
const load = (file) => tsImport(pathToFileURL(join(API_SRC, file)).href, { parentURL: import.meta.url, tsconfig: join(API_SRC, '../tsconfig.json') });

const load3 = () => loadavg().map((l) => l.toFixed(2)).join(' / ');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** utime + stime of a process, in ms (clock ticks of 10 ms). */
const cpuOf = (pid) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
};

async function freshDb() {
  const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB}`);
  await admin.end();
  return `${PG_BASE}/${DB}`;
}

/**
 * The catcher, in a process of its own (its CPU is not the sender's): who got a mail, no bodies kept.
 * This file run with `--catcher`; the parent asks for the counts over IPC.
 */
async function catcherChild() {
  const got = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData: (stream, session, cb) => {
      stream.on('data', () => {});
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) got.set(r.address.toLowerCase(), (got.get(r.address.toLowerCase()) ?? 0) + 1);
        cb();
      });
    },
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  process.on('message', (m) => {
    if (m === 'clear') got.clear();
    if (m === 'counts') process.send({ counts: [...got.values()] });
    if (m === 'close') server.close(() => process.exit(0));
  });
  process.send({ port: server.server.address().port });
}

function catcher() {
  const child = fork(fileURLToPath(import.meta.url), ['--catcher'], { stdio: 'inherit', env: { ...process.env } });
  const ask = (m, key) => new Promise((resolve) => {
    const on = (msg) => {
      if (key in msg) {
        child.off('message', on);
        resolve(msg[key]);
      }
    };
    child.on('message', on);
    if (m) child.send(m);
  });
  return ask(null, 'port').then((port) => ({
    port,
    clear: () => child.send('clear'),
    counts: () => ask('counts', 'counts'),
    close: () => new Promise((r) => {
      child.once('exit', r);
      child.send('close');
    }),
  }));
}

if (process.argv.includes('--catcher')) {
  await catcherChild();
} else {
  await main();
}

async function main() {
const url = await freshDb();
const { migrate } = await load('db/migrate.ts');
await migrate(url);
const { LaunchAlertDispatcher } = await load('features/lancamentos/alert-dispatcher.ts');
const { MemoryQueueStore } = await load('features/fila/store-memory.ts');

const pool = new pg.Pool({ connectionString: url, max: SENDERS + 2, idleTimeoutMillis: 0 });
await pool.query(
  `INSERT INTO usuario (id, email, senha_hash, nome, cpf, celular, cep, endereco, numero, cidade, uf, data_nascimento, genero, perfil, tipo, ativo, ativado_em, hash, data_atualizacao, opt_in_email)
   SELECT gen_random_uuid(), 'aviso-' || g || '@bench.legiao.dev', 'x', 'Membro Aviso ' || g, lpad((62000000000 + g)::text, 11, '0'), '11987654321', '01310100',
          'Avenida Paulista', '1000', 'São Paulo', 'SP', '1990-01-01', 'outro', 'outsider', 'legionario', true, now(), gen_random_uuid(), now(), true
     FROM generate_series(0, $1::int - 1) g`,
  [N],
);
// Opened 10 minutes ago with a 1-minute bound: the bound is past, so a paced sender goes flat out.
const { rows: [launch] } = await pool.query(
  `INSERT INTO lancamento_produto (id, slug, nome, url_imagem, skus, acesso_inicio, acesso_fim, data_publica, cota_por_membro, regra, status, aviso_prazo_min, atualizado_em)
   VALUES (gen_random_uuid(), 'bench-aviso-envio', 'Garrafa aviso', '/banners/lancamento-desktop.svg', ARRAY['BENCH-AVISO'], now() - interval '10 minutes', now() + interval '1 day', now() + interval '2 days', 2, '{"condicoes":[]}', 'publicado', 1, now())
   RETURNING id::text`,
);
await pool.query(`INSERT INTO lancamento_aviso (lancamento_id, usuario_id, status, onda) SELECT $1, id, 'reservado', 1 FROM usuario WHERE email LIKE 'aviso-%'`, [launch.id]);
await pool.query(
  `INSERT INTO lancamento_aviso_onda (lancamento_id, numero, criada_em, tamanho, restantes, fila_aguardando, fila_admissoes, taxa, ritmo, piso) VALUES ($1, 1, now() - interval '9 minutes', $2, $2, 0, 0, 0, 0, $2)`,
  [launch.id, N],
);

const smtp = await catcher();
const log = { warn: (o, m) => console.warn(m, o), info: () => {} };
const dispatcher = new LaunchAlertDispatcher({
  connectionString: url,
  pool,
  store: new MemoryQueueStore({ defaults: { capacidade: 1000, admissoesPorMinuto: 600 }, inactivityMs: 60_000 }),
  settings: { waveIntervalMs: 30_000, targetWaitMs: 120_000, leaseMs: 60_000, retryMs: 30_000, maxAttempts: 5, concurrency: SENDERS },
  smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
  from: 'Legião <nao-responda@legiao.test>',
  site: { publicUrl: 'http://legiao.test', storeUrl: 'https://loja.legiao.dev' },
  secret: 'legiao-bench-secret-0123456789-abcdefghijklmnop',
  foundersUntil: new Date('2026-01-01T00:00:00Z'),
  log,
});

console.log(`== Envio de avisos: ${N} membros numa onda, ${SENDERS} envios, código em ${API_SRC} ==`);
const results = [];
for (let run = 1; run <= RUNS; run++) {
  await pool.query(`UPDATE lancamento_aviso SET status = 'reservado', lote = NULL, lote_ate = NULL, tentativas = 0, enviado_em = NULL, motivo = NULL WHERE lancamento_id = $1`, [launch.id]);
  await pool.query(`DELETE FROM acesso_antecipado WHERE lancamento_id = $1`, [launch.id]);
  await pool.query('VACUUM ANALYZE lancamento_aviso, acesso_antecipado, usuario');
  smtp.clear();
  // Every connection of the pool open before the clock starts, so its backends are the ones measured.
  const held = await Promise.all(Array.from({ length: SENDERS + 2 }, () => pool.connect()));
  held.forEach((c) => c.release());
  const backends = async () => (await pool.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)).rows.map((r) => r.pid);
  const pgBefore = new Map((await backends()).map((pid) => [pid, cpuOf(pid)]));
  const before = load3();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const outcomes = await Promise.all(Array.from({ length: SENDERS }, () => dispatcher.sender.sendWave(launch.id, 1, SENDERS)));
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const pgMs = (await backends()).reduce((s, pid) => s + cpuOf(pid) - (pgBefore.get(pid) ?? 0), 0);
  const sent = outcomes.reduce((s, o) => s + o.sent, 0);
  const { rows: [state] } = await pool.query(`SELECT count(*) FILTER (WHERE status = 'enviado')::int AS enviados, count(*)::int AS total FROM lancamento_aviso WHERE lancamento_id = $1`, [launch.id]);
  const counts = await smtp.counts();
  const once = counts.every((n) => n === 1) && counts.length === N;
  const r = { rate: (sent / ms) * 1000, nodeMs: (cpu.user + cpu.system) / 1000 / sent, pgMs: pgMs / sent };
  results.push(r);
  console.log(
    `  execução ${run}: carga ${before} | ${sent} enviados em ${(ms / 1000).toFixed(2)} s = ${r.rate.toFixed(1)} avisos/s | CPU deste processo ${r.nodeMs.toFixed(2)} ms/aviso, do PostgreSQL ${r.pgMs.toFixed(2)} ms/aviso | ${state.enviados}/${state.total} enviado, uma vez cada: ${once ? 'sim' : 'NÃO'}`,
  );
  if (!once || state.enviados !== N) process.exitCode = 1;
}
console.log(
  `  mediana de ${RUNS}: ${median(results.map((r) => r.rate)).toFixed(1)} avisos/s, CPU ${median(results.map((r) => r.nodeMs)).toFixed(2)} ms/aviso (processo), ${median(results.map((r) => r.pgMs)).toFixed(2)} ms/aviso (PostgreSQL)`,
);
await dispatcher.stop();
// Never started, so stop() leaves its transport: closed here (the pool's idle connections).
dispatcher.sender.opts?.transport?.close?.();
await smtp.close();
await pool.end();
}
