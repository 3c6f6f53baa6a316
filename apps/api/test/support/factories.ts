import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { errorResponseSchema } from '@legiao/contracts';
import type { Db } from '../../src/db/prisma.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { randomCpf } from './cpf.js';

/** Meets every password rule (letter, uppercase, digit, special, 8+). */
export const TEST_PASSWORD = 'Senha@123';
export const OTHER_PASSWORD = 'Outra#Senha9';

/** A unique lower-case address: tests in parallel workers share one database. */
export const uniqueEmail = (tag = 'pessoa') => `${tag}.${randomUUID().replace(/-/g, '').slice(0, 16)}@teste.legiao.dev`;

/** The sign-up body as the web app sends it (the contract's input type is `unknown` per field). */
export interface SignupBody {
  email: string;
  senha: string;
  cpf: string;
  nome: string;
  celular: string;
  cep: string;
  dataNascimento: string;
  genero: string;
  endereco?: string;
  cidade?: string;
  uf?: string;
  optin?: boolean;
  optinSms?: boolean;
  hashIndicacao?: string;
  origem?: string;
}

/** A complete, valid sign-up body (POST /api/usuario) with a unique e-mail and CPF. */
export function signupPayload(overrides: Partial<SignupBody> = {}): SignupBody {
  return {
    email: uniqueEmail('cadastro'),
    senha: TEST_PASSWORD,
    cpf: randomCpf(),
    nome: 'Maria da Silva',
    celular: '11987654321',
    cep: '01310100',
    dataNascimento: '1990-05-17',
    genero: 'mulher',
    optin: false,
    optinSms: false,
    ...overrides,
  };
}

/** Inserts a member straight into the database (active unless told otherwise). */
export async function createUser(prisma: Db, overrides: { ativo?: boolean; senha?: string; email?: string; cpf?: string | null; optInEmail?: boolean; optInSms?: boolean; social?: boolean } = {}) {
  const password = overrides.senha ?? TEST_PASSWORD;
  const user = await prisma.usuario.create({
    data: {
      email: overrides.email ?? uniqueEmail('membro'),
      senhaHash: overrides.social ? null : await hashPassword(password, 4),
      nome: 'Joana Membro',
      cpf: overrides.cpf === undefined ? randomCpf() : overrides.cpf,
      celular: '21987654321',
      cep: '01310100',
      endereco: 'Avenida Paulista',
      numero: '1000',
      cidade: 'São Paulo',
      uf: 'SP',
      dataNascimento: new Date('1988-02-29'),
      genero: 'mulher',
      optInEmail: overrides.optInEmail ?? false,
      optInSms: overrides.optInSms ?? false,
      social: overrides.social ?? false,
      ativo: overrides.ativo ?? true,
      ativadoEm: overrides.ativo === false ? null : new Date(),
    },
  });
  return { usuario: user, email: user.email, senha: password };
}

export async function login(app: FastifyInstance, email: string, password: string = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token.token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Asserts the one error shape, its status and its first (shown) message. */
export function expectError(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const body = errorResponseSchema.parse(res.json());
  if (message !== undefined) expect(body.errors[0]!.message).toBe(message);
  return body;
}
