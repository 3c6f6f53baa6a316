// The pieces of the launch rehearsal (bench/launch.mjs): several API processes on one PostgreSQL
// and one Redis (optionally behind a local HAProxy), the fast seeding, and one member's journey
// through the waiting room (WebSocket), login with the ticket, the home and a redemption, with the
// reconnects and retries a browser would do when the process it talks to dies.
// docs/decisions/0026-launch-rehearsal.md
import { spawn } from 'node:child_process';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import bcrypt from 'bcrypt';
import WebSocket from 'ws';
import { DEV_JWT_SECRET, root, waitFor } from './lib.mjs';

export const PASSWORD = 'Legiao@2025';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** p-th percentile (nearest rank) of a list of numbers; NaN when empty. */
export function pct(xs, p) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/**
 * N API processes, each `node <dist>/server.js` on its own port (so one can be SIGKILLed), plus an
 * optional HAProxy in front. Clients pick a process with endpoint(k) (client-side round robin) and,
 * when it fails, the next one with next(port); behind HAProxy both are the balancer's port.
 */
export class Cluster {
  constructor({ dist, basePort, n, env, logDir, lb, workers = false }) {
    this.dist = dist;
    this.basePort = basePort;
    this.env = env;
    this.logDir = logDir;
    this.lb = lb ? { port: basePort, child: null } : null;
    // workers: one `WORKERS=n` server (node:cluster, ADR 0025) on one port instead of n processes
    // on n ports; the kill hits one of its workers and its primary starts another.
    this.workers = workers ? n : 0;
    this.procs = Array.from({ length: workers ? 1 : n }, (_, i) => ({ i, port: basePort + 1 + i, child: null, starts: 0 }));
    /** Processes clients are spread over (phase B narrows it to one). */
    this.active = this.procs.slice();
    mkdirSync(logDir, { recursive: true });
  }

  /** Starts process i; the first start of process 0 migrates and seeds the demo data. */
  async start(i, extraEnv = {}) {
    const p = this.procs[i];
    p.starts++;
    const out = openSync(join(this.logDir, `api-${i}.log`), 'a');
    const child = spawn(process.execPath, [this.dist], {
      cwd: dirname(dirname(this.dist)),
      env: { ...process.env, ...this.env, PORT: String(p.port), SEED_DEMO: i === 0 && p.starts === 1 ? 'true' : 'false', ...(this.workers ? { WORKERS: String(this.workers) } : {}), ...extraEnv },
      stdio: ['ignore', out, out],
    });
    closeSync(out);
    p.child = child;
    const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
    p.exited = exited;
    await Promise.race([
      waitFor(`http://127.0.0.1:${p.port}/api/ready`, 180_000),
      exited.then(({ code, signal }) => Promise.reject(new Error(`o processo ${i} da API terminou ao iniciar (código ${code}, sinal ${signal}); veja ${join(this.logDir, `api-${i}.log`)}`))),
    ]);
    return p;
  }

