import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser, expectError, TEST_PASSWORD, uniqueEmail } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' } });
});
afterAll(() => t.close());

describe('rate limit on the auth calls', () => {
  it('answers 429 in Portuguese from the 4th login in the window, even with the right password', async () => {
    const { email } = await createUser(t.prisma);
    for (let i = 0; i < 3; i++) {
      expectError(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: 'Errada@123' } }), 401);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: TEST_PASSWORD } });
    expectError(res, 429, 'Muitas tentativas. Aguarde um minuto e tente novamente.');
    expect(await t.prisma.sessao.count({ where: { usuario: { email } } })).toBe(0);

    // Counted per route: other calls still answer.
    expect((await t.app.inject({ method: 'GET', url: `/api/usuario/valid-email?email=${uniqueEmail()}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
