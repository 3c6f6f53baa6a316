import { expect, type APIRequestContext } from '@playwright/test';
import { randomName, strongPassword, uniqueEmail, validCpf } from './data';
import { extractLink, readMail } from './mail';

export interface TestAccount {
  email: string;
  senha: string;
  nome: string;
  primeiroNome: string;
  cpf: string;
}

export const ACTIVATION_SUBJECT = 'Ative sua conta';
export const RESET_SUBJECT = 'Redefinição de senha';

/** Signs a member up through the API (POST /api/usuario); the account stays pending activation. */
export async function createPendingAccount(request: APIRequestContext, prefix = 'membro'): Promise<TestAccount> {
  const { nome: name, primeiroNome: firstName } = randomName();
  const account = { email: uniqueEmail(prefix), senha: strongPassword(), nome: name, primeiroNome: firstName, cpf: validCpf() };
  const res = await request.post('/api/usuario', {
    data: {
      email: account.email,
      senha: account.senha,
      cpf: account.cpf,
      nome: account.nome,
      celular: '11987654321',
      cep: '01310100',
      dataNascimento: '1991-08-20',
      genero: 'mulher',
      optin: false,
      optinSms: false,
    },
  });
  expect(res.status(), `POST /api/usuario: ${await res.text()}`).toBe(201);
  return account;
}

/** A fresh, activated member: signed up through the API, activated with the e-mailed link. */
export async function createActiveAccount(request: APIRequestContext, prefix = 'membro'): Promise<TestAccount> {
  const account = await createPendingAccount(request, prefix);
  const mail = await readMail(account.email, ACTIVATION_SUBJECT);
  const hash = new URL(extractLink(mail, '/ativar-conta')).searchParams.get('q');
  const res = await request.post('/api/usuario/ativar-conta', { data: { hash } });
  expect(res.status(), `POST /api/usuario/ativar-conta: ${await res.text()}`).toBe(200);
  return account;
}
