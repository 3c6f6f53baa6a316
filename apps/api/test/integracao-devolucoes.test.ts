import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchAlertDataSchema } from '@legiao/contracts';
import { launchDayPanelSchema } from '@legiao/contracts/admin/lancamentos-painel';
import { INTEGRATION_MSG } from '@legiao/contracts/integracao/constants';
import { BOUNCE_MAX_BYTES, BOUNCE_MSG, bounceResultSchema } from '@legiao/contracts/integracao/devolucoes';
import { poolOf } from '../src/db/prisma.js';
import { bounceAddress } from '../src/features/mail/bounce-address.js';
import { LaunchAlertDispatcher } from '../src/features/lancamentos/alert-dispatcher.js';
import { MemoryQueueStore } from '../src/features/fila/store-memory.js';
import { Smtp } from './support/alert-smtp.js';
import { bouncedEmailSql, BOUNCED_EMAIL_REASON } from '../src/features/lancamentos/alert-bounced.js';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from './support/app.js';
import { dsnMessage, type DsnOptions } from './support/dsn.js';
import { bearer, expectError, login } from './support/factories.js';
import { createApiClient } from './support/integration-client.js';
import { createStaff } from './support/staff.js';
import { launch, member } from './lancamentos-fixtures.js';

// Late bounces of the launch alerts (issue 32 §2; docs/decisions/0049-launch-alert-waves.md, "Bounces
// that arrive later"): the relay posts each DSN that came back to an alert's VERP address.

let t: TestApp;
let relay: Awaited<ReturnType<typeof createApiClient>>;
const mailbox = { local: 'devolucoes', domain: 'legiao.dev' };
const URL = '/api/integracao/v1/emails/devolucoes';

beforeAll(async () => {
  t = await buildTestApp({ env: { EMAIL_DEVOLUCOES: 'devolucoes@legiao.dev' } });
  relay = await createApiClient(t.prisma, ['emails:devolucoes'], { perMinute: 100_000 });
});
afterAll(() => t.close());

/** A launch with alerts already sent to `n` members (rows as the sender leaves them). */
async function sentAlerts(n = 1, status: 'enviado' | 'incerto' | 'pedido' = 'enviado') {
  const l = await launch(t.prisma);
  const members = [];
  for (let i = 0; i < n; i++) {
    const m = await member(t.prisma);
    await t.prisma.lancamentoAviso.create({ data: { lancamentoId: l.id, usuarioId: m.id, status, onda: 1, tentativas: 1, enviadoEm: status === 'pedido' ? null : new Date() } });
    members.push(m);
  }
  return { launch: l, members };
}
const alertRow = (launchId: string, memberId: string) => t.prisma.lancamentoAviso.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: launchId, usuarioId: memberId } } });
const post = (payload: Buffer | string, headers: Record<string, string> = relay.headers, contentType = 'message/rfc822') =>
  t.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': contentType }, payload });
const addressOf = (launchId: string, memberId: string) => bounceAddress(mailbox, TEST_JWT_SECRET, launchId, memberId);
const hard = (to: string, over: Partial<DsnOptions> = {}) =>
  dsnMessage({ to, action: 'failed', status: '5.1.1', diagnostic: 'smtp; 550 5.1.1 <ana@example.com>: Recipient address rejected: User unknown in virtual mailbox table', ...over });
function accepted(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(202);
  return bounceResultSchema.parse(res.json());
}

