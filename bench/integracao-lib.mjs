// The pieces of bench/integracao.mjs (issue 24 section 3; docs/decisions/0041-store-integration.md):
// a quiet machine before each measure, the compiled API on a database of its own (one process or a
// WORKERS=n server), the buyers and extra products in SQL, the same orders as integration batches
// and as a CSV for the back office's import, the store's senders (4 in parallel, retrying as a
// store would), the home's calls in a loop (autocannon), the PostgreSQL connections of one process
// (to kill a worker in the middle of a transaction), and the database's result in SQL.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, createWriteStream, openSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { loadavg } from 'node:os';
import net from 'node:net';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { API_DIST, DEV_JWT_SECRET, assertApiBuilt, waitFor } from './lib.mjs';

/** Numbers per product (packages/contracts/src/produto-constants.ts, read so the two never differ). */
export const LEGION_TOTAL = Number(
  readFileSync(new URL('../packages/contracts/src/produto-constants.ts', import.meta.url), 'utf8').match(/LEGION_TOTAL = (\d+)/)[1],
);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const int = (n) => Math.round(n).toLocaleString('pt-BR');
export const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

/** The load average as "1 / 5 / 15" (minutes). */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/**
 * Before a measure: waits (up to `maxWaitS`) until the 1-minute load average is at most `max` (other
 * work, or our own previous phase, still running), and says what it was. Measures anyway after the
 * wait, saying so.
 */
export async function waitForQuiet(what, { max = Number(process.env.QUIET_LOAD ?? 2.5), maxWaitS = Number(process.env.QUIET_WAIT_S ?? 1200) } = {}) {
  const first = loadavg()[0];
  const firstText = loadAverage();
  const started = Date.now();
  let lastSaid = 0;
  while (loadavg()[0] > max && Date.now() - started < maxWaitS * 1000) {
    if (Date.now() - lastSaid > 60_000) {
      console.log(`  (${what}: load average ${loadAverage()}, acima de ${max} no 1 min: esperando a máquina sossegar, até ${Math.round(maxWaitS / 60)} min)`);
      lastSaid = Date.now();
    }
    await sleep(5000);
  }
  const waitedS = (Date.now() - started) / 1000;
  const quiet = loadavg()[0] <= max;
  const text = loadAverage();
  console.log(
    `load average antes de ${what}: ${text} (1/5/15 min)` +
      (waitedS >= 5 ? `; era ${firstText} e esperou ${waitedS.toFixed(0)} s` : '') +
      (quiet ? '' : `; AINDA ACIMA de ${max} depois de ${Math.round(maxWaitS / 60)} min: medido assim mesmo`),
  );
  return { text, firstText, first, waitedS, quiet };
}

// --- launch buyers and products, seeded in SQL ------------------------------------------------------------

/**
 * `count` active legionários `<prefix>-<i>@bench.legiao.dev` (i from 0), CPFs from `cpfBase` + i, and
 * `products` catalogue products `<skuPrefix>-000...` copied from the first one: the buyers and SKUs of
 * the launch benches (lancamentos.mjs, pedidos-chamada.mjs). Set-based; ANALYZEd.
 */
export async function seedLaunchBuyers(db, { prefix, count, cpfBase, name, skuPrefix, products, productName }) {
  await db.query(
    `INSERT INTO usuario (id, email, senha_hash, nome, cpf, celular, cep, endereco, numero, cidade, uf, data_nascimento, genero, perfil, tipo, ativo, ativado_em, hash, data_atualizacao)
     SELECT gen_random_uuid(), $2 || '-' || g || '@bench.legiao.dev', 'x', $4 || ' ' || g, lpad(($3::bigint + g)::text, 11, '0'), '11987654321', '01310100',
            'Avenida Paulista', '1000', 'São Paulo', 'SP', '1990-01-01', 'outro', 'outsider', 'legionario', true, now(), gen_random_uuid(), now()
       FROM generate_series(0, $1::int - 1) g`,
    [count, prefix, cpfBase, name],
  );
  await db.query(
    `INSERT INTO produto (sku, nome, nome_busca, categoria, subcategoria, img, descricao_detalhe, atualizado_em)
     SELECT $2 || '-' || lpad(g::text, 3, '0'), $3 || ' ' || g, $4 || ' ' || g, p.categoria, p.subcategoria, p.img, p.descricao_detalhe, now()
       FROM (SELECT * FROM produto ORDER BY id LIMIT 1) p, generate_series(0, $1::int - 1) g`,
    // nome_busca: lower case without accents, as the catalogue writes it.
    [products, skuPrefix, productName, productName.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()],
  );
  await db.query('ANALYZE usuario; ANALYZE produto');
}

