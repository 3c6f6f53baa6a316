import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validOptinResponseSchema } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { maskCpf, randomCpf, withWrongCheckDigit } from './support/cpf.js';
import { createUser, expectError, uniqueEmail } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/usuario/valid-email', () => {
  it('answers 200 for an address nobody uses', async () => {
    const res = await get(`/api/usuario/valid-email?email=${encodeURIComponent(uniqueEmail())}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'E-mail disponível' });
  });

  it("answers 409 'E-mail já cadastrado!' for a taken address, whatever its case", async () => {
    const { email } = await createUser(t.prisma);
    expectError(await get(`/api/usuario/valid-email?email=${encodeURIComponent(email)}`), 409, 'E-mail já cadastrado!');
    expectError(await get(`/api/usuario/valid-email?email=${encodeURIComponent(email.toUpperCase())}`), 409, 'E-mail já cadastrado!');
    expectError(await get(`/api/usuario/valid-email?email=${encodeURIComponent(`  ${email} `)}`), 409, 'E-mail já cadastrado!');
  });

  it('answers 400 in Portuguese for a malformed or missing address', async () => {
    for (const bad of ['sem-arroba.com', 'a b@c.com', 'a@semponto', 'a@@b.com']) {
      expectError(await get(`/api/usuario/valid-email?email=${encodeURIComponent(bad)}`), 400, 'Informe um e-mail válido.');
    }
    expectError(await get('/api/usuario/valid-email'), 400, 'Informe um e-mail válido.');
  });
});

describe('GET /api/usuario/valid-optin', () => {
  it('answers all false for an unknown address', async () => {
    const res = await get(`/api/usuario/valid-optin?email=${encodeURIComponent(uniqueEmail())}`);
    expect(res.statusCode).toBe(200);
    expect(validOptinResponseSchema.parse(res.json())).toEqual({ optin: false, optinSms: false, optout: false });
  });

  it('tells which consents the member already gave (case-insensitive address)', async () => {
    const a = await createUser(t.prisma, { optInEmail: true, optInSms: false });
    const b = await createUser(t.prisma, { optInEmail: false, optInSms: true });
    expect((await get(`/api/usuario/valid-optin?email=${encodeURIComponent(a.email.toUpperCase())}`)).json()).toEqual({ optin: true, optinSms: false, optout: false });
    expect((await get(`/api/usuario/valid-optin?email=${encodeURIComponent(b.email)}`)).json()).toEqual({ optin: false, optinSms: true, optout: false });
  });

  it('answers optout true once a consent was withdrawn', async () => {
    const { usuario: user } = await createUser(t.prisma);
    await t.prisma.usuario.update({ where: { id: user.id }, data: { optOut: true } });
    expect((await get(`/api/usuario/valid-optin?email=${encodeURIComponent(user.email)}`)).json()).toEqual({ optin: false, optinSms: false, optout: true });
  });

  it('answers 400 for a malformed address', async () => {
    expectError(await get('/api/usuario/valid-optin?email=nada'), 400, 'Informe um e-mail válido.');
  });
});

describe('GET /api/usuario/valid-cpf', () => {
  it("answers the exact text 'CPF existe' for a registered CPF, masked or not", async () => {
    const { usuario: user } = await createUser(t.prisma);
    for (const cpf of [user.cpf!, maskCpf(user.cpf!)]) {
      const res = await get(`/api/usuario/valid-cpf?cpf=${encodeURIComponent(cpf)}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('CPF existe');
    }
  });

  it("answers something other than 'CPF existe' for a free CPF", async () => {
    const res = await get(`/api/usuario/valid-cpf?cpf=${randomCpf()}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('CPF existe');
    expect(res.body).toBe('CPF disponível');
  });

  it("answers 400 'CPF inválido.' for wrong check digits, repeated digits or the wrong length", async () => {
    for (const bad of [withWrongCheckDigit(randomCpf()), '11111111111', '1234567890', '']) {
      expectError(await get(`/api/usuario/valid-cpf?cpf=${bad}`), 400, 'CPF inválido.');
    }
    expectError(await get('/api/usuario/valid-cpf'), 400, 'CPF inválido.');
  });
});
