import { expect, test, type Page } from '@playwright/test';
import { ACTIVATION_SUBJECT } from '../support/accounts';
import { formatCpf, randomPhone, randomName, strongPassword, uniqueEmail, validCpf } from '../support/data';
import { DEMO } from '../support/env';
import { extractLink, readMail } from '../support/mail';
import { action, field, snap, visibleText } from '../support/ui';

interface Signup {
  email: string;
  senha: string;
  nome: string;
  cpf: string;
}

const newSignup = (): Signup & { primeiroNome: string } => {
  const { nome: name, primeiroNome: firstName } = randomName();
  return { email: uniqueEmail('cadastro'), senha: strongPassword(), nome: name, primeiroNome: firstName, cpf: validCpf() };
};

async function emailStep(page: Page, email: string, screens = false) {
  const advance = page.getByRole('button', { name: 'AVANÇAR', exact: true });
  await field(page, 'E-mail').fill(email);
  await field(page, 'Confirme seu e-mail').fill(email.replace('@', '@x'));
  await expect(advance, 'AVANÇAR fica desabilitado com e-mails diferentes').toBeDisabled();
  await field(page, 'Confirme seu e-mail').fill(email);
  if (screens) await snap(page, 'cadastro-1-email');
  await advance.click();
}

async function passwordStep(page: Page, password: string, screens = false) {
  await expect(field(page, 'Senha')).toBeVisible();
  await expect(visibleText(page, 'Etapa 1 de 3')).toBeVisible();
  for (const rule of ['1 Letra maiúscula', '1 Número', '1 Caractere especial (ex:#?!)']) {
    await expect(visibleText(page, rule)).toBeVisible();
  }
  await field(page, 'Senha').fill(password);
  await field(page, 'Confirme sua senha').fill(password);
  if (screens) await snap(page, 'cadastro-2-senha');
  await page.getByRole('button', { name: 'AVANÇAR', exact: true }).click();
}

async function dataStep(page: Page, name: string, cpf: string, screens = false) {
  await expect(visibleText(page, 'Etapa 2 de 3')).toBeVisible();
  await field(page, 'Nome completo').fill(name);
  await field(page, 'CPF').fill(cpf);
  await expect(field(page, 'CPF')).toHaveValue(formatCpf(cpf));
  if (screens) await snap(page, 'cadastro-3-dados');
  await page.getByRole('button', { name: 'AVANÇAR', exact: true }).click();
}

async function contactStep(page: Page, cep: string, screens = false) {
  await expect(visibleText(page, 'Etapa 3 de 3')).toBeVisible();
  const phone = randomPhone();
  await field(page, 'Celular').fill(phone.digits);
  await expect(field(page, 'Celular')).toHaveValue(phone.masked);
  await field(page, 'Data de nascimento').fill('1992-03-04');
  await field(page, 'CEP').fill(cep);
  await expect(field(page, 'CEP')).toHaveValue(`${cep.slice(0, 5)}-${cep.slice(5)}`);
  await field(page, 'Gênero').selectOption({ label: 'Mulher' });
  await page.getByLabel('Li e aceito os termos de uso').check();
  if (screens) await snap(page, 'cadastro-4-contato');
  await page.getByRole('button', { name: 'FINALIZAR', exact: true }).click();
}

/**
 * Step 4 again after a refused CEP: only the CEP is typed anew, as a person would; the rest stays as
 * it was filled (filled over by Playwright, the full Celular field kept its old number).
 */
async function fixCep(page: Page, cep: string, screens = false) {
  await expect(visibleText(page, 'Etapa 3 de 3')).toBeVisible();
  await field(page, 'CEP').fill(cep);
  await expect(field(page, 'CEP')).toHaveValue(`${cep.slice(0, 5)}-${cep.slice(5)}`);
  if (screens) await snap(page, 'cadastro-4-contato');
  await page.getByRole('button', { name: 'FINALIZAR', exact: true }).click();
}

// One sign-up walks the whole wizard: a CPF already registered stops it at step 3 and an unknown
// CEP at step 4, each corrected where the person is, then the sign-up ends, the account is
// activated and the first login is made through the form (the subject here). The refusals were
// two tests of their own, each loading /cadastro and typing steps 1 and 2 again for nothing.
test('cadastro em 4 etapas, com CPF já cadastrado e CEP desconhecido recusados, ativação pelo e-mail e primeiro login', async ({ page }) => {
  const c = newSignup();

  await page.goto('/');
  await snap(page, 'landing');
  await action(page, 'Cadastre-se').click();
  await expect(page).toHaveURL(/\/cadastro$/);

  await emailStep(page, c.email, true);
  await passwordStep(page, c.senha, true);

  await test.step('CPF já cadastrado impede a etapa 4', async () => {
    await dataStep(page, c.nome, DEMO.cpf.replace(/\D/g, ''));
    await expect(visibleText(page, 'CPF já cadastrado!')).toBeVisible();
    await expect(field(page, 'CPF'), 'continua na etapa 3').toBeVisible();
    await expect(field(page, 'Celular')).toHaveCount(0);
    await snap(page, 'cadastro-cpf-ja-cadastrado');
  });
  await dataStep(page, c.nome, c.cpf, true);

  await test.step('CEP desconhecido mostra CEP inválido e não conclui o cadastro', async () => {
    await contactStep(page, '99999999');
    await expect(visibleText(page, 'CEP inválido')).toBeVisible();
    await expect(page).toHaveURL(/\/cadastro$/);
    await snap(page, 'cadastro-cep-invalido');
  });
  await fixCep(page, '01310100', true);

  await expect(page).toHaveURL(/\/cadastro\/confirmacao$/);
  await expect(visibleText(page, 'Inscrição realizada com sucesso!')).toBeVisible();
  await expect(action(page, 'LOGIN')).toBeVisible();
  await snap(page, 'cadastro-confirmacao');

  const link = extractLink(await readMail(c.email, ACTIVATION_SUBJECT), '/ativar-conta');
  await page.goto(link);
  await expect(visibleText(page, 'Sua conta foi ativada com sucesso!')).toBeVisible();
  await snap(page, 'ativar-conta');
  await action(page, 'Acessar').click();

  await expect(page).toHaveURL(/\/login\?e=/);
  const e = new URL(page.url()).searchParams.get('e') ?? '';
  expect(Buffer.from(e, 'base64').toString('utf8'), 'e= leva o e-mail em base64').toBe(c.email);
  await expect(field(page, 'E-mail')).toHaveValue(c.email);
  await expect(field(page, 'Senha'), 'a senha recebe o foco quando o e-mail vem preenchido').toBeFocused();
  await field(page, 'Senha').fill(c.senha);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(visibleText(page, `Olá, ${c.primeiroNome}`)).toBeVisible();
  await snap(page, 'home');
});
