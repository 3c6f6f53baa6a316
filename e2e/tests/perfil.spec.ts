import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { randomPhone, randomName } from '../support/data';
import { action, field, signIn, snap, visibleText } from '../support/ui';

// One member's profile, edited once: an unknown CEP first (it was a test of its own, with its own
// member and login for the same page), then the edit that is saved and reloaded.
test('CEP desconhecido mostra CEP não encontrado; edita nome, celular e endereço pelo CEP; a recarga mostra os novos valores', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'perfil');
  // The profile form is the subject, not the login form: a session made through the API.
  await signIn(page, account.email, account.senha, '/editar-perfil');
  await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
  await expect(field(page, 'Nome completo')).toHaveValue(account.nome);
  await snap(page, 'perfil');

  await test.step('CEP desconhecido mostra CEP não encontrado', async () => {
    await field(page, 'CEP').clear();
    await field(page, 'CEP').fill('99999999');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(visibleText(page, 'CEP não encontrado')).toBeVisible();
    await snap(page, 'perfil-cep-nao-encontrado');
  });

  const { nome: name } = randomName();
  const phone = randomPhone();
  await field(page, 'Nome completo').fill(name);
  // Clear first, as a person would: inserting over the whole masked value is ignored by the mask.
  await field(page, 'Celular').clear();
  await field(page, 'Celular').fill(phone.digits);
  await expect(field(page, 'Celular')).toHaveValue(phone.masked);

  await expect(field(page, 'Endereço'), 'endereço vem só do CEP').toBeDisabled();
  await expect(field(page, 'Cidade')).toBeDisabled();
  await expect(field(page, 'Estado')).toBeDisabled();
  await field(page, 'CEP').clear();
  await field(page, 'CEP').fill('01001000');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(field(page, 'Endereço')).toHaveValue('Praça da Sé');
  await expect(field(page, 'Cidade')).toHaveValue('São Paulo');
  await expect(field(page, 'Estado')).toHaveValue('SP');
  await field(page, 'Número').fill('42');
  await field(page, 'Complemento').fill('Sala 3');

  await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
  await expect(visibleText(page, 'Perfil atualizado com sucesso!')).toBeVisible();
  await expect(action(page, 'Ir para a home')).toBeVisible();
  await snap(page, 'perfil-atualizado');

  await page.reload();
  await expect(field(page, 'Nome completo')).toHaveValue(name);
  await expect(field(page, 'Celular')).toHaveValue(phone.masked);
  await expect(field(page, 'CEP')).toHaveValue('01001-000');
  await expect(field(page, 'Endereço')).toHaveValue('Praça da Sé');
  await expect(field(page, 'Número')).toHaveValue('42');
  await expect(field(page, 'Complemento')).toHaveValue('Sala 3');
  await expect(field(page, 'E-mail'), 'e-mail só leitura').not.toBeEditable();
  await expect(field(page, 'CPF'), 'CPF só leitura').not.toBeEditable();
});