  /** The pids of a WORKERS=n server's workers (its primary's children), from /proc. */
  workerPids() {
    const pid = this.procs[0].child?.pid;
    if (!pid) return [];
    try {
      return readdirSync(`/proc/${pid}/task`).flatMap((t) => readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      return [];
    }
  }

  /** SIGKILL to one worker; resolves once the primary has replaced it and the port is ready again. */
  async killWorker() {
    const before = this.workerPids();
    const victim = before[before.length - 1];
    process.kill(victim, 'SIGKILL');
    const t = performance.now();
    for (;;) {
      await new Promise((r) => setTimeout(r, 100));
      const now = this.workerPids();
      if (!now.includes(victim) && now.length >= before.length) break;
      if (performance.now() - t > 180_000) throw new Error('o primário não repôs o worker morto em 3 minutos');
    }
    await waitFor(`http://127.0.0.1:${this.procs[0].port}/api/ready`, 60_000);
    return { victim, downS: (performance.now() - t) / 1000 };
  }

  kill(i, signal = 'SIGKILL') {
    const p = this.procs[i];
    if (!p.child || p.child.exitCode !== null || p.child.signalCode !== null) return Promise.resolve();
    p.child.kill(signal);
    return p.exited;
  }

  async stopAll() {
    await Promise.all(this.procs.map((p) => this.kill(p.i, 'SIGTERM')));
    if (this.lb?.child && this.lb.child.exitCode === null) {
      this.lb.child.kill('SIGTERM');
      await new Promise((r) => this.lb.child.once('exit', r));
    }
  }

  /** The port client k starts on. */
  endpoint(k) {
    if (this.lb) return this.lb.port;
    return this.active[k % this.active.length].port;
  }

  /** Where a client goes when `port` failed: the next process of the rotation (or the balancer again). */
  next(port) {
    if (this.lb) return this.lb.port;
    const i = this.active.findIndex((p) => p.port === port);
    return this.active[(i + 1) % this.active.length].port;
  }

  /**
   * A local HAProxy in front of every process, running the shipped deploy/haproxy.cfg (health
   * check on /api/ready, tunnel time-out for the waiting room's WebSocket, retry on another
   * server of a request whose server died, fail-open backups, its own X-Request-Id) with only the
   * compose specifics swapped: Docker's DNS templates for this run's processes, the ports, and a
   * connection ceiling within this machine's 20,000 descriptors.
   */
  async startHaproxy() {
    const shipped = readFileSync(join(root, 'deploy/haproxy.cfg'), 'utf8');
    const servers = (backup) => this.procs.map((p) => `  server api${p.i}${backup ? '-bk' : ''} 127.0.0.1:${p.port}${backup ? ' backup no-check' : ''}`).join('\n');
    const cfg = shipped
      .replace(/^resolvers docker\n(?:  .*\n)+/m, '')
      .replace(/ resolvers docker init-addr none/g, '')
      .replace(/^  server-template api-bk .*$/gm, servers(true))
      .replace(/^  server-template api .*$/gm, servers(false))
      .replace(/^  bind :8080$/m, `  bind 127.0.0.1:${this.lb.port}`)
      .replace(/^  bind :8404$/m, `  bind 127.0.0.1:${this.lb.port + 49}`)
      .replace(/^  maxconn 20000$/gm, '  maxconn 9000')
      .replace(/^  log stdout format raw local0 info$/m, '  log stdout format raw local0 notice');
    if (/server-template|resolvers|:8080|maxconn 20000/.test(cfg)) throw new Error('deploy/haproxy.cfg mudou: a adaptação local (bench/launch-lib.mjs) não reconhece mais o arquivo');
    const file = join(this.logDir, 'haproxy.cfg');
    writeFileSync(file, cfg);
    const out = openSync(join(this.logDir, 'haproxy.log'), 'a');
    this.lb.child = spawn('haproxy', ['-f', file, '-db'], { stdio: ['ignore', out, out] });
    closeSync(out);
    const exited = new Promise((_, reject) => {
      this.lb.child.once('error', (err) => reject(err));
      this.lb.child.once('exit', (code) => reject(new Error(`haproxy terminou (código ${code}); veja ${join(this.logDir, 'haproxy.log')}`)));
    });
    exited.catch(() => {});
    await Promise.race([waitFor(`http://127.0.0.1:${this.lb.port}/api/ready`, 15_000), exited]);
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 when it is gone. */
function cpuOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // USER_HZ
  } catch {
    return 0;
  }
}

/**
 * CPU seconds so far of the API processes, of the PostgreSQL backends serving `dbName`, and of
 * this process (the simulated members): the machine is shared, so CPU per journey says more than
 * the rate. Backends are keyed by pid, so one that started in between counts from zero.
 */
export function cpuSnapshot(cluster, dbName) {
  const pg = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.startsWith('postgres:') && cmd.split(' ').includes(dbName)) pg.set(pid, cpuOf(pid));
    } catch {}
  }
  const pids = [...cluster.procs.filter((p) => p.child?.pid).map((p) => p.child.pid), ...(cluster.workers ? cluster.workerPids() : [])];
  const api = new Map(pids.map((pid) => [pid, cpuOf(pid)]));
  const self = process.cpuUsage();
  return { api, pg, members: (self.user + self.system) / 1e6 };
}

/** CPU seconds between two snapshots: { api, pg, members }. */
export function cpuBetween(a, b) {
  const sum = (before, after) => [...after].reduce((acc, [pid, t]) => acc + t - (before.get(pid) ?? 0), 0);
  return { api: sum(a.api, b.api), pg: sum(a.pg, b.pg), members: b.members - a.members };
}

export function haproxyInstalled() {
  return ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy', '/usr/local/bin/haproxy'].some((p) => existsSync(p));
}

