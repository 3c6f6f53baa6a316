import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { field, signIn, storedToken } from '../support/ui';

test('um 401 limpa a sessão e leva para /login', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'sessao');
  // The subject is a session the server has ended, not the login form: it comes from the API, and
  // the profile (a private page reading the member from the API) shows it works before it is ended.
  await signIn(page, account.email, account.senha, '/editar-perfil');
  await expect(field(page, 'E-mail')).toHaveValue(account.email);
  const token = await storedToken(page);
  expect(token).toBeTruthy();

  const res = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);

  // signIn() puts the token in once per tab: this load finds only what the app itself left.
  await page.goto('/editar-perfil');
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  expect(await storedToken(page), 'o token foi apagado').toBeNull();
});