// --- the API -----------------------------------------------------------------------------------------

const children = new Set();
/** Every API process this run started and that still runs (the time limit's last resort). */
export const killEverything = () => {
  for (const c of children) {
    try {
      process.kill(-c.pid, 'SIGKILL');
    } catch {
      try {
        c.kill('SIGKILL');
      } catch {}
    }
  }
};

/** Drops (closing its connections) and creates a database of this bench's. */
export async function freshDb(pgBase, name) {
  const admin = new pg.Client({ connectionString: `${pgBase}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return `${pgBase}/${name}`;
}

/**
 * The compiled API (`node apps/api/dist/server.js`, as `pnpm start` minus source maps, as every bench
 * since issue 13) on `port` and `dbUrl`, its output to `logFile`; migrates and seeds the demo data on
 * a fresh database (`dist`: another build's server.js, e.g. a baseline checkout's, run from its own
 * apps/api). One process unless env.WORKERS says more (then `pid` is the primary). Memory
 * stores unless env.REDIS_URL is given. Its own process group, so the time limit can stop it whole.
 */
export async function startApi({ port, dbUrl, logFile, env = {}, dist = API_DIST }) {
  if (dist === API_DIST) assertApiBuilt();
  const out = openSync(logFile, 'a');
  // API_NODE_ARGS: node flags for the API (bench/profile.mjs's --cpu-prof).
  const child = spawn(process.execPath, [...(process.env.API_NODE_ARGS ?? '').split(' ').filter(Boolean), dist], {
    cwd: dirname(dirname(dist)),
    detached: true,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !['REDIS_URL', 'WORKERS'].includes(k))),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      JWT_SECRET: DEV_JWT_SECRET,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      RATE_LIMIT_AUTH_MAX: '100000000',
      RATE_LIMIT_LOGIN_IP_MAX: '100000000',
      FILA_ENABLED: 'false',
      FILA_AGENDAMENTOS: 'false',
      WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  children.add(child);
  child.once('exit', () => children.delete(child));
  const exited = new Promise((_, reject) => child.once('exit', (code, signal) => reject(new Error(`a API terminou ao iniciar (código ${code}, sinal ${signal}); veja ${logFile}`))));
  exited.catch(() => {});
  await Promise.race([waitFor(`http://127.0.0.1:${port}/api/ready`, 180_000), exited]);
  return {
    child,
    pid: child.pid,
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((r) => {
        if (child.exitCode !== null || child.signalCode !== null) return r();
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

/** The pids of a node:cluster primary's children (its workers), from /proc (Linux), as bench/launch-lib.mjs. */
export function workerPids(primaryPid) {
  try {
    return readdirSync(`/proc/${primaryPid}/task`).flatMap((t) => readFileSync(`/proc/${primaryPid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** Process `pid`'s TCP sockets ({ local, remote } ports): its open sockets (/proc/<pid>/fd) matched by inode against /proc/net/tcp{,6}. */
function tcpSockets(pid) {
  const inodes = new Set();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) inodes.add(m[1]);
      } catch {}
    }
  } catch {
    return [];
  }
  const out = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || !inodes.has(f[9])) continue;
      out.push({ local: parseInt(f[1].split(':')[1], 16), remote: parseInt(f[2].split(':')[1], 16) });
    }
  }
  return out;
}

/**
 * The local ports of process `pid`'s connections to PostgreSQL (remote port `pgPort`):
 * pg_stat_activity.client_port is that port, so which backend (and transaction) belongs to which worker.
 */
export const pgClientPorts = (pid, pgPort = 5432) => tcpSockets(pid).filter((s) => s.remote === pgPort).map((s) => s.local);

/**
 * Waits until worker `pid` of a node:cluster server on `port` takes connections: the primary hands
 * each new connection to a worker that listens (round robin), so a few connections are opened and
 * held until one shows up among the worker's own sockets. Answers the seconds waited.
 */
export async function waitUntilServing(port, pid, timeoutMs = 180_000) {
  const t = performance.now();
  while (performance.now() - t < timeoutMs) {
    const sockets = await Promise.all(
      Array.from({ length: 4 }, () => new Promise((resolve) => {
        const s = net.connect(port, '127.0.0.1');
        s.once('connect', () => resolve(s));
        s.once('error', () => resolve(null));
      })),
    );
    await sleep(100);
    const serving = tcpSockets(pid).some((s) => s.local === port);
    for (const s of sockets) s?.destroy();
    if (serving) return (performance.now() - t) / 1000;
    await sleep(100);
  }
  throw new Error(`o worker ${pid} não recebeu conexões em ${timeoutMs / 1000} s`);
}

/**
 * Samples process `pid`'s resident memory (VmRSS, /proc/<pid>/status) every `everyMs`: the peak per
 * phase (`peaks[phase]`; set `phase` as the bench moves on). `now()` reads it at once.
 */
export function sampleRss(pid, everyMs = 100) {
  const read = () => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
    } catch {
      return 0;
    }
  };
  const rss = { phase: 'boot', peaks: {}, now: read, stop: () => clearInterval(timer) };
  const timer = setInterval(() => {
    const kb = read();
    rss.peaks[rss.phase] = Math.max(rss.peaks[rss.phase] ?? 0, kb);
  }, everyMs);
  return rss;
}

// --- data ----------------------------------------------------------------------------------------------

/**
 * `members` active buyers in SQL (the demo seed ran at boot), e-mail `<prefix>-<n>@bench.legiao.dev`
 * and a fake unique CPF, as bench/importacoes.mjs seeds them; one referral waiting for a first
 * purchase per `referralEvery` members (referred by the member before); and `extraProducts` bench
 * products beside the 50 of the demo catalogue, so 100,000 one-item orders stay under the 1,913 legion
 * numbers of each product (every piece gets its number: the counts compare exactly).
 */
export async function seedStore(db, { prefix, members, referralEvery, extraProducts, cpfBase }) {
  await db.query(
    `INSERT INTO usuario (id, email, senha_hash, nome, cpf, celular, cep, endereco, numero, cidade, uf, data_nascimento, genero, perfil, tipo, ativo, hash, data_atualizacao)
     SELECT gen_random_uuid(), $2 || '-' || g || '@bench.legiao.dev', 'x', 'Membro Bench', lpad(($3::bigint + g)::text, 11, '0'), '11987654321', '01310100',
            'Avenida Paulista', '1000', 'São Paulo', 'SP', '1990-01-01', 'outro', 'outsider', 'legionario', true, gen_random_uuid(), now()
       FROM generate_series(1, $1::int) g`,
    [members, prefix, cpfBase],
  );
  await db.query(
    `INSERT INTO indicacao (id, indicador_id, indicado_id, cpf_digest, email_digest)
     SELECT gen_random_uuid(), a.id, b.id, $3 || '-c-' || g, $3 || '-e-' || g
       FROM generate_series($2::int, $1::int, $2::int) g
       JOIN usuario a ON a.email = $3 || '-' || (g - 1) || '@bench.legiao.dev'
       JOIN usuario b ON b.email = $3 || '-' || g || '@bench.legiao.dev'`,
    [members, referralEvery, prefix],
  );
  if (extraProducts > 0) {
    await db.query(
      `INSERT INTO produto (sku, nome, nome_busca, categoria, subcategoria, img, descricao_detalhe, atualizado_em)
       SELECT 'BENCH-INT-' || lpad(g::text, 3, '0'), 'Produto de carga ' || g, 'produto de carga ' || g, p.categoria, p.subcategoria, p.img, p.descricao_detalhe, now()
         FROM (SELECT * FROM produto ORDER BY id LIMIT 1) p, generate_series(1, $1::int) g
       ON CONFLICT DO NOTHING`,
      [extraProducts],
    );
  }
  await db.query('ANALYZE usuario; ANALYZE indicacao; ANALYZE produto');
  const { rows } = await db.query('SELECT sku FROM produto WHERE ativo ORDER BY id');
  return rows.map((r) => r.sku);
}

/**
 * Order i of a run: a known buyer (1 in 100 unknown: kept pending), SKUs, quantities and day derived
 * from i. `items` per order (1 for the CSV comparison: one CSV line is one order and product).
 */
export function makeOrder(i, { tag, prefix, members, skus, items = () => 1, place }) {
  const email = i % 100 === 7 ? `fora-${tag}-${i}@bench.legiao.dev` : `${prefix}-${1 + (i % members)}@bench.legiao.dev`;
  const n = items(i);
  const lines = Array.from({ length: n }, (_, k) => ({ sku: skus[(i + k * 37) % skus.length], quantidade: 1 + ((i + k) % 2), quantidadePresente: 0 }));
  return { pedido: `${tag}-${i}`, email, data: `2025-03-${String(1 + (i % 28)).padStart(2, '0')}`, canal: place, itens: lines, estado: 'pago' };
}

/** Batches of `size` orders as ready JSON bodies (the senders send the same bytes again on a retry). */
export function batchesOf(orders, size) {
  const out = [];
  for (let i = 0; i < orders.length; i += size) {
    const slice = orders.slice(i, i + size);
    out.push({ index: out.length, orders: slice, body: JSON.stringify({ pedidos: slice }) });
  }
  return out;
}

/** The same orders as the back office's purchase CSV (one line per order and product). */
export async function writeCsv(file, orders) {
  const out = createWriteStream(file);
  out.write('Pedido;E-mail;SKU;Qtd;Data\n');
  for (const o of orders) {
    const [y, m, d] = o.data.split('-');
    for (const item of o.itens) if (!out.write(`${o.pedido};${o.email};${item.sku};${item.quantidade};${d}/${m}/${y}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

// --- HTTP ----------------------------------------------------------------------------------------------

export async function login(base, email, password = 'Legiao@2025') {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, senha: password }) });
  const body = await res.json();
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(body)}`);
  return body.token.token;
}

/** A store client through the back office's API (an administrator's session): its key, shown once. */
export async function createStoreClient(base, adminToken, { name, scopes = ['pedidos:enviar'], perMinute = 100_000 }) {
  const res = await fetch(`${base}/api/admin/integracoes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ nome: name, escopos: scopes, limitePorMinuto: perMinute }),
  });
  const body = await res.json();
  if (res.status !== 201 || !body.chave) throw new Error(`POST /api/admin/integracoes: ${res.status} ${JSON.stringify(body)}`);
  return { id: body.cliente.id, key: body.chave };
}

/** What the senders did so far (pass one to sendBatches to read it while they run). */
export const newSendStats = () => ({ calls: 0, retried: new Set(), noAnswer: 0, byStatus: {}, firstAt: 0, lastAt: 0, replayed: 0, inFlight: 0, answered: 0, errors: {} });

/**
 * The store's senders: `senders` loops in parallel take the next batch and POST it to
 * /api/integracao/v1/pedidos until it is answered. A call left without an answer (connection reset,
 * time-out) or answered 5xx, 429 or 409 "still running" is sent again, the same bytes (after
 * Retry-After when there is one), as a store's retry would; `keyFor(batch)` gives its
 * Idempotency-Key (undefined: none). `onAnswer(batch, answer, meta)` gets each final 200.
 * Any other status stops the run (an error of the bench or the API).
 */
export async function sendBatches({ base, key, batches, senders = 4, keyFor = () => undefined, onAnswer = () => {}, maxAttempts = 60, timeoutMs = 300_000, stats = newSendStats() }) {
  let next = 0;
  const url = `${base}/api/integracao/v1/pedidos`;
  const loop = async () => {
    while (next < batches.length) {
      const batch = batches[next++];
      const idem = keyFor(batch);
      for (let attempt = 1; ; attempt++) {
        if (attempt > maxAttempts) throw new Error(`lote ${batch.index}: sem resposta útil depois de ${maxAttempts} tentativas`);
        stats.calls++;
        stats.inFlight++;
        let status;
        let text;
        let headers;
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(idem ? { 'idempotency-key': idem } : {}) },
            body: batch.body,
            signal: AbortSignal.timeout(timeoutMs),
          });
          status = res.status;
          headers = res.headers;
          text = await res.text();
        } catch (err) {
          stats.inFlight--;
          stats.noAnswer++;
          const why = err.cause?.code ?? err.code ?? err.name;
          stats.errors[why] = (stats.errors[why] ?? 0) + 1;
          stats.retried.add(batch.index);
          await sleep(200);
          continue;
        }
        stats.inFlight--;
        stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
        const stillRunning = status === 409 && text.includes('IDEMPOTENCY_KEY_EM_ANDAMENTO');
        if (status >= 500 || status === 429 || stillRunning) {
          stats.retried.add(batch.index);
          const after = Number(headers.get('retry-after'));
          await sleep(Number.isFinite(after) && after > 0 ? Math.min(after, 10) * 1000 : 500);
          continue;
        }
        if (status !== 200) throw new Error(`lote ${batch.index}: ${status} ${text.slice(0, 500)}`);
        const replayed = headers.get('idempotent-replayed') === 'true';
        if (replayed) stats.replayed++;
        stats.answered++;
        onAnswer(batch, JSON.parse(text), { attempt, replayed });
        break;
      }
    }
  };
  stats.firstAt = performance.now();
  await Promise.all(Array.from({ length: senders }, loop));
  stats.lastAt = performance.now();
  return stats;
}

