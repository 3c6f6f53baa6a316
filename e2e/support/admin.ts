import { expect, type Page } from '@playwright/test';
/** packages/contracts/src/admin/roles.ts (the e2e package doesn't depend on the contracts). */
export type StaffRole = 'admin' | 'marketing' | 'atendimento' | 'operacao';
import { DEMO } from './env';
import { field, signIn, snap } from './ui';

// The back office (docs/decisions/0027-back-office.md): the seeded staff accounts, one per role
// (apps/api/src/db/seed-equipe.ts), all with the demo password.
export const STAFF: Record<StaffRole, { email: string; nome: string }> = {
  admin: { email: 'admin@legiao.dev', nome: 'Ana Administradora' },
  marketing: { email: 'marketing@legiao.dev', nome: 'Mateus Marketing' },
  atendimento: { email: 'atendimento@legiao.dev', nome: 'Alice Atendimento' },
  operacao: { email: 'operacao@legiao.dev', nome: 'Otávio Operação' },
};

/**
 * Opens `path` (under /admin) signed in as `email` (through the API: support/ui.ts signIn). The
 * way in through the form, /admin sending to /login and back, is admin-shell.spec.ts's subject.
 */
export async function loginAdmin(page: Page, email: string, path = '/admin') {
  await signIn(page, email, DEMO.senha, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
  await expect(page.getByRole('navigation', { name: 'Áreas do back office' })).toBeVisible();
}

/**
 * The way in through the form: /admin (or `path`) sends to /login, the ordinary login form, and
 * back to `path` after it (admin-shell.spec.ts).
 */
export async function loginAdminThroughForm(page: Page, email: string, path = '/admin') {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await field(page, 'E-mail').fill(email);
  await field(page, 'Senha').fill(DEMO.senha);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
  await expect(page.getByRole('navigation', { name: 'Áreas do back office' })).toBeVisible();
}

export const loginStaff = (page: Page, role: StaffRole, path = '/admin') => loginAdmin(page, STAFF[role].email, path);

/** The areas in the side menu, in order. */
export async function menuItems(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Áreas do back office' }).getByRole('link').allInnerTexts();
}

/** GET/PUT/... an /api/admin route with the page's own session, as the UI would (for the 403 checks). */
export async function adminApi(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${localStorage.getItem('token')}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, url, body },
  );
}

/** A 1280 px screenshot of an admin screen (also copied by the run into the reviewer's folder). */
export const adminSnap = (page: Page, name: string) => snap(page, `admin-${name}`);
