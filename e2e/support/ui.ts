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

/**
 * Signs in through the API and opens `path` with the session in place, as if the login form had
 * been used: for the tests whose subject is what comes after the login. One page load instead of
 * three (/login, then /home, then the page): the login form itself is walked through where it is
 * the subject (login.spec.ts, cadastro.spec.ts, fila.spec.ts, admin-shell.spec.ts, ...) with login().
 * The API lets a login in without a waiting-room ticket while the room admits at once, which is
 * the case on the run's main server (issue 29, e2e/README.md).
 */
export async function signIn(page: Page, email: string, password: string, path = '/home') {
  // An absolute `path` is a server of the test's own (a waiting-room server): the session is made there.
  const origin = /^https?:\/\//.test(path) ? new URL(path).origin : '';
  const res = await page.request.post(`${origin}/api/auth/login`, { data: { email, senha: password } });
  expect(res.status(), `POST ${origin}/api/auth/login ${email}: ${await res.text()}`).toBe(200);
  const { token } = (await res.json()) as { token: { token: string } };
  // Once per tab (sessionStorage remembers it): a reload after Sair must find no session.
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-sessao')) return;
    sessionStorage.setItem('e2e-sessao', '1');
    localStorage.setItem('token', value);
  }, token.token);
  await page.goto(path);
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