/** Counts of each outcome in a batch's answer (and whether it answered every order, in order). */
export function tally(answer, batch, into = {}) {
  const list = answer.pedidos ?? [];
  if (list.length !== batch.orders.length) into.malformed = (into.malformed ?? 0) + 1;
  list.forEach((r, i) => {
    into[r.situacao] = (into[r.situacao] ?? 0) + 1;
    if (r.pedido !== batch.orders[i].pedido) into.malformed = (into.malformed ?? 0) + 1;
  });
  return into;
}

/**
 * The member home's calls (the list in bench/home.mjs, in the page's order), each connection one
 * member with its token and hashes, in a loop. `duration` seconds, or until `stop()`.
 */
export const homeCalls = (m) => [
  '/api/usuario/logged',
  '/api/banner',
  '/api/bannersite/ativos',
  '/api/Conquista',
  '/api/produto/cliente',
  '/api/beneficio',
  '/api/indicacao',
  '/api/indicacao/codigo',
  `/api/BannerSite/recomendacao/?hash=${m.hashUsuario}`,
  '/api/Faq?ativo=true',
  ...(m.hashPesquisaSatisfacao ? [`/api/satisfacao?hash=${m.hashPesquisaSatisfacao}`] : []),
];

export function homeLoad(base, profiles, { duration, connections = profiles.length, extraCalls = [] }) {
  let next = 0;
  let resolve;
  let reject;
  const done = new Promise((res, rej) => ((resolve = res), (reject = rej)));
  const instance = autocannon(
    {
      url: base,
      connections,
      duration,
      timeout: 30,
      setupClient: (client) => {
        const m = profiles[next++ % profiles.length];
        client.setHeaders({ authorization: `Bearer ${m.token}` });
        client.setRequests([...homeCalls(m), ...extraCalls].map((path) => ({ method: 'GET', path })));
      },
    },
    (err, r) => (err ? reject(err) : resolve(r)),
  );
  const perPage = profiles.reduce((s, m) => s + homeCalls(m).length + extraCalls.length, 0) / profiles.length;
  return {
    stop: () => instance.stop(),
    result: done.then((r) => ({
      seconds: r.duration,
      calls: r.requests.total,
      pages: r.requests.total / perPage / r.duration,
      p50: r.latency.p50,
      p95: r.latency.p90 + ((r.latency.p97_5 - r.latency.p90) * 5) / 7.5,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      perPage,
    })),
  };
}

