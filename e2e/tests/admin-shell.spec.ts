import { expect, test } from '@playwright/test';
import { DEMO } from '../support/env';
import { signIn } from '../support/ui';
import { STAFF, adminApi, adminSnap, loginAdminThroughForm, loginStaff, menuItems } from '../support/admin';

// The back office's shell (docs/decisions/0027-back-office.md): same login as members, /admin only
// for staff roles, the menu filtered by each role's permissions.
//
// One journey per role: each role's menu is read here once, with every area's entry other specs
// used to sign in for on their own (Auditoria for marketing and operação, Banners for operação);
// the member without a role is refused by the shell and by each area's API in one session.

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

/** Entries a role's menu must have, beyond Início (from admin-auditoria.spec.ts and admin-banners.spec.ts). */
const MUST_HAVE = { marketing: ['Auditoria'], atendimento: [], operacao: ['Auditoria', 'Banners'] } as const;

test('each role sees only the areas its permissions open', async ({ browser }) => {
  // A browser context per role: a tab holds one session.
  for (const role of ['marketing', 'atendimento', 'operacao'] as const) {
    await test.step(role, async () => {
      const page = await browser.newPage();
      await loginStaff(page, role);
      const items = await menuItems(page);
      expect(items[0]).toBe('Início');
      expect(items).not.toContain('Equipe e papéis');
      // Every staff role reads the audit trail; operação reads the banners (admin-banners.spec.ts).
      for (const entry of MUST_HAVE[role]) expect(items).toContain(entry);
      await page.close();
    });
  }
});

test('a member without a staff role is refused in Portuguese, by the page and by the server', async ({ page }) => {
  // The member's login form is login.spec.ts's subject: the session comes from the API, /admin is
  // the first page loaded (the form, then the home, then /admin were three).
  await signIn(page, DEMO.email, DEMO.senha, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso restrito' })).toBeVisible();
  await expect(page.getByText('Esta área é só para a equipe da Legião. Peça acesso a um administrador.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Áreas do back office' })).toHaveCount(0);
  const res = await adminApi(page, 'GET', '/api/admin/eu');
  expect(res.status).toBe(403);
  await adminSnap(page, 'recusa-membro');

  // The areas' own addresses and APIs refuse the same member (were a test each in their spec files).
  await test.step('a member without a role has no audit screen, and the server refuses (403)', async () => {
    await page.goto('/admin/auditoria');
    await expect(page.getByRole('heading', { level: 1, name: 'Acesso restrito' })).toBeVisible();
    expect((await adminApi(page, 'GET', '/api/admin/auditoria')).status).toBe(403);
  });
  await test.step('a member without a role gets neither the benefits screen nor the data', async () => {
    await page.goto('/admin/beneficios');
    await expect(page.getByRole('heading', { level: 1, name: 'Acesso restrito' })).toBeVisible();
    expect((await adminApi(page, 'GET', '/api/admin/beneficios')).status).toBe(403);
  });

  await page.getByRole('link', { name: 'Voltar ao portal' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
