// The login waiting room under load: how many waiting WebSocket clients one API process holds
// (memory and CPU), how fast a freed place reaches the next in line, how fast a position change
// reaches every waiting client, and whether any admission came out of arrival order.
// The API runs in its own process; the clients live in this one and talk over loopback.
// Usage: node bench/fila.mjs   CLIENTS (default 10000), HOLDERS (50), SPACED (20), BURST (300),
//        REDIS_URL=redis://127.0.0.1:6379 to run the Redis store instead of memory. Stops itself
//        (MAX_SECONDS, default 300).
import { execSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { ensureDatabase, fmt, startApi } from './lib.mjs';

const CLIENTS = Number(process.env.CLIENTS ?? 10_000);
const HOLDERS = Number(process.env.HOLDERS ?? 50);
const SPACED = Number(process.env.SPACED ?? 20);
const BURST = Number(process.env.BURST ?? 300);
const MAX_SECONDS = Number(process.env.MAX_SECONDS ?? 300);
const PORT = 3994;
const began = performance.now();
const progress = (m) => process.stderr.write(`[${fmt((performance.now() - began) / 1000)} s] ${m}\n`);
const FDS = CLIENTS + HOLDERS + 1000;


async function main() {
  const mode = process.env.REDIS_URL ? 'redis' : 'memória';
  const prefix = `legiao-bench:{fila-${process.pid}}:`;
  await ensureDatabase();
  if (await fetch(`http://127.0.0.1:${PORT}/api/health`).then(() => true, () => false)) throw new Error(`a porta ${PORT} já está em uso`);
  const api = await startApi(PORT, {
    FILA_CAPACIDADE: String(HOLDERS),
    // The rate is not what this measures: high enough never to hold an admission back.
    FILA_ADMISSOES_POR_MINUTO: '600000',
    FILA_REDIS_PREFIX: prefix,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const watchdog = setTimeout(() => {
    console.error(`tempo máximo (${MAX_SECONDS}s) atingido: encerrando`);
    api.child.kill('SIGKILL');
    process.exit(1);
  }, MAX_SECONDS * 1000);
  watchdog.unref();

  const url = `ws://127.0.0.1:${PORT}/api/fila/ws`;
  const all = [];
  try {
    const idle = await sample(api.child.pid, 3000);
    console.log(`modo ${mode}; API parada: RSS ${fmt(idle.rssMb)} MB, CPU ${fmt(idle.cpu)}%`);

    progress('enchendo as vagas');
    // 1. Fill every place.
    const holders = await Promise.all(Array.from({ length: HOLDERS }, (_, i) => connect(url, `holder-${i}`)));
    all.push(...holders);
    for (const h of holders) h.send('TryLogin');
    await Promise.all(holders.map((h) => h.wait(() => h.admittedAt !== null, 10_000)));
    for (const h of holders) h.holding = true;

    progress('conectando os clientes em espera');
    // 2. Ramp the waiting clients in batches; each one's first position is its arrival rank.
    const waiting = [];
    const rampStart = performance.now();
    let failed = 0;
    for (let i = 0; i < CLIENTS && !failed; i += 500) {
      const batch = await Promise.allSettled(Array.from({ length: Math.min(500, CLIENTS - i) }, (_, j) => connect(url, `w-${i + j}`)));
      const ok = batch.filter((r) => r.status === 'fulfilled').map((r) => r.value);
      failed += batch.length - ok.length;
      for (const c of ok) c.send('TryLogin');
      await Promise.all(ok.map((c) => c.wait(() => c.rank !== null, 20_000)));
      waiting.push(...ok);
      all.push(...ok);
    }
    const rampS = (performance.now() - rampStart) / 1000;
    const ranks = new Set(waiting.map((c) => c.rank));
    const ranksOk = ranks.size === waiting.length && Math.max(...ranks) === waiting.length;
    console.log(`clientes aguardando: ${waiting.length} (falhas de conexão ${failed}) em ${fmt(rampS)} s; posições iniciais únicas 1..N: ${ranksOk ? 'sim' : 'NÃO'}`);
    waiting.sort((a, b) => a.rank - b.rank);

    // Like the web app: every client says it is alive every 30 s (spread out).
    const beat = setInterval(() => {
      const slice = Math.ceil(all.length / 30);
      const start = beat.i++ % 30;
      for (const c of all.slice(start * slice, (start + 1) * slice)) if (c.admittedAt === null || c.holding) c.send('UpdateActivity');
    }, 1000);
    beat.i = 0;

    const held = await sample(api.child.pid, 10_000);
    console.log(`API com ${waiting.length + HOLDERS} conexões, em espera (10 s, batimentos a cada 30 s): RSS ${fmt(held.rssMb)} MB (+${fmt(held.rssMb - idle.rssMb)} MB, ${fmt(((held.rssMb - idle.rssMb) * 1024) / (waiting.length + HOLDERS), 1)} KB/conexão), CPU ${fmt(held.cpu)}%`);

    progress('liberações espaçadas');
    // 3. Spaced frees (slower than the 1 s batching): one place frees, measure the next admission
    //    and the time until every waiting client has been told its new position.
    const free = holders.slice();
    let admittedSoFar = 0;
    const admitLat = [];
    const fanoutLat = [];
    const cpuDuring = startCpu(api.child.pid);
    for (let k = 0; k < SPACED && admittedSoFar < waiting.length; k++) {
      const holder = free.shift();
      const next = waiting[admittedSoFar];
      const level = ++admittedSoFar;
      const remaining = waiting.slice(level);
      const t0 = performance.now();
      holder.send('Logout');
      holder.holding = false;
      await next.wait(() => next.admittedAt !== null, 10_000);
      admitLat.push(next.admittedAt - t0);
      next.holding = true;
      free.push(next);
      await Promise.all(remaining.map((c) => c.wait(() => c.level >= level, 10_000)));
      fanoutLat.push(Math.max(...remaining.map((c) => c.levelAt[level] ?? t0)) - t0);
      await sleep(1200);
    }
    const spacedCpu = cpuDuring();
    console.log(`liberações espaçadas (${admitLat.length}, uma a cada ~1,2 s + propagação):`);
    console.log(`  vaga liberada -> ProceedToLogin do próximo: p50 ${fmt(pct(admitLat, 50))} ms, p95 ${fmt(pct(admitLat, 95))} ms, máx ${fmt(Math.max(...admitLat))} ms`);
    console.log(`  mudança de posição -> todos os ${waiting.length - admittedSoFar}+ em espera informados: p50 ${fmt(pct(fanoutLat, 50))} ms, p95 ${fmt(pct(fanoutLat, 95))} ms, máx ${fmt(Math.max(...fanoutLat))} ms; CPU da API ${fmt(spacedCpu)}%`);

    progress('liberações seguidas');
    // 4. Churn: places free back to back (each as soon as the previous admission arrived);
    //    positions are then batched to about one per second per client.
    const burstAdmit = [];
    const burstFanout = [];
    const burstStart = performance.now();
    const cpuBurst = startCpu(api.child.pid);
    const levelStart = [];
    const firstBurstLevel = admittedSoFar + 1;
    for (let k = 0; k < BURST && admittedSoFar < waiting.length - 1; k++) {
      const holder = free.shift();
      const next = waiting[admittedSoFar];
      const level = ++admittedSoFar;
      const t0 = performance.now();
      levelStart[level] = t0;
      holder.send('Logout');
      holder.holding = false;
      await next.wait(() => next.admittedAt !== null, 10_000);
      burstAdmit.push(next.admittedAt - t0);
      next.holding = true;
      free.push(next);
    }
    const burstS = (performance.now() - burstStart) / 1000;
    const lastLevel = admittedSoFar;
    const stillWaiting = waiting.slice(lastLevel);
    await Promise.all(stillWaiting.map((c) => c.wait(() => c.level >= lastLevel, 10_000)));
    const burstCpu = cpuBurst();
    // For each change, when did the last client behind it hear of it (or of a later one)?
    for (let level = firstBurstLevel; level <= lastLevel; level++) {
      let worst = 0;
      for (const c of waiting.slice(level)) worst = Math.max(worst, c.levelAt[level] - levelStart[level]);
      burstFanout.push(worst);
    }
    console.log(`liberações seguidas (${burstAdmit.length} em ${fmt(burstS)} s = ${fmt(burstAdmit.length / burstS)} admissões/s; CPU da API ${fmt(burstCpu)}%):`);
    console.log(`  vaga liberada -> ProceedToLogin do próximo: p50 ${fmt(pct(burstAdmit, 50))} ms, p95 ${fmt(pct(burstAdmit, 95))} ms, máx ${fmt(Math.max(...burstAdmit))} ms`);
    console.log(`  mudança de posição -> todos informados (agrupado, ~1/s por cliente): p50 ${fmt(pct(burstFanout, 50))} ms, p95 ${fmt(pct(burstFanout, 95))} ms`);
    const maxPerSecond = Math.max(...stillWaiting.map((c) => c.maxPerSecond()));
    console.log(`  máximo de ReceiveQueuePosition a um cliente numa janela de 1 s: ${maxPerSecond}`);

    // 5. Order: admission ids (jti, given in admission order by the store) must follow arrival ranks.
    const admitted = waiting.filter((c) => c.jti !== null);
    let outOfOrder = 0;
    for (let i = 1; i < admitted.length; i++) if (admitted[i].jti <= admitted[i - 1].jti) outOfOrder++;
    const skipped = waiting.slice(admitted.length).filter((c) => c.jti !== null).length;
    console.log(`admissões fora de ordem: ${outOfOrder + skipped} (de ${admitted.length} admitidos da fila; primeiro da fila sempre o próximo: ${admitted.every((c, i) => c.rank === i + 1) ? 'sim' : 'NÃO'})`);
    clearInterval(beat);
  } finally {
    for (const c of all) c.close();
    await api.stop();
    clearTimeout(watchdog);
    if (process.env.REDIS_URL) await redisDel(process.env.REDIS_URL, ['seq', 'adm', 'aguardando', 'admitidos', 'atividade', 'entrada', 'jti', 'admissoes', 'balde', 'config'].map((k) => prefix + k));
  }
}

function connect(url, name) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    const clientId = `bench-${name}-${process.pid}`;
    const c = {
      clientId,
      rank: null,
      level: 0,
      levelAt: [],
      admittedAt: null,
      jti: null,
      holding: false,
      pushes: [],
      waiters: [],
      send: (type) => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ type, clientId })),
      close: () => ws.terminate(),
      wait(cond, ms) {
        if (cond()) return Promise.resolve();
        return new Promise((res, rej) => {
          const timer = setTimeout(() => rej(new Error(`${clientId}: tempo esgotado`)), ms);
          c.waiters.push(() => {
            if (!cond()) return false;
            clearTimeout(timer);
            res();
            return true;
          });
        });
      },
      maxPerSecond() {
        let best = 0;
        for (let i = 0, j = 0; i < c.pushes.length; i++) {
          while (c.pushes[i] - c.pushes[j] >= 1000) j++;
          best = Math.max(best, i - j + 1);
        }
        return best;
      },
    };
    ws.on('error', (err) => reject(err));
    ws.on('open', () => resolve(c));
    ws.on('message', (data) => {
      const now = performance.now();
      const text = data.toString();
      // Positions are most of the traffic: read them without JSON.parse (this process is the
      // clients' only CPU, and its delay would count against the server).
      const pos = POSITION.exec(text);
      const m = pos ? { type: 'ReceiveQueuePosition', posicao: Number(pos[1]) } : JSON.parse(text);
      if (m.type === 'ReceiveQueuePosition') {
        if (c.rank === null) c.rank = m.posicao;
        else c.pushes.push(now);
        // Having posicao p, this client has heard of every admission up to rank - p.
        const level = c.rank - m.posicao;
        for (let l = c.level + 1; l <= level; l++) c.levelAt[l] = now;
        if (level > c.level) c.level = level;
      } else if (m.type === 'ProceedToLogin') {
        c.admittedAt = now;
        // Admission tells a waiting client everything before it too.
        if (c.rank !== null) {
          for (let l = c.level + 1; l < c.rank; l++) c.levelAt[l] = now;
          c.level = Math.max(c.level, c.rank - 1);
        }
        c.jti = Number(JSON.parse(Buffer.from(m.ticket.split('.')[1], 'base64url').toString()).jti);
      }
      if (c.waiters.length) c.waiters = c.waiters.filter((w) => !w());
    });
  });
}

