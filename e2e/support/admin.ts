import { expect, type Page, type TestInfo } from '@playwright/test';
/** packages/contracts/src/admin/roles.ts (the e2e package doesn't depend on the contracts). */
export type StaffRole = 'admin' | 'marketing' | 'atendimento' | 'operacao';
import { DEMO } from './env';
import { field, snap } from './ui';

// The back office (docs/decisions/0027-back-office.md): the seeded staff accounts, one per role
// (apps/api/src/db/seed-equipe.ts), all with the demo password.
export const STAFF: Record<StaffRole, { email: string; nome: string }> = {
  admin: { email: 'admin@legiao.dev', nome: 'Ana Administradora' },
  marketing: { email: 'marketing@legiao.dev', nome: 'Mateus Marketing' },
  atendimento: { email: 'atendimento@legiao.dev', nome: 'Alice Atendimento' },
  operacao: { email: 'operacao@legiao.dev', nome: 'Otávio Operação' },
};

/** The back office is desktop-first: its tests run in the desktop project only. */
export function desktopOnly(testInfo: TestInfo) {
  return (testInfo.project.use.viewport?.width ?? 0) < 1024;
}

/** Opens `path` (under /admin) logged in as `email`: /admin sends to /login and back after it. */
export async function loginAdmin(page: Page, email: string, path = '/admin') {
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
