import { expect, test } from '@playwright/test';
import { DEMO } from '../support/env';
import { withoutAxeViolations } from '../support/acessibilidade';
import { signIn } from '../support/ui';

// The landing page's first screen arrives in the HTML of `/` (apps/web/vite/prerender-landing-plugin.ts,
// issue 33): a visitor sees the hero before the app's code has run, the app then takes over without a
// second copy or a loader in between, and a member on their way to /home never sees it.

const HERO = 'Complete missões indicando amigos, acumule saldo e troque por benefícios lendários.';
/** Holds the app's code back until released: what shows meanwhile is the HTML alone. */
async function holdAppCode(page: import('@playwright/test').Page) {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('visitante: o hero chega no HTML de /, aparece antes do código do app e dá lugar à página inteira sem duplicar', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain(HERO);
  expect(await (await request.get('/cadastro')).text()).not.toContain(HERO);

  const release = await holdAppCode(page);
  // Not 'load' or 'domcontentloaded': both wait for the module scripts being held.
  await page.goto('/', { waitUntil: 'commit' });
  // Only the HTML and its styles so far: the hero is there, its links are real links.
  await expect(page.getByRole('heading', { level: 1, name: 'Faça parte da Legião' })).toBeVisible();
  await expect(page.getByText(HERO)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Quero fazer parte' })).toHaveAttribute('href', '/cadastro');
  await expect(page.getByRole('heading', { name: 'Junte-se à Legião' })).toHaveCount(0);
  await withoutAxeViolations(page, 'primeira tela estática de /');
  release();
  // The app's page over it: one hero, the sections below it, no static copy left.
  await expect(page.getByRole('heading', { name: 'Junte-se à Legião' })).toBeVisible();
  await expect(page.getByText(HERO)).toHaveCount(1);
  await expect(page.locator('.landing--estatica')).toHaveCount(0);
  await withoutAxeViolations(page, '/ com o app');
  await page.getByRole('link', { name: 'Quero fazer parte' }).click();
  await expect(page).toHaveURL(/\/cadastro$/);
});

test('membro com sessão em /: a cópia estática fica escondida e ele vai para a home', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.senha);
  const release = await holdAppCode(page);
  // Not 'load' or 'domcontentloaded': both wait for the module scripts being held.
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('.landing--estatica')).toBeAttached();
  await expect(page.locator('.landing--estatica')).toBeHidden();
  release();
  await expect(page).toHaveURL(/\/home$/);
});
