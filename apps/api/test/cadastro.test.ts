import bcrypt from 'bcrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupResponseSchema } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { maskCpf, randomCpf, withWrongCheckDigit } from './support/cpf.js';
import { CEP_PROVIDER_DOWN, UNKNOWN_CEP } from './support/fake-cep.js';
import { createUser, expectError, signupPayload, TEST_PASSWORD, uniqueEmail, type SignupBody } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signup = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/usuario', payload: payload as object });
const countByEmail = (email: string) => t.prisma.usuario.count({ where: { email: email.toLowerCase() } });

describe('POST /api/usuario', () => {
  it('creates an inactive member with a bcrypt hash and the address the postal service gave', async () => {
    const payload = signupPayload({ email: uniqueEmail('Nova.Pessoa').toUpperCase(), cpf: maskCpf(randomCpf()), celular: '(11) 98765-4321', genero: 'Prefiro nao dizer', optin: true, endereco: 'Rua que o navegador mandou' });
    const res = await signup(payload);
    expect(res.statusCode, res.body).toBe(201);
    const body = signupResponseSchema.parse(res.json());
    expect(body).toEqual({ message: 'Inscrição realizada com sucesso!', email: payload.email.toLowerCase() });

    const row = await t.prisma.usuario.findUniqueOrThrow({ where: { email: payload.email.toLowerCase() } });
    expect(row.ativo).toBe(false);
    expect(row.ativadoEm).toBeNull();
    expect(row.senhaHash).not.toBe(TEST_PASSWORD);
    expect(row.senhaHash).toMatch(/^\$2[aby]\$/);
    expect(await bcrypt.compare(TEST_PASSWORD, row.senhaHash!)).toBe(true);
    expect(row).toMatchObject({
      nome: 'Maria da Silva',
      cpf: payload.cpf.replace(/\D/g, ''),
      celular: '11987654321',
      cep: '01310100',
      endereco: 'Avenida Paulista',
      cidade: 'São Paulo',
      uf: 'SP',
      genero: 'naodizer',
      optInEmail: true,
      optInSms: false,
    });
    expect(row.dataNascimento?.toISOString().slice(0, 10)).toBe('1990-05-17');
    const mails = await t.prisma.emailSaida.count({ where: { para: row.email } });
    expect(mails).toBe(1);
  });

  it("answers 'Preencha todos os campos obrigatórios.' when any required field is missing or empty, and creates nothing", async () => {
    const required: (keyof SignupBody)[] = ['email', 'senha', 'cpf', 'nome', 'celular', 'dataNascimento', 'cep'];
    for (const field of required) {
      for (const value of [undefined, '']) {
        const payload = signupPayload();
        const body: Record<string, unknown> = { ...payload, [field]: value };
        if (value === undefined) delete body[field];
        expectError(await signup(body), 400, 'Preencha todos os campos obrigatórios.');
        expect(await countByEmail(payload.email)).toBe(0);
      }
    }
    expectError(await signup({}), 400, 'Preencha todos os campos obrigatórios.');
  });

  it('refuses a weak password with the rules message', async () => {
    for (const password of ['senha@123', 'SENHA@ABC', 'Senha1234', 'Se@1']) {
      const payload = signupPayload({ senha: password });
      expectError(await signup(payload), 400, 'A senha deve ter pelo menos 8 caracteres, 1 letra maiúscula, 1 número e 1 caractere especial.');
      expect(await countByEmail(payload.email)).toBe(0);
    }
  });

  it("refuses an invalid CPF with 'CPF inválido.'", async () => {
    for (const cpf of [withWrongCheckDigit(randomCpf()), '00000000000', '123']) {
      const payload = signupPayload({ cpf });
      expectError(await signup(payload), 400, 'CPF inválido.');
      expect(await countByEmail(payload.email)).toBe(0);
    }
  });

  it('refuses other malformed fields in Portuguese', async () => {
    const cases: [Partial<SignupBody>, string][] = [
      [{ email: 'nao-e-email' }, 'Informe um e-mail válido.'],
      [{ celular: '1234' }, 'Informe um celular válido com DDD.'],
      [{ dataNascimento: 'ontem' }, 'Informe uma data de nascimento válida.'],
      [{ genero: 'robo' }, 'Escolha uma opção de gênero.'],
      [{ cep: '123' }, 'CEP inválido'],
    ];
    for (const [override, message] of cases) {
      const payload = signupPayload(override);
      expectError(await signup(payload), 400, message);
      expect(await t.prisma.usuario.count({ where: { cpf: payload.cpf } })).toBe(0);
    }
  });

  it("answers 409 'E-mail já cadastrado!' for a taken address in another case", async () => {
    const { email } = await createUser(t.prisma);
    const payload = signupPayload({ email: email.toUpperCase() });
    expectError(await signup(payload), 409, 'E-mail já cadastrado!');
    expect(await countByEmail(email)).toBe(1);
    expect(await t.prisma.usuario.count({ where: { cpf: payload.cpf } })).toBe(0);
  });

  it("answers 409 'CPF já cadastrado!' for a taken CPF, masked or not", async () => {
    const { usuario: user } = await createUser(t.prisma);
    const payload = signupPayload({ cpf: maskCpf(user.cpf!) });
    expectError(await signup(payload), 409, 'CPF já cadastrado!');
    expect(await countByEmail(payload.email)).toBe(0);
  });

  it("answers 400 'CEP inválido' when the postal service doesn't know the CEP", async () => {
    const payload = signupPayload({ cep: UNKNOWN_CEP });
    expectError(await signup(payload), 400, 'CEP inválido');
    expect(await countByEmail(payload.email)).toBe(0);
  });

  it('still signs up when the postal service is down, keeping the address the form sent', async () => {
    const payload = signupPayload({ cep: CEP_PROVIDER_DOWN, endereco: 'Rua das Flores', cidade: 'Campinas', uf: 'sp' });
    const res = await signup(payload);
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.prisma.usuario.findUniqueOrThrow({ where: { email: payload.email } });
    expect(row).toMatchObject({ cep: CEP_PROVIDER_DOWN, endereco: 'Rua das Flores', cidade: 'Campinas', uf: 'SP', ativo: false });
  });

  it('lets exactly one of five simultaneous sign-ups with the same e-mail through', async () => {
    const email = uniqueEmail('corrida');
    const results = await Promise.all(Array.from({ length: 5 }, () => signup(signupPayload({ email }))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) expectError(r, 409, 'E-mail já cadastrado!');
    expect(await countByEmail(email)).toBe(1);
  });

  it('lets exactly one of five simultaneous sign-ups with the same CPF through', async () => {
    const cpf = randomCpf();
    const results = await Promise.all(Array.from({ length: 5 }, () => signup(signupPayload({ cpf }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) expectError(r, 409, 'CPF já cadastrado!');
    expect(await t.prisma.usuario.count({ where: { cpf } })).toBe(1);
  });
});
