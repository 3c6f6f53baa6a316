import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { strongPassword } from '../support/data';
import { field, login, logout, snap, visibleText } from '../support/ui';

test('troca a senha; depois do Sair só a nova senha entra', async ({ page, request }) => {
  const conta = await createActiveAccount(request, 'senha');
  const novaSenha = strongPassword();
  await login(page, conta.email, conta.senha);

  await page.goto('/alterar-senha');
  const atualizar = page.getByRole('button', { name: 'Atualizar', exact: true });
  await field(page, 'Senha atual').fill(conta.senha);
  await field(page, 'Nova senha').fill(novaSenha);
  await field(page, 'Confirme a nova senha').fill(`${novaSenha}x`);
  await expect(atualizar, 'confirmação diferente desabilita').toBeDisabled();
  await field(page, 'Confirme a nova senha').fill(novaSenha);
  await snap(page, 'alterar-senha');
  await atualizar.click();
  await expect(visibleText(page, 'Senha alterada com sucesso!')).toBeVisible();
  await snap(page, 'alterar-senha-sucesso');

  await logout(page);

  await page.goto('/login');
  await field(page, 'E-mail').fill(conta.email);
  await field(page, 'Senha').fill(conta.senha);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(visibleText(page, 'E-mail ou senha inválidos.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, conta.email, novaSenha);
});
