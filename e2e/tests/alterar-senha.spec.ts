import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { strongPassword } from '../support/data';
import { field, login, logout, snap, visibleText } from '../support/ui';

test('troca a senha; depois do Sair só a nova senha entra', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'senha');
  const newPassword = strongPassword();
  await login(page, account.email, account.senha);

  await page.goto('/alterar-senha');
  const update = page.getByRole('button', { name: 'Atualizar', exact: true });
  await field(page, 'Senha atual').fill(account.senha);
  await field(page, 'Nova senha').fill(newPassword);
  await field(page, 'Confirme a nova senha').fill(`${newPassword}x`);
  await expect(update, 'confirmação diferente desabilita').toBeDisabled();
  // bcrypt reads 72 bytes: 41 characters with accents (77 bytes) are refused as they are typed (ADR 0039).
  const long = `S@1ab${'ç'.repeat(36)}`;
  await field(page, 'Nova senha').fill(long);
  await field(page, 'Confirme a nova senha').fill(long);
  await expect(visibleText(page, 'A senha é longa demais: use no máximo 72 caracteres (letras com acento, como á ou ç, contam como 2; emojis, como 4).')).toBeVisible();
  await expect(update, 'senha longa demais desabilita').toBeDisabled();
  await field(page, 'Nova senha').fill(newPassword);
  await field(page, 'Confirme a nova senha').fill(newPassword);
  await snap(page, 'alterar-senha');
  await update.click();
  await expect(visibleText(page, 'Senha alterada com sucesso!')).toBeVisible();
  await snap(page, 'alterar-senha-sucesso');

  await logout(page);

  await page.goto('/login');
  await field(page, 'E-mail').fill(account.email);
  await field(page, 'Senha').fill(account.senha);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(visibleText(page, 'E-mail ou senha inválidos.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, account.email, newPassword);
});