describe('POST /api/integracao/v1/emails/devolucoes', () => {
  it('a hard bounce (failed, 5.1.1) to the alert\'s VERP address: the alert becomes devolvido, counted on the launch page; the answer names no address', async () => {
    const { launch: l, members } = await sentAlerts(3);
    const [ana] = members;
    const res = await post(hard(addressOf(l.id, ana!.id), { finalRecipient: ana!.email }));
    expect(accepted(res)).toEqual({ situacao: 'registrada', motivo: BOUNCE_MSG.definitiva });
    expect(res.body).not.toContain('@');

    const row = await alertRow(l.id, ana!.id);
    expect(row.status).toBe('devolvido');
    expect(row.devolvidoEm).toBeInstanceOf(Date);
    // The diagnostic, trimmed to one line, the address masked.
    expect(row.motivo).toBe('devolvido: 5.1.1 smtp; 550 5.1.1 <endereço>: Recipient address rejected: User unknown in virtual mailbox table');
    // The other members' alerts are untouched.
    for (const m of members.slice(1)) expect((await alertRow(l.id, m.id)).status).toBe('enviado');
    // The address bounced: marked on the account (it is still the account's address).
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: ana!.id } })).emailDevolvidoEm).toBeInstanceOf(Date);

    const staff = await createStaff(t, ['marketing']);
    const page = await t.app.inject({ method: 'GET', url: `/api/admin/lancamentos/${l.id}/painel`, headers: staff.headers });
    expect(page.statusCode, page.body).toBe(200);
    const avisos = launchDayPanelSchema.parse(page.json()).avisos;
    expect(avisos).toMatchObject({ enviados: 2, devolvidos: 1, pedidos: 3 });
    expect(avisos.problemas).toEqual([{ status: 'devolvido', motivo: row.motivo, total: 1 }]);

    // The member's LGPD export carries it.
    const mine = await t.app.inject({ method: 'GET', url: '/api/usuario/meus-dados', headers: bearer(await login(t.app, ana!.email)) });
    expect(mine.statusCode, mine.body).toBe(200);
    const exported = launchAlertDataSchema.array().parse(mine.json().avisosLancamento);
    expect(exported).toEqual([expect.objectContaining({ lancamento: l.slug, situacao: 'devolvido', devolvidoEm: expect.any(String), motivo: row.motivo })]);
  });

  it('the same DSN twice: the second changes nothing (ignorada, já registrada)', async () => {
    const { launch: l, members } = await sentAlerts();
    const message = hard(addressOf(l.id, members[0]!.id));
    expect(accepted(await post(message)).situacao).toBe('registrada');
    const first = await alertRow(l.id, members[0]!.id);
    expect(accepted(await post(message))).toEqual({ situacao: 'ignorada', motivo: BOUNCE_MSG.jaRegistrada });
    expect(await alertRow(l.id, members[0]!.id)).toEqual(first);
  });

  it('the token only in the original message\'s Return-Path (attached whole): found there', async () => {
    const { launch: l, members } = await sentAlerts();
    const res = await post(hard('devolucoes@legiao.dev', { headerTo: 'devolucoes@legiao.dev', returnPath: addressOf(l.id, members[0]!.id), original: 'message' }));
    expect(accepted(res).situacao).toBe('registrada');
    expect((await alertRow(l.id, members[0]!.id)).status).toBe('devolvido');
  });

  it('an alert recorded incerto (its sender died mid-send) that bounces: devolvido', async () => {
    const { launch: l, members } = await sentAlerts(1, 'incerto');
    expect(accepted(await post(hard(addressOf(l.id, members[0]!.id)))).situacao).toBe('registrada');
    expect((await alertRow(l.id, members[0]!.id)).status).toBe('devolvido');
  });

  it('a soft bounce (delayed, 4.2.2): recorded in motivo, the alert stays enviado, the account is not marked; twice changes nothing', async () => {
    const { launch: l, members } = await sentAlerts();
    const message = dsnMessage({ to: addressOf(l.id, members[0]!.id), action: 'delayed', status: '4.2.2', diagnostic: 'smtp; 452 4.2.2 Mailbox full' });
    expect(accepted(await post(message))).toEqual({ situacao: 'registrada', motivo: BOUNCE_MSG.temporaria });
    const row = await alertRow(l.id, members[0]!.id);
    expect(row).toMatchObject({ status: 'enviado', motivo: 'atraso/falha temporária: 4.2.2 smtp; 452 4.2.2 Mailbox full', devolvidoEm: null });
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: members[0]!.id } })).emailDevolvidoEm).toBeNull();
    expect(accepted(await post(message))).toEqual({ situacao: 'ignorada', motivo: BOUNCE_MSG.jaRegistrada });
    // Failed with a 4.x.x status is no hard bounce either.
    expect(accepted(await post(dsnMessage({ to: addressOf(l.id, members[0]!.id), action: 'failed', status: '4.4.7', diagnostic: 'expired' }))).situacao).toBe('registrada');
    expect((await alertRow(l.id, members[0]!.id)).status).toBe('enviado');
  });

  it('forged or foreign tokens, a delivered report, an alert never sent: 202 ignorada with the reason, nothing changes', async () => {
    const { launch: l, members } = await sentAlerts();
    const good = addressOf(l.id, members[0]!.id);
    const token = good.slice('devolucoes+'.length, good.indexOf('@'));
    const flipped = `devolucoes+${token.slice(0, 30)}${token[30] === 'a' ? 'b' : 'a'}${token.slice(31)}@legiao.dev`;
    const other = await sentAlerts();
    // Signed with another secret; another mailbox; the token changed; another member's alert address on this member's launch.
    const forgedSecret = bounceAddress(mailbox, `${TEST_JWT_SECRET}-forjado`, l.id, members[0]!.id);
    const cases: Array<[string, string]> = [
      [forgedSecret, BOUNCE_MSG.naoConfere],
      [flipped, BOUNCE_MSG.naoConfere],
      [bounceAddress({ local: 'devolucoes', domain: 'outro.dev' }, TEST_JWT_SECRET, l.id, members[0]!.id), BOUNCE_MSG.semEndereco],
      ['devolucoes@legiao.dev', BOUNCE_MSG.semEndereco],
    ];
    for (const [to, reason] of cases) expect(accepted(await post(hard(to))), to).toEqual({ situacao: 'ignorada', motivo: reason });
    expect((await alertRow(l.id, members[0]!.id)).status).toBe('enviado');
    expect((await alertRow(other.launch.id, other.members[0]!.id)).status).toBe('enviado');

    expect(accepted(await post(dsnMessage({ to: good, action: 'delivered', status: '2.0.0' })))).toEqual({ situacao: 'ignorada', motivo: BOUNCE_MSG.entregue });
    const never = await sentAlerts(1, 'pedido');
    expect(accepted(await post(hard(addressOf(never.launch.id, never.members[0]!.id))))).toEqual({ situacao: 'ignorada', motivo: BOUNCE_MSG.naoEnviado });
    expect((await alertRow(never.launch.id, never.members[0]!.id)).status).toBe('pedido');
    expect((await alertRow(l.id, members[0]!.id)).motivo).toBeNull();
  });

  it('not a DSN at all (a plain e-mail, an empty body, JSON): 400 in Portuguese', async () => {
    expectError(await post('From: a@b.c\r\nTo: devolucoes@legiao.dev\r\nSubject: oi\r\n\r\nolá\r\n'), 400, BOUNCE_MSG.naoEDsn);
    expectError(await post(''), 400, BOUNCE_MSG.naoEDsn);
    expectError(await post('{"a":1}', relay.headers, 'application/json'), 400, BOUNCE_MSG.naoEDsn);
  });

  it('over 1 MB: 413 in the error format, in Portuguese, nothing changed', async () => {
    const { launch: l, members } = await sentAlerts();
    const big = Buffer.concat([hard(addressOf(l.id, members[0]!.id)), Buffer.alloc(BOUNCE_MAX_BYTES, 'x')]);
    expectError(await post(big), 413, BOUNCE_MSG.grandeDemais);
    // Streamed without a Content-Length (a pipe's chunked upload): counted as it arrives.
    const streamed = await t.app.inject({ method: 'POST', url: URL, headers: { ...relay.headers, 'content-type': 'message/rfc822' }, payload: Readable.from([big.subarray(0, 600_000), big.subarray(600_000)]) });
    expectError(streamed, 413, BOUNCE_MSG.grandeDemais);
    expect((await alertRow(l.id, members[0]!.id)).status).toBe('enviado');
  });

  it('without a key: 401; a key without the emails:devolucoes scope: 403; nothing changed', async () => {
    const { launch: l, members } = await sentAlerts();
    const message = hard(addressOf(l.id, members[0]!.id));
    expectError(await post(message, {}), 401, INTEGRATION_MSG.chaveAusente);
    const store = await createApiClient(t.prisma, ['pedidos:enviar', 'membros:dados']);
    expectError(await post(message, store.headers), 403, INTEGRATION_MSG.escopoAusente);
    expect((await alertRow(l.id, members[0]!.id)).status).toBe('enviado');
  });

  it('the OpenAPI document lists it under the integration, with its scope, message/rfc822 and its answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths[URL].post;
    expect(op.security).toEqual([{ chaveIntegracao: [] }]);
    expect(op.tags).toEqual(['integração']);
    expect(op.summary).toContain('emails:devolucoes');
    expect(op.requestBody.content).toEqual({ 'message/rfc822': { schema: expect.objectContaining({ type: 'string', format: 'binary' }) } });
    expect(Object.keys(op.responses).sort()).toEqual(['202', '400', '401', '403', '413', '429']);
  });
});

