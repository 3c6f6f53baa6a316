// Issue 32 §4 (docs/decisions/0049-launch-alert-waves.md): "Avise-me" alerts at a launch's opening,
// sent in waves that follow the waiting room, against everything sent at once, in the same run.
// MEMBERS (100,000) members asked to be alerted of each of two launches (two member sets, seeded in
// SQL, e-mail consent given). The API runs with ALERTAS_LANCAMENTO (the real planner and senders, on
// pg-boss) and the waiting room on (memory store, FILA_CAPACIDADE CAPACITY, FILA_ADMISSOES_POR_MINUTO
// RATE); the alerts go to an SMTP catcher in this process, which only notes who got one and when.
// Each alerted member "comes": after a reaction delay (exponential, mean REACT_S, at most 10×) they
// join the waiting room over its WebSocket (TryLogin) and wait for ProceedToLogin, stay STAY_S inside,
// then Logout. Two phases:
//   - ondas: the launch opens with the bound BOUND_MIN; the planner makes a wave every WAVE_S;
//   - tudo de uma vez: the other launch's alerts are put in one wave (the whole set) and sent at once
//     by the same senders (the waves' machinery, nothing else changes).
// Printed side by side: alerts per second to the catcher, the time to alert everyone, the waiting
// room's line (sampled every second from GET /api/admin/fila: max, mean, p95), each member's wait
// from their alert to their admission (p50, p95, max), and the member home's throughput during the
// phase's first HOME_S seconds against the home alone (aim >= 0.9). Checks: every member alerted
// exactly once (catcher and rows), none twice.
// Usage: pnpm build && node bench/alertas.mjs
//   MEMBERS (100000), BOUND_MIN (30), WAVE_S (30: ALERTAS_ONDA_S), TARGET_S (120: ALERTAS_FILA_ALVO_S),
//   RATE (6000 admissions/min), CAPACITY (20000), REACT_S (60), STAY_S (120), SENDERS (4: ALERTAS_CONCORRENCIA),
//   HOME_MEMBERS (50), HOME_S (30), BENCH_DB (legiao_bench_alertas, made anew), BENCH_PG_URL, QUIET_LOAD, QUIET_WAIT_S
//   A smoke run (numbers mean nothing on a busy machine):
//   MEMBERS=300 BOUND_MIN=2 WAVE_S=5 TARGET_S=10 RATE=120 CAPACITY=40 REACT_S=3 STAY_S=5 HOME_S=10 node bench/alertas.mjs
// At 100,000 the simulated members are up to 100,000 WebSockets from this one process in the
// all-at-once phase (raise `ulimit -n`), and the whole set is 200,000 members.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
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
const HOME_EXTRA = ['/api/lancamentos'];
const requireApi = createRequire(join(root, 'apps/api/package.json'));
const logDir = mkdtempSync(join(tmpdir(), 'legiao-bench-alertas-'));
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
const s1 = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The catcher: who got an alert and when (no bodies kept: 100,000 copies of an e-mail would be gigabytes). */
class Catcher {
  constructor() {
    this.got = new Map(); // address -> [times]
    this.listeners = new Set();
  }
  async listen() {
    const { SMTPServer } = requireApi('smtp-server');
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, cb) => {
        stream.on('data', () => {});
        stream.on('end', () => {
          const at = performance.now();
          for (const r of session.envelope.rcptTo) {
            const to = r.address.toLowerCase();
            const times = this.got.get(to) ?? [];
            times.push(at);
            this.got.set(to, times);
            for (const l of this.listeners) l(to, at);
          }
          cb();
        });
      },
    });
    await new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', resolve);
    });
    return this.server.server.address().port;
  }
  close() {
    return new Promise((r) => this.server.close(r));
  }
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

