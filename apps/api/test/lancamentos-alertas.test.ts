import { randomUUID } from 'node:crypto';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import pino from 'pino';
import PostalMime from 'postal-mime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchDayPanelSchema } from '@legiao/contracts/admin/lancamentos-painel';
import { UNSUBSCRIBE_MSG } from '@legiao/contracts/descadastro';
import { poolOf } from '../src/db/prisma.js';
import { LaunchAlertDispatcher, type AlertSettings } from '../src/features/lancamentos/alert-dispatcher.js';
import { LaunchAlertPlanner } from '../src/features/lancamentos/alert-planner.js';
import { wavePace } from '../src/features/lancamentos/alert-pacing.js';
import { MemoryQueueStore } from '../src/features/fila/store-memory.js';
import type { QueueStore } from '../src/features/fila/fila.types.js';
import { unsubscribeToken } from '../src/features/consentimento/unsubscribe.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createStaff } from './support/staff.js';
import { launch, member } from './lancamentos-fixtures.js';
import { Smtp } from './support/alert-smtp.js';

// The alerts in waves (issue 32 §2; docs/decisions/0049-launch-alert-waves.md), against a real
// PostgreSQL, real pg-boss and an SMTP server this file owns (stopped and started at will): once per
// member with two dispatchers and one stopped mid-send; consent withdrawn (by the one-click
// unsubscribe) between the request and the wave; SMTP down, then up; the pooled connections cut by
// SMTP stopping and reopened when it is back; a bounce; waves within the rule, each spread over its
// interval; the launch page's numbers.