describe('a hard-bounced address stops getting launch alerts (the sender\'s rule)', () => {
  it('bouncedEmailSql: true after a hard bounce to the account\'s address, false once the e-mail changes, false after 90 days', async () => {
    const pool = poolOf(t.prisma);
    const bounced = async (id: string) => (await pool.query<{ b: boolean }>(`SELECT ${bouncedEmailSql('u')} AS b FROM usuario u WHERE u.id = $1`, [id])).rows[0]!.b;
    const { launch: l, members } = await sentAlerts(2);
    const [ana, bia] = members;
    expect(await bounced(ana!.id)).toBe(false);
    await post(hard(addressOf(l.id, ana!.id), { finalRecipient: ana!.email.toUpperCase() }));
    expect(await bounced(ana!.id)).toBe(true);
    // A report for an address the account no longer has (changed since the send) marks the alert only.
    await post(hard(addressOf(l.id, bia!.id), { finalRecipient: 'antigo@example.com' }));
    expect((await alertRow(l.id, bia!.id)).status).toBe('devolvido');
    expect(await bounced(bia!.id)).toBe(false);
    // A new address starts clean (the trigger, whatever path writes the e-mail).
    await t.prisma.usuario.update({ where: { id: ana!.id }, data: { email: `novo.${ana!.email}` } });
    expect(await bounced(ana!.id)).toBe(false);
    await pool.query(`UPDATE usuario SET email_devolvido_em = now() - interval '91 days' WHERE id = $1`, [bia!.id]);
    expect(await bounced(bia!.id)).toBe(false);
    await pool.query(`UPDATE usuario SET email_devolvido_em = now() - interval '89 days' WHERE id = $1`, [bia!.id]);
    expect(await bounced(bia!.id)).toBe(true);
    expect(BOUNCED_EMAIL_REASON).toMatch(/devol/);
  });
});

