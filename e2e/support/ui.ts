import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { SCREENS, SCREENS_DIR } from './env';

/**
 * Visible text anywhere on the page. Notices may also be echoed in hidden live regions,
 * so only the visible copy counts.
 */
export function visibleText(page: Page, text: string | RegExp): Locator {
  return page.getByText(text).filter({ visible: true }).first();
}

/** A control the spec calls a button; a link styled as one is just as good for the user. */
export function action(page: Page, name: string): Locator {
  return page
    .getByRole('button', { name, exact: true })
    .or(page.getByRole('link', { name, exact: true }))
    .filter({ visible: true })
    .first();
}

/** Field by its exact label ('Senha' must not match 'Confirme sua senha' or 'Mostrar senha'). */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(label, { exact: true });
}

export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await field(page, 'E-mail').fill(email);
  await field(page, 'Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Sair from the member menu (opening a collapsed menu first on small screens). */
export async function logout(page: Page) {
  const leave = page.getByRole('button', { name: 'Sair', exact: true });
  const menu = page.getByRole('button', { name: /menu/i }).first();
  // Wait for the page to show one of them: checked at once, a page still rendering (a busy machine)
  // showed neither, and the test then waited for a menu button desktop never has.
  await expect(leave.or(menu).first()).toBeVisible();
  if (!(await leave.isVisible())) await menu.click();
  await leave.click();
  await expect(page).toHaveURL(/\/$/);
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

/** Full-page screenshot for the lead to look at: test-results/screens/<name>-<width>.png. */
export async function snap(page: Page, name: string) {
  if (!SCREENS) return;
  mkdirSync(SCREENS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  // A full-page screenshot does not scroll, so images with loading="lazy" below the fold would be
  // blank boxes: load them all now and wait until each one has finished (or failed).
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    for (const img of Array.from(document.images)) if (img.loading === 'lazy') img.loading = 'eager';
  });
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 5_000 })
    .catch(() => undefined); // a broken image must not fail the test that only wanted a picture
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${width}.png`), fullPage: true });
}
