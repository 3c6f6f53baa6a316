import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createPrisma } from '../src/db/prisma.js';
import { DEMO_PASSWORD } from '../src/db/seed.js';
import { hashPassword } from '../src/lib/passwords.js';
import { TEST_JWT_SECRET } from './support/app.js';
import { builtEntry, scaleDatabase, startApiProcess, stopAll, type ApiProcess } from './support/api-process.js';
import { getFreePort } from './support/ports.js';

// Issue 23 item 2 on a real process (docs/decisions/0036-safe-defaults.md): outside production, a
// server that other machines can reach does not start with the zero-setup defaults, including demo
// accounts an earlier start left in its database; without HOST it listens on loopback only.

const API_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Runs the API (the run's build of src/server.ts) with exactly `env` (plus PATH/HOME) until it exits or `ms` pass; its exit code and output. */
function runServer(env: Record<string, string>, ms = 60_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, builtEntry(), { cwd: API_DIR, env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', BCRYPT_COST: '4', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** This machine's first address that is not loopback, if it has one. */
const externalAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

const connects = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('a server other machines can reach, outside production', () => {
  let db: Awaited<ReturnType<typeof scaleDatabase>>;
  const started: ApiProcess[] = [];
  beforeAll(async () => {
    db = await scaleDatabase('exposure');
  }, 60_000);
  afterAll(async () => {
    await stopAll(started);
    await db.drop();
  }, 60_000);

  it('does not start with the development JWT secret, the demo accounts or the development inbox, and says why in Portuguese', async () => {
    const { code, output } = await runServer({ NODE_ENV: 'development', HOST: '0.0.0.0', PORT: String(await getFreePort()), DATABASE_URL: db.url });
    expect(code).toBe(1);
    expect(output).toContain('0.0.0.0 aceita conexões de outras máquinas');
    for (const text of ['JWT_SECRET ausente', 'SEED_DEMO', 'SMTP_URL ausente', 'ALLOW_INSECURE_DEFAULTS=true']) expect(output).toContain(text);
  }, 90_000);

  it('does not start while its database holds demo accounts that open with the published password', async () => {
    const prisma = createPrisma(db.url, 1);
    try {
      await prisma.usuario.create({ data: { email: 'admin@legiao.dev', nome: 'Demo', senhaHash: await hashPassword(DEMO_PASSWORD, 4), tipo: 'colaborador', ativo: true } });
      const env = { NODE_ENV: 'development', HOST: '0.0.0.0', JWT_SECRET: TEST_JWT_SECRET, SEED_DEMO: 'false', SMTP_URL: inject('smtpUrl'), PORT: String(await getFreePort()), DATABASE_URL: db.url };
      const refused = await runServer(env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('contas de demonstração que abrem com a senha publicada');
      expect(refused.output).toContain('admin@legiao.dev');
      // Its password changed: nothing published opens it any more, the server starts.
      await prisma.usuario.update({ where: { email: 'admin@legiao.dev' }, data: { senhaHash: await hashPassword('Outra-Senha-Forte-42', 4) } });
      const api = await startApiProcess({ ...env, PORT: '' + (await getFreePort()) });
      started.push(api);
      expect((await fetch(`${api.base}/api/ready`)).status).toBe(200);
      await stopAll([api]);
    } finally {
      await prisma.$disconnect();
    }
  }, 120_000);

  it('starts when told ALLOW_INSECURE_DEFAULTS=true, and warns with what it found', async () => {
    const prisma = createPrisma(db.url, 1);
    await prisma.usuario.create({ data: { email: 'membro@legiao.dev', nome: 'Demo', senhaHash: await hashPassword(DEMO_PASSWORD, 4), tipo: 'legionario', ativo: true } });
    await prisma.$disconnect();
    const api = await startApiProcess({ NODE_ENV: 'development', HOST: '0.0.0.0', ALLOW_INSECURE_DEFAULTS: 'true', SEED_DEMO: 'false', DATABASE_URL: db.url });
    started.push(api);
    await stopAll([api]);
    expect(api.output()).toContain('ALLOW_INSECURE_DEFAULTS=true: 0.0.0.0 aceita conexões de outras máquinas');
    expect(api.output()).toContain('membro@legiao.dev');
  }, 90_000);

  it('without HOST, listens on loopback only', async () => {
    const port = await getFreePort();
    const api = await startApiProcess({ NODE_ENV: 'development', HOST: '', DATABASE_URL: db.url, PORT: String(port) });
    started.push(api);
    expect(await connects('127.0.0.1', port)).toBe(true);
    const external = externalAddress();
    // Every CI and development machine here has a network interface; say so if one ever doesn't.
    expect(external, 'this machine has no address besides loopback to try').toBeDefined();
    expect(await connects(external!, port)).toBe(false);
    await stopAll([api]);
  }, 90_000);
});