describe('end to end: the sender writes the VERP envelope, the relay posts the bounce, the next alert skips the address', () => {
  it('an alert goes out with MAIL FROM devolucoes+<token>@; its DSN posted makes it devolvido; the next launch\'s alert to that account is skipped with the reason, the others still go', async () => {
    const smtp = new Smtp();
    await smtp.start();
    const pool = poolOf(t.prisma);
    const launchIds: string[] = [];
    const d = new LaunchAlertDispatcher({
      connectionString: pool.options.connectionString!,
      pool,
      store: new MemoryQueueStore({ defaults: { capacidade: 100, admissoesPorMinuto: 600 }, inactivityMs: 120_000 }),
      settings: { waveIntervalMs: 300, targetWaitMs: 0, reactionMs: 1000, leaseMs: 1500, retryMs: 100, maxAttempts: 5, concurrency: 1 },
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Legião <nao-responda@legiao.test>',
      site: t.config,
      secret: TEST_JWT_SECRET,
      bounceMailbox: mailbox,
      foundersUntil: t.config.foundersUntil,
      log: pino({ level: 'silent' }),
      queue: `devolucoes-teste-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
      launchIds: () => launchIds,
    });
    try {
      await d.start();
      const [ana, bia] = [await member(t.prisma), await member(t.prisma)];
      await t.prisma.usuario.updateMany({ where: { id: { in: [ana.id, bia.id] } }, data: { optInEmail: true } });
      const opened = async () => {
        const l = await launch(t.prisma, { start: new Date(Date.now() - 1000) });
        await t.prisma.lancamentoProduto.update({ where: { id: l.id }, data: { avisoPrazoMin: 1 } });
        await t.prisma.lancamentoAviso.createMany({ data: [ana, bia].map((m) => ({ lancamentoId: l.id, usuarioId: m.id })) });
        launchIds.push(l.id);
        return l;
      };
      const settledRows = async (launchId: string) => {
        for (let end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
          const rows = await t.prisma.lancamentoAviso.findMany({ where: { lancamentoId: launchId } });
          if (rows.every((r) => r.status === 'enviado' || r.status === 'ignorado')) return rows;
        }
        throw new Error('the alerts did not settle');
      };
      const first = await opened();
      await settledRows(first.id);
      const toAna = smtp.to(ana.email);
      expect(toAna).toHaveLength(1);
      // The envelope sender names this alert; the visible From stays the brand's.
      expect(toAna[0]!.from).toBe(addressOf(first.id, ana.id));
      expect(toAna[0]!.raw).toMatch(/^From: .*nao-responda@legiao\.test/m);
      expect(accepted(await post(hard(toAna[0]!.from, { finalRecipient: ana.email })))).toMatchObject({ situacao: 'registrada' });
      expect((await alertRow(first.id, ana.id)).status).toBe('devolvido');

      const second = await opened();
      const rows = await settledRows(second.id);
      expect(rows.find((r) => r.usuarioId === ana.id)).toMatchObject({ status: 'ignorado', motivo: BOUNCED_EMAIL_REASON });
      expect(rows.find((r) => r.usuarioId === bia.id)).toMatchObject({ status: 'enviado' });
      expect(smtp.to(ana.email)).toHaveLength(1);
      expect(smtp.to(bia.email)).toHaveLength(2);
    } finally {
      await d.stop();
      await smtp.stop();
    }
  });
});