// --- the database's result ------------------------------------------------------------------------

/**
 * What a run of `tag`'s orders left in a database, in terms that do not depend on ids or on the apply
 * order: the entries (order, buyer's e-mail, SKU, quantity, day, place, gift units) and their digest,
 * the Compra credits, the legion numbers per product (count, distinct, highest, the counter), the
 * referrals confirmed (referrer and friend by e-mail) with their credits, every bench member's
 * balance, and the orders left pending.
 */
export async function storeResult(db, { tag, prefix, pendingSql }) {
  const like = `${tag}-%`;
  const one = async (sql, params = [like]) => (await db.query(sql, params)).rows[0];
  const entries = await one(
    `SELECT count(*)::int AS n, COALESCE(sum(pc.quantidade), 0)::int AS pecas,
            md5(string_agg(pc.codigo_pedido || '|' || u.email || '|' || p.sku || '|' || pc.quantidade || '|' || pc.data_compra || '|' || pc.local_compra || '|' ||
                           pc.quantidade_presente || '|' || pc.produto_validado || '|' || (pc.cancelado_em IS NULL), ',' ORDER BY pc.codigo_pedido, p.sku)) AS digest
       FROM produto_cliente pc JOIN usuario u ON u.id = pc.usuario_id JOIN produto p ON p.id = pc.produto_id
      WHERE pc.codigo_pedido LIKE $1`,
  );
  const credits = await one(
    `SELECT count(*)::int AS n, COALESCE(sum(l.valor), 0)::int AS pontos, count(DISTINCT l.produto_cliente_id)::int AS entradas
       FROM lancamento l JOIN produto_cliente pc ON pc.id = l.produto_cliente_id
      WHERE pc.codigo_pedido LIKE $1 AND l.motivo = 'compra'`,
  );
  // A product whose counter reached LEGION_TOTAL hands out no more numbers: its later pieces have
  // none (faltando_no_limite); any other entry must have exactly one number per piece.
  const numbers = await one(
    `SELECT COALESCE(sum(s.numeros), 0)::int AS n,
            count(*) FILTER (WHERE s.numeros > s.quantidade OR (s.numeros < s.quantidade AND s.contador < $2))::int AS entradas_sem_todos,
            COALESCE(sum(s.quantidade - s.numeros) FILTER (WHERE s.numeros < s.quantidade AND s.contador >= $2), 0)::int AS faltando_no_limite,
            count(DISTINCT s.produto_id) FILTER (WHERE s.contador >= $2)::int AS produtos_no_limite
       FROM (SELECT pc.id, pc.produto_id, pc.quantidade, p.numeros_atribuidos AS contador, count(n.numero)::int AS numeros
               FROM produto_cliente pc JOIN produto p ON p.id = pc.produto_id LEFT JOIN numero_legionario n ON n.produto_cliente_id = pc.id
              WHERE pc.codigo_pedido LIKE $1 GROUP BY pc.id, pc.produto_id, pc.quantidade, p.numeros_atribuidos) s`,
    [like, LEGION_TOTAL],
  );
  const perProduct = await one(
    `SELECT md5(string_agg(s.sku || ':' || s.n || ':' || s.distintos || ':' || s.maior || ':' || s.contador, ',' ORDER BY s.sku)) AS digest,
            sum(s.n)::int AS total, bool_and(s.n = s.distintos) AS sem_repetidos, bool_and(s.maior = s.contador) AS contador_ok
       FROM (SELECT p.sku, p.numeros_atribuidos AS contador, count(n.numero)::int AS n, count(DISTINCT n.numero)::int AS distintos, COALESCE(max(n.numero), 0) AS maior
               FROM produto p LEFT JOIN numero_legionario n ON n.produto_id = p.id GROUP BY p.id) s`,
    [],
  );
  const referrals = await one(
    `SELECT count(*) FILTER (WHERE i.status = 'confirmada')::int AS confirmadas, count(*) FILTER (WHERE i.status = 'pendente')::int AS pendentes,
            md5(string_agg(a.email || '>' || b.email, ',' ORDER BY b.email) FILTER (WHERE i.status = 'confirmada')) AS digest,
            (SELECT count(*)::int FROM lancamento l JOIN indicacao x ON x.id = l.indicacao_id JOIN usuario y ON y.id = x.indicado_id WHERE y.email LIKE $1) AS creditos,
            (SELECT count(*)::int FROM (SELECT l.indicacao_id FROM lancamento l WHERE l.indicacao_id IS NOT NULL GROUP BY 1 HAVING count(*) > 1) d) AS creditos_duplos
       FROM indicacao i JOIN usuario a ON a.id = i.indicador_id JOIN usuario b ON b.id = i.indicado_id WHERE b.email LIKE $1`,
    [`${prefix}-%`],
  );
  const balances = await one(
    `SELECT md5(string_agg(s.email || '=' || s.saldo, ',' ORDER BY s.email)) AS digest, COALESCE(sum(s.saldo), 0)::int AS total
       FROM (SELECT u.email, COALESCE(sum(l.valor), 0)::int AS saldo FROM usuario u LEFT JOIN lancamento l ON l.usuario_id = u.id WHERE u.email LIKE $1 GROUP BY u.email) s`,
    [`${prefix}-%`],
  );
  const pending = await one(`SELECT count(*)::int AS n, md5(string_agg(pedido, ',' ORDER BY pedido)) AS digest FROM (${pendingSql}) s`);
  return { entries, credits, numbers, perProduct, referrals, balances, pending };
}

