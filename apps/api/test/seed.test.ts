import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUserSchema } from '@legiao/contracts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../src/db/seed.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, login } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('seedDemo', () => {
  it('is idempotent: three demo accounts, however often it runs', async () => {
    await seedDemo(t.prisma, { bcryptCost: 4 });
    const before = await t.prisma.usuario.findMany({ where: { email: { in: DEMO_ACCOUNTS.map((a) => a.email) } }, orderBy: { email: 'asc' } });
    expect(await seedDemo(t.prisma, { bcryptCost: 4 })).toBe(0);
    const after = await t.prisma.usuario.findMany({ where: { email: { in: DEMO_ACCOUNTS.map((a) => a.email) } }, orderBy: { email: 'asc' } });
    expect(after).toHaveLength(3);
    expect(after).toEqual(before); // existing rows are left alone
    expect(await t.prisma.usuario.count({ where: { cpf: { in: DEMO_ACCOUNTS.map((a) => a.cpf) } } })).toBe(3);
  });

  it('creates accounts that can log in with the demo password', async () => {
    await seedDemo(t.prisma, { bcryptCost: 4 });
    for (const account of DEMO_ACCOUNTS) {
      const res = await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: bearer(await login(t.app, account.email, DEMO_PASSWORD)) });
      expect(res.statusCode).toBe(200);
      const user = signedInUserSchema.parse(res.json());
      expect(user).toMatchObject({ email: account.email, nome: account.nome, cpf: account.cpf, ativo: true, lead: account.tipo === 'lead', colaborador: account.tipo === 'colaborador', perfilCompleto: true });
    }
  });
});
