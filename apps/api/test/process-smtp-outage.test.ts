import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { signupPayload } from './support/factories.js';
import { startFakeCep } from './support/fake-cep.js';
import { extractLink, MailCatcher, parseMail } from './support/mail-catcher.js';
import { getFreePort } from './support/ports.js';
import { scaleDatabase, scaleRedisEnv, startApiProcess, stopAll, type ApiProcess } from './support/api-process.js';

// Issue 23, section 3: "SMTP down during three sign-ups: all three mails delivered once it was
// back (holds: keep it)". The portal as it runs in production (WORKERS=2, two mailers draining one
// outbox) on a database of its own, so no other test's mailer can drain this outbox (the reason
// serial/mail-outbox.test.ts, in-process, runs alone), and an SMTP server of its own that is down
// while the members sign up and comes back afterwards. bench/faults.mjs measures the same in time.

interface OutboxRow {
  para: string;
  status: string;
  tentativas: number;
  ultimo_erro: string | null;
  enviado_em: Date | null;
}

describe('SMTP stopped and started under the portal', () => {
  const started: ApiProcess[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    await stopAll(started);
    for (const f of cleanups.reverse()) await f().catch(() => {});
  }, 30_000);

  it('keeps the activation mails of three sign-ups made while SMTP is down and delivers each exactly once when it is back', async () => {
    const db = await scaleDatabase('smtp');
    cleanups.push(db.drop);
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    cleanups.push(() => sql.end());
    const cep = await startFakeCep();
    cleanups.push(cep.close);
    const smtpPort = await getFreePort(); // nothing listens here yet: SMTP is down
    const catcher = new MailCatcher();
    cleanups.push(() => catcher.close());

    const api = await startApiProcess({
      ...scaleRedisEnv(),
      DATABASE_URL: db.url,
      WORKERS: '2',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Each worker's mailer looks for due mail five times a second: if two could take the same
      // mail, they would have every chance to here.
      MAIL_RETRY_INTERVAL_MS: '200',
      CEP_PROVIDER_URL: cep.url,
      LOG_LEVEL: 'info',
    });
    started.push(api);
    await expect.poll(() => api.output().match(/Server listening/g)?.length ?? 0, { timeout: 60_000 }).toBe(2);

    // Three members sign up while SMTP is down: the sign-up doesn't depend on it.
    const signups = [signupPayload(), signupPayload(), signupPayload()];
    const answers = await Promise.all(
      signups.map((body) => fetch(`${api.base}/api/usuario`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    const emails = signups.map((s) => s.email);
    const outbox = async () =>
      (await sql.query<OutboxRow>('SELECT para, status, tentativas, ultimo_erro, enviado_em FROM email_saida WHERE para = ANY($1::text[]) ORDER BY para', [emails])).rows;

    // Each mail was tried, failed and kept for later (backoff), not dropped and not retried in a loop.
    await expect.poll(async () => (await outbox()).filter((r) => r.tentativas >= 1).length, { timeout: 20_000 }).toBe(3);
    await new Promise((r) => setTimeout(r, 1000)); // ten more rounds of the two mailers
    for (const row of await outbox()) {
      expect(row).toMatchObject({ status: 'pendente', tentativas: 1, enviado_em: null });
      expect(row.ultimo_erro).toBeTruthy();
    }
    expect(catcher.mails).toEqual([]);

    // SMTP comes back. The first retry is due 30 s after the failure: move it to now, as if that
    // time had passed; the portal's own mailers do the rest.
    await catcher.listen(smtpPort);
    await sql.query("UPDATE email_saida SET proxima_tentativa = now() WHERE para = ANY($1::text[]) AND status = 'pendente'", [emails]);
    await expect.poll(() => emails.filter((e) => catcher.mailsTo(e).length > 0).length, { timeout: 20_000 }).toBe(3);
    await new Promise((r) => setTimeout(r, 2000)); // a second copy would have come by now

    // Exactly once each, recorded as sent on the second attempt.
    expect(emails.map((e) => catcher.mailsTo(e).length)).toEqual([1, 1, 1]);
    for (const row of await outbox()) expect(row).toMatchObject({ status: 'enviado', tentativas: 2, enviado_em: expect.any(Date) });

    // And the mail that came is the one that works: each link activates its account.
    for (const email of emails) {
      const mail = await parseMail(catcher.mailsTo(email)[0]!);
      expect(mail.subject).toContain('Ative sua conta');
      const hash = extractLink(mail, '/ativar-conta').searchParams.get('q');
      const res = await fetch(`${api.base}/api/usuario/ativar-conta`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hash }) });
      expect(res.status).toBe(200);
    }
    const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM usuario WHERE email = ANY($1::text[]) AND ativo', [emails]);
    expect(rows[0]!.n).toBe(3);
  }, 180_000);
});