/** A simulated member: joins the waiting room when they come, waits for the admission, stays, leaves. */
function come(wsUrl, clientId, onAdmitted) {
  const ws = new WebSocket(wsUrl);
  let done = false;
  ws.on('open', () => ws.send(JSON.stringify({ type: 'TryLogin', clientId })));
  ws.on('message', (data) => {
    const m = JSON.parse(String(data));
    if (m.type === 'ProceedToLogin' && !done) {
      done = true;
      onAdmitted(performance.now());
      setTimeout(() => {
        ws.send(JSON.stringify({ type: 'Logout', clientId }));
        setTimeout(() => ws.close(), 200);
      }, STAY_S * 1000).unref();
    }
  });
  ws.on('error', () => {});
  return ws;
}

/**
 * One phase: start() opens it (the launch's window, and for "tudo" the single wave); the catcher's
 * alerts make members come; the line is sampled; the home measured for HOME_S. Ends when every member
 * of the set was alerted and admitted (or the bound plus the line's drain passed).
 */
async function phase({ name, set, catcher, api, admin, profiles, start }) {
  const alerts = new Map(); // address -> time
  const admitted = new Map(); // address -> time
  const sockets = new Set();
  const wsUrl = `${api.base.replace('http', 'ws')}/api/fila/ws`;
  const prefix = `alerta-${set}-`;
  const onAlert = (to, at) => {
    if (!to.startsWith(prefix) || alerts.has(to)) return;
    alerts.set(to, at);
    const delay = Math.min(10 * REACT_S, -Math.log(1 - Math.random()) * REACT_S) * 1000;
    setTimeout(() => sockets.add(come(wsUrl, `bench-${to.replace(/[^a-z0-9]/g, '').slice(-40)}`, (t) => admitted.set(to, t))), delay).unref();
  };
  catcher.listeners.add(onAlert);
  const samples = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      try {
        const r = await fetch(`${api.base}/api/admin/fila`, { headers: { authorization: `Bearer ${admin}` } });
        const s = await r.json();
        samples.push({ at: performance.now(), aguardando: s.aguardando, admitidos: s.admitidos });
      } catch {}
      await sleep(1000);
    }
  })();
  const t0 = performance.now();
  await start();
  const home = await homeLoad(api.base, profiles, { duration: HOME_S, extraCalls: HOME_EXTRA }).result;
  const limit = t0 + (BOUND_MIN * 60 + 10 * REACT_S + (2 * MEMBERS * 60) / RATE + 120) * 1000;
  while ((alerts.size < MEMBERS || admitted.size < MEMBERS) && performance.now() < limit) await sleep(500);
  sampling = false;
  await sampler;
  catcher.listeners.delete(onAlert);
  for (const ws of sockets) ws.terminate();
  const alertTimes = [...alerts.values()];
  const waits = [...admitted].map(([to, t]) => t - alerts.get(to));
  const lines = samples.map((s) => s.aguardando);
  return {
    name,
    alerted: alerts.size,
    admitted: admitted.size,
    alertsPerS: alertTimes.length > 1 ? alertTimes.length / ((Math.max(...alertTimes) - Math.min(...alertTimes)) / 1000 || 1) : NaN,
    allAlertedIn: alertTimes.length ? Math.max(...alertTimes) - t0 : NaN,
    lineMax: Math.max(0, ...lines),
    lineMean: mean(lines),
    lineP95: pct(lines, 95),
    waitP50: pct(waits, 50),
    waitP95: pct(waits, 95),
    waitMax: Math.max(0, ...waits),
    home,
  };
}

