import { expect, test, type Page } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { withoutAxeViolations } from '../support/acessibilidade';
import { adminSnap, loginStaff } from '../support/admin';
import { archiveBySlug, memberIdOf, newProduct, spInput, spMidnight, staffToken, tag, verifiedPurchases } from '../support/lancamentos';

// Launches in the back office (/admin/lancamentos; docs/decisions/0047-launches.md): marketing
// creates one, composes its rule watching the live count (exact: the members this test seeded are
// the only owners of a product made for it), previews it as an eligible and a non-eligible member,
// publishes, edits and archives it; the member's page says which launches they are eligible for.

const count = (page: Page) => page.getByTestId('contagem-regra');

test('marketing cria um lançamento, compõe a regra vendo a contagem, vê a prévia como membro, publica, edita e arquiva', async ({ page, request, browser }) => {
  test.slow();
  const admin = await staffToken(request, 'admin');
  const product = await newProduct(request, admin);
  // A: 2 verified purchases of the product, B: 1, C: none.
  const [a, b, c] = await Promise.all([createActiveAccount(request, 'lanc-a'), createActiveAccount(request, 'lanc-b'), createActiveAccount(request, 'lanc-c')]);
  const aId = await memberIdOf(request, admin, a.email);
  await verifiedPurchases(request, admin, aId, product.sku, 2);
  await verifiedPurchases(request, admin, await memberIdOf(request, admin, b.email), product.sku, 1);
  const name = `Garrafa Aurora ${tag()}`;
  const slug = `aurora-${tag()}`;

  try {
    await test.step('a lista e um novo lançamento: datas no horário de São Paulo', async () => {
      await loginStaff(page, 'marketing');
      await page.getByRole('navigation', { name: 'Áreas do back office' }).getByRole('link', { name: 'Lançamentos' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Lançamentos' })).toBeVisible();
      await page.getByRole('link', { name: 'Novo lançamento' }).click();
      const form = page.getByRole('form', { name: 'Lançamento' });
      await form.getByLabel('Nome', { exact: true }).fill(name);
      await form.getByLabel('Endereço (slug)').fill(slug);
      await form.getByLabel('Endereço: arte do lançamento').fill('/banners/lancamento-desktop.svg');
      await form.getByLabel('Sobre', { exact: true }).fill('Cores novas para a sua coleção.');
      await form.getByLabel('Cores', { exact: true }).fill('Aurora #f2a900');
      // An SKU the catalogue does not have: the server's message lands next to the field.
      await form.getByLabel('SKUs do lançamento').fill('E2E-NAO-EXISTE');
      await form.getByLabel('Início do acesso antecipado').fill(spInput(spMidnight(2)));
      await form.getByLabel('Fim do acesso antecipado').fill(spInput(new Date(spMidnight(2).getTime() + 86_400_000)));
      await form.getByLabel('Data pública').fill(spInput(spMidnight(4)));
      await form.getByLabel('Cota por membro (unidades)').fill('2');
    });

    await test.step('a regra: a contagem muda a cada condição', async () => {
      const form = page.getByRole('form', { name: 'Lançamento' });
      // No condition: every legionário in good standing (a number the whole run decides).
      await expect(count(page)).toHaveText(/Esta regra seleciona [\d.]+ membros? agora\./);
      await form.getByLabel('Nova condição').selectOption({ label: 'Possui o produto' });
      await form.getByRole('button', { name: 'Adicionar condição' }).click();
      await form.getByLabel('Possui o produto: buscar por nome ou SKU').fill(product.sku);
      await form.getByRole('button', { name: new RegExp(product.nome) }).click();
      await expect(count(page)).toHaveText('Esta regra seleciona 2 membros agora.');
      await form.getByLabel('Nova condição').selectOption({ label: 'Compras verificadas (mínimo)' });
      await form.getByRole('button', { name: 'Adicionar condição' }).click();
      await expect(count(page)).toHaveText('Esta regra seleciona 2 membros agora.');
      await form.getByLabel('Compras verificadas (mínimo)', { exact: true }).fill('2');
      await expect(count(page)).toHaveText('Esta regra seleciona 1 membro agora.');
      // An empty minimum is no rule yet: nothing is counted until it is one.
      await form.getByLabel('Compras verificadas (mínimo)', { exact: true }).fill('');
      await expect(count(page)).toHaveText('Complete as condições para ver quantos membros a regra seleciona.');
      await form.getByLabel('Compras verificadas (mínimo)', { exact: true }).fill('2');
      await form.getByLabel('Nova condição').selectOption({ label: 'Conta ativada' });
      await form.getByRole('button', { name: 'Adicionar condição' }).click();
      await expect(count(page)).toHaveText('Esta regra seleciona 1 membro agora.');
      await form.getByRole('button', { name: 'Remover a condição 3: Conta ativada' }).click();
      await expect(form.getByRole('list', { name: 'Condições da regra' }).getByRole('listitem')).toHaveCount(2);
      await withoutAxeViolations(page, 'o formulário de lançamento');
      await adminSnap(page, 'lancamento-form');

      await form.getByRole('button', { name: 'Criar rascunho' }).click();
      await expect(form.getByText('SKU fora do catálogo: E2E-NAO-EXISTE.')).toBeVisible();
      await form.getByLabel('SKUs do lançamento').fill(product.sku.toLowerCase());
      await form.getByRole('button', { name: 'Criar rascunho' }).click();
      await expect(page.getByText('Lançamento criado como rascunho.')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText('Rascunho', { exact: true })).toBeVisible();
      // Stored as the catalogue spells it; the dates read back as typed, in São Paulo time.
      await expect(page.getByLabel('SKUs do lançamento')).toHaveValue(product.sku);
      await expect(page.getByLabel('Início do acesso antecipado')).toHaveValue(spInput(spMidnight(2)));
      await expect(page.getByText(/Acesso antecipado de \d{2}\/\d{2}\/\d{4} 00:00 a/)).toBeVisible();
    });

    await test.step('num computador em outro fuso, as datas continuam no horário de São Paulo', async () => {
      const use = test.info().project.use;
      const lisbon = await browser.newContext({ baseURL: use.baseURL, viewport: use.viewport, locale: 'pt-BR', timezoneId: 'Europe/Lisbon' });
      const away = await lisbon.newPage();
      await loginStaff(away, 'marketing', new URL(page.url()).pathname);
      await expect(away.getByLabel('Início do acesso antecipado')).toHaveValue(spInput(spMidnight(2)));
      await expect(away.getByLabel('Data pública')).toHaveValue(spInput(spMidnight(4)));
      await lisbon.close();
    });

    await test.step('prévia como membro: elegível e não elegível, agora e no início do acesso', async () => {
      const preview = page.getByRole('form', { name: 'Prévia como membro' });
      await preview.getByLabel('Membro (e-mail ou id)').fill(a.email);
      await preview.getByRole('button', { name: 'Ver como este membro' }).click();
      const result = page.getByTestId('previa-membro');
      await expect(result.getByText('Elegível', { exact: true })).toBeVisible();
      await expect(result).toContainText('Acesso antecipado aberto');
      await preview.getByRole('button', { name: 'No início do acesso' }).click();
      await preview.getByRole('button', { name: 'Ver como este membro' }).click();
      await expect(result).toContainText('ainda não gerado');
      await expect(result).toContainText('2 de 2 unidade(s) restantes');
      await preview.getByLabel('Membro (e-mail ou id)').fill(b.email);
      await preview.getByRole('button', { name: 'Ver como este membro' }).click();
      await expect(result.getByText('Não elegível', { exact: true })).toBeVisible();
      await expect(result).toContainText('Tenha 2 compras verificadas (você tem 1).');
      await preview.getByLabel('Membro (e-mail ou id)').fill(c.email);
      await preview.getByRole('button', { name: 'Ver como este membro' }).click();
      await expect(result).toContainText(c.nome);
      await expect(result).toContainText('Tenha 2 compras verificadas (você tem 0).');
      await preview.getByLabel('Membro (e-mail ou id)').fill('ninguem@e2e.legiao.test');
      await preview.getByRole('button', { name: 'Ver como este membro' }).click();
      await expect(page.getByText('Membro não encontrado. Informe o id ou o e-mail de uma conta.')).toBeVisible();
      await withoutAxeViolations(page, 'a prévia como membro');
      await adminSnap(page, 'lancamento');
    });

    await test.step('publicar (confirmado): o endereço fica fixo', async () => {
      await page.getByRole('button', { name: 'Publicar', exact: true }).click();
      await page.getByRole('dialog', { name: 'Publicar o lançamento?' }).getByRole('button', { name: 'Publicar' }).click();
      await expect(page.getByText('Lançamento publicado.')).toBeVisible();
      // Published, it has a launch-day page (the live numbers), linked from here.
      await expect(page.getByRole('link', { name: 'Painel do dia' })).toHaveAttribute('href', /\/admin\/lancamentos\/[0-9a-f-]+\/dia$/);
      await expect(page.getByText('Publicado', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Endereço (slug)')).toHaveAttribute('readonly', '');
    });

    await test.step('editar: o nome e a cota', async () => {
      const form = page.getByRole('form', { name: 'Lançamento' });
      await form.getByLabel('Nome', { exact: true }).fill(`${name} Edição`);
      await form.getByLabel('Cota por membro (unidades)').fill('3');
      await form.getByRole('button', { name: 'Salvar alterações' }).click();
      await expect(page.getByText('Lançamento salvo.')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: `${name} Edição` })).toBeVisible();
      await expect(form.getByLabel('Cota por membro (unidades)')).toHaveValue('3');
    });

    await test.step('a página do membro diz de quais lançamentos ele é elegível e por quê', async () => {
      const adminPage = await browser.newPage();
      await loginStaff(adminPage, 'admin', `/admin/membros/${aId}`);
      const block = adminPage.getByRole('region', { name: /^Lançamentos \(\d+\)$/ });
      const item = block.getByRole('listitem').filter({ has: adminPage.getByRole('heading', { name: new RegExp(`${name} Edição`) }) });
      await expect(item.getByText('Elegível', { exact: true })).toBeVisible();
      await expect(item).toContainText('0 unidade(s) da cota usada(s)');
      await expect(item).toContainText('Atende: ');
      await adminPage.close();
    });

    await test.step('arquivar (confirmado) e a lista por situação', async () => {
      await page.getByRole('button', { name: 'Arquivar', exact: true }).click();
      await page.getByRole('dialog', { name: 'Arquivar o lançamento?' }).getByRole('button', { name: 'Arquivar' }).click();
      await expect(page.getByText('Lançamento arquivado.')).toBeVisible();
      await expect(page.getByText('Arquivado', { exact: true })).toBeVisible();
      await page.getByRole('link', { name: '← Lançamentos' }).click();
      await page.getByLabel('Situação').selectOption('arquivado');
      await expect(page.getByRole('link', { name: `${name} Edição` })).toBeVisible();
      await page.getByLabel('Situação').selectOption('publicado');
      await expect(page.getByRole('link', { name: `${name} Edição` })).toHaveCount(0);
      await withoutAxeViolations(page, '/admin/lancamentos');
    });
  } finally {
    // Published, it would show on every member's home of the tests running beside this one.
    await archiveBySlug(request, admin, slug);
  }
});

test('atendimento lê os lançamentos sem controles e o servidor recusa a contagem da regra', async ({ page }) => {
  await loginStaff(page, 'atendimento', '/admin/lancamentos');
  await expect(page.getByRole('heading', { level: 1, name: 'Lançamentos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Novo lançamento' })).toHaveCount(0);
  const status = await page.evaluate(async () => (await fetch('/api/admin/lancamentos/previa-regra', { method: 'POST', headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' }, body: JSON.stringify({ regra: { condicoes: [] } }) })).status);
  expect(status).toBe(403);
});
