import bcrypt from 'bcrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login, signupPayload, TEST_PASSWORD } from './support/factories.js';
import { extractLink, waitForMail } from './support/mailbox.js';

// Issue 23, section 4, finding 3: bcrypt reads only the first 72 bytes of a password, while the
// rule counted characters. docs/decisions/0039-security-review-findings.md

const TOO_LONG = 'A senha é longa demais: use no máximo 72 caracteres (letras com acento, como á ou ç, contam como 2; emojis, como 4).';
const CREDENTIALS = 'E-mail ou senha inválidos.';
const TOO_MANY = 'Muitas tentativas. Aguarde um minuto e tente novamente.';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
/** 41 characters, 77 bytes: every rule holds, and 'ç' takes two bytes. */
const LONG = `S@1ab${'ç'.repeat(36)}`;
/** Another password with LONG's first 72 bytes (5 + 33 'ç' + the first byte of 'ã', which 'ç' shares). */
const PREFIX_TWIN = `S@1ab${'ç'.repeat(33)}ãzzz`;
/** Exactly 72 bytes: the longest password that is still whole in bcrypt. */
const AT_LIMIT = `S@1ab${'ç'.repeat(33)}x`;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const loginAs = (app: TestApp['app'], email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: password } });

describe('passwords are bounded to the 72 bytes bcrypt reads', () => {
  it('the fixtures are what they claim', () => {
    expect([LONG.length, bytes(LONG)]).toEqual([41, 77]);
    expect(bytes(AT_LIMIT)).toBe(72);
    expect(Buffer.from(PREFIX_TWIN).subarray(0, 72).equals(Buffer.from(LONG).subarray(0, 72))).toBe(true);
    expect(PREFIX_TWIN).not.toBe(LONG);
  });

  it('sign-up refuses a 77-byte password in Portuguese and creates nothing; 72 bytes are accepted', async () => {
    const long = signupPayload({ senha: LONG });
    expectError(await t.app.inject({ method: 'POST', url: '/api/usuario', payload: long }), 400, TOO_LONG);
    expect(await t.prisma.usuario.count({ where: { email: long.email } })).toBe(0);

    const atLimit = signupPayload({ senha: AT_LIMIT });
    const res = await t.app.inject({ method: 'POST', url: '/api/usuario', payload: atLimit });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.prisma.usuario.findUniqueOrThrow({ where: { email: atLimit.email } });
    expect(await bcrypt.compare(AT_LIMIT, row.senhaHash!)).toBe(true);
  });

  it('a password change refuses a 77-byte new password in Portuguese and keeps the old one', async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    const token = await login(t.app, email);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/usuario/nova-senha', headers: bearer(token), payload: { senha: TEST_PASSWORD, novaSenha: LONG } });
    expectError(res, 400, TOO_LONG);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).senhaHash).toBe(user.senhaHash);
  });

  it('a password reset refuses a 77-byte password in Portuguese, keeps the old one and the link', async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    await t.app.inject({ method: 'GET', url: `/api/auth/recuperar-senha?email=${encodeURIComponent(email)}` });
    const link = extractLink(await waitForMail(email, { subject: 'Redefinição de senha' }), '/recuperar-senha');
    const body = { code: link.searchParams.get('q'), hash: link.searchParams.get('h') };
    const confirm = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/recuperar-senha-confirmacao', payload: { ...body, senha: password, confirmacaoSenha: password } });

    expectError(await confirm(LONG), 400, TOO_LONG);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).senhaHash).toBe(user.senhaHash);
    expect((await confirm(AT_LIMIT)).statusCode).toBe(200);
  });

  it('login refuses a password over 72 bytes as wrong credentials: a prefix twin does not get into an older account', async () => {
    // An account from before the bound, whose password is LONG (bcrypt kept only its first 72 bytes).
    const { email } = await createUser(t.prisma, { senha: LONG });
    expectError(await loginAs(t.app, email, PREFIX_TWIN), 401, CREDENTIALS);
    // Its own 77-byte password is refused the same way (ADR 0039: such accounts reset it).
    expectError(await loginAs(t.app, email, LONG), 401, CREDENTIALS);
    expect(await t.prisma.sessao.count({ where: { usuario: { email } } })).toBe(0);
  });

  it('a refused long password counts in the per-account failure limit like any wrong one', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' } });
    try {
      const { email } = await createUser(limited.prisma, { senha: LONG });
      // The twin would have opened the legacy account; now it is a failed attempt, counted.
      for (let i = 0; i < 3; i++) expectError(await loginAs(limited.app, email, PREFIX_TWIN), 401, CREDENTIALS);
      expectError(await loginAs(limited.app, email, AT_LIMIT), 429, TOO_MANY);
    } finally {
      await limited.close();
    }
  });
});
