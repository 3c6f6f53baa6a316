import { expect, test, type Page } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { formatCpf, randomPhone, randomName, strongPassword, uniqueEmail, validCpf } from '../support/data';
import { UNREACHABLE_CEP } from '../support/fake-cep';
import { field, signIn, snap, visibleText } from '../support/ui';

// Issue 14 item 5: with the postal-code service down, GET /api/cep answers 503 and the sign-up and
// profile forms open the address fields with a notice, instead of leaving the member stuck.

const NOTICE = 'Não conseguimos consultar o CEP agora. Preencha endereço, cidade e estado abaixo.';
const maskedCep = `${UNREACHABLE_CEP.slice(0, 5)}-${UNREACHABLE_CEP.slice(5)}`;

async function fillAddressByHand(page: Page) {
  await field(page, 'Endereço').fill('Rua das Laranjeiras, 100');
  await field(page, 'Cidade').fill('Brasília');
  await field(page, 'Estado').selectOption('DF');
}

test('cadastro com o serviço de CEP fora do ar: aviso e endereço digitado à mão', async ({ page, request }) => {
  const cep = await request.get(`/api/cep/${UNREACHABLE_CEP}`);
  expect(cep.status(), 'a API mantém o 503').toBe(503);

  const email = uniqueEmail('cep-manual');
  const password = strongPassword();
  const { nome: name } = randomName();
  const cpf = validCpf();
  await page.goto('/cadastro');
  await field(page, 'E-mail').fill(email);
  await field(page, 'Confirme seu e-mail').fill(email);
  await page.getByRole('button', { name: 'AVANÇAR', exact: true }).click();
  await field(page, 'Senha').fill(password);
  await field(page, 'Confirme sua senha').fill(password);
  await page.getByRole('button', { name: 'AVANÇAR', exact: true }).click();
  await field(page, 'Nome completo').fill(name);
  await field(page, 'CPF').fill(cpf);
  await expect(field(page, 'CPF')).toHaveValue(formatCpf(cpf));
  await page.getByRole('button', { name: 'AVANÇAR', exact: true }).click();

  await expect(visibleText(page, 'Etapa 3 de 3')).toBeVisible();
  await field(page, 'Celular').fill(randomPhone().digits);
  await field(page, 'Data de nascimento').fill('1990-01-02');
  await field(page, 'CEP').fill(UNREACHABLE_CEP);
  await expect(field(page, 'CEP')).toHaveValue(maskedCep);
  await field(page, 'Gênero').selectOption({ label: 'Mulher' });
  await page.getByLabel('Li e aceito os termos de uso').check();
  await expect(field(page, 'Endereço'), 'sem falha, o endereço vem do CEP').toHaveCount(0);
  await page.getByRole('button', { name: 'FINALIZAR', exact: true }).click();

  await expect(page.getByRole('status').filter({ hasText: NOTICE })).toBeVisible();
  await expect(page).toHaveURL(/\/cadastro$/);
  await snap(page, 'cadastro-cep-indisponivel');
  await fillAddressByHand(page);
  await page.getByRole('button', { name: 'FINALIZAR', exact: true }).click();

  await expect(page).toHaveURL(/\/cadastro\/confirmacao$/);
  await expect(visibleText(page, 'Inscrição realizada com sucesso!')).toBeVisible();
});

test('perfil com o serviço de CEP fora do ar: aviso, endereço editável e salvo', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'perfil-cep-manual');
  // The profile form is the subject, not the login form: a session made through the API.
  await signIn(page, account.email, account.senha, '/editar-perfil');
  await expect(field(page, 'Nome completo')).toHaveValue(account.nome);
  await expect(field(page, 'Endereço')).toBeDisabled();

  await field(page, 'CEP').clear();
  await field(page, 'CEP').fill(UNREACHABLE_CEP);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: NOTICE })).toBeVisible();
  await expect(visibleText(page, 'CEP não encontrado'), 'o CEP não é dado como errado').toHaveCount(0);
  await expect(field(page, 'Endereço')).toBeEditable();
  await snap(page, 'perfil-cep-indisponivel');
  await fillAddressByHand(page);
  await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
  await expect(visibleText(page, 'Perfil atualizado com sucesso!')).toBeVisible();

  await page.goto('/editar-perfil');
  await expect(field(page, 'CEP')).toHaveValue(maskedCep);
  await expect(field(page, 'Endereço')).toHaveValue('Rua das Laranjeiras, 100');
  await expect(field(page, 'Cidade')).toHaveValue('Brasília');
  await expect(field(page, 'Estado')).toHaveValue('DF');
});
