import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateAccountResponseSchema } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser, expectError, login, signupPayload, uniqueEmail } from './support/factories.js';
import { extractLink, waitForMail } from './support/mailbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const INVALID_LINK = 'Link inválido ou expirado. Solicite um novo.';
const activate = (hash: unknown) => t.app.inject({ method: 'POST', url: '/api/usuario/ativar-conta', payload: { hash } });
const resend = (email: unknown) => t.app.inject({ method: 'POST', url: '/api/usuario/reenviar-email', payload: { email } });

/** Signs up and returns the e-mail and the `q` of the activation link that arrived by SMTP. */
async function signupAndGetLink() {
  const payload = signupPayload();
  const res = await t.app.inject({ method: 'POST', url: '/api/usuario', payload });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await waitForMail(payload.email, { subject: 'Ative sua conta' });
  const link = extractLink(mail, '/ativar-conta');
  expect(link.origin).toBe('http://legiao.test');
  return { email: payload.email, q: link.searchParams.get('q')!, mail };
}

describe('activation link', () => {
  it('arrives by e-mail and activates the account once', async () => {
    const { email, q, mail } = await signupAndGetLink();
    expect(mail.from?.address).toBe('nao-responda@legiao.local');
    expect(q).toBeTruthy();
    // Not active yet: the right password still can't log in.
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: 'Senha@123' } }), 403);

    const res = await activate(q);
    expect(res.statusCode, res.body).toBe(200);
    expect(activateAccountResponseSchema.parse(res.json())).toEqual({ email });
    const row = await t.prisma.usuario.findUniqueOrThrow({ where: { email } });
    expect(row.ativo).toBe(true);
    expect(row.ativadoEm).toBeInstanceOf(Date);
    expect(await login(t.app, email)).toBeTruthy();

    expectError(await activate(q), 400, INVALID_LINK);
  });

  it('fails once expired and leaves the account inactive', async () => {
    const { email, q } = await signupAndGetLink();
    const { id } = await t.prisma.usuario.findUniqueOrThrow({ where: { email } });
    await t.prisma.tokenConta.updateMany({ where: { usuarioId: id, tipo: 'ativacao' }, data: { expiraEm: new Date(Date.now() - 1000) } });
    expectError(await activate(q), 400, INVALID_LINK);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { email } })).ativo).toBe(false);
  });

  it('refuses unknown, empty or missing hashes', async () => {
    expectError(await activate('nao-existe-esse-hash'), 400, INVALID_LINK);
    expectError(await activate(''), 400, INVALID_LINK);
    expectError(await t.app.inject({ method: 'POST', url: '/api/usuario/ativar-conta', payload: {} }), 400, INVALID_LINK);
  });

  it('does not accept a password-reset link as an activation link', async () => {
    const { usuario: user } = await createUser(t.prisma, { ativo: false });
    await t.app.inject({ method: 'GET', url: `/api/auth/recuperar-senha?email=${encodeURIComponent(user.email)}` });
    const mail = await waitForMail(user.email, { subject: 'Redefinição de senha' });
    const h = extractLink(mail, '/recuperar-senha').searchParams.get('h');
    expectError(await activate(h), 400, INVALID_LINK);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).ativo).toBe(false);
  });
});

describe('POST /api/usuario/reenviar-email', () => {
  it('sends a new link and invalidates the old one', async () => {
    const { email, q: oldQ } = await signupAndGetLink();
    const res = await resend(email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'O e-mail de ativação de conta foi reenviado!' });

    const second = await waitForMail(email, { subject: 'Ative sua conta', nth: 2 });
    const newQ = extractLink(second, '/ativar-conta').searchParams.get('q')!;
    expect(newQ).not.toBe(oldQ);

    expectError(await activate(oldQ), 400, INVALID_LINK);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { email } })).ativo).toBe(false);
    expect((await activate(newQ)).statusCode).toBe(200);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { email } })).ativo).toBe(true);
  });

  it('answers active, pending and unknown addresses alike; only the pending account gets a mail', async () => {
    // Issue 23, section 4, finding 2: the answer must not tell which addresses have an account.
    const active = await createUser(t.prisma, { ativo: true });
    const pending = await createUser(t.prisma, { ativo: false });
    const unknown = uniqueEmail('ninguem');

    const answers = [];
    for (const email of [active.email, pending.email, unknown]) answers.push(await resend(email));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'O e-mail de ativação de conta foi reenviado!' });
      expect(res.headers['content-type']).toBe(answers[0]!.headers['content-type']);
      expect(res.headers['content-length']).toBe(answers[0]!.headers['content-length']);
    }

    const mail = await waitForMail(pending.email, { subject: 'Ative sua conta' });
    expect((await activate(extractLink(mail, '/ativar-conta').searchParams.get('q'))).statusCode).toBe(200);
    for (const email of [active.email, unknown]) expect(await t.prisma.emailSaida.count({ where: { para: email } })).toBe(0);
    expect(await t.prisma.tokenConta.count({ where: { usuario: { email: active.email } } })).toBe(0);
  });

  it('refuses a missing or malformed address', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/usuario/reenviar-email', payload: {} }), 400, 'Preencha todos os campos obrigatórios.');
    expectError(await resend('sem arroba'), 400, 'Informe um e-mail válido.');
  });
});
