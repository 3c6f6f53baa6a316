import { expect, test } from '@playwright/test';
import { DEMO } from '../support/env';
import { login } from '../support/ui';
import { STAFF, adminApi, adminSnap, loginAdminThroughForm, loginStaff, menuItems } from '../support/admin';

// The back office's shell (docs/decisions/0027-back-office.md): same login as members, /admin only
// for staff roles, the menu filtered by each role's permissions.

test('a staff member opens /admin, logs in with the ordinary login and lands back in the back office', async ({ page }) => {
  await loginAdminThroughForm(page, STAFF.admin.email);
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Ana' })).toBeVisible();
  await expect(page.getByText('Seus papéis: Administração.')).toBeVisible();
  await expect(page.getByText(STAFF.admin.email)).toBeVisible();
  await adminSnap(page, 'inicio');
  // The back office is keyboard-navigable: on a fresh load the skip link comes first and leads to the content.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Ana' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Pular para o conteúdo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#conteudo')).toBeFocused();
  // Back to the portal and in again without logging in a second time.
  await page.getByRole('link', { name: 'Ir para o portal' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Ana' })).toBeVisible();
});

test('each role sees only the areas its permissions open', async ({ browser }) => {
  for (const role of ['marketing', 'atendimento', 'operacao'] as const) {
    const page = await browser.newPage();
    await loginStaff(page, role);
    const items = await menuItems(page);
    expect(items[0]).toBe('Início');
    expect(items).not.toContain('Equipe e papéis');
    await page.close();
  }
});

test('a member without a staff role is refused in Portuguese, by the page and by the server', async ({ page }) => {
  await login(page, DEMO.email, DEMO.senha);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso restrito' })).toBeVisible();
  await expect(page.getByText('Esta área é só para a equipe da Legião. Peça acesso a um administrador.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Áreas do back office' })).toHaveCount(0);
  const res = await adminApi(page, 'GET', '/api/admin/eu');
  expect(res.status).toBe(403);
  await adminSnap(page, 'recusa-membro');
  await page.getByRole('link', { name: 'Voltar ao portal' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