let api;
let db;
let catcher;
try {
  console.log(`== Avisos de lançamento: ${int(MEMBERS)} membros por fase, prazo ${BOUND_MIN} min, onda a cada ${WAVE_S} s, sala ${int(RATE)}/min (capacidade ${int(CAPACITY)}), reação média ${REACT_S} s, ${SENDERS} envios ==`);
  console.log(`load average no início: ${loadAverage()}`);
  catcher = new Catcher();
  const smtpPort = await catcher.listen();
  const dbUrl = await freshDb(PG_BASE, env.BENCH_DB ?? 'legiao_bench_alertas');
  api = await startApi({
    port: await freePort(),
    dbUrl,
    logFile: join(logDir, 'api.log'),
    env: {
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
    name: 'ondas', set: 'a', catcher, api, admin, profiles,
    start: () => db.query(`UPDATE lancamento_produto SET acesso_inicio = now() WHERE id = $1`, [launches.ondas]),
  });
  await waitForQuiet('a fase tudo de uma vez');
  const all = await phase({
    name: 'tudo de uma vez', set: 'b', catcher, api, admin, profiles,
    // One wave holding everyone, old enough that the planner's next pass queues its jobs at once.
    start: async () => {
      await db.query('BEGIN');
      await db.query(`UPDATE lancamento_produto SET acesso_inicio = now() WHERE id = $1`, [launches.tudo]);
      await db.query(`UPDATE lancamento_aviso SET status = 'reservado', onda = 1, atualizado_em = now() - interval '1 hour' WHERE lancamento_id = $1`, [launches.tudo]);
      await db.query(`INSERT INTO lancamento_aviso_onda (lancamento_id, numero, tamanho, restantes, fila_aguardando, fila_admissoes, taxa, ritmo, piso) VALUES ($1, 1, $2, $2, 0, 0, 0, 0, $2)`, [launches.tudo, MEMBERS]);
      await db.query('COMMIT');
    },
  });

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
  ];
  console.log(`\n${'medida'.padEnd(34)}${'ondas'.padEnd(26)}tudo de uma vez`);
  for (const [label, f] of rows) console.log(`${label.padEnd(34)}${String(f(waves)).padEnd(26)}${f(all)}`);
  console.log('(a reação de cada membro ao e-mail inclui o sorteio exponencial de média REACT_S; a espera é do aviso à admissão)');

  for (const r of [waves, all]) {
    expect(`${r.name}: home durante o envio >= 0.9 da home sozinha`, r.home.pages / alone.pages >= 0.9, (r.home.pages / alone.pages).toFixed(2));
    expect(`${r.name}: home sem erros`, r.home.non2xx + r.home.errors === 0, `não-2xx ${r.home.non2xx}, erros ${r.home.errors}`);
  }
  const twice = [...catcher.got.values()].filter((t) => t.length > 1).length;
  const { rows: state } = await db.query(`SELECT status::text, count(*)::int AS n FROM lancamento_aviso WHERE lancamento_id = ANY($1::uuid[]) GROUP BY 1`, [[launches.ondas, launches.tudo]]);
  const byState = Object.fromEntries(state.map((r) => [r.status, r.n]));
  expect('cada membro avisado (catcher)', waves.alerted === MEMBERS && all.alerted === MEMBERS, `${waves.alerted} + ${all.alerted}`);
  expect('nenhum membro avisado duas vezes', twice === 0, `${twice} em dobro`);
  expect('as linhas dizem o mesmo: todas enviado', byState.enviado === 2 * MEMBERS, JSON.stringify(byState));
  expect('ondas: todos avisados dentro do prazo', waves.allAlertedIn <= BOUND_MIN * 60_000, s1(waves.allAlertedIn));
} catch (err) {
  console.error(err);
  failures.push(`erro: ${err.message}`);
  killEverything();
} finally {
  await db?.end().catch(() => {});
  await api?.stop();
  await catcher?.close().catch(() => {});
}
console.log(`\nload average no fim: ${loadAverage()}`);
console.log(failures.length ? `✗ ${failures.length} verificação(ões) falharam: ${failures.join('; ')}` : 'todas as verificações OK');
if (!failures.length) rmSync(logDir, { recursive: true, force: true });
else console.log(`logs da API: ${logDir}`);
process.exit(failures.length ? 1 : 0);
