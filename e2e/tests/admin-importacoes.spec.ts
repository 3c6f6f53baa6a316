import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminApi, adminSnap, loginStaff, menuItems } from '../support/admin';
import { createActiveAccount } from '../support/accounts';

// Imports in the back office (docs/decisions/0032-back-office-imports.md): operacao uploads the
// brand's purchases file, maps its columns, reads the dry run, applies it, sees the result and the
// history, downloads the report; the same file again changes nothing; coupon usage has the same
// flow. Marketing has neither the menu entry, nor the page, nor the API.

const csv = (name: string, lines: string[]) => ({ name: name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) });
const count = (page: Page, label: string) => page.locator('.importacoes-contagem', { has: page.getByText(label, { exact: true }) }).locator('dd');

test('operacao: upload, column mapping, dry run, apply with progress, history and report; the same file twice changes nothing', async ({ page, request }) => {
  await loginStaff(page, 'operacao', '/admin/importacoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Importações' })).toBeVisible();
  expect(await menuItems(page)).toContain('Importações');

  // A member of its own: the purchase credits a ponto, and the member pages' specs read the demo member's balance.
  const member = await createActiveAccount(request, 'importacao');
  const k = randomUUID().slice(0, 8);
  const name = `pedidos-${k}.csv`;
  // The brand's own header names: three of five are not the ones the import knows.
  const file = csv(name, ['Pedido;Cliente;Item;Qtd;Quando', `E2E-${k}-1;${member.email};BAR-COPO473-PRETO;1;14/03/2025`, `E2E-${k}-2;ninguem-${k}@exemplo.com;BAR-COPO473-PRETO;1;2025-03-15`, `E2E-${k}-3;${member.email};BAR-COPO473-PRETO;zero;2025-03-15`]);
  await page.getByLabel('Arquivo CSV').setInputFiles(file);
  await expect(page.getByRole('group', { name: 'Colunas do arquivo' })).toBeVisible();
  // Suggested from the header: Pedido and Qtd; the rest the staff chooses.
  await expect(page.getByLabel('Pedido *')).toHaveValue('Pedido');
  await expect(page.getByLabel('Quantidade *')).toHaveValue('Qtd');
  await expect(page.getByLabel('E-mail')).toHaveValue('');
  await page.getByRole('button', { name: 'Enviar e simular' }).click();
  await expect(page.getByRole('alert')).toHaveText('Escolha a coluna de: Produto (SKU ou id), Data da compra.');
  await page.getByLabel('E-mail').selectOption('Cliente');
  await page.getByLabel('Produto (SKU ou id) *').selectOption('Item');
  await page.getByLabel('Data da compra *').selectOption('Quando');
  await adminSnap(page, 'importacoes-mapeamento');
  await page.getByRole('button', { name: 'Enviar e simular' }).click();

  // The dry run: what would change, and why rows are refused.
  await expect(page.getByRole('heading', { name: `Simulação: ${name}` })).toBeVisible();
  await expect(count(page, 'Compras novas')).toHaveText('1');
  await expect(count(page, 'Pontos creditados')).toHaveText('1');
  await expect(count(page, 'Membro não cadastrado')).toHaveText('1');
  await expect(count(page, 'Linhas recusadas')).toHaveText('1');
  await expect(page.getByRole('row').filter({ hasText: 'quantidade inválida: "zero"' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'membro não cadastrado' })).toBeVisible();
  expect(page.url()).toMatch(/importacao=[0-9a-f-]{36}/);
  await adminSnap(page, 'importacoes-simulacao');
  const axe = await new AxeBuilder({ page }).include('main#conteudo').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.getByRole('button', { name: 'Aplicar importação' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aplicar importação?' });
  await expect(dialog).toContainText('1 compras novas serão registradas, 1 pontos creditados');
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByRole('heading', { name: 'Resultado', exact: false })).toBeVisible();
  await expect(page.locator('.importacoes-painel').first().getByText('Aplicada', { exact: true })).toBeVisible();
  const history = page.getByRole('table', { name: 'Importações, as mais recentes primeiro' });
  await expect(history.getByRole('row').filter({ hasText: name }).first()).toContainText('Aplicada');
  await expect(history.getByRole('row').filter({ hasText: name }).first()).toContainText('compras novas 1, pontos 1');
  await adminSnap(page, 'importacoes-aplicada');

  // The report, every line with its verdict.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar relatório (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe(`relatorio-pedidos-${k}.csv`);
  const report = readFileSync((await download.path())!, 'utf8');
  expect(report).toContain('linha;situacao;descricao;motivo;conteudo');
  expect(report).toMatch(/\r\n2;criada;Compra registrada;;/);
  expect(report).toMatch(/\r\n4;recusada;Recusada;/);

  // The same file again: nothing new; applying it changes nothing.
  await page.getByRole('button', { name: 'Fechar' }).click();
  await page.getByLabel('Arquivo CSV').setInputFiles(file);
  await page.getByLabel('E-mail').selectOption('Cliente');
  await page.getByLabel('Produto (SKU ou id) *').selectOption('Item');
  await page.getByLabel('Data da compra *').selectOption('Quando');
  await page.getByRole('button', { name: 'Enviar e simular' }).click();
  await expect(count(page, 'Compras novas')).toHaveText('0');
  await expect(count(page, 'Já registradas')).toHaveText('1');
  await expect(count(page, 'Pontos creditados')).toHaveText('0');
  await page.getByRole('button', { name: 'Aplicar (nada muda)' }).click();
  await page.getByRole('dialog', { name: 'Aplicar importação?' }).getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByRole('heading', { name: 'Resultado', exact: false })).toBeVisible();
  await expect(page.locator('.importacoes-contagem', { has: page.getByText('Compras novas', { exact: true }) })).toHaveCount(2);
  await expect(count(page, 'Compras novas').last()).toHaveText('0');
  await expect(history.getByRole('row').filter({ hasText: name })).toHaveCount(2);

  // Coupon usage: the same flow; an unknown code is refused.
  await page.getByRole('tab', { name: 'Uso de cupons' }).click();
  await page.getByLabel('Arquivo CSV').setInputFiles(csv(`usos-${k}.csv`, ['cupom;data de uso', `NAO-EXISTE-${k};20/05/2025`]));
  await expect(page.getByLabel('Código do cupom *')).toHaveValue('cupom');
  await expect(page.getByLabel('Data de uso')).toHaveValue('data de uso');
  await page.getByRole('button', { name: 'Enviar e simular' }).click();
  await expect(count(page, 'Cupons marcados como usados')).toHaveText('0');
  await expect(count(page, 'Linhas recusadas')).toHaveText('1');
  await expect(page.getByRole('row').filter({ hasText: 'código não encontrado' })).toBeVisible();
  // The history shows it at once, waiting for the apply.
  await expect(history.getByRole('row').filter({ hasText: `usos-${k}.csv` })).toContainText('Simulada, não aplicada');
  await adminSnap(page, 'importacoes-cupons');
});

test('marketing: no menu entry, the page says sem permissão, the server answers 403', async ({ page }) => {
  // Straight to the area's address: its menu is beside the refusal, and /admin was a page load of
  // its own only to read the menu.
  await loginStaff(page, 'marketing', '/admin/importacoes');
  expect(await menuItems(page)).not.toContain('Importações');
  await expect(page.getByText('Sem permissão')).toBeVisible();
  await expect(page.getByLabel('Arquivo CSV')).toHaveCount(0);
  expect((await adminApi(page, 'GET', '/api/admin/importacoes')).status).toBe(403);
  expect((await adminApi(page, 'POST', `/api/admin/importacoes/${randomUUID()}/aplicar`)).status).toBe(403);
});
