import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { poolOf } from '../src/db/prisma.js';
import { LaunchAlertDispatcher } from '../src/features/lancamentos/alert-dispatcher.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { Smtp } from './support/alert-smtp.js';
import { launch, member } from './lancamentos-fixtures.js';

// A dispatcher in a process of its own, SIGKILLed while SMTP holds its message (docs/decisions/
// 0049-launch-alert-waves.md): another dispatcher finishes the wave; every member gets exactly one
// alert, except the one the dead process had in flight: recorded `incerto`, never sent again.

let t: TestApp;
// This file's queue and launches only: other test files share the database (and pg-boss's schema).
const QUEUE = `lancamento-alertas-teste-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
const mine = new Set<string>();
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const LEASE_MS = 1500;

it('a dispatcher process killed mid-send: the others are sent once each by another, the one in flight is uncertain and not resent', async () => {
  const normal = new Smtp();
  const holding = new Smtp();
  await normal.start();
  await holding.start();
  holding.hangOn = 3;
  // What the holding server accepts counts as delivered too: one mailbox.
  const delivered = (email: string) => normal.to(email).length + holding.to(email).length;

  const l = await launch(t.prisma, { start: new Date(Date.now() - 1000) });
  mine.add(l.id);
  await t.prisma.lancamentoProduto.update({ where: { id: l.id }, data: { avisoPrazoMin: 1 } });
  const members = [];
  for (let i = 0; i < 25; i++) {
    const m = await member(t.prisma);
    await t.prisma.usuario.update({ where: { id: m.id }, data: { optInEmail: true } });
    members.push(m);
  }
  await t.prisma.lancamentoAviso.createMany({ data: members.map((m) => ({ lancamentoId: l.id, usuarioId: m.id })) });

  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./support/alert-dispatcher-child.ts', import.meta.url))], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, DATABASE_URL: inject('databaseUrl'), SMTP_URL: `smtp://127.0.0.1:${holding.port}`, LEASE_MS: String(LEASE_MS), SECRET: t.config.jwtSecret, ALERT_QUEUE: QUEUE, LAUNCH_ID: l.id },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((r) => child.once('exit', r));
  const hung = new Promise<void>((r) => (holding.onHang = r));
  await Promise.race([hung, exited.then(() => Promise.reject(new Error(`the child exited: ${output}`))), new Promise((_, no) => setTimeout(() => no(new Error(`no hang: ${output}`)), 40_000))]);

  // The child is mid-send (SMTP has its third message, unanswered): killed, no goodbye.
  child.kill('SIGKILL');
  await exited;
  expect(holding.hung).toHaveLength(1);
  const inFlight = members.find((m) => m.email.toLowerCase() === holding.hung[0])!;
  const row = await t.prisma.lancamentoAviso.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: inFlight.id } } });
  expect(row.status).toBe('enviando');

  const pool = poolOf(t.prisma);
  const other = new LaunchAlertDispatcher({
    connectionString: pool.options.connectionString!,
    pool,
    store: t.app.fila.store,
    settings: { waveIntervalMs: 400, targetWaitMs: 0, reactionMs: 1000, leaseMs: LEASE_MS, retryMs: 100, maxAttempts: 20, concurrency: 2 },
    smtpUrl: `smtp://127.0.0.1:${normal.port}`,
    from: 'Legião <nao-responda@legiao.test>',
    site: t.config,
    secret: t.config.jwtSecret,
    foundersUntil: t.config.foundersUntil,
    log: pino({ level: 'silent' }),
    queue: QUEUE,
    launchIds: () => [...mine],
  });
  await other.start();
  try {
    const end = Date.now() + 45_000;
    let counts: Record<string, number> = {};
    for (;;) {
      counts = Object.fromEntries((await t.prisma.lancamentoAviso.groupBy({ by: ['status'], where: { lancamentoId: l.id }, _count: true })).map((g) => [g.status, g._count]));
      if (!counts.pedido && !counts.reservado && !counts.enviando) break;
      if (Date.now() > end) throw new Error(JSON.stringify(counts));
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(counts).toEqual({ enviado: 24, incerto: 1 });
    expect(holding.mails).toHaveLength(2); // the dead process's two answered sends
    for (const m of members) expect(delivered(m.email), m.email).toBe(m === inFlight ? 0 : 1);
    expect((await t.prisma.lancamentoAviso.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: inFlight.id } } })).status).toBe('incerto');
  } finally {
    await other.stop();
    await normal.stop();
    await holding.stop();
  }
}, 90_000);
