import { expect, test } from '@playwright/test';
import { withoutAxeViolations } from '../support/acessibilidade';
import { adminApi, adminSnap, loginStaff } from '../support/admin';

// The catalogue in the back office (/admin/catalogo; docs/decisions/0029-back-office-content.md):
// list with search, filters and legion numbers; create with the contract's messages; a repeated SKU
// refused; activate/deactivate reaching the members' search at once; read-only for atendimento.

const publicSearch = async (page: import('@playwright/test').Page, name: string) =>
  ((await (await page.request.get(`/api/produto/busca?q=${encodeURIComponent(name)}`)).json()) as { items: { nome: string }[] }).items.map((p) => p.nome);

test('marketing cria um produto, vê as regras dos números da Legião, recusa SKU repetido e desativa/ativa', async ({ page }) => {
  // A long walk through the screen, with an axe pass, on a machine other jobs share.
  test.slow();
  const tag = Date.now().toString(36).toUpperCase();
  const name = `Garrafa Teste ${tag}`;
  await loginStaff(page, 'marketing');
  await page.getByRole('navigation', { name: 'Áreas do back office' }).getByRole('link', { name: 'Catálogo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Produtos do catálogo' }).getByRole('row').nth(1)).toBeVisible();
  await page.getByLabel('Categoria').selectOption('Hidratação');
  await expect(page).toHaveURL(/categoria=Hidrata/);
  await page.getByRole('button', { name: 'Números da Legião' }).click();
  // Most numbers handed out first (the seed verified one piece of a 750 ml bottle; other spec files
  // register more on the same database, so only the total is fixed).
  await expect(page).toHaveURL(/ordem=-numerosAtribuidos/);
  await expect(page.getByRole('table', { name: 'Produtos do catálogo' }).getByRole('row').nth(1)).toContainText(/\d+ \/ 1\.913/);
  await page.getByText('O que os membros escolhem ao adicionar um produto').click();
  await expect(page.getByText('Lista fixa da especificação')).toBeVisible();
  await adminSnap(page, 'catalogo');
  await withoutAxeViolations(page, '/admin/catalogo');

  await page.getByRole('link', { name: 'Novo produto' }).click();
  const form = page.getByRole('form', { name: 'Produto' });
  await form.getByRole('button', { name: 'Criar produto' }).click();
  await expect(form.getByText('SKU: letras, números, - e _ (até 60).')).toBeVisible();
  await form.getByLabel('SKU', { exact: true }).fill(`E2E-${tag}`);
  await form.getByLabel('Nome', { exact: true }).fill(name);
  await form.getByLabel('Categoria', { exact: true }).selectOption('Hidratação');
  await form.getByLabel('Linha (subcategoria)').fill('Garrafas');
  await form.getByLabel('Moldura do card').selectOption('Legião 1913');
  await form.getByLabel('Horas gelado').fill('24');
  await form.getByLabel('Endereço: imagem principal').fill('/produtos/sem-imagem.svg');
  await form.getByRole('button', { name: 'Criar produto' }).click();
  await expect(page.getByText('Produto criado.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Números da Legião' })).toContainText('0 entregues de 1.913');
  await expect(page.getByText('Um número nunca muda nem se repete')).toBeVisible();
  await adminSnap(page, 'catalogo-produto');
  await withoutAxeViolations(page, 'o formulário de produto');
  await expect.poll(() => publicSearch(page, name)).toEqual([name]);

  // The same SKU in other letters is the same product for the purchase import: refused.
  await page.goto('/admin/catalogo/novo');
  await form.getByLabel('SKU', { exact: true }).fill(`e2e-${tag}`.toLowerCase());
  await form.getByLabel('Nome', { exact: true }).fill(`${name} 2`);
  await form.getByLabel('Linha (subcategoria)').fill('Garrafas');
  await form.getByLabel('Endereço: imagem principal').fill('/produtos/sem-imagem.svg');
  await form.getByRole('button', { name: 'Criar produto' }).click();
  await expect(page.getByText('Já existe um produto com esse SKU.')).toBeVisible();

  // Off: gone from the members' search at once; on again.
  await page.goto('/admin/catalogo');
  await page.getByLabel('Buscar (nome ou SKU)').fill(name);
  const key = page.getByRole('switch', { name: `Ativo: ${name}` });
  await expect(key).toHaveAttribute('aria-checked', 'true');
  await key.click();
  await expect(key).toHaveAttribute('aria-checked', 'false');
  await expect.poll(() => publicSearch(page, name)).toEqual([]);
  await key.click();
  await expect(key).toHaveAttribute('aria-checked', 'true');
  await expect.poll(() => publicSearch(page, name)).toEqual([name]);
});

test('atendimento vê o catálogo sem controles; o servidor recusa suas escritas', async ({ page }) => {
  await loginStaff(page, 'atendimento', '/admin/catalogo');
  await expect(page.getByRole('table', { name: 'Produtos do catálogo' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Novo produto' })).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
  expect((await adminApi(page, 'PUT', '/api/admin/catalogo/1/ativo', { ativo: false })).status).toBe(403);
});
