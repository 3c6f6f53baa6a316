import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenResponseSchema, signedInUserSchema } from '@legiao/contracts';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login, TEST_PASSWORD, uniqueEmail } from './support/factories.js';
import { decodeJwt, signJwt } from './support/jwt.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const CREDENTIALS = 'E-mail ou senha inválidos.';
const SESSION = 'Sua sessão expirou. Faça login novamente.';
const postLogin = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
const logged = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers });
const sessions = (userId: string) => t.prisma.sessao.count({ where: { usuarioId: userId } });

describe('POST /api/auth/login', () => {
  it('answers { token: { token, tipo, expiraEm } } and opens a session', async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    const res = await postLogin({ email, senha: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const { token } = tokenResponseSchema.parse(res.json());
    expect(token.tipo).toBe('Bearer');
    expect(new Date(token.expiraEm).getTime()).toBeGreaterThan(Date.now());
    const claims = decodeJwt(token.token);
    expect(claims.sub).toBe(user.id);
    const session = await t.prisma.sessao.findUniqueOrThrow({ where: { id: claims.sid } });
    expect(session.usuarioId).toBe(user.id);
    expect(session.revogadaEm).toBeNull();
  });

  it('ignores the case of the e-mail', async () => {
    const { email } = await createUser(t.prisma);
    expect((await postLogin({ email: email.toUpperCase(), senha: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it(`answers 401 '${CREDENTIALS}' for a wrong password or an unknown e-mail, opening no session`, async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    expectError(await postLogin({ email, senha: 'Errada@123' }), 401, CREDENTIALS);
    expectError(await postLogin({ email: uniqueEmail('desconhecido'), senha: TEST_PASSWORD }), 401, CREDENTIALS);
    expect(await sessions(user.id)).toBe(0);
  });

  it('answers 403 for an account not yet activated, but only with the right password', async () => {
    const { usuario: user, email } = await createUser(t.prisma, { ativo: false });
    const body = expectError(await postLogin({ email, senha: TEST_PASSWORD }), 403);
    expect(body.errors[0]!.message).toContain('não foi ativada');
    expect(body.errors[0]!.code).toBe('CONTA_NAO_ATIVADA');
    expectError(await postLogin({ email, senha: 'Errada@123' }), 401, CREDENTIALS);
    expect(await sessions(user.id)).toBe(0);
  });

  it('answers 400 in Portuguese for missing fields, opening no session', async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    expectError(await postLogin({ email }), 400, 'Preencha todos os campos obrigatórios.');
    expectError(await postLogin({ email, senha: '' }), 400, 'Preencha todos os campos obrigatórios.');
    expectError(await postLogin({ senha: TEST_PASSWORD }), 400, 'Informe um e-mail válido.');
    expectError(await postLogin({}), 400);
    expect(await sessions(user.id)).toBe(0);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token it was called with, and only that one', async () => {
    const { email } = await createUser(t.prisma);
    const token = await login(t.app, email);
    const other = await login(t.app, email);
    expect((await logged(bearer(token))).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expectError(await logged(bearer(token)), 401, SESSION);
    expect((await t.prisma.sessao.findUniqueOrThrow({ where: { id: decodeJwt(token).sid } })).revogadaEm).toBeInstanceOf(Date);
    expect((await logged(bearer(other))).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/logout' }), 401, SESSION);
  });
});

describe('GET /api/usuario/logged', () => {
  it('answers the logged member in the contract shape', async () => {
    const { usuario: user, email } = await createUser(t.prisma, { optInEmail: true });
    const res = await logged(bearer(await login(t.app, email)));
    expect(res.statusCode).toBe(200);
    const body = signedInUserSchema.parse(res.json());
    expect(body).toMatchObject({
      id: user.id,
      hash: user.hash,
      email,
      nome: user.nome,
      cpf: user.cpf,
      celular: '21987654321',
      cidade: 'São Paulo',
      uf: 'SP',
      optIn: true,
      optInEmail: true,
      optInSms: false,
      social: false,
      ativo: true,
      lead: false,
      colaborador: false,
      perfil: 'geral',
      perfilDefinido: false,
      perfilCompleto: true,
    });
    expect(body.dataNascimento?.slice(0, 10)).toBe('1988-02-29');
    expect(res.body).not.toMatch(/senha/i);
  });

  it('answers 401 without a token or with a malformed one', async () => {
    expectError(await logged(), 401, SESSION);
    expectError(await logged({ authorization: 'Bearer isso-nao-e-um-jwt' }), 401, SESSION);
    expectError(await logged({ authorization: 'Basic dXNlcjpzZW5oYQ==' }), 401, SESSION);
  });

  it('answers 401 for a forged token: other secret, alg none, expired', async () => {
    const { email } = await createUser(t.prisma);
    const claims = decodeJwt(await login(t.app, email));
    const now = Math.floor(Date.now() / 1000);
    const valid = { sub: claims.sub, sid: claims.sid, iat: now, exp: now + 3600 };
    // The same claims signed with the right secret are accepted: only what we change below is refused.
    expect((await logged(bearer(signJwt(valid, TEST_JWT_SECRET)))).statusCode).toBe(200);
    expectError(await logged(bearer(signJwt(valid, 'outro-segredo-qualquer-com-mais-de-32-caracteres'))), 401, SESSION);
    expectError(await logged(bearer(signJwt(valid, '', { alg: 'none', typ: 'JWT' }))), 401, SESSION);
    expectError(await logged(bearer(signJwt({ ...valid, iat: now - 7200, exp: now - 3600 }, TEST_JWT_SECRET))), 401, SESSION);
  });

  it('answers 401 once the session was revoked or has expired on the server', async () => {
    const { email } = await createUser(t.prisma);
    const revoked = await login(t.app, email);
    const expired = await login(t.app, email);
    await t.prisma.sessao.update({ where: { id: decodeJwt(revoked).sid }, data: { revogadaEm: new Date() } });
    await t.prisma.sessao.update({ where: { id: decodeJwt(expired).sid }, data: { expiraEm: new Date(Date.now() - 1000) } });
    expectError(await logged(bearer(revoked)), 401, SESSION);
    expectError(await logged(bearer(expired)), 401, SESSION);
  });

  it("answers 401 for a session whose token names someone else's session", async () => {
    const a = await createUser(t.prisma);
    const b = await createUser(t.prisma);
    const tokenA = decodeJwt(await login(t.app, a.email));
    const now = Math.floor(Date.now() / 1000);
    const mixed = signJwt({ sub: b.usuario.id, sid: tokenA.sid, iat: now, exp: now + 3600 }, TEST_JWT_SECRET);
    expectError(await logged(bearer(mixed)), 401, SESSION);
  });

  it('answers 401 for a validly signed token whose ids are not ids', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const claims of [{ sub: 'x', sid: 'y' }, { sub: 1, sid: 2 }, {}]) {
      expectError(await logged(bearer(signJwt({ ...claims, iat: now, exp: now + 3600 }, TEST_JWT_SECRET))), 401, SESSION);
    }
  });

  it('answers 401 once the account is deactivated', async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    const token = await login(t.app, email);
    await t.prisma.usuario.update({ where: { id: user.id }, data: { ativo: false } });
    expectError(await logged(bearer(token)), 401, SESSION);
  });
});