/** The figures two results must share, by name: [name, a, b]. */
export function compareResults(a, b) {
  const rows = [
    ['entradas (compras verificadas)', a.entries.n, b.entries.n],
    ['peças', a.entries.pecas, b.entries.pecas],
    ['entradas: conteúdo (md5)', a.entries.digest, b.entries.digest],
    ['créditos de compra', a.credits.n, b.credits.n],
    ['pontos de compra', a.credits.pontos, b.credits.pontos],
    ['números da Legião (das entradas)', a.numbers.n, b.numbers.n],
    ['números por produto: quantos, distintos, maior, contador (md5)', a.perProduct.digest, b.perProduct.digest],
    ['indicações confirmadas', a.referrals.confirmadas, b.referrals.confirmadas],
    ['indicações: quem e quem (md5)', a.referrals.digest, b.referrals.digest],
    ['créditos de indicação', a.referrals.creditos, b.referrals.creditos],
    ['indicações ainda pendentes', a.referrals.pendentes, b.referrals.pendentes],
    ['saldo de cada membro (md5)', a.balances.digest, b.balances.digest],
    ['pedidos pendentes', a.pending.n, b.pending.n],
    ['pedidos pendentes: quais (md5)', a.pending.digest, b.pending.digest],
  ];
  return rows.map(([name, x, y]) => ({ name, a: x, b: y, same: x === y }));
}
