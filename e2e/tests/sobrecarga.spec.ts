import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { field, snap } from '../support/ui';

// Issue 15 item 4: when the API sheds load (503 + Retry-After, body code SOBRECARGA), the web app
// shows a calm "muita gente agora" notice and asks again by itself; the member lands where they
// were going, without an error. The overload is forced with page.route: the first two logins get
// the API's own overload answer, the third goes through to the real server.

const OVERLOAD = { errors: [{ message: 'Muita gente agora. Tente de novo em instantes.', code: 'SOBRECARGA' }], requestId: 'e2e-sobrecarga' };

test('login durante uma sobrecarga: aviso calmo, nova tentativa automática e a home', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'sobrecarga');
  let refused = 0;
  let passed = 0;
  await page.route('**/api/auth/login', async (route) => {
    if (refused < 2) {
      refused++;
      await route.fulfill({ status: 503, headers: { 'retry-after': '1', 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(OVERLOAD) });
      return;
    }
    passed++;
    await route.continue();
  });

  await page.goto('/login');
  await field(page, 'E-mail').fill(account.email);
  await field(page, 'Senha').fill(account.senha);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();

  const notice = page.getByTestId('muita-gente');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Muita gente agora');
  await expect(notice).toContainText('não precisa recarregar');
  await snap(page, 'sobrecarga-aviso');
  // No error notice meanwhile: nothing failed.
  await expect(page.getByRole('alert')).toHaveCount(0);

  await expect(page).toHaveURL(/\/home$/, { timeout: 15_000 });
  await expect(notice).toHaveCount(0);
  expect(refused).toBe(2);
  expect(passed).toBe(1);
});