export const defaultDist = () => join(root, 'apps/api/dist/server.js');

/**
 * Members in three statements whatever their number (one INSERT ... SELECT generate_series each for
 * the accounts, an owned product and the credit), all with the same password hash computed once
 * at `cost`: complete profiles, active, `saldo` points, CPFs from `cpfBase` on (unique per call). Returns [{ id, email }] in index order.
 */
export async function seedMembers(c, prefix, n, balance, cost, cpfBase = 80_000_000_000) {
  const hash = await bcrypt.hash(PASSWORD, cost);
  const { rows: [product] } = await c.query('SELECT id FROM produto ORDER BY id LIMIT 1');
  await c.query('BEGIN');
  const { rows } = await c.query(
    `INSERT INTO usuario (id, email, senha_hash, nome, cpf, celular, cep, endereco, numero, cidade, uf, data_nascimento, genero, perfil, tipo, ativo, hash, data_atualizacao)
     SELECT gen_random_uuid(), $1 || '.' || g || '@bench.legiao.dev', $2, 'Membro Lançamento', lpad(($4::bigint + g)::text, 11, '0'), '11987654321', '01310100',
            'Avenida Paulista', '1000', 'São Paulo', 'SP', '1990-01-01', 'outro', 'outsider', 'legionario', true, gen_random_uuid(), now()
     FROM generate_series(0, $3::int - 1) g
     RETURNING id, email`,
    [prefix, hash, n, cpfBase],
  );
  await c.query(
    `INSERT INTO produto_cliente (id, usuario_id, produto_id, data_compra, local_compra, atualizado_em)
     SELECT gen_random_uuid(), id, $2, '2025-01-01', 'Amazon', now() FROM usuario WHERE id = ANY($1::uuid[])`,
    [rows.map((r) => r.id), product.id],
  );
  await c.query(
    `INSERT INTO lancamento (id, usuario_id, motivo, valor, produto_cliente_id)
     SELECT gen_random_uuid(), usuario_id, 'compra', $2, id FROM produto_cliente WHERE usuario_id = ANY($1::uuid[])`,
    [rows.map((r) => r.id), balance],
  );
  await c.query('COMMIT');
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  return Array.from({ length: n }, (_, g) => {
    const email = `${prefix}.${g}@bench.legiao.dev`;
    return { id: byEmail.get(email), email };
  });
}

/** The payload of a JWT (the ticket's jti is the admission's number), without checking it. */
export function jwtPayload(token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}

// node:http with keep-alive rather than fetch: the simulated members share the machine with the
// API, and fetch costs about twice the CPU per call.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, keepAliveMsecs: 5000 });

