import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digest } from '../src/lib/secrets.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login, signupPayload, TEST_PASSWORD, uniqueEmail } from './support/factories.js';
import { extractLink, waitForMail } from './support/mailbox.js';

// Spec 001 section 2.10, wired: POST /usuario/alterar-email, then the link's POST /usuario/confirmar-email.
const LINK_INVALIDO = 'Link inválido ou expirado. Solicite um novo.';
const CONFIRME = 'Confirme seu novo e-mail';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const pedir = (token: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/usuario/alterar-email', headers: token ? bearer(token) : {}, payload });
const confirmar = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/usuario/confirmar-email', payload });
const canLogin = async (email: string) => (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: TEST_PASSWORD } })).statusCode === 200;

async function member() {
  const created = await createUser(t.prisma);
  return { ...created, token: await login(t.app, created.email) };
}

/** Asks for the change and returns q of the link mailed to the new address. */
async function requestChange(token: string, novo: string, nth = 1) {
  const res = await pedir(token, { email: novo.toUpperCase() });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ message: 'Enviamos um link de confirmação para o novo e-mail. A troca só acontece quando você clicar nele.', email: novo });
  return extractLink(await waitForMail(novo, { subject: CONFIRME, nth }), '/confirmar-email').searchParams.get('q')!;
}

describe('POST /api/usuario/alterar-email and /confirmar-email', () => {
  it('changes the e-mail only when the link is followed, then tells the old address', async () => {
    const { usuario, email, token } = await member();
    const novo = uniqueEmail('novo');
    const q = await requestChange(token, novo);
    // Nothing changed yet.
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: usuario.id } })).email).toBe(email);
    expect(await canLogin(email)).toBe(true);

    const res = await confirmar({ hash: q });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'E-mail alterado com sucesso!', email: novo });
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: usuario.id } })).email).toBe(novo);
    expect(await canLogin(novo)).toBe(true);
    expect(await canLogin(email)).toBe(false);
    // The session that asked goes on.
    expect((await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: bearer(token) })).json().email).toBe(novo);

    const aviso = await waitForMail(email, { subject: 'foi alterado' });
    expect(aviso.text).toContain(novo);
    // Replayed link.
    expectError(await confirmar({ hash: q }), 400, LINK_INVALIDO);
  });

  it('the link works without a session (another device) and stops links mailed to the old address', async () => {
    const { usuario, email, token } = await member();
    await t.app.inject({ method: 'GET', url: `/api/auth/recuperar-senha?email=${encodeURIComponent(email)}` });
    await waitForMail(email, { subject: 'Redefinição de senha' });
    const q = await requestChange(token, uniqueEmail('outro'));
    expect((await confirmar({ hash: q })).statusCode).toBe(200);
    expect(await t.prisma.tokenConta.count({ where: { usuarioId: usuario.id, usadoEm: null } })).toBe(0);
  });

  it('fails for an expired link and only the newest request\'s link works', async () => {
    const { token } = await member();
    const first = await requestChange(token, uniqueEmail('primeiro'));
    const novo = uniqueEmail('segundo');
    const second = await requestChange(token, novo);
    expectError(await confirmar({ hash: first }), 400, LINK_INVALIDO);
    await t.prisma.alteracaoEmail.update({ where: { secretHash: digest(second) }, data: { expiraEm: new Date(Date.now() - 1000) } });
    expectError(await confirmar({ hash: second }), 400, LINK_INVALIDO);
    expect(await t.prisma.usuario.count({ where: { email: novo } })).toBe(0);
  });

  it('checks the address is free again at confirmation (somebody took it meanwhile)', async () => {
    const { usuario, email, token } = await member();
    const novo = uniqueEmail('disputado');
    const q = await requestChange(token, novo);
    expect((await t.app.inject({ method: 'POST', url: '/api/usuario', payload: signupPayload({ email: novo }) })).statusCode).toBe(201);
    expectError(await confirmar({ hash: q }), 409, 'E-mail já cadastrado!');
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: usuario.id } })).email).toBe(email);
    expect(await t.prisma.emailSaida.count({ where: { para: email } })).toBe(0); // nobody is told of a change that did not happen
  });

  it('refuses bad input, the same address, a taken address and a missing session', async () => {
    const { email, token } = await member();
    const other = await createUser(t.prisma);
    expectError(await pedir(token, {}), 400, 'Informe um e-mail válido.');
    expectError(await pedir(token, { email: 'sem-arroba' }), 400, 'Informe um e-mail válido.');
    expectError(await pedir(token, { email: email.toUpperCase() }), 400, 'O novo e-mail é igual ao atual.');
    expectError(await pedir(token, { email: other.email }), 409, 'E-mail já cadastrado!');
    expectError(await pedir(undefined, { email: uniqueEmail('x') }), 401);
    expectError(await confirmar({}), 400, LINK_INVALIDO);
    expectError(await confirmar({ hash: 'nao-existe' }), 400, LINK_INVALIDO);
  });

  it("a member's link changes only that member's e-mail, whoever follows it", async () => {
    const a = await member();
    const b = await member();
    const novo = uniqueEmail('de-a');
    const q = await requestChange(a.token, novo);
    expect((await t.app.inject({ method: 'POST', url: '/api/usuario/confirmar-email', headers: bearer(b.token), payload: { hash: q } })).statusCode).toBe(200);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: a.usuario.id } })).email).toBe(novo);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: b.usuario.id } })).email).toBe(b.email);
  });
});
