import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminSnap, loginStaff } from '../support/admin';
import { pageWidth, watchNetwork } from '../support/journeys-admin';

// Accessibility of the whole back office (docs/decisions/0033-launch-dashboard.md, task 2): axe
// over every screen in the admin's menu, failing on serious or critical violations (WCAG 2.x A/AA).
// Screens are found from the menu itself, so a new area is checked without editing this file.
// The menu's screens are opened from the menu, as a person goes from one to the next: a page load
// each (the app's JavaScript parsed and the staff member asked for again) was most of this test's
// time, and loads are what the other specs check. The same walk checks that no screen is wider than
// the window at 1280 px (the page scrolling sideways: a table pushing it, admin-webhooks.spec.ts).

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Screens the menu does not link to: forms, previews, the live dashboard. */
const EXTRAS = ['/admin/beneficios/novo', '/admin/catalogo/novo', '/admin/banners/previa', '/admin/banners/site/novo', '/admin/banners/principais/novo', '/admin/painel/ao-vivo', '/admin/lancamentos/novo'];

/** The screen the page shows now, once its lists and charts have filled in. */
async function settled(page: Page, network: ReturnType<typeof watchNetwork>) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Lists and charts fill in after their first request.
  await network.quiet();
  await expect(page.getByRole('status').filter({ hasText: 'Carregando' })).toHaveCount(0);
  // axe checks the colours of whatever the pointer rests on (a menu entry just clicked).
  await page.mouse.move(0, 0);
}

async function violations(page: Page) {
  // The e-mail previews (/admin/emails) are sandboxed documents (sandbox="": no scripts), where axe
  // cannot run: its multi-frame pass then never finishes. They are the e-mails, not the back office's UI.
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).exclude('iframe[sandbox]').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

test('every back-office screen has no serious or critical axe violation', async ({ page }) => {
  test.setTimeout(420_000);
  const network = watchNetwork(page);
  await loginStaff(page, 'admin');
  const menu = page.getByRole('navigation', { name: 'Áreas do back office' });
  const links = await menu.getByRole('link').evaluateAll((as) => as.map((a) => ({ nome: a.textContent?.trim() ?? '', href: a.getAttribute('href') ?? '' })));
  expect(links.length).toBeGreaterThan(5);

  const found: Record<string, string[]> = {};
  const wide: Record<string, string> = {};
  async function check(name: string, href: string) {
    await settled(page, network);
    const v = await violations(page);
    if (v.length) found[`${name} (${href})`] = v;
    const w = await pageWidth(page);
    if (w.page > w.window) wide[`${name} (${href})`] = `${w.page} px numa janela de ${w.window}`;
  }
  for (const { nome: name, href } of links) {
    const entry = menu.getByRole('link', { name, exact: true });
    await entry.click();
    // The menu marks the entry once the new screen is in place (a screen still loading its code
    // leaves the previous one, and its entry, on show).
    await expect(entry).toHaveAttribute('aria-current', 'page');
    await check(name, href);
  }
  for (const href of EXTRAS) {
    await page.goto(href);
    await check('sem menu', href);
  }
  // The shared confirmation dialog, open over a list.
  await menu.getByRole('link', { name: 'Equipe e papéis', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/equipe$/);
  await page.getByRole('button', { name: /^Tirar acesso de/ }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const dialog = await violations(page);
  if (dialog.length) found['diálogo de confirmação (/admin/equipe)'] = dialog;
  await adminSnap(page, 'a11y-dialogo');

  // One report of every screen, rather than stopping at the first.
  expect(found).toEqual({});
  expect(wide, 'telas mais largas que a janela (a página rola para o lado)').toEqual({});
});
