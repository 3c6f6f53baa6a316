import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { signupPayload } from '../support/factories.js';
import { extractLink, MailCatcher, waitForMailIn } from '../support/mail-catcher.js';
import { getFreePort } from '../support/ports.js';

// Runs alone (project 'api-serial'): no other worker's mailer may drain the outbox meanwhile.
describe('mail outbox', () => {
  let t: TestApp;
  let smtpPort: number;
  const catcher = new MailCatcher();

  beforeAll(async () => {
    smtpPort = await getFreePort(); // nothing listens here yet: SMTP is "down"
    t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
  });
  afterAll(async () => {
    await t.close();
    await catcher.close();
  });

  it('keeps the mail when SMTP is down and delivers it once SMTP is back', async () => {
    const payload = signupPayload();
    const res = await t.app.inject({ method: 'POST', url: '/api/usuario', payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(await t.prisma.usuario.count({ where: { email: payload.email } })).toBe(1);

    // The sign-up kicked a delivery round; wait for it (or run one) and look at the row.
    await t.mailer.deliverDue();
    const failed = await t.prisma.emailSaida.findFirstOrThrow({ where: { para: payload.email } });
    expect(failed.status).toBe('pendente');
    expect(failed.tentativas).toBe(1);
    expect(failed.ultimoErro).toBeTruthy();
    expect(failed.enviadoEm).toBeNull();
    expect(failed.proximaTentativa.getTime()).toBeGreaterThan(Date.now()); // retried later, with backoff

    // Not due yet: another round leaves it alone.
    await t.mailer.deliverDue();
    expect((await t.prisma.emailSaida.findUniqueOrThrow({ where: { id: failed.id } })).tentativas).toBe(1);

    await catcher.listen(smtpPort);
    await t.prisma.emailSaida.update({ where: { id: failed.id }, data: { proximaTentativa: new Date(Date.now() - 1000) } });
    expect(await t.mailer.deliverDue()).toBeGreaterThanOrEqual(1);

    const sent = await t.prisma.emailSaida.findUniqueOrThrow({ where: { id: failed.id } });
    expect(sent.status).toBe('enviado');
    expect(sent.tentativas).toBe(2);
    expect(sent.enviadoEm).toBeInstanceOf(Date);

    const mail = await waitForMailIn(async (to) => catcher.mailsTo(to), payload.email, { subject: 'Ative sua conta' });
    const q = extractLink(mail, '/ativar-conta').searchParams.get('q');
    const activated = await t.app.inject({ method: 'POST', url: '/api/usuario/ativar-conta', payload: { hash: q } });
    expect(activated.statusCode).toBe(200);
  });

  it('pooled SMTP: mails share a connection; SMTP stopped under it and started again, the pool reconnects and the mail waiting goes once', async () => {
    // Three sign-ups, one round: over the pool's open connection(s), not one connection each.
    const opened = catcher.connections;
    const payloads = [signupPayload(), signupPayload(), signupPayload()];
    for (const payload of payloads) expect((await t.app.inject({ method: 'POST', url: '/api/usuario', payload })).statusCode).toBe(201);
    await t.mailer.deliverDue();
    for (const p of payloads) await waitForMailIn(async (to) => catcher.mailsTo(to), p.email);
    expect(catcher.connections - opened).toBeLessThanOrEqual(1);

    // SMTP goes away with the pool's connection open (the server closes it).
    await catcher.close();
    const payload = signupPayload();
    expect((await t.app.inject({ method: 'POST', url: '/api/usuario', payload })).statusCode).toBe(201);
    await t.mailer.deliverDue();
    const failed = await t.prisma.emailSaida.findFirstOrThrow({ where: { para: payload.email } });
    expect(failed).toMatchObject({ status: 'pendente', tentativas: 1 });

    await catcher.listen(smtpPort);
    const before = catcher.connections;
    await t.prisma.emailSaida.update({ where: { id: failed.id }, data: { proximaTentativa: new Date(Date.now() - 1000) } });
    expect(await t.mailer.deliverDue()).toBeGreaterThanOrEqual(1);
    expect(await t.prisma.emailSaida.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({ status: 'enviado', tentativas: 2 });
    await waitForMailIn(async (to) => catcher.mailsTo(to), payload.email, { subject: 'Ative sua conta' });
    expect(catcher.mailsTo(payload.email)).toHaveLength(1);
    expect(catcher.connections - before).toBe(1);
  });
});
