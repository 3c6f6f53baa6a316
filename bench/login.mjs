// Logins per second and p95 with valid credentials, beside a bare loop of bcrypt compares at the
// same cost and the same concurrency. Ratio = login rps / bcrypt rps (aim: >= 0.8).
// Usage: node bench/login.mjs   (needs the local PostgreSQL; BENCH_PG_URL to change it)
import bcrypt from 'bcrypt';
import { ensureDatabase, fmt, load, startApi } from './lib.mjs';

const PORT = 3991;
const COST = 10;
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const DURATION = Number(process.env.DURATION ?? 10);

await ensureDatabase();
const api = await startApi(PORT, { BCRYPT_COST: String(COST) });
try {
  const login = await load({
    url: `http://127.0.0.1:${PORT}/api/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'membro@legiao.dev', senha: 'Legiao@2025' }),
    connections: CONNECTIONS,
    duration: DURATION,
  });
  await api.stop();

  // The same work with nothing around it: CONNECTIONS compares in flight for DURATION seconds.
  const hash = await bcrypt.hash('Legiao@2025', COST);
  const latencies = [];
  const until = Date.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        await bcrypt.compare('Legiao@2025', hash);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const bare = { rps: latencies.length / DURATION, p95: latencies[Math.floor(latencies.length * 0.95)] };

  console.log(`login (POST /api/auth/login, ${CONNECTIONS} conexões, ${DURATION}s, bcrypt ${COST}): ${fmt(login.rps)} req/s, p95 ${fmt(login.p95)} ms, não-2xx ${login.non2xx}, erros ${login.errors}`);
  console.log(`bcrypt.compare puro (mesmo custo e concorrência):              ${fmt(bare.rps)} op/s, p95 ${fmt(bare.p95)} ms`);
  console.log(`razão login/bcrypt: ${fmt(login.rps / bare.rps, 2)} (meta >= 0.8)`);
} finally {
  if (api.child.exitCode === null) await api.stop();
}
