import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { login, storedToken } from '../support/ui';

test('um 401 limpa a sessão e leva para /login', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'sessao');
  await login(page, account.email, account.senha);
  const token = await storedToken(page);
  expect(token).toBeTruthy();

  const res = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);

  await page.goto('/editar-perfil');
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  expect(await storedToken(page), 'o token foi apagado').toBeNull();
});