/** One HTTP call: { status, headers, text }; rejects when no answer came (refused, reset, time-out). */
export function request(port, method, path, headers, body, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers, agent, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/** Counters shared by every journey of a phase. */
export function newStats() {
  return {
    status: {}, // HTTP status -> count
    fiveXX: [], // { path, status, code, port }
    connErrors: 0, // HTTP calls that got no answer (the process died or refused): retried elsewhere
    wsDrops: 0, // sockets closed under a client that did not close them
    wsDropsWaiting: 0, // ... of which the client was still waiting for its turn
    wsConnectFailures: 0, // sockets that never opened (any reason below), each retried on the next process
    wsRefused: {}, // HTTP status -> upgrades answered with that status instead of 101 (e.g. 503 SOBRECARGA)
    wsHandshakeTimeouts: 0, // no answer to the upgrade within 30 s
    wsConnectErrors: 0, // refused or reset connections (a dead or restarting process)
    reconnects: 0,
    keptAfterReconnect: 0, // a waiting client's reconnect found its place (same or better position, or its admission)
    ticketRetries: 0, // login answered FILA_TICKET_* (e.g. the first try committed on the dead process): asked again
    replays: 0, // redemptions answered with Idempotent-Replayed (retried after a lost answer)
    unexpected: [], // any other answer the journey could not go on with
    answers: [], // [performance.now(), status, port] of every HTTP answer and WebSocket upgrade (101 or refused): what happened when
  };
}

/** Which process a client was on when a kill happened, and where it stood. */
const STEP = { fila: 'fila', login: 'login', home: 'home', resgate: 'resgate', fim: 'fim' };

/**
 * One member's launch: arrive, wait in the queue, log in with the ticket, open the home, redeem,
 * leave (Logout frees the place). Records every time and every anomaly on itself.
 */
export class Journey {
  constructor({ k, member, cluster, stats, beneficioId: benefitId, runId, heartbeatMs = 30_000 }) {
    this.k = k;
    this.member = member;
    this.cluster = cluster;
    this.stats = stats;
    this.beneficioId = benefitId;
    this.clientId = `launch-${runId}-${k}`;
    this.port = cluster.endpoint(k);
    this.heartbeatMs = heartbeatMs;
    this.step = null;
    this.t = {};
    // Positions heard while waiting: the first, the last, how many (not all: 5,000 members × minutes).
    this.firstPos = null;
    this.lastPos = null;
    this.positionsHeard = 0;
    this.lost = null; // why the member lost its place, if it did
    this.firstJti = null;
    this.jtis = [];
    this.ticket = null;
    this.ticketUsed = false;
    this.doubleAdmission = 0;
    this.drops = 0;
    this.cupom = null;
    this.failed = null;
    this.ws = null;
    this.leaving = false;
    this.ticketWaiters = [];
    this.logoutWaiter = null;
    this.checkAfterReconnect = null; // last position before a drop: the next answer must not be worse
  }

  async run() {
    this.t.arrive = performance.now();
    try {
      this.step = STEP.fila;
      const ticket = await this.waitTicket(true);
      this.t.admitted = performance.now();
      this.step = STEP.login;
      const token = await this.login(ticket);
      this.t.logged = performance.now();
      this.step = STEP.home;
      await this.home(token);
      this.t.home = performance.now();
      this.step = STEP.resgate;
      await this.redeem(token);
      this.t.redeemed = performance.now();
      this.step = STEP.fim;
      await this.leave(token);
      this.t.done = performance.now();
    } catch (err) {
      this.failed = `${this.step}: ${err.message}`;
    } finally {
      this.closeSocket();
    }
    return this;
  }

  // ---- the waiting room (WebSocket) ----

  connect() {
    // A handshake that hangs (a starved process) counts as a failed attempt and goes to the next.
    // Generous: each give-up is one more connection for a process that is already behind.
    const ws = new WebSocket(`ws://127.0.0.1:${this.port}/api/fila/ws`, { handshakeTimeout: 30_000 });
    this.ws = ws;
    // 'close' follows; why the socket did not open is counted (a refused upgrade is an answer ≥ 500
    // the member saw, like any other).
    ws.on('error', (err) => {
      if (ws.everOpened) return;
      const refused = /Unexpected server response: (\d+)/.exec(err.message);
      if (refused) {
        this.stats.wsRefused[refused[1]] = (this.stats.wsRefused[refused[1]] ?? 0) + 1;
        this.stats.answers.push([performance.now(), Number(refused[1]), this.port]);
      }
      else if (/timed out/i.test(err.message)) this.stats.wsHandshakeTimeouts++;
      else this.stats.wsConnectErrors++;
    });
    const port = this.port;
    ws.on('open', () => {
      this.stats.answers.push([performance.now(), 101, port]);
      if (this.connectedOnce) this.stats.reconnects++;
      this.connectedOnce = true;
      this.backoff = 0;
      this.send('TryLogin');
    });
    ws.on('message', (data) => this.onMessage(JSON.parse(data.toString())));
    ws.on('close', () => {
      if (this.ws !== ws || this.leaving) return;
      clearInterval(this.beat);
      if (ws.readyState === WebSocket.CLOSED && !ws.everOpened) this.stats.wsConnectFailures++;
      // Dropped under us (the process died): come back on the next process, same clientId.
      if (ws.everOpened) {
        this.drops++;
        this.stats.wsDrops++;
        if (this.firstJti === null) this.stats.wsDropsWaiting++;
        if (this.firstJti === null) this.checkAfterReconnect = this.lastPos ?? Infinity;
      }
      this.port = this.cluster.next(this.port);
      // Like the web client: 0.5 s ± 20% first, doubling, at most 15 s.
      const delay = Math.min(15_000, 500 * 2 ** (this.backoff ?? 0)) * (0.8 + Math.random() * 0.4);
      this.backoff = (this.backoff ?? 0) + 1;
      this.reconnectTimer = setTimeout(() => this.connect(), delay);
    });
    ws.once('open', () => {
      ws.everOpened = true;
      clearInterval(this.beat);
      // The web client says it is alive every 30 s while waiting and while logged in.
      this.beat = setInterval(() => this.send('UpdateActivity'), this.heartbeatMs);
      this.beat.unref();
    });
  }

  send(type) {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    if (type === 'TryLogin' && this.t.joinSent === undefined) this.t.joinSent = performance.now();
    this.ws.send(JSON.stringify({ type, clientId: this.clientId }));
    return true;
  }

  onMessage(m) {
    const now = performance.now();
    switch (m.type) {
      case 'ReceiveQueuePosition': {
        this.t.joinAnswered ??= now;
        if (this.firstJti !== null) return; // a push that crossed the admission
        const last = this.lastPos ?? undefined;
        if (this.checkAfterReconnect !== null) {
          if (m.posicao > this.checkAfterReconnect) this.loseplace(`reconectou na posição ${m.posicao}, estava na ${this.checkAfterReconnect}`);
          else this.stats.keptAfterReconnect++;
          this.checkAfterReconnect = null;
        } else if (last !== undefined && m.posicao > last) this.loseplace(`posição subiu de ${last} para ${m.posicao}`);
        this.firstPos ??= m.posicao;
        this.lastPos = m.posicao;
        this.positionsHeard++;
        return;
      }
      case 'ProceedToLogin': {
        this.t.joinAnswered ??= now;
        const { jti } = jwtPayload(m.ticket);
        if (this.checkAfterReconnect !== null) {
          this.stats.keptAfterReconnect++;
          this.checkAfterReconnect = null;
        }
        if (this.firstJti === null) {
          this.firstJti = Number(jti);
          this.t.ticketAt = now;
        } else if (this.ticket && !this.ticketUsed && jwtPayload(this.ticket).jti !== jti && !this.askedAgain) {
          this.doubleAdmission++; // a second admission while the first ticket was still unused
        }
        this.jtis.push(Number(jti));
        this.ticket = m.ticket;
        this.ticketUsed = false;
        this.askedAgain = false;
        for (const w of this.ticketWaiters.splice(0)) w(m.ticket);
        return;
      }
      case 'ProceedToLogout':
        if (this.leaving) this.logoutWaiter?.();
        else this.loseplace(`ProceedToLogout ${m.motivo} antes de sair`);
        return;
      case 'Error':
        if (m.code === 'FORA_DA_FILA' && !this.leaving) this.loseplace(`FORA_DA_FILA (${m.requestType ?? ''})`);
        else if (!this.leaving) this.stats.unexpected.push({ k: this.k, ws: m.code });
        return;
      default:
    }
  }

  loseplace(why) {
    this.lost ??= why;
  }

  /** The first ProceedToLogin (connecting if needed), or a new one after sending TryLogin again. */
  waitTicket(first) {
    return new Promise((resolve, reject) => {
      // Long: on a starved machine the places free as slowly as journeys finish (the run's own
      // watchdog, MAX_SECONDS, bounds the whole).
      const timer = setTimeout(() => reject(new Error('sem ProceedToLogin em 1 hora')), 3_600_000);
      this.ticketWaiters.push((t) => {
        clearTimeout(timer);
        resolve(t);
      });
      if (first) this.connect();
      else {
        this.askedAgain = true;
        this.send('TryLogin'); // if the socket is reconnecting, its open sends TryLogin anyway
      }
    });
  }

  /** Sair: Logout on the socket (frees the place for the next in line) and the session revoked. */
  async leave(token) {
    // A socket that dropped under a logged-in member is still reconnecting: wait for it (up to
    // 60 s), or the place would stay taken until the idle time-out.
    for (let i = 0; i < 600 && this.ws?.readyState !== WebSocket.OPEN; i++) await sleep(100);
    this.leaving = true;
    clearInterval(this.beat);
    clearTimeout(this.reconnectTimer);
    const told = new Promise((r) => {
      this.logoutWaiter = r;
      setTimeout(r, 5000);
    });
    if (this.send('Logout')) await told;
    else this.stats.unexpected.push({ k: this.k, leave: 'sem socket para o Logout' });
    const r = await this.call('POST', '/api/auth/logout', { token });
    if (r.status !== 200) throw new Error(`logout ${r.status}`);
  }

  closeSocket() {
    this.leaving = true;
    clearInterval(this.beat);
    clearTimeout(this.reconnectTimer);
    for (const w of this.ticketWaiters.splice(0)) w(null);
    try {
      this.ws?.close();
    } catch {}
  }

  // ---- HTTP ----

  /**
   * One call on this client's process; no answer (the process died) -> the next process. 5xx are
   * counted (the invariant wants none) and asked again after Retry-After, as the web does.
   */
  async call(method, path, { token, body, headers = {} } = {}) {
    for (let attempt = 0; attempt < 12; attempt++) {
      const port = this.port;
      let res;
      try {
        res = await request(port, method, path, { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body ? JSON.stringify(body) : undefined);
      } catch {
        this.stats.connErrors++;
        this.port = this.cluster.next(port);
        await sleep(200 * 2 ** Math.min(attempt, 5));
        continue;
      }
      const { text } = res;
      let json = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {}
      this.stats.status[res.status] = (this.stats.status[res.status] ?? 0) + 1;
      this.stats.answers.push([performance.now(), res.status, port]);
      if (res.status >= 500) {
        this.stats.fiveXX.push({ path: path.split('?')[0], status: res.status, code: json?.errors?.[0]?.code ?? text.slice(0, 80), port });
        await sleep(Math.max(1, Number(res.headers['retry-after']) || 1) * 1000);
        continue;
      }
      return { status: res.status, json, headers: res.headers };
    }
    throw new Error(`${method} ${path}: sem resposta depois de 12 tentativas`);
  }

  async login(ticket) {
    for (let attempt = 0; attempt < 6; attempt++) {
      const r = await this.call('POST', '/api/auth/login', { body: { email: this.member.email, senha: PASSWORD, ticket } });
      if (r.status === 200) {
        this.ticketUsed = true;
        return r.json.token.token;
      }
      const code = r.json?.errors?.[0]?.code;
      if (r.status === 403 && (code === 'FILA_TICKET_INVALIDO' || code === 'FILA_SEM_TICKET')) {
        // E.g. the first try committed on a process that died before answering: ask for a new ticket.
        this.stats.ticketRetries++;
        ticket = await this.waitTicket(false);
        if (!ticket) throw new Error('encerrado');
        continue;
      }
      throw new Error(`login ${r.status} ${JSON.stringify(r.json).slice(0, 200)}`);
    }
    throw new Error('login: 6 tentativas');
  }

  /** The home's calls (bench/home.mjs): the profile first, then the rest at once, as the page does. */
  async home(token) {
    const logged = await this.call('GET', '/api/usuario/logged', { token });
    if (logged.status !== 200) throw new Error(`GET /api/usuario/logged ${logged.status}`);
    const m = logged.json;
    const paths = [
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
    const answers = await Promise.all(paths.map((p) => this.call('GET', p, { token })));
    const bad = answers.findIndex((a) => a.status !== 200);
    if (bad >= 0) throw new Error(`GET ${paths[bad]} ${answers[bad].status}`);
  }

  async redeem(token) {
    const key = randomUUID();
    const r = await this.call('POST', '/api/beneficio/resgate', { token, body: { idBeneficio: this.beneficioId }, headers: { 'idempotency-key': key } });
    if (r.status !== 201) throw new Error(`resgate ${r.status} ${JSON.stringify(r.json).slice(0, 200)}`);
    if (r.headers['idempotent-replayed'] === 'true') this.stats.replays++;
    this.cupom = r.json.cupom;
    this.key = key;
  }
}

/**
 * Admissions out of arrival order, without reading the server's counter: when A's first TryLogin
 * was answered before B's was sent, A joined first and must be admitted first (smaller first jti).
 * Joins that overlapped in time are not compared (their order is the server's to pick).
 */
export function outOfOrder(journeys) {
  const js = journeys.filter((j) => j.firstJti !== null && j.t.joinSent !== undefined && j.t.joinAnswered !== undefined).sort((a, b) => a.firstJti - b.firstJti);
  let bad = 0;
  let minLaterAnswer = Infinity;
  for (let i = js.length - 1; i >= 0; i--) {
    // Someone admitted later whose join was answered before this one's was even sent.
    if (minLaterAnswer < js[i].t.joinSent) bad++;
    minLaterAnswer = Math.min(minLaterAnswer, js[i].t.joinAnswered);
  }
  return { compared: js.length, bad };
}

export { DEV_JWT_SECRET };
