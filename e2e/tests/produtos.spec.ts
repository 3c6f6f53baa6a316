import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { DEMO } from '../support/env';
import { adicionarProdutoApi, cartao, dialogo, registrarCompraVerificada } from '../support/produtos';
import { action, field, login, snap, storedToken, visibleText } from '../support/ui';

// Minha coleção: add a product (spec 001 section 2.13), edit it (2.14), all products (2.15) and the
// home section (spec 000 section 2). Tests that change data use a fresh member; the demo member's
// seeded collection is only read.

test('adiciona um produto: busca, filtros, escolha, Outro com loja livre, FINALIZAR', async ({ page, request }) => {
  const conta = await createActiveAccount(request, 'produto-novo');
  await login(page, conta.email, conta.senha);

  const colecaoHome = page.getByRole('region', { name: 'Minha coleção' });
  await expect(colecaoHome.getByText('0 Produtos')).toBeVisible();
  await colecaoHome.getByRole('link', { name: 'Adicionar produto' }).click();
  await expect(page).toHaveURL(/\/novo-produto$/);
  await expect(page.getByRole('heading', { name: 'Adicionar produto' })).toBeVisible();

  const grade = page.getByRole('list', { name: 'Produtos' });
  await expect(grade.getByRole('button').first()).toBeVisible();

  // Every word must be in the name, in any case.
  await field(page, 'Buscar produto').fill('GARRAFA 750');
  await expect(grade.getByRole('button')).toHaveCount(5);
  await expect(grade.getByRole('button', { name: 'Garrafa Térmica 750ml Lilás' })).toBeVisible();
  await expect(grade.getByRole('button', { name: 'Garrafa Camping 1,5L Preto' })).toHaveCount(0);

  await field(page, 'Buscar produto').fill('');
  await expect(field(page, 'Categoria')).toHaveValue('TODOS');
  await expect(field(page, 'Produto')).toHaveValue('TODOS');
  await field(page, 'Categoria').selectOption('Mate');
  await expect(grade.getByRole('button', { name: 'Garrafa Térmica Mate 1L Verde' })).toBeVisible();
  await field(page, 'Produto').selectOption('Cuia Térmica 250ml');
  await expect(grade.getByRole('button')).toHaveCount(5);
  await field(page, 'Buscar produto').fill('joca');
  await expect(grade.getByRole('button')).toHaveCount(1);
  await snap(page, 'novo-produto-busca');

  await grade.getByRole('button', { name: 'Cuia Térmica 250ml Joca Pampa' }).click();
  await expect(page.getByRole('heading', { name: 'Confirme seu produto' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cuia Térmica 250ml Joca Pampa' })).toBeVisible();
  await expect(visibleText(page, 'Etapa 2 de 2')).toBeVisible();

  await field(page, 'Onde você comprou?').selectOption('Outro');
  await action(page, 'FINALIZAR').click();
  await expect(visibleText(page, 'Informe onde você comprou.')).toBeVisible();
  await field(page, 'Qual loja?').fill('Feira de Artesanato de Olinda');
  await snap(page, 'novo-produto-confirmar');
  await action(page, 'FINALIZAR').click();

  await expect(page.getByRole('heading', { name: 'Produto cadastrado com sucesso!' })).toBeVisible();
  await expect(visibleText(page, 'Você já pode vê-lo em Minha Coleção.')).toBeVisible();
  await snap(page, 'novo-produto-sucesso');

  await action(page, 'Ver Minha Coleção').click();
  await expect(page).toHaveURL(/\/produtos$/);
  await expect(visibleText(page, '1 Produto')).toBeVisible();
  const cuia = cartao(page, 'Cuia Térmica 250ml Joca Pampa');
  await expect(cuia.getByText('Artista Joca Pampa')).toBeVisible();
  await expect(cuia.getByText('Mate')).toBeVisible();
  const presentes = page.getByRole('region', { name: 'Meus presentes' });
  await expect(presentes.getByText('Nenhum resultado foi encontrado')).toBeVisible();

  // The free text replaced 'Outro'.
  await cuia.getByRole('link', { name: 'Ver mais' }).click();
  await expect(page).toHaveURL(/\/editar-produto\/\d+\?clicou=true$/);
  await expect(visibleText(page, /Feira de Artesanato de Olinda/)).toBeVisible();
  await expect(action(page, 'Ganhei de presente')).toBeVisible();
  await expect(action(page, 'Remover produto')).toBeVisible();
});

test('edita pedidos, marca presentes e remove; Meus presentes recebe a compra verificada', async ({ page, request }) => {
  // Many screens and calls in one story: past a minute on a busy machine.
  test.slow();
  const conta = await createActiveAccount(request, 'produto-edita');
  await registrarCompraVerificada({ email: conta.email, sku: 'HID-GARRAFA750-AZUL', quantidade: 2, dataCompra: '2025-05-10' });
  await login(page, conta.email, conta.senha);
  const token = (await storedToken(page))!;
  const caneca = 'Caneca Térmica 350ml Rosa';
  await adicionarProdutoApi(request, token, { nome: caneca, localCompra: 'Amazon', dataCompra: '2025-01-20' });
  await adicionarProdutoApi(request, token, { nome: caneca, localCompra: 'Magalu', dataCompra: '2025-02-15' });

  await page.goto('/produtos');
  await expect(visibleText(page, '2 Produtos')).toBeVisible();
  await cartao(page, caneca).getByRole('link', { name: 'Ver mais' }).click();
  await expect(page.getByRole('heading', { level: 1, name: caneca })).toBeVisible();
  const pedidos = page.getByRole('region', { name: 'Meus pedidos' });
  await expect(pedidos.getByRole('listitem')).toHaveCount(2);
  await expect(pedidos.getByText('20/01/2025')).toBeVisible();
  await expect(pedidos.getByText('15/02/2025')).toBeVisible();
  await snap(page, 'editar-produto-pedidos');

  // The order modal: place 'Outro' with its text, a cleared date is 'Data inválida'.
  await pedidos.getByRole('button', { name: 'Editar pedido de 20/01/2025' }).click();
  const modal = dialogo(page);
  await expect(modal.getByRole('heading', { name: 'Editar pedido' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Fechar' })).toBeVisible();
  await expect(field(page, 'Onde você comprou?')).toHaveValue('Amazon');
  await field(page, 'Onde você comprou?').selectOption('Outro');
  await field(page, 'Qual loja?').fill('Quiosque do Shopping');
  await field(page, 'Data da compra').fill('');
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal.getByText('Data inválida')).toBeVisible();
  await field(page, 'Data da compra').fill('2025-01-21');
  await snap(page, 'editar-produto-pedido-modal');
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(visibleText(page, 'Produto atualizado com sucesso!')).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(pedidos.getByText('21/01/2025')).toBeVisible();
  await expect(pedidos.getByText('Quiosque do Shopping')).toBeVisible();

  // The other order: received as a gift, then removed on its own.
  await pedidos.getByRole('button', { name: 'Editar pedido de 15/02/2025' }).click();
  await modal.getByRole('button', { name: 'Ganhei de presente' }).click();
  await expect(modal.getByRole('button', { name: 'Ganhei de presente' })).toHaveAttribute('aria-pressed', 'true');
  await expect(pedidos.getByRole('img', { name: 'Ganhei de presente' })).toHaveCount(1);
  await modal.getByRole('button', { name: 'Remover produto' }).click();
  await expect(modal.getByRole('heading', { name: 'Remover este pedido?' })).toBeVisible();
  await modal.getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(visibleText(page, 'Produto removido com sucesso!')).toBeVisible();
  await expect(pedidos).toHaveCount(0);
  await expect(visibleText(page, /Comprado em 21\/01\/2025 · Quiosque do Shopping/)).toBeVisible();

  // No entry is verified: the whole product can go.
  await action(page, 'Remover produto').click();
  await dialogo(page).getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(page).toHaveURL(/\/produtos$/);
  await expect(visibleText(page, 'Produto removido com sucesso!')).toBeVisible();
  await expect(visibleText(page, '1 Produto')).toBeVisible();
  await expect(cartao(page, caneca)).toHaveCount(0);

  // The verified purchase: 'Comprei para presente', no removal, 0 to 2 gifts.
  const garrafa = 'Garrafa Térmica 750ml Azul';
  const cartaoGarrafa = cartao(page, garrafa);
  await expect(cartaoGarrafa.getByRole('img', { name: 'Compra verificada' })).toBeVisible();
  await expect(cartaoGarrafa.getByText('2 unidades')).toBeVisible();
  await expect(cartaoGarrafa.getByText(/\d{4}\/1913$/)).toBeVisible();
  await cartaoGarrafa.getByRole('link', { name: 'Ver mais' }).click();
  await expect(page.getByRole('heading', { level: 1, name: garrafa })).toBeVisible();
  await expect(action(page, 'Remover produto')).toHaveCount(0);
  await expect(action(page, 'Ganhei de presente')).toHaveCount(0);
  await action(page, 'Comprei para presente').click();
  await field(page, 'Quantidade para presente').fill('3');
  await dialogo(page).getByRole('button', { name: 'Salvar' }).click();
  await expect(dialogo(page).getByText('A quantidade de presentes deve ficar entre 0 e a quantidade do pedido.')).toBeVisible();
  await field(page, 'Quantidade para presente').fill('2');
  await snap(page, 'editar-produto-presente-modal');
  await dialogo(page).getByRole('button', { name: 'Salvar' }).click();
  await expect(visibleText(page, 'Produto atualizado com sucesso!')).toBeVisible();
  await expect(visibleText(page, '2 de 2 para presente')).toBeVisible();
  await snap(page, 'editar-produto-verificado');

  // Every unit went as a gift: it leaves the collection and shows in Meus presentes.
  await page.goto('/produtos');
  await expect(visibleText(page, '0 Produtos')).toBeVisible();
  const presentes = page.getByRole('region', { name: 'Meus presentes' });
  await expect(cartao(presentes, garrafa).getByRole('link', { name: 'VER MAIS' })).toBeVisible();
  await expect(cartao(presentes, garrafa).getByRole('img', { name: 'Presente' })).toBeVisible();
  await snap(page, 'produtos-presentes');
});

test('membro demo: coleção na home, todos os produtos, presentes e a página do produto verificado', async ({ page }) => {
  await login(page, DEMO.email, DEMO.senha);

  const secao = page.getByRole('region', { name: 'Minha coleção' });
  await expect(secao.getByText(/^\d+ Produtos?$/)).toBeVisible();
  const carrossel = secao.getByRole('group', { name: 'Minha coleção' });
  const cards = carrossel.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const total = await cards.count();
  expect(total).toBeGreaterThan(1);
  await expect(action(page, 'Todos os produtos')).toBeVisible();
  // The collection is the home's third section (after the banner and the achievements): below the fold.
  await secao.scrollIntoViewIfNeeded();
  if ((page.viewportSize()?.width ?? 0) < 768) {
    // One card per view: the second is off screen until Próximo.
    await expect(cards.nth(1)).not.toBeInViewport();
    await carrossel.getByRole('button', { name: 'Próximo' }).click();
    await expect(cards.nth(1)).toBeInViewport();
    await expect(cards.nth(0)).not.toBeInViewport();
  } else {
    for (let i = 0; i < Math.min(total, 5); i++) await expect(cards.nth(i)).toBeInViewport();
  }
  await snap(page, 'home-colecao');

  await action(page, 'Todos os produtos').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Todos os meus produtos' })).toBeVisible();
  await expect(action(page, 'Adicionar produto')).toHaveAttribute('href', '/novo-produto');
  const presentes = page.getByRole('region', { name: 'Meus presentes' });
  await expect(cartao(presentes, 'Garrafinha Kids 400ml Rosa').getByRole('link', { name: 'VER MAIS' })).toBeVisible();
  await snap(page, 'produtos');

  const legiao = cartao(page, 'Garrafa Camping 1,5L Legião 1913');
  await expect(legiao.getByText(/\d{4}\/1913$/)).toBeVisible();
  await expect(legiao.getByText('Legião 1913', { exact: true })).toBeVisible();
  await legiao.getByRole('link', { name: 'Ver mais' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Garrafa Camping 1,5L Legião 1913' })).toBeVisible();
  await expect(page.getByText('Camping', { exact: true }).first()).toBeVisible();
  await expect(action(page, 'Comprei para presente')).toBeVisible();
  await expect(action(page, 'Remover produto')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Detalhes do produto' })).toBeVisible();
  await snap(page, 'editar-produto-demo');

  await page.getByRole('button', { name: 'Ver imagem 2 de 4' }).click();
  await page.getByRole('button', { name: 'Ampliar imagem 2 de 4' }).click();
  await expect(dialogo(page).getByRole('img', { name: /imagem 2 de 4/ })).toBeVisible();
  await snap(page, 'editar-produto-galeria');
  await dialogo(page).getByRole('button', { name: 'Fechar' }).click();
  await expect(dialogo(page)).toHaveCount(0);

  // Arrived from Ver mais: Voltar goes back to the list.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/produtos$/);
});
