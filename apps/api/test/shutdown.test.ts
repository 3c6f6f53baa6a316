import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { WAITING_ROOM_WS_PATH } from '@legiao/contracts';
import { TEST_JWT_SECRET } from './support/app.js';
import { getFreePort } from './support/ports.js';
import { builtEntry } from './support/api-process.js';

// Issue 15 item 4: SIGTERM on a real API process. A request already running finishes and is
// answered; the waiting room's sockets hear 1012 (service restart: reconnect elsewhere, keeping
// the place); new connections are refused; the process closes its pool and exits 0.
const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const SLOW_MS = 1500;

/** A ViaCEP that takes SLOW_MS to answer: a request that is certainly in flight when SIGTERM comes. */
async function slowCep(): Promise<{ server: Server; url: string; arrived: Promise<void> }> {
  let arrivedResolve!: () => void;
  const arrived = new Promise<void>((r) => (arrivedResolve = r));
  const server = createServer((_req, res) => {
    arrivedResolve();
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ cep: '01310-100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' }));
    }, SLOW_MS);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws/{cep}/json/`, arrived };
}

describe('graceful shutdown', () => {
  const cleanup: (() => void)[] = [];
  afterAll(() => cleanup.forEach((f) => f()));

  it('finishes the request in flight, tells WebSocket clients 1012, refuses new connections and exits 0', async () => {
    const cep = await slowCep();
    cleanup.push(() => cep.server.close());
    const port = await getFreePort();
    const { REDIS_URL: _ignored, ...env } = process.env; // one process: the in-memory waiting room
    const child = spawn(process.execPath, builtEntry(), {
      cwd: API_DIR,
      env: {
        ...env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: inject('databaseUrl'),
        JWT_SECRET: TEST_JWT_SECRET,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
        CEP_PROVIDER_URL: cep.url,
        CEP_TIMEOUT_MS: '10000',
        SHUTDOWN_TIMEOUT_MS: '8000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    cleanup.push(() => child.kill('SIGKILL'));
    let exitCode: number | null | undefined;
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve((exitCode = code))));
    const base = `http://127.0.0.1:${port}`;
    const start = Date.now();
    for (;;) {
      const ok = await fetch(`${base}/api/ready`).then((r) => r.ok, () => false);
      if (ok) break;
      if (exitCode !== undefined) throw new Error(`a API saiu com ${exitCode} antes de ficar pronta`);
      if (Date.now() - start > 60_000) throw new Error('a API não subiu em 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }

    const ws = new WebSocket(`ws://127.0.0.1:${port}${WAITING_ROOM_WS_PATH}`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const wsClosed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));

    const slow = fetch(`${base}/api/cep/01310100`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await cep.arrived; // the API is waiting on the provider: the request is in flight
    const signalledAt = Date.now();
    child.kill('SIGTERM');

    expect(await wsClosed).toEqual({ code: 1012, reason: 'reiniciando' });
    // The listener is closed at once: a new connection is refused (the balancer tries another process).
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ logradouro: 'Avenida Paulista', uf: 'SP' });
    expect(await exited).toBe(0);
    // It waited for the request, and not for the 8 s deadline.
    expect(Date.now() - signalledAt).toBeLessThan(7000);
  }, 90_000);
});
