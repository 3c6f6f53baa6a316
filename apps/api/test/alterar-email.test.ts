import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digest } from '../src/lib/secrets.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login, signupPayload, TEST_PASSWORD, uniqueEmail } from './support/factories.js';
import { extractLink, waitForMail } from './support/mailbox.js';

// Spec 001 section 2.10, wired: POST /usuario/alterar-email, then the link's POST /usuario/confirmar-email.
const INVALID_LINK = 'Link inválido ou expirado. Solicite um novo.';
const CONFIRM = 'Confirme seu novo e-mail';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const request = (token: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/usuario/alterar-email', headers: token ? bearer(token) : {}, payload });
const confirm = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/usuario/confirmar-email', payload });
const canLogin = async (email: string) => (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: TEST_PASSWORD } })).statusCode === 200;

async function member() {
  const created = await createUser(t.prisma);
  return { ...created, token: await login(t.app, created.email) };
}

/** Asks for the change and returns q of the link mailed to the new address. */
async function requestChange(token: string, newOne: string, nth = 1) {
  const res = await request(token, { email: newOne.toUpperCase() });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ message: 'Enviamos um link de confirmação para o novo e-mail. A troca só acontece quando você clicar nele.', email: newOne });
  return extractLink(await waitForMail(newOne, { subject: CONFIRM, nth }), '/confirmar-email').searchParams.get('q')!;
}

describe('POST /api/usuario/alterar-email and /confirmar-email', () => {
  it('changes the e-mail only when the link is followed, then tells the old address', async () => {
    const { usuario: user, email, token } = await member();
    const newOne = uniqueEmail('novo');
    const q = await requestChange(token, newOne);
    // Nothing changed yet.
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(email);
    expect(await canLogin(email)).toBe(true);

    const res = await confirm({ hash: q });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'E-mail alterado com sucesso!', email: newOne });
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(newOne);
    expect(await canLogin(newOne)).toBe(true);
    expect(await canLogin(email)).toBe(false);
    // The session that asked goes on.
    expect((await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: bearer(token) })).json().email).toBe(newOne);

    const notice = await waitForMail(email, { subject: 'foi alterado' });
    expect(notice.text).toContain(newOne);
    // Replayed link.
    expectError(await confirm({ hash: q }), 400, INVALID_LINK);
  });

  it('the link works without a session (another device) and stops links mailed to the old address', async () => {
    const { usuario: user, email, token } = await member();
    await t.app.inject({ method: 'GET', url: `/api/auth/recuperar-senha?email=${encodeURIComponent(email)}` });
    await waitForMail(email, { subject: 'Redefinição de senha' });
    const q = await requestChange(token, uniqueEmail('outro'));
    expect((await confirm({ hash: q })).statusCode).toBe(200);
    expect(await t.prisma.tokenConta.count({ where: { usuarioId: user.id, usadoEm: null } })).toBe(0);
  });

  it('fails for an expired link and only the newest request\'s link works', async () => {
    const { token } = await member();
    const first = await requestChange(token, uniqueEmail('primeiro'));
    const newOne = uniqueEmail('segundo');
    const second = await requestChange(token, newOne);
    expectError(await confirm({ hash: first }), 400, INVALID_LINK);
    await t.prisma.alteracaoEmail.update({ where: { secretHash: digest(second) }, data: { expiraEm: new Date(Date.now() - 1000) } });
    expectError(await confirm({ hash: second }), 400, INVALID_LINK);
    expect(await t.prisma.usuario.count({ where: { email: newOne } })).toBe(0);
  });

  it('checks the address is free again at confirmation (somebody took it meanwhile)', async () => {
    const { usuario: user, email, token } = await member();
    const newOne = uniqueEmail('disputado');
    const q = await requestChange(token, newOne);
    expect((await t.app.inject({ method: 'POST', url: '/api/usuario', payload: signupPayload({ email: newOne }) })).statusCode).toBe(201);
    expectError(await confirm({ hash: q }), 409, 'E-mail já cadastrado!');
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(email);
    expect(await t.prisma.emailSaida.count({ where: { para: email } })).toBe(0); // nobody is told of a change that did not happen
  });

  it('refuses bad input, the same address, a taken address and a missing session', async () => {
    const { email, token } = await member();
    const other = await createUser(t.prisma);
    expectError(await request(token, {}), 400, 'Informe um e-mail válido.');
    expectError(await request(token, { email: 'sem-arroba' }), 400, 'Informe um e-mail válido.');
    expectError(await request(token, { email: email.toUpperCase() }), 400, 'O novo e-mail é igual ao atual.');
    expectError(await request(token, { email: other.email }), 409, 'E-mail já cadastrado!');
    expectError(await request(undefined, { email: uniqueEmail('x') }), 401);
    expectError(await confirm({}), 400, INVALID_LINK);
    expectError(await confirm({ hash: 'nao-existe' }), 400, INVALID_LINK);
  });

  it("a member's link changes only that member's e-mail, whoever follows it", async () => {
    const a = await member();
    const b = await member();
    const newOne = uniqueEmail('de-a');
    const q = await requestChange(a.token, newOne);
    expect((await t.app.inject({ method: 'POST', url: '/api/usuario/confirmar-email', headers: bearer(b.token), payload: { hash: q } })).statusCode).toBe(200);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: a.usuario.id } })).email).toBe(newOne);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: b.usuario.id } })).email).toBe(b.email);
  });
});
