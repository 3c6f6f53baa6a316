// GET /api/usuario/logged at 100 concurrent connections, beside a bare Fastify route that runs the
// same SQL (the user, if the token's session is live) through `pg`. Ratio = API rps / bare rps (aim: >= 0.5).
// Both servers run as separate processes; the load comes from this one.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DB_URL, ensureDatabase, fmt, load, root, startApi, waitFor } from './lib.mjs';

const PORT = 3992;
const BARE_PORT = 3993;
const DURATION = Number(process.env.DURATION ?? 10);

await ensureDatabase();
const api = await startApi(PORT);
let bare;
try {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'membro@legiao.dev', senha: 'Legiao@2025' }),
  });
  const { token } = await res.json();
  const { sub, sid } = JSON.parse(Buffer.from(token.token.split('.')[1], 'base64url').toString());

  const logged = await load({ url: `http://127.0.0.1:${PORT}/api/usuario/logged`, headers: { authorization: `Bearer ${token.token}` }, connections: 100, duration: DURATION });
  await api.stop();

  bare = spawn(process.execPath, [join(root, 'bench/bare-server.mjs')], { env: { ...process.env, PORT: String(BARE_PORT), DATABASE_URL: DB_URL }, stdio: 'inherit' });
  await waitFor(`http://127.0.0.1:${BARE_PORT}/health`);
  const baseline = await load({ url: `http://127.0.0.1:${BARE_PORT}/logged/${sub}/${sid}`, connections: 100, duration: DURATION });

  console.log(`GET /api/usuario/logged (100 conexões, ${DURATION}s): ${fmt(logged.rps)} req/s, p95 ${fmt(logged.p95)} ms, não-2xx ${logged.non2xx}`);
  console.log(`Fastify puro + pg, mesmo SQL:                ${fmt(baseline.rps)} req/s, p95 ${fmt(baseline.p95)} ms, não-2xx ${baseline.non2xx}`);
  console.log(`razão API/puro: ${fmt(logged.rps / baseline.rps, 2)} (meta >= 0.5)`);
} finally {
  if (api.child.exitCode === null) await api.stop();
  bare?.kill('SIGTERM');
}
