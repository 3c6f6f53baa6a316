import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { DEMO } from '../support/env';
import { addProductApi, card, dialog, recordVerifiedPurchase } from '../support/produtos';
import { action, field, signIn, snap, visibleText } from '../support/ui';
import { apiToken } from '../support/journeys-a';

// Minha coleção: add a product (spec 001 section 2.13), edit it (2.14), all products (2.15) and the
// home section (spec 000 section 2). Tests that change data use a fresh member; the demo member's
// seeded collection is only read.

test('adiciona um produto: busca, filtros, escolha, Outro com loja livre, FINALIZAR', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'produto-novo');
  // The collection is the subject, not the login form: a session made through the API, at the home.
  await signIn(page, account.email, account.senha);

  const homeCollection = page.getByRole('region', { name: 'Minha coleção' });
  await expect(homeCollection.getByText('0 Produtos')).toBeVisible();
  await homeCollection.getByRole('link', { name: 'Adicionar produto' }).click();
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
  const cuia = card(page, 'Cuia Térmica 250ml Joca Pampa');
  await expect(cuia.getByText('Artista Joca Pampa')).toBeVisible();
  await expect(cuia.getByText('Mate')).toBeVisible();
  const gifts = page.getByRole('region', { name: 'Meus presentes' });
  await expect(gifts.getByText('Nenhum resultado foi encontrado')).toBeVisible();

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
  const account = await createActiveAccount(request, 'produto-edita');
  await recordVerifiedPurchase({ email: account.email, sku: 'HID-GARRAFA750-AZUL', quantidade: 2, dataCompra: '2025-05-10' });
  // The entries go in through the API before the first page load, so the browser opens /produtos
  // once, already signed in (support/ui.ts signIn), instead of the form, the home and then the list.
  const token = await apiToken(request, account.email, account.senha);
  const mug = 'Caneca Térmica 350ml Rosa';
  await addProductApi(request, token, { nome: mug, localCompra: 'Amazon', dataCompra: '2025-01-20' });
  await addProductApi(request, token, { nome: mug, localCompra: 'Magalu', dataCompra: '2025-02-15' });

  await signIn(page, account.email, account.senha, '/produtos');
  await expect(visibleText(page, '2 Produtos')).toBeVisible();
  await card(page, mug).getByRole('link', { name: 'Ver mais' }).click();
  await expect(page.getByRole('heading', { level: 1, name: mug })).toBeVisible();
  const requests = page.getByRole('region', { name: 'Meus pedidos' });
  await expect(requests.getByRole('listitem')).toHaveCount(2);
  await expect(requests.getByText('20/01/2025')).toBeVisible();
  await expect(requests.getByText('15/02/2025')).toBeVisible();
  await snap(page, 'editar-produto-pedidos');

  // The order modal: place 'Outro' with its text, a cleared date is 'Data inválida'.
  await requests.getByRole('button', { name: 'Editar pedido de 20/01/2025' }).click();
  const modal = dialog(page);
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
  await expect(requests.getByText('21/01/2025')).toBeVisible();
  await expect(requests.getByText('Quiosque do Shopping')).toBeVisible();

  // The other order: received as a gift, then removed on its own.
  await requests.getByRole('button', { name: 'Editar pedido de 15/02/2025' }).click();
  await modal.getByRole('button', { name: 'Ganhei de presente' }).click();
  await expect(modal.getByRole('button', { name: 'Ganhei de presente' })).toHaveAttribute('aria-pressed', 'true');
  await expect(requests.getByRole('img', { name: 'Ganhei de presente' })).toHaveCount(1);
  await modal.getByRole('button', { name: 'Remover produto' }).click();
  await expect(modal.getByRole('heading', { name: 'Remover este pedido?' })).toBeVisible();
  await modal.getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(visibleText(page, 'Produto removido com sucesso!')).toBeVisible();
  await expect(requests).toHaveCount(0);
  await expect(visibleText(page, /Comprado em 21\/01\/2025 · Quiosque do Shopping/)).toBeVisible();

  // No entry is verified: the whole product can go.
  await action(page, 'Remover produto').click();
  await dialog(page).getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(page).toHaveURL(/\/produtos$/);
  await expect(visibleText(page, 'Produto removido com sucesso!')).toBeVisible();
  await expect(visibleText(page, '1 Produto')).toBeVisible();
  await expect(card(page, mug)).toHaveCount(0);

  // The verified purchase: 'Comprei para presente', no removal, 0 to 2 gifts.
  const bottle = 'Garrafa Térmica 750ml Azul';
  const bottleCardImage = card(page, bottle);
  await expect(bottleCardImage.getByRole('img', { name: 'Compra verificada' })).toBeVisible();
  await expect(bottleCardImage.getByText('2 unidades')).toBeVisible();
  await expect(bottleCardImage.getByText(/\d{4}\/1913$/)).toBeVisible();
  await bottleCardImage.getByRole('link', { name: 'Ver mais' }).click();
  await expect(page.getByRole('heading', { level: 1, name: bottle })).toBeVisible();
  await expect(action(page, 'Remover produto')).toHaveCount(0);
  await expect(action(page, 'Ganhei de presente')).toHaveCount(0);
  await action(page, 'Comprei para presente').click();
  await field(page, 'Quantidade para presente').fill('3');
  await dialog(page).getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog(page).getByText('A quantidade de presentes deve ficar entre 0 e a quantidade do pedido.')).toBeVisible();
  await field(page, 'Quantidade para presente').fill('2');
  await snap(page, 'editar-produto-presente-modal');
  await dialog(page).getByRole('button', { name: 'Salvar' }).click();
  await expect(visibleText(page, 'Produto atualizado com sucesso!')).toBeVisible();
  await expect(visibleText(page, '2 de 2 para presente')).toBeVisible();
  await snap(page, 'editar-produto-verificado');

  // Every unit went as a gift: it leaves the collection and shows in Meus presentes.
  await page.goto('/produtos');
  await expect(visibleText(page, '0 Produtos')).toBeVisible();
  const gifts = page.getByRole('region', { name: 'Meus presentes' });
  await expect(card(gifts, bottle).getByRole('link', { name: 'VER MAIS' })).toBeVisible();
  await expect(card(gifts, bottle).getByRole('img', { name: 'Presente' })).toBeVisible();
  await snap(page, 'produtos-presentes');
});

