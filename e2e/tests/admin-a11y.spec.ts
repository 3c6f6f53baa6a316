import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminSnap, loginStaff } from '../support/admin';

// Accessibility of the whole back office (docs/decisions/0033-launch-dashboard.md, task 2): axe
// over every screen in the admin's menu, failing on serious or critical violations (WCAG 2.x A/AA).
// Screens are found from the menu itself, so a new area is checked without editing this file.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Screens the menu does not link to: forms, previews, the live dashboard. */
const EXTRAS = ['/admin/beneficios/novo', '/admin/catalogo/novo', '/admin/banners/previa', '/admin/banners/site/novo', '/admin/banners/principais/novo', '/admin/painel/ao-vivo'];

async function violations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

test('every back-office screen has no serious or critical axe violation', async ({ page }) => {
  test.setTimeout(420_000);
  await loginStaff(page, 'admin');
  const menu = page.getByRole('navigation', { name: 'Áreas do back office' });
  const links = await menu.getByRole('link').evaluateAll((as) => as.map((a) => ({ nome: a.textContent?.trim() ?? '', href: a.getAttribute('href') ?? '' })));
  expect(links.length).toBeGreaterThan(5);

  const found: Record<string, string[]> = {};
  for (const { nome: name, href } of [...links, ...EXTRAS.map((href) => ({ nome: 'sem menu', href }))]) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Lists and charts fill in after their first request.
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('status').filter({ hasText: 'Carregando' })).toHaveCount(0);
    const v = await violations(page);
    if (v.length) found[`${name} (${href})`] = v;
  }
  // The shared confirmation dialog, open over a list.
  await page.goto('/admin/equipe');
  await page.getByRole('button', { name: /^Tirar acesso de/ }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const dialog = await violations(page);
  if (dialog.length) found['diálogo de confirmação (/admin/equipe)'] = dialog;
  await adminSnap(page, 'a11y-dialogo');

  // One report of every screen, rather than stopping at the first.
  expect(found).toEqual({});
});
