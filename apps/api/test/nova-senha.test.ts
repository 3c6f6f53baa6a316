import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../src/features/auth/session.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login, OTHER_PASSWORD, TEST_PASSWORD } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const patch = (token: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/usuario/nova-senha', headers: token ? bearer(token) : {}, payload });
const logged = (token: string) => t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: bearer(token) });
const passwordWorks = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: password } })).statusCode === 200;

describe('PATCH /api/usuario/nova-senha', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const { email } = await createUser(t.prisma);
    const current = await login(t.app, email);
    const otherDevice = await login(t.app, email);

    const res = await patch(current, { senha: TEST_PASSWORD, novaSenha: OTHER_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Senha alterada com sucesso!' });

    expect((await logged(current)).statusCode).toBe(200);
    expectError(await logged(otherDevice), 401);
    expect(await passwordWorks(email, TEST_PASSWORD)).toBe(false);
    expect(await passwordWorks(email, OTHER_PASSWORD)).toBe(true);
  });

  describe('refusals change nothing', () => {
    async function setup() {
      const { usuario: user, email } = await createUser(t.prisma);
      const current = await login(t.app, email);
      const otherDevice = await login(t.app, email);
      return { usuario: user, email, current, otherDevice };
    }
    async function expectUnchanged(s: Awaited<ReturnType<typeof setup>>) {
      expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: s.usuario.id } })).senhaHash).toBe(s.usuario.senhaHash);
      expect((await logged(s.otherDevice)).statusCode).toBe(200);
    }

    it("wrong current password: 400 'Senha atual incorreta.'", async () => {
      const s = await setup();
      expectError(await patch(s.current, { senha: 'Errada@999', novaSenha: OTHER_PASSWORD }), 400, 'Senha atual incorreta.');
      await expectUnchanged(s);
    });

    it('weak new password', async () => {
      const s = await setup();
      expectError(await patch(s.current, { senha: TEST_PASSWORD, novaSenha: 'fraquinha' }), 400, 'A senha deve ter pelo menos 8 caracteres, 1 letra maiúscula, 1 número e 1 caractere especial.');
      await expectUnchanged(s);
    });

    it('new password equal to the current one', async () => {
      const s = await setup();
      expectError(await patch(s.current, { senha: TEST_PASSWORD, novaSenha: TEST_PASSWORD }), 400, 'A nova senha deve ser diferente da atual.');
      await expectUnchanged(s);
    });

    it('missing fields', async () => {
      const s = await setup();
      expectError(await patch(s.current, {}), 400, 'Preencha todos os campos obrigatórios.');
      expectError(await patch(s.current, { senha: TEST_PASSWORD }), 400, 'Preencha todos os campos obrigatórios.');
      await expectUnchanged(s);
    });

    it('an account created by social login has no password to change', async () => {
      const { usuario: user } = await createUser(t.prisma, { social: true });
      const { token } = (await openSession(t.app, user.id, {})).token;
      expectError(await patch(token, { senha: TEST_PASSWORD, novaSenha: OTHER_PASSWORD }), 400, 'Contas criadas com Google ou Facebook não têm senha para alterar.');
      expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).senhaHash).toBeNull();
    });

    it('401 without a token or with a revoked one', async () => {
      const s = await setup();
      expectError(await patch(undefined, { senha: TEST_PASSWORD, novaSenha: OTHER_PASSWORD }), 401);
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(s.current) });
      expectError(await patch(s.current, { senha: TEST_PASSWORD, novaSenha: OTHER_PASSWORD }), 401);
      await expectUnchanged(s);
    });
  });
});
