import { expect, type Page } from '@playwright/test';
import { field } from './ui';

/**
 * Steps shared by the journeys of the sign-in specs (alterar-email, alterar-senha, login,
 * recuperar-senha). ui.ts's login() always opens /login first; these work on the screen the
 * journey already shows, so a test that has just landed on /login doesn't load the app again.
 */

/** Types into the login form on screen and presses Entrar; what follows is the caller's to check. */
export async function submitLoginForm(page: Page, email: string, password: string) {
  await field(page, 'E-mail').fill(email);
  await field(page, 'Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** login() without its page.goto('/login'): the form on screen takes the member to /home. */
export async function loginHere(page: Page, email: string, password: string) {
  await submitLoginForm(page, email, password);
  await expect(page).toHaveURL(/\/home$/);
}

/**
 * From the landing page (where Sair leaves the member) to the login form by its link, as a person
 * does, instead of loading the app again at /login.
 */
export async function landingToLogin(page: Page) {
  await page.getByRole('link', { name: 'Já sou da Legião', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(field(page, 'E-mail')).toBeVisible();
}