const POSITION = /^\{"type":"ReceiveQueuePosition","posicao":(\d+),/;
const CLK_TCK = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
const cpuTicks = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(f[11]) + Number(f[12]); // utime + stime
};
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
/** CPU of the process since the call, in % of one core. */
function startCpu(pid) {
  const t = performance.now();
  const c = cpuTicks(pid);
  return () => ((cpuTicks(pid) - c) / CLK_TCK / ((performance.now() - t) / 1000)) * 100;
}
async function sample(pid, ms) {
  const cpu = startCpu(pid);
  await sleep(ms);
  return { rssMb: rssMb(pid), cpu: cpu() };
}
function pct(values, p) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
}
/** Removes the bench's queue from Redis (a bare RESP DEL: this folder has no Redis client). */
function redisDel(url, keys) {
  const u = new URL(url);
  const cmd = (...args) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
  return new Promise((resolve) => {
    const s = net.connect(Number(u.port || 6379), u.hostname, () => {
      if (u.password) s.write(cmd('AUTH', ...(u.username ? [decodeURIComponent(u.username)] : []), decodeURIComponent(u.password)));
      s.write(cmd('DEL', ...keys));
      s.end(cmd('QUIT'));
    });
    s.on('error', resolve);
    s.on('close', resolve);
    s.resume();
  });
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Each side holds one descriptor per connection: raise the soft limit for this shell and its child.
const softLimit = () => Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim()) || 0;
if (!process.env.FILA_BENCH_CHILD && softLimit() < FDS) {
  const hard = execSync('ulimit -Hn', { shell: '/bin/sh' }).toString().trim();
  const want = hard === 'unlimited' ? FDS : Math.min(FDS, Number(hard));
  const child = spawn('/bin/sh', ['-c', `ulimit -n ${want} && exec "${process.execPath}" "${fileURLToPath(import.meta.url)}"`], { stdio: 'inherit', env: { ...process.env, FILA_BENCH_CHILD: '1' } });
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  await main();
}
