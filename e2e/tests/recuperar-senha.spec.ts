import { expect, test } from '@playwright/test';
import { createActiveAccount, RESET_SUBJECT } from '../support/accounts';
import { strongPassword } from '../support/data';
import { loginHere } from '../support/journeys-b';
import { extractLink, readMail } from '../support/mail';
import { action, field, snap, visibleText } from '../support/ui';

// One journey on the forgotten password: the neutral answer for an unknown address, then the
// member's own reset and the login with the new password, through the form (the subject). The
// neutral answer was a test of its own, a browser and the app opened for one form.
test('esqueceu a senha: resposta neutra para um e-mail desconhecido, e-mail com link, nova senha e login com ela', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'recuperar');
  const newPassword = strongPassword();

  await page.goto('/esqueceu-a-senha');
  await test.step('o pedido de redefinição é neutro para um e-mail desconhecido', async () => {
    await field(page, 'E-mail').fill('ninguem.aqui@e2e.legiao.test');
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect(visibleText(page, 'Você receberá um email para redefinir sua senha!')).toBeVisible();
  });

  // The answer replaces the form: back to it through the login page's links, as a person would.
  await action(page, 'Voltar para o login').click();
  await page.getByRole('link', { name: 'Esqueci a senha', exact: true }).click();
  await expect(page).toHaveURL(/\/esqueceu-a-senha$/);
  await field(page, 'E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  await expect(visibleText(page, 'Você receberá um email para redefinir sua senha!')).toBeVisible();
  await snap(page, 'esqueceu-a-senha');

  const link = extractLink(await readMail(account.email, RESET_SUBJECT), '/recuperar-senha');
  const params = new URL(link).searchParams;
  expect(params.get('q'), 'link com q').toBeTruthy();
  expect(params.get('h'), 'link com h').toBeTruthy();

  await page.goto(link);
  await field(page, 'Senha').fill(newPassword);
  await field(page, 'Confirme sua senha').fill(newPassword);
  await snap(page, 'recuperar-senha');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(visibleText(page, 'Senha atualizada com sucesso!')).toBeVisible();
  await action(page, 'Login').click();
  await expect(page).toHaveURL(/\/login/);

  // The 'Login' button has just opened the form: typed there, not after loading /login again.
  await loginHere(page, account.email, newPassword);
});
