import { expect, test, type Page } from '@playwright/test';
import { withoutAxeViolations } from '../support/acessibilidade';
import { adminApi, adminSnap, loginStaff } from '../support/admin';

// Banners in the back office (/admin/banners; docs/decisions/0029-back-office-content.md): create
// with the contract's messages, reorder by keyboard, preview by member type, city and date, toggle,
// remove; a read-only role sees the lists without controls and the server refuses its writes.

/** A datetime-local value `ms` from now, in the browser's zone (the config's America/Sao_Paulo). */
const localFromNow = (ms: number) => new Date(Date.now() + ms).toLocaleString('sv-SE', { timeZone: 'America/Sao_Paulo' }).replace(' ', 'T').slice(0, 16);
const HOUR = 3600_000;
const list = (page: Page) => page.getByRole('list', { name: 'Banners do site, na ordem da home' });
const titles = (page: Page) => list(page).locator('.banner-linha__texto strong').allInnerTexts();

test('marketing cria um banner exclusivo, reordena pelo teclado, vê a prévia por membro e data, desativa e remove', async ({ page }) => {
  // A long walk through the screen, with an axe pass, on a machine other jobs share.
  test.slow();
  const title = `Tardezinha ${Date.now().toString(36)}`;
  await loginStaff(page, 'marketing');
  await page.getByRole('navigation', { name: 'Áreas do back office' }).getByRole('link', { name: 'Banners' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Banners' })).toBeVisible();
  await expect(list(page).getByRole('listitem').first()).toBeVisible();
  await adminSnap(page, 'banners');
  await withoutAxeViolations(page, '/admin/banners');

  // The form checks the shared contract: nothing filled in, the Portuguese messages of the server.
  await page.getByRole('link', { name: 'Novo banner do site' }).click();
  const form = page.getByRole('form', { name: 'Banner do site' });
  await form.getByRole('button', { name: 'Criar banner' }).click();
  await expect(form.getByText('Informe o título.')).toBeVisible();
  await form.getByLabel('Tipo').selectOption('exclusivo');
  await form.getByLabel('Nome interno').fill(`E2E ${title}`);
  await form.getByLabel('Título').fill(title);
  await form.getByLabel('Texto', { exact: true }).fill('Só para legionários de Niterói.');
  await form.getByLabel('Início').fill(localFromNow(-HOUR));
  await form.getByLabel('Fim').fill(localFromNow(-2 * HOUR));
  await form.getByLabel('Cidades').fill('Niterói');
  await form.getByLabel('Endereço: imagem (computador)').fill('/banners/exclusivo-desktop.svg');
  await form.getByRole('button', { name: 'Criar banner' }).click();
  await expect(form.getByText('O fim deve ser depois do início.')).toBeVisible();
  await form.getByLabel('Fim').fill(localFromNow(48 * HOUR));
  await adminSnap(page, 'banner-form');
  await withoutAxeViolations(page, 'o formulário de banner');
  await form.getByRole('button', { name: 'Criar banner' }).click();
  await expect(page.getByText('Banner criado.')).toBeVisible();
  const line = list(page).getByRole('listitem').filter({ hasText: title });
  await expect(line.getByText('No ar')).toBeVisible();
  expect((await titles(page)).at(-1)).toBe(title);

  // Reorder without a mouse: the "Subir" button, then a keyboard drag on the handle.
  const before = await titles(page);
  await page.getByRole('button', { name: `Subir ${title}` }).click();
  await expect(page.getByText('Ordem salva.').first()).toBeVisible();
  await expect.poll(() => titles(page)).toEqual([...before.slice(0, -2), title, before.at(-2)!]);
  await page.getByRole('button', { name: `Arrastar ${title}` }).focus();
  // dnd-kit measures the list when the drag starts: a beat between the keys, as a person leaves.
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await expect.poll(() => titles(page)).toEqual([...before.slice(0, -3), title, before.at(-3)!, before.at(-2)!]);
  await page.reload();
  await expect.poll(() => titles(page)).toEqual([...before.slice(0, -3), title, before.at(-3)!, before.at(-2)!]);

  // Preview: a legionário in Niterói sees it now; a lead doesn't; nobody does after the window.
  await page.getByRole('link', { name: 'Prévia por membro e data' }).click();
  await page.getByLabel('Cidade').fill('NITEROI');
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await adminSnap(page, 'banners-previa');
  await withoutAxeViolations(page, 'a prévia dos banners');
  await page.getByLabel('Tipo de membro').selectOption('lead');
  await expect(page.getByRole('status').filter({ hasText: 'Lead' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toHaveCount(0);
  await page.getByLabel('Tipo de membro').selectOption('legionario');
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await page.getByLabel('Data e hora').fill(localFromNow(72 * HOUR));
  await expect(page.getByRole('status').filter({ hasText: 'Legionário' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toHaveCount(0);

  // Deactivate, then remove (confirmed).
  await page.goto('/admin/banners');
  await page.getByRole('button', { name: `Desativar ${title}` }).click();
  await expect(list(page).getByRole('listitem').filter({ hasText: title }).getByText('Inativo')).toBeVisible();
  await page.getByRole('button', { name: `Remover ${title}` }).click();
  await page.getByRole('dialog', { name: 'Remover o banner?' }).getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText('Banner removido.')).toBeVisible();
  await expect(list(page).getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
});

// Operação's menu entry for Banners is read in admin-shell.spec.ts, with the rest of its menu: it
// was a browser context and a sign-in of its own here, for that one look.
test('atendimento vê os banners sem controles e o servidor recusa suas escritas', async ({ page }) => {
  await loginStaff(page, 'atendimento', '/admin/banners');
  await expect(list(page).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Novo banner do site' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Arrastar / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remover / })).toHaveCount(0);
  const res = await adminApi(page, 'POST', '/api/admin/banners/site', { nome: 'x' });
  expect(res.status).toBe(403);
});
