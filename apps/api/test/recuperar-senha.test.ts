import bcrypt from 'bcrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login, OTHER_PASSWORD, TEST_PASSWORD, uniqueEmail } from './support/factories.js';
import { decodeJwt } from './support/jwt.js';
import { extractLink, waitForMail } from './support/mailbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NEUTRAL = 'Você receberá um email para redefinir sua senha!';
const INVALID_LINK = 'Link inválido ou expirado. Solicite um novo.';
const request = (query: string) => t.app.inject({ method: 'GET', url: `/api/auth/recuperar-senha${query}` });
const confirm = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/recuperar-senha-confirmacao', payload });
const passwordWorks = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: password } })).statusCode === 200;

/** Asks for a reset and returns q (code) and h (hash) of the link that arrived by SMTP. */
async function requestLink(email: string, nth = 1) {
  const res = await request(`?email=${encodeURIComponent(email.toUpperCase())}`);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ message: NEUTRAL });
  const link = extractLink(await waitForMail(email, { subject: 'Redefinição de senha', nth }), '/recuperar-senha');
  return { code: link.searchParams.get('q')!, hash: link.searchParams.get('h')! };
}

describe('GET /api/auth/recuperar-senha', () => {
  it('always answers the same neutral 200, and writes no mail for an unknown or malformed address', async () => {
    const unknown = uniqueEmail('ninguem');
    for (const query of [`?email=${encodeURIComponent(unknown)}`, '?email=isso-nao-e-email', '']) {
      const res = await request(query);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: NEUTRAL });
    }
    expect(await t.prisma.emailSaida.count({ where: { para: unknown } })).toBe(0);
  });

  it('mails a reset link to a real member', async () => {
    const { email } = await createUser(t.prisma);
    const { code, hash } = await requestLink(email);
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    expect(hash.length).toBeGreaterThan(20);
  });
});

describe('POST /api/auth/recuperar-senha-confirmacao', () => {
  it('sets the new password, ends every open session and works only once', async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    const session = await login(t.app, email);
    const { code, hash } = await requestLink(email);

    const res = await confirm({ code, hash, senha: OTHER_PASSWORD, confirmacaoSenha: OTHER_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Senha atualizada com sucesso!' });

    expect(await passwordWorks(email, TEST_PASSWORD)).toBe(false);
    expect(await passwordWorks(email, OTHER_PASSWORD)).toBe(true);
    expectError(await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: bearer(session) }), 401);
    expect((await t.prisma.sessao.findUniqueOrThrow({ where: { id: decodeJwt(session).sid } })).revogadaEm).toBeInstanceOf(Date);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).ativo).toBe(true);

    expectError(await confirm({ code, hash, senha: 'Terceira@123', confirmacaoSenha: 'Terceira@123' }), 400, INVALID_LINK);
    expect(await passwordWorks(email, OTHER_PASSWORD)).toBe(true);
  });

  it('only the newest link works', async () => {
    const { email } = await createUser(t.prisma);
    const first = await requestLink(email, 1);
    const second = await requestLink(email, 2);
    expectError(await confirm({ ...first, senha: OTHER_PASSWORD, confirmacaoSenha: OTHER_PASSWORD }), 400, INVALID_LINK);
    expect((await confirm({ ...second, senha: OTHER_PASSWORD, confirmacaoSenha: OTHER_PASSWORD })).statusCode).toBe(200);
  });

  describe('refusals leave the password as it was', () => {
    async function memberWithLink() {
      const { usuario: user, email } = await createUser(t.prisma);
      const link = await requestLink(email);
      return { usuario: user, email, link, hashBefore: user.senhaHash! };
    }
    async function expectUnchanged(id: string, hashBefore: string) {
      const row = await t.prisma.usuario.findUniqueOrThrow({ where: { id } });
      expect(row.senhaHash).toBe(hashBefore);
      expect(await bcrypt.compare(TEST_PASSWORD, row.senhaHash!)).toBe(true);
    }

    it('wrong hash, wrong or malformed code', async () => {
      const { usuario: user, link, hashBefore } = await memberWithLink();
      const body = { senha: OTHER_PASSWORD, confirmacaoSenha: OTHER_PASSWORD };
      expectError(await confirm({ ...body, code: link.code, hash: `${link.hash}x` }), 400, INVALID_LINK);
      expectError(await confirm({ ...body, code: '00000000-0000-4000-8000-000000000000', hash: link.hash }), 400, INVALID_LINK);
      expectError(await confirm({ ...body, code: 'nao-e-uuid', hash: link.hash }), 400, INVALID_LINK);
      expectError(await confirm({ ...body, hash: link.hash }), 400, INVALID_LINK);
      await expectUnchanged(user.id, hashBefore);
      // The failed attempts didn't burn the link.
      expect((await confirm({ ...body, ...link })).statusCode).toBe(200);
    });

    it('expired link', async () => {
      const { usuario: user, link, hashBefore } = await memberWithLink();
      await t.prisma.tokenConta.update({ where: { id: link.code }, data: { expiraEm: new Date(Date.now() - 1000) } });
      expectError(await confirm({ ...link, senha: OTHER_PASSWORD, confirmacaoSenha: OTHER_PASSWORD }), 400, INVALID_LINK);
      await expectUnchanged(user.id, hashBefore);
    });

    it("confirmation that doesn't match", async () => {
      const { usuario: user, link, hashBefore } = await memberWithLink();
      expectError(await confirm({ ...link, senha: OTHER_PASSWORD, confirmacaoSenha: 'Diferente@123' }), 400, 'As senhas não conferem.');
      await expectUnchanged(user.id, hashBefore);
    });

    it('weak password', async () => {
      const { usuario: user, link, hashBefore } = await memberWithLink();
      expectError(await confirm({ ...link, senha: 'fraca', confirmacaoSenha: 'fraca' }), 400, 'A senha deve ter pelo menos 8 caracteres, 1 letra maiúscula, 1 número e 1 caractere especial.');
      await expectUnchanged(user.id, hashBefore);
    });
  });
});