let t: TestApp;
// This file's queue and launches only: other test files share the database (and pg-boss's schema).
const QUEUE = `lancamento-alertas-teste-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
const mine = new Set<string>();
const MIN = 60_000;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const settings: AlertSettings = { waveIntervalMs: 400, targetWaitMs: 0, reactionMs: 1000, leaseMs: 1500, retryMs: 100, maxAttempts: 20, concurrency: 2 };
const dispatchers: LaunchAlertDispatcher[] = [];
function dispatcher(smtp: Smtp, transport?: Transporter, over: Partial<AlertSettings> = {}, store: QueueStore = t.app.fila.store) {
  const pool = poolOf(t.prisma);
  const d = new LaunchAlertDispatcher({
    connectionString: pool.options.connectionString!,
    pool,
    store,
    settings: { ...settings, ...over },
    smtpUrl: `smtp://127.0.0.1:${smtp.port}?connectionTimeout=2000&greetingTimeout=2000&socketTimeout=5000`,
    ...(transport ? { transport } : {}),
    from: 'Legião <nao-responda@legiao.test>',
    site: t.config,
    secret: t.config.jwtSecret,
    foundersUntil: t.config.foundersUntil,
    log: pino({ level: process.env.ALERT_TEST_LOG ?? 'silent' }),
    queue: QUEUE,
    launchIds: () => [...mine],
  });
  dispatchers.push(d);
  return d;
}
// After each test, even a failed one: a dispatcher left running would take the next test's jobs to
// this test's SMTP server. A stop that hangs (a send frozen on purpose) is given up after 2 s.
afterEach(async () => {
  for (const d of dispatchers.splice(0)) await Promise.race([d.stop().catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
});

/** A launch whose window opened a moment ago, and `n` members who asked (with the e-mail consent). */
async function openedWithAlerts(n: number, boundMin = 1) {
  const l = await launch(t.prisma, { start: new Date(Date.now() - 1000) });
  mine.add(l.id);
  await t.prisma.lancamentoProduto.update({ where: { id: l.id }, data: { avisoPrazoMin: boundMin } });
  const members = [];
  for (let i = 0; i < n; i++) {
    const m = await member(t.prisma);
    await t.prisma.usuario.update({ where: { id: m.id }, data: { optInEmail: true } });
    members.push(m);
  }
  await t.prisma.lancamentoAviso.createMany({ data: members.map((m) => ({ lancamentoId: l.id, usuarioId: m.id })) });
  return { l, members };
}

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > end) {
      // What the queue holds says whether the jobs were not made or not taken.
      const jobs = await t.prisma.$queryRawUnsafe(`SELECT state::text, count(*)::int AS n FROM pgboss.job WHERE name = $1 GROUP BY 1`, QUEUE);
      throw new Error(`timed out: ${JSON.stringify(v)}; jobs ${JSON.stringify(jobs)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
const statuses = async (launchId: string) =>
  Object.fromEntries((await t.prisma.lancamentoAviso.groupBy({ by: ['status'], where: { lancamentoId: launchId }, _count: true })).map((g) => [g.status, g._count]));
const settled = (s: Record<string, number>) => !s.pedido && !s.reservado && !s.enviando;

async function panel(launchId: string) {
  const staff = await createStaff(t, ['marketing']);
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/lancamentos/${launchId}/painel`, headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return launchDayPanelSchema.parse(res.json()).avisos;
}

describe('alerts in waves', () => {
  it('two dispatchers, one stopped mid-send after SMTP took a mail: every member once, the one in flight uncertain and never sent again; the waves within the rule', async () => {
    const smtp = new Smtp();
    await smtp.start();
    const { l, members } = await openedWithAlerts(40);
    // A: real SMTP, but on its 5th mail it "dies" right after SMTP accepted it: nothing after that runs.
    const real = nodemailer.createTransport(`smtp://127.0.0.1:${smtp.port}`);
    let calls = 0;
    let frozen: string | null = null;
    // B claims jobs alongside A from the start, but its sends wait until A has died: on a loaded
    // machine B could otherwise send all 40 before A reaches its 5th (the race this test is not about).
    let aDied!: () => void;
    const died = new Promise<void>((r) => (aDied = r));
    const dying = { sendMail: async (m: SendMailOptions) => {
      const n = ++calls;
      const info = await real.sendMail(m);
      if (n === 5) {
        frozen = String(m.to);
        aDied();
        // The process is gone: this send never returns, and A takes no more jobs nor plans waves.
        void a.planner.stop();
        void a.boss.stop({ graceful: false, timeout: 1 }).catch(() => {});
        await new Promise(() => {});
      }
      return info;
    }, close: () => real.close() } as unknown as Transporter;
    const a = dispatcher(smtp, dying);
    const realB = nodemailer.createTransport(`smtp://127.0.0.1:${smtp.port}`);
    const waiting = { sendMail: async (m: SendMailOptions) => {
      await died;
      return realB.sendMail(m);
    }, close: () => realB.close() } as unknown as Transporter;
    const b = dispatcher(smtp, waiting);
    await Promise.all([a.start(), b.start()]);

    const final = await until(() => statuses(l.id), settled);
    expect(frozen).not.toBeNull();
    expect(final).toEqual({ enviado: 39, incerto: 1 });
    for (const m of members) expect(smtp.to(m.email), m.email).toHaveLength(1);
    const uncertain = await t.prisma.lancamentoAviso.findFirstOrThrow({ where: { lancamentoId: l.id, status: 'incerto' } });
    expect(members.find((m) => m.id === uncertain.usuarioId)!.email.toLowerCase()).toBe(frozen!.toLowerCase());

    // Each wave no larger than the rule allowed with what it read; within the bound, everyone in a wave.
    const waves = await t.prisma.lancamentoAvisoOnda.findMany({ where: { lancamentoId: l.id }, orderBy: { numero: 'asc' } });
    expect(waves.reduce((s, w) => s + w.tamanho, 0)).toBe(40);
    for (const w of waves) expect(w.tamanho).toBeLessThanOrEqual(Math.min(w.restantes, Math.max(w.ritmo, w.piso)));
    expect(waves.at(-1)!.criadaEm.getTime() - l.acessoInicio.getTime()).toBeLessThan(MIN);

    const p = await panel(l.id);
    expect(p).toMatchObject({ pedidos: 40, enviados: 39, incertos: 1, emEnvio: 0, aguardandoOnda: 0, prazoMin: 1 });
    expect(p.ondas.map((w) => w.tamanho)).toEqual(waves.map((w) => w.tamanho));
    expect(p.problemas).toEqual([{ status: 'incerto', motivo: expect.stringContaining('pode ter chegado'), total: 1 }]);
    await b.stop();
    dispatchers.splice(dispatchers.indexOf(a), 1); // its frozen send never ends: nothing to stop
    real.close();
    realB.close();
    await smtp.stop();
  }, 60_000);

  it('the planner counts the members alerted and still on their way (e^(−age/τ) per alert sent, 10 τ back, bounced ones not), and the wave leaves them room', async () => {
    const { l, members } = await openedWithAlerts(40, 30);
    // 10 sent just now, 5 sent 60 s ago (τ = 60 s: e^-1 each), 5 sent 11 min ago (past 10 τ), 5 bounced now.
    const ids = (from: number, to: number) => members.slice(from, to).map((m) => m.id);
    const sent = (userIds: string[], agoS: number, status = 'enviado') =>
      t.prisma.$executeRawUnsafe(
        `UPDATE lancamento_aviso SET status = $3::status_aviso, onda = 1, enviado_em = now() - $4 * interval '1 second' WHERE lancamento_id = $1::uuid AND usuario_id = ANY($2::uuid[])`,
        l.id, userIds, status, agoS,
      );
    await sent(ids(0, 10), 0);
    await sent(ids(10, 15), 60);
    await sent(ids(15, 20), 660);
    await sent(ids(20, 25), 0, 'devolvido');
    const planner = new LaunchAlertPlanner({
      pool: poolOf(t.prisma),
      store: new MemoryQueueStore({ defaults: { capacidade: 1000, admissoesPorMinuto: 600 }, inactivityMs: 60_000 }),
      waveIntervalMs: 30_000,
      targetWaitMs: 0,
      reactionMs: 60_000,
      leaseMs: 60_000,
      sendersPerWave: 1,
      enqueue: async () => {},
      settleStale: async () => 0,
      log: pino({ level: 'silent' }),
      launchIds: () => [l.id],
    });
    const [wave] = await planner.pass();
    // The room takes 600/min × 30 s = 300 until the next wave; on the way 10 + 5 e^-1 = 11.84, counted as 12.
    expect(wave).toMatchObject({ launchId: l.id, paced: 288, size: 15 });
    const row = await t.prisma.lancamentoAvisoOnda.findFirstOrThrow({ where: { lancamentoId: l.id } });
    expect(row).toMatchObject({ ritmo: 288, tamanho: 15, restantes: 15 });
  });

  it('consent withdrawn by the one-click unsubscribe between the request and the wave: skipped and recorded; the mail carries RFC 8058 headers', async () => {
    const smtp = new Smtp();
    await smtp.start();
    const { l, members } = await openedWithAlerts(3);
    const [quits, ...stay] = members;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/descadastro/${unsubscribeToken(t.config.jwtSecret, quits!.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mensagem: UNSUBSCRIBE_MSG.feito });

    const d = dispatcher(smtp);
    await d.start();
    expect(await until(() => statuses(l.id), settled)).toEqual({ enviado: 2, ignorado: 1 });
    expect(smtp.to(quits!.email)).toHaveLength(0);
    const skipped = await t.prisma.lancamentoAviso.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: quits!.id } } });
    expect(skipped).toMatchObject({ status: 'ignorado', motivo: 'retirou o consentimento de e-mail', tentativas: 0 });

    // The alert that went: personal, with the one-click unsubscribe that works for that member only.
    const mail = await PostalMime.parse(smtp.to(stay[0]!.email)[0]!.raw);
    const header = (name: string) => mail.headers.find((h) => h.key === name)?.value;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const url = /^<(.+)>$/.exec(header('list-unsubscribe')!)![1]!;
    expect(url).toBe(`${t.config.publicUrl}/api/descadastro/${unsubscribeToken(t.config.jwtSecret, stay[0]!.id)}`);
    const code = (await t.prisma.acessoAntecipado.findFirstOrThrow({ where: { lancamentoId: l.id, usuarioId: stay[0]!.id } })).codigo;
    expect(mail.subject).toBe(`Acesso antecipado liberado: ${l.nome}`);
    expect(mail.html).toContain(code);
    expect(mail.text).toContain(`${t.config.storeUrl}/?acesso=${code}`);
    expect(mail.html).not.toMatch(/ZZ[A-Z]+ZZ/);
    const history = await t.prisma.consentimento.findMany({ where: { usuarioId: quits!.id } });
    expect(history).toMatchObject([{ canal: 'email', concedido: false, origem: 'descadastro' }]);
    await d.stop();
    await smtp.stop();
  }, 60_000);

  it('the one-click unsubscribe: multipart too, idempotent, a forged or foreign token refused', async () => {
    const m = await member(t.prisma);
    await t.prisma.usuario.update({ where: { id: m.id }, data: { optInEmail: true } });
    const token = unsubscribeToken(t.config.jwtSecret, m.id);
    const boundary = 'x-legiao';
    const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    expect((await t.app.inject({ method: 'POST', url: `/api/descadastro/${token}`, headers: multipart, payload: body })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/descadastro/${token}` })).statusCode).toBe(200);
    expect(await t.prisma.consentimento.count({ where: { usuarioId: m.id, origem: 'descadastro' } })).toBe(1);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: m.id } })).optInEmail).toBe(false);
    const other = randomUUID();
    expectError(await t.app.inject({ method: 'POST', url: `/api/descadastro/${other}.${token.split('.')[1]}` }), 400, UNSUBSCRIBE_MSG.invalido);
    expectError(await t.app.inject({ method: 'POST', url: `/api/descadastro/${unsubscribeToken('outro-segredo-de-teste-0123456789abcdef', m.id)}` }), 400, UNSUBSCRIBE_MSG.invalido);
    expectError(await t.app.inject({ method: 'POST', url: '/api/descadastro/lixo' }), 400, UNSUBSCRIBE_MSG.invalido);
  });

  it('SMTP stopped under it: the alerts wait with the error recorded and visible, and go once each when it is back; a 550 is a failure for good', async () => {
    const smtp = new Smtp();
    await smtp.start();
    const port = smtp.port;
    await smtp.stop();
    const { l, members } = await openedWithAlerts(6);
    const bounced = members[5]!;
    smtp.refuse.add(bounced.email.toLowerCase());
    const d = dispatcher(smtp);
    await d.start();

    // Down: every one tried, put back with the connection error.
    await until(() => t.prisma.lancamentoAviso.findMany({ where: { lancamentoId: l.id } }), (rows) => rows.every((r) => r.tentativas >= 1 && r.status === 'reservado'));
    const p = await panel(l.id);
    expect(p.emEnvio).toBe(6);
    expect(p.enviados).toBe(0);
    const row = await t.prisma.lancamentoAviso.findFirstOrThrow({ where: { lancamentoId: l.id } });
    expect(row.motivo).toMatch(/ECONNREFUSED|connect/i);

    smtp.port = port;
    await smtp.start();
    expect(await until(() => statuses(l.id), settled, 45_000)).toEqual({ enviado: 5, falhou: 1 });
    for (const m of members.slice(0, 5)) expect(smtp.to(m.email), m.email).toHaveLength(1);
    expect(smtp.to(bounced.email)).toHaveLength(0);
    const failed = await t.prisma.lancamentoAviso.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: bounced.id } } });
    expect(failed.motivo).toMatch(/550/);
    const after = await panel(l.id);
    expect(after).toMatchObject({ enviados: 5, falharam: 1 });
    expect(after.problemas).toContainEqual({ status: 'falhou', motivo: expect.stringMatching(/550/), total: 1 });
    // Retries re-queue a wave at most once per lease: no flood of jobs while SMTP was away.
    const jobs = (await t.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'launchId' = $2`, QUEUE, l.id))[0]!.n;
    expect(jobs).toBeLessThan(40);
    await d.stop();
    await smtp.stop();
  }, 90_000);

  it('pooled SMTP: a connection per sender for many alerts; SMTP stopped under the open pool and started again: the alerts wait, then go once each over new connections', async () => {
    const smtp = new Smtp();
    await smtp.start();
    const first = await openedWithAlerts(8);
    const d = dispatcher(smtp);
    await d.start();
    expect(await until(() => statuses(first.l.id), settled)).toEqual({ enviado: 8 });
    // Two senders: two connections at most for eight alerts (a connection per alert without the pool).
    expect(smtp.connections).toBeGreaterThan(0);
    expect(smtp.connections).toBeLessThanOrEqual(settings.concurrency);

    // SMTP goes away with the pool's connections open (the server closes them), then alerts are due.
    const port = smtp.port;
    await smtp.stop();
    const second = await openedWithAlerts(6);
    await until(() => t.prisma.lancamentoAviso.findMany({ where: { lancamentoId: second.l.id } }), (rows) => rows.every((r) => r.tentativas >= 1 && r.status === 'reservado'));
    const before = smtp.connections;

    smtp.port = port;
    await smtp.start();
    expect(await until(() => statuses(second.l.id), settled, 45_000)).toEqual({ enviado: 6 });
    for (const m of [...first.members, ...second.members]) expect(smtp.to(m.email), m.email).toHaveLength(1);
    // The pool reconnected (not a connection per alert either).
    expect(smtp.connections - before).toBeGreaterThan(0);
    expect(smtp.connections - before).toBeLessThanOrEqual(settings.concurrency);
    await d.stop();
    await smtp.stop();
  }, 90_000);

  it('a wave is spread over 0.8 of its interval: each job on its schedule from the wave\'s making, never a burst', async () => {
    const smtp = new Smtp();
    await smtp.start();
    const { l, members } = await openedWithAlerts(20);
    // A room of its own at 600/min: one wave of the 20 (25 fit in 2.5 s), whatever the shared app's room does.
    const room = new MemoryQueueStore({ defaults: { capacidade: 1000, admissoesPorMinuto: 600 }, inactivityMs: 60_000 });
    const d = dispatcher(smtp, undefined, { waveIntervalMs: 2500 }, room);
    await d.start();
    expect(await until(() => statuses(l.id), settled)).toEqual({ enviado: 20 });
    await d.stop();
    const waves = await t.prisma.lancamentoAvisoOnda.findMany({ where: { lancamentoId: l.id } });
    expect(waves.map((w) => w.tamanho)).toEqual([20]);
    const pace = wavePace({ size: 20, copies: settings.concurrency, intervalMs: 2500, msToBound: MIN });
    expect(pace).toEqual({ perJob: 10, spreadMs: 2000 });

    // Arrivals after the wave was made (the database's and this process's clocks are the machine's).
    const made = waves[0]!.criadaEm.getTime();
    const times = members.map((m) => smtp.to(m.email)[0]!.at - made).sort((a, b) => a - b);
    // Never ahead of the schedule: by t, at most copies·(⌊perJob·t/spread⌋ + 1). Flat out, all 20
    // would be in by ~0.3 s; a slow machine only makes them later.
    const early = times.map((at, i) => ({ n: i + 1, at })).filter(({ n, at }) => n > settings.concurrency * (Math.floor((pace.perJob / pace.spreadMs) * (at + 20)) + 1));
    expect(early).toEqual([]);
    // The last ones wait for the end of the spread (the 10th of a job is due at 1.8 s).
    expect(times.at(-1)!).toBeGreaterThanOrEqual(1800 - 20);
    await smtp.stop();
  }, 60_000);

  it('a graceful stop mid-wave finishes the send in flight, releases the rest, leaves nothing uncertain; another dispatcher finishes once each', async () => {
    const smtp = new Smtp();
    await smtp.start();
    const { l, members } = await openedWithAlerts(12);
    const real = nodemailer.createTransport(`smtp://127.0.0.1:${smtp.port}`);
    const slow = { sendMail: async (m: SendMailOptions) => {
      await new Promise((r) => setTimeout(r, 150));
      return real.sendMail(m);
    }, close: () => real.close() } as unknown as Transporter;
    const first = dispatcher(smtp, slow, { concurrency: 1 });
    await first.start();
    await until(() => t.prisma.lancamentoAviso.count({ where: { lancamentoId: l.id, status: 'enviado' } }), (n) => n >= 2);
    await first.stop();
    const after = await t.prisma.lancamentoAviso.findMany({ where: { lancamentoId: l.id } });
    expect(after.filter((r) => r.status === 'enviando' || r.status === 'incerto')).toEqual([]);
    expect(after.filter((r) => r.status === 'reservado' && r.lote !== null)).toEqual([]);
    const second = dispatcher(smtp);
    await second.start();
    expect(await until(() => statuses(l.id), settled)).toEqual({ enviado: 12 });
    for (const m of members) expect(smtp.to(m.email), m.email).toHaveLength(1);
    await second.stop();
    real.close();
    await smtp.stop();
  }, 60_000);

  it('the page counts alerted members who then opened their access', async () => {
    const smtp = new Smtp();
    await smtp.start();
    const { l, members } = await openedWithAlerts(2);
    const d = dispatcher(smtp);
    await d.start();
    await until(() => statuses(l.id), settled);
    await d.stop();
    await t.prisma.lancamentoVisualizacao.create({ data: { lancamentoId: l.id, usuarioId: members[0]!.id, elegivel: true, acessadoEm: new Date(Date.now() + 1000) } });
    await t.prisma.lancamentoVisualizacao.create({ data: { lancamentoId: l.id, usuarioId: members[1]!.id, elegivel: true, primeiraEm: new Date(Date.now() - MIN), acessadoEm: new Date(Date.now() - MIN) } });
    const p = await panel(l.id);
    expect(p.chegaram).toBe(1);
    expect(p.ondas.reduce((s, w) => s + w.chegaram, 0)).toBe(1);
    await smtp.stop();
  }, 60_000);
});
