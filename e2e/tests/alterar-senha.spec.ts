import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { strongPassword } from '../support/data';
import { landingToLogin, loginHere, submitLoginForm } from '../support/journeys-b';
import { field, logout, signIn, snap, visibleText } from '../support/ui';

test('troca a senha; depois do Sair só a nova senha entra', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'senha');
  const newPassword = strongPassword();
  // The first login is not the subject (the change from the profile is): the session comes from
  // the API and /alterar-senha is the first page loaded. The logins after Sair stay in the form.
  await signIn(page, account.email, account.senha, '/alterar-senha');

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

  // Sair leaves the member on the landing page: its link to the form, then both passwords typed
  // into the same form (the old one refused, the new one in), without loading /login twice.
  await landingToLogin(page);
  await submitLoginForm(page, account.email, account.senha);
  await expect(visibleText(page, 'E-mail ou senha inválidos.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await loginHere(page, account.email, newPassword);
});
