import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminApi, adminSnap, loginStaff } from '../support/admin';
import { SCREENS, SCREENS_DIR } from '../support/env';

// Code pools in the back office (docs/decisions/0028-code-pools-and-images.md): the stock list, a
// benefit's pool, a file uploaded, its preview and counts, the confirmation and its progress, the
// stock after it; a read-only role sees the stock but cannot import.

const BENEFIT = 'Cupom 30% OFF';
const free = async (page: Page) => Number((await page.getByTestId('estoque-livres').innerText()).replace(/\D/g, ''));
const file = (name: string, lines: string[]) => ({ name: name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });

test('marketing uploads a file, checks the preview and the counts, confirms, and sees the progress and the new stock', async ({ page }) => {
  await loginStaff(page, 'marketing', '/admin/cupons');
  await expect(page.getByRole('heading', { level: 1, name: 'Cupons' })).toBeVisible();
  const line = page.getByRole('row').filter({ hasText: BENEFIT });
  // The seed's pool of 50 is under the default threshold of 100.
  await expect(line.getByText('Estoque baixo')).toBeVisible();
  await adminSnap(page, 'cupons-lista');

  await line.getByRole('link', { name: BENEFIT }).click();
  await expect(page.getByRole('heading', { level: 1, name: BENEFIT })).toBeVisible();
  const before = await free(page);
  expect(before).toBeGreaterThan(0);

  const tag = randomUUID().slice(0, 6).toUpperCase();
  const newOnes = Array.from({ length: 5 }, (_, i) => `ZE2E-${tag}-${i}`); // after the seeded LEG20- codes (see below)
  await page.getByLabel('Arquivo de códigos').setInputFiles(file('lote-e2e.csv', ['codigo', ...newOnes, newOnes[0]!, 'código inválido!', '']));
  await page.getByRole('button', { name: 'Enviar e analisar' }).click();

  // The analysis: nothing in the pool yet.
  const count = (label: string) => page.locator('.cupons-contagens__item', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(count('Novos')).toHaveText('5');
  await expect(count('Repetidos no arquivo')).toHaveText('1');
  await expect(count('Inválidos')).toHaveText('1');
  await expect(count('Linhas lidas')).toHaveText('7');
  const preview = page.getByRole('table', { name: 'Prévia das primeiras linhas' });
  await expect(preview.getByRole('row').filter({ hasText: 'Cabeçalho (ignorado)' })).toHaveCount(1);
  await expect(preview.getByRole('row').filter({ hasText: 'Repetido no arquivo' })).toHaveCount(1);
  await expect(preview.getByRole('row').filter({ hasText: 'código inválido!' }).getByText('Inválido', { exact: true })).toBeVisible();
  expect(await free(page)).toBe(before);
  await adminSnap(page, 'cupons-analise');
  // The area's own content (the shell is checked by its own test) passes axe.
  const axe = await new AxeBuilder({ page }).include('main#conteudo').analyze();
  expect(axe.passes.length, 'axe checked the content').toBeGreaterThan(10);
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The staged import survives a reload (its id is in the URL).
  expect(page.url()).toMatch(/importacao=[0-9a-f-]{36}/);
  await page.reload();
  await expect(count('Novos')).toHaveText('5');

  await page.getByRole('button', { name: 'Confirmar importação de 5 código(s)' }).click();
  await page.getByRole('dialog', { name: 'Importar os códigos?' }).getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('Importação concluída: 5 código(s) novo(s) no estoque.')).toBeVisible();
  await expect(page.getByTestId('estoque-livres')).toHaveText(String(before + 5));
  await expect(page.getByRole('table').filter({ hasText: 'Enviada em' }).getByRole('row').filter({ hasText: 'lote-e2e.csv' }).first()).toContainText('Concluída');
  await adminSnap(page, 'cupons-concluida');

  // The same file again: nothing new, nothing to confirm.
  await page.getByRole('button', { name: 'Enviar outro arquivo' }).click();
  await page.getByLabel('Arquivo de códigos').setInputFiles(file('lote-e2e.csv', newOnes));
  await page.getByRole('button', { name: 'Enviar e analisar' }).click();
  await expect(count('Já no estoque')).toHaveText('5');
  await expect(page.getByRole('button', { name: 'Confirmar importação de 0 código(s)' })).toBeDisabled();
  await page.getByRole('button', { name: 'Descartar' }).click();
  await page.getByRole('dialog', { name: 'Descartar esta importação?' }).getByRole('button', { name: 'Descartar' }).click();
  await expect(page.getByText('Importação descartada: nenhum código deste arquivo entrou no estoque.')).toBeVisible();
});

test('a bigger file shows the progress bar while its codes go in; the low-stock threshold is saved', async ({ page }) => {
  await loginStaff(page, 'admin', '/admin/cupons');
  await page.getByRole('link', { name: 'Cupom 20% OFF' }).click();
  const before = await free(page);
  const tag = randomUUID().slice(0, 6).toUpperCase();
  // Sorted after the seeded LEG20- codes: a redemption takes the first free code, and the member
  // pages' specs expect the seeded ones.
  const lines = Array.from({ length: 120_000 }, (_, i) => `ZBIG-${tag}-${String(i).padStart(6, '0')}`);
  await page.getByLabel('Arquivo de códigos').setInputFiles(file('grande.txt', lines));
  await page.getByRole('button', { name: 'Enviar e analisar' }).click();
  await expect(page.getByRole('button', { name: 'Confirmar importação de 120.000 código(s)' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Confirmar importação de 120.000 código(s)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Importar' }).click();
  const bar = page.getByRole('progressbar');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAccessibleName(/Importando: [\d.]+ de 120\.000 códigos verificados/);
  if (SCREENS) await page.screenshot({ path: `${SCREENS_DIR}/admin-cupons-progresso-1280.png`, fullPage: true });
  await expect(page.getByText('Importação concluída: 120.000 código(s) novo(s) no estoque.')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('estoque-livres')).toHaveText((before + 120_000).toLocaleString('pt-BR'));

  // The threshold: 200.000 makes the pool "low", saved and shown.
  await page.getByLabel('Avisar estoque baixo com até').fill('200000');
  await page.getByRole('button', { name: 'Salvar alerta' }).click();
  await expect(page.getByText('Alerta de estoque baixo em 200.000 códigos livres.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Estoque baixo (alerta em 200.000)' })).toBeVisible();
});

test('atendimento sees the stock but cannot import: no upload, and the server refuses', async ({ page }) => {
  await loginStaff(page, 'atendimento', '/admin/cupons');
  await page.getByRole('link', { name: 'Cupom 10% OFF' }).click();
  await expect(page.getByTestId('estoque-livres')).toBeVisible();
  await expect(page.getByText('Seu papel pode consultar o estoque; importar códigos é com administração ou marketing.')).toBeVisible();
  await expect(page.getByLabel('Arquivo de códigos')).toHaveCount(0);
  await expect(page.getByLabel('Avisar estoque baixo com até')).toHaveCount(0);
  const id = page.url().match(/cupons\/(\d+)/)![1];
  expect((await adminApi(page, 'PUT', `/api/admin/cupons/beneficios/${id}/alerta`, { minimo: 1 })).status).toBe(403);
  await adminSnap(page, 'cupons-somente-leitura');
});