test('membro demo: coleção na home, todos os produtos, presentes e a página do produto verificado', async ({ page }) => {
  // The home's collection is the subject, not the login form: a session made through the API.
  await signIn(page, DEMO.email, DEMO.senha);

  const section = page.getByRole('region', { name: 'Minha coleção' });
  await expect(section.getByText(/^\d+ Produtos?$/)).toBeVisible();
  const carousel = section.getByRole('group', { name: 'Minha coleção' });
  const cards = carousel.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const total = await cards.count();
  expect(total).toBeGreaterThan(1);
  await expect(action(page, 'Todos os produtos')).toBeVisible();
  // The collection is the home's third section (after the banner and the achievements): below the fold.
  await section.scrollIntoViewIfNeeded();
  if ((page.viewportSize()?.width ?? 0) < 768) {
    // One card per view: the second is off screen until Próximo.
    await expect(cards.nth(1)).not.toBeInViewport();
    await carousel.getByRole('button', { name: 'Próximo' }).click();
    await expect(cards.nth(1)).toBeInViewport();
    await expect(cards.nth(0)).not.toBeInViewport();
  } else {
    for (let i = 0; i < Math.min(total, 5); i++) await expect(cards.nth(i)).toBeInViewport();
  }
  await snap(page, 'home-colecao');

  await action(page, 'Todos os produtos').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Todos os meus produtos' })).toBeVisible();
  await expect(action(page, 'Adicionar produto')).toHaveAttribute('href', '/novo-produto');
  const gifts = page.getByRole('region', { name: 'Meus presentes' });
  await expect(card(gifts, 'Garrafinha Kids 400ml Rosa').getByRole('link', { name: 'VER MAIS' })).toBeVisible();
  await snap(page, 'produtos');

  const legion = card(page, 'Garrafa Camping 1,5L Legião 1913');
  await expect(legion.getByText(/\d{4}\/1913$/)).toBeVisible();
  await expect(legion.getByText('Legião 1913', { exact: true })).toBeVisible();
  await legion.getByRole('link', { name: 'Ver mais' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Garrafa Camping 1,5L Legião 1913' })).toBeVisible();
  await expect(page.getByText('Camping', { exact: true }).first()).toBeVisible();
  await expect(action(page, 'Comprei para presente')).toBeVisible();
  await expect(action(page, 'Remover produto')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Detalhes do produto' })).toBeVisible();
  await snap(page, 'editar-produto-demo');

  await page.getByRole('button', { name: 'Ver imagem 2 de 4' }).click();
  await page.getByRole('button', { name: 'Ampliar imagem 2 de 4' }).click();
  await expect(dialog(page).getByRole('img', { name: /imagem 2 de 4/ })).toBeVisible();
  await snap(page, 'editar-produto-galeria');
  await dialog(page).getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog(page)).toHaveCount(0);

  // Arrived from Ver mais: Voltar goes back to the list.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/produtos$/);
});
