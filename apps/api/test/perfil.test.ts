import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUserSchema, type UpdateProfileInput } from '@legiao/contracts';
import { openSession } from '../src/features/auth/session.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { maskCpf, randomCpf } from './support/cpf.js';
import { UNKNOWN_CEP } from './support/fake-cep.js';
import { bearer, createUser, expectError, login, uniqueEmail } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const put = (token: string | undefined, payload: UpdateProfileInput | Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/usuario', headers: token ? bearer(token) : {}, payload });
const row = (id: string) => t.prisma.usuario.findUniqueOrThrow({ where: { id } });

async function member(overrides: Parameters<typeof createUser>[1] = {}) {
  const created = await createUser(t.prisma, overrides);
  // Social accounts have no password to log in with (social login isn't built yet): open the session directly.
  const token = overrides.social ? (await openSession(t.app, created.usuario.id, {})).token.token : await login(t.app, created.email);
  return { ...created, token };
}

describe('PUT /api/usuario', () => {
  it('updates the profile and fills the address from the CEP', async () => {
    const { usuario: user, token } = await member();
    const res = await put(token, {
      nome: 'Joana Atualizada',
      celular: '(31) 99876-5432',
      dataNascimento: '1985-12-01T00:00:00.000Z',
      genero: 'naobinario',
      cep: '20040-002',
      numero: '55',
      complemento: 'Sala 3',
      optIn: true,
      optInSms: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = signedInUserSchema.parse(res.json());
    expect(body).toMatchObject({ id: user.id, nome: 'Joana Atualizada', celular: '31998765432', endereco: 'Avenida Rio Branco', cidade: 'Rio de Janeiro', uf: 'RJ' });

    const after = await row(user.id);
    expect(after).toMatchObject({
      nome: 'Joana Atualizada',
      celular: '31998765432',
      genero: 'naobinario',
      cep: '20040002',
      endereco: 'Avenida Rio Branco',
      numero: '55',
      complemento: 'Sala 3',
      cidade: 'Rio de Janeiro',
      uf: 'RJ',
      optInEmail: true,
      optInSms: true,
      optInWhatsapp: true,
      optOut: false,
      email: user.email,
      cpf: user.cpf,
    });
    expect(after.dataNascimento?.toISOString().slice(0, 10)).toBe('1985-12-01');
  });

  it('never changes the e-mail', async () => {
    const { usuario: user, token } = await member();
    const res = await put(token, { nome: 'Joana', celular: '11987654321', email: uniqueEmail('novo') });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(user.email);
    expect((await row(user.id)).email).toBe(user.email);
  });

  it('refuses a different CPF once one is set, changing nothing', async () => {
    const { usuario: user, token } = await member();
    expectError(await put(token, { nome: 'Outro Nome', celular: '11987654321', cpf: randomCpf() }), 400, 'O CPF não pode ser alterado.');
    expect(await row(user.id)).toEqual(user);
    // The same CPF, even masked, is no change.
    expect((await put(token, { nome: 'Outro Nome', celular: '11987654321', cpf: maskCpf(user.cpf!) })).statusCode).toBe(200);
  });

  it('lets a social account without CPF set one', async () => {
    const { usuario: user, token } = await member({ cpf: null, social: true });
    const cpf = randomCpf();
    expect((await put(token, { nome: 'Social', celular: '11987654321', cpf })).statusCode).toBe(200);
    expect((await row(user.id)).cpf).toBe(cpf);
  });

  it("answers 409 'CPF já cadastrado!' when a social account claims someone else's CPF", async () => {
    const other = await createUser(t.prisma);
    const { usuario: user, token } = await member({ cpf: null, social: true });
    expectError(await put(token, { nome: 'Social', celular: '11987654321', cpf: other.usuario.cpf }), 409, 'CPF já cadastrado!');
    expect(await row(user.id)).toEqual(user);
  });

  it('refuses bad fields in Portuguese and changes nothing', async () => {
    const { usuario: user, token } = await member();
    const cases: [Record<string, unknown>, string][] = [
      [{ nome: 'Novo Nome', celular: '123' }, 'Informe um celular válido com DDD.'],
      [{ nome: 'Novo Nome' }, 'Preencha todos os campos obrigatórios.'],
      [{ celular: '11987654321' }, 'Preencha todos os campos obrigatórios.'],
      [{ nome: 'Novo Nome', celular: '11987654321', cep: '123' }, 'CEP inválido'],
      [{ nome: 'Novo Nome', celular: '11987654321', dataNascimento: '31/02/2000' }, 'Informe uma data de nascimento válida.'],
      [{ nome: 'Novo Nome', celular: '11987654321', genero: 'xyz' }, 'Escolha uma opção de gênero.'],
    ];
    for (const [payload, message] of cases) expectError(await put(token, payload), 400, message);
    expect(await row(user.id)).toEqual(user);
  });

  it("answers 400 'CEP inválido' for a CEP the postal service doesn't know, changing nothing", async () => {
    const { usuario: user, token } = await member();
    expectError(await put(token, { nome: 'Novo Nome', celular: '11987654321', cep: UNKNOWN_CEP }), 400, 'CEP inválido');
    expect(await row(user.id)).toEqual(user);
  });

  it('remembers a withdrawn consent as optout', async () => {
    const { usuario: user, token } = await member({ optInEmail: true, optInSms: true });
    const res = await put(token, { nome: 'Joana', celular: '11987654321', optIn: false });
    expect(res.statusCode).toBe(200);
    expect(await row(user.id)).toMatchObject({ optInEmail: false, optInSms: true, optOut: true });
    const optin = await t.app.inject({ method: 'GET', url: `/api/usuario/valid-optin?email=${encodeURIComponent(user.email)}` });
    expect(optin.json()).toEqual({ optin: false, optinSms: true, optout: true });
  });

  it("changes only the token's owner, whatever ids the body carries", async () => {
    const a = await member();
    const b = await member();
    const res = await put(b.token, { id: a.usuario.id, email: a.email, hash: a.usuario.hash, nome: 'Mudou B', celular: '11912345678' });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(b.usuario.id);
    expect(await row(a.usuario.id)).toEqual(a.usuario);
    expect(await row(b.usuario.id)).toMatchObject({ nome: 'Mudou B', celular: '11912345678', email: b.email });
  });

  it('answers 401 without a valid token and changes nothing', async () => {
    const { usuario: user } = await member();
    expectError(await put(undefined, { nome: 'Invasor', celular: '11987654321' }), 401);
    expectError(await put('lixo', { nome: 'Invasor', celular: '11987654321' }), 401);
    expect(await row(user.id)).toEqual(user);
  });
});
