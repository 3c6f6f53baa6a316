import { expect, test, type Page } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { DEMO } from '../support/env';
import { percorrerHome, rolarAte } from '../support/home';
import { login, snap } from '../support/ui';

// The member home (spec 000 sections 2 and 6): the ten sections in order and what each role sees.
// The seeded demo accounts are only read; the fresh member is this test's own.

const SENHA_DEMO = DEMO.senha;
const LEAD = 'lead@legiao.dev';
const COLABORADOR = 'colaborador@legiao.dev';

/** The survey invitation floats at the bottom; close it so it covers nothing this test clicks. */
async function fecharConvite(page: Page) {
  const fechar = page.getByRole('button', { name: 'Fechar convite da pesquisa' });
  await page.waitForLoadState('networkidle');
  if (await fechar.isVisible()) await fechar.click();
}

/** Nothing may widen the page: a too-wide carousel track turns the mobile page into a zoomed-out desktop. */
async function semRolagemLateral(page: Page) {
  const { largura, tela } = await page.evaluate(() => ({ largura: document.documentElement.scrollWidth, tela: window.innerWidth }));
  expect(largura, 'a página rola para o lado').toBeLessThanOrEqual(tela);
}

/** The h2 of every home section, top to bottom. */
const titulosDasSecoes = (page: Page) => page.locator('main#conteudo h2').allTextContents();

const emOrdem = (titulos: string[], esperados: string[]) => {
  const posicoes = esperados.map((t) => titulos.findIndex((x) => x.trim() === t));
  expect(posicoes, `seções: ${titulos.join(' | ')}`).not.toContain(-1);
  expect([...posicoes].sort((a, b) => a - b)).toEqual(posicoes);
};

test('membro com perfil completo e definido: as dez seções em ordem, menu branco, saldo e pesquisa', async ({ page }) => {
  await login(page, DEMO.email, SENHA_DEMO);
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Marina!' })).toBeVisible();
  await expect(page.locator('header.app-header')).toHaveAttribute('data-menu', 'branco');
  await fecharConvite(page);

  // Banner: balance and confirmed referrals, and the survey button with the member's hash.
  await expect(page.getByTestId('home-saldo')).toHaveText(/\d+ pontos?/);
  await expect(page.getByTestId('home-confirmados')).toHaveText(/^\d+$/);
  await expect(page.getByRole('link', { name: 'Responder pesquisa!' })).toHaveAttribute('href', /\/pesquisa-de-satisfacao\?hash=.+/);
  await expect(page.locator('.home-hero img')).toHaveAttribute('src', /\/banners\//);

  await percorrerHome(page);
  await expect(page.getByRole('heading', { name: 'Perguntas frequentes' })).toBeVisible();
  emOrdem(await titulosDasSecoes(page), ['Minhas conquistas', 'Minha coleção', 'Benefícios', 'Indique e ganhe', 'Recomendados para você', 'Perguntas frequentes']);

  // Coming soon: the tabs switch panels.
  const emBreve = page.locator('.em-breve');
  await expect(emBreve).toBeVisible();
  await emBreve.getByRole('tab', { name: 'Cores' }).click();
  await expect(emBreve.getByRole('tabpanel')).toBeVisible();
  await expect(emBreve.getByRole('tab', { name: 'Cores' })).toHaveAttribute('aria-selected', 'true');

  // FAQ in two columns: one answer open at a time.
  const faq = page.locator('#faq');
  const perguntas = faq.getByRole('button');
  expect(await perguntas.count()).toBeGreaterThanOrEqual(2);
  await perguntas.nth(0).click();
  await expect(perguntas.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await perguntas.last().click();
  await expect(perguntas.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await expect(perguntas.last()).toHaveAttribute('aria-expanded', 'true');

  await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Redes sociais' })).toBeVisible();
  await semRolagemLateral(page);
  await snap(page, 'home-membro');

  // Another member page: the menu is not white there.
  await page.goto('/produtos');
  await expect(page.locator('header.app-header')).toHaveAttribute('data-menu', 'padrao');
});

test('lead: oferta de 15 off com Resgatar, sem saldo e sem conquistas', async ({ page }) => {
  await login(page, LEAD, SENHA_DEMO);
  await expect(page.getByText('Comece sua coleção agora mesmo, com 15 off*')).toBeVisible();
  await fecharConvite(page);
  await expect(page.getByRole('link', { name: 'Resgatar', exact: true })).toHaveAttribute('href', '/beneficios');
  await expect(page.getByTestId('home-saldo')).toHaveCount(0);
  await percorrerHome(page);
  await expect(page.getByRole('heading', { name: 'Perguntas frequentes' })).toBeVisible();
  const titulos = await titulosDasSecoes(page);
  expect(titulos.map((t) => t.trim())).not.toContain('Minhas conquistas');
  emOrdem(titulos, ['Minha coleção', 'Benefícios', 'Indique e ganhe', 'Perguntas frequentes']);
  await semRolagemLateral(page);
  await snap(page, 'home-lead');
});

test('colaborador: sem saldo nem indicações, Friends & family no menu e sem banner exclusivo', async ({ page }) => {
  await login(page, COLABORADOR, SENHA_DEMO);
  await expect(page.getByRole('heading', { level: 1, name: /^Olá, Carla!/ })).toBeVisible();
  await fecharConvite(page);
  await percorrerHome(page);
  await expect(page.getByRole('heading', { name: 'Perguntas frequentes' })).toBeVisible();
  await expect(page.getByTestId('home-saldo')).toHaveCount(0);
  await expect(page.getByText('Comece sua coleção agora mesmo, com 15 off*')).toHaveCount(0);
  const titulos = (await titulosDasSecoes(page)).map((t) => t.trim());
  expect(titulos).not.toContain('Indique e ganhe');
  await expect(page.getByText('Exclusivo para você')).toHaveCount(0);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Friends & family' })).toBeVisible();
  await expect(menu.getByRole('link', { name: /Loja oficial/ })).toHaveCount(0);
  await snap(page, 'home-colaborador');
});

test('membro novo sem perfil definido: Personalizar o portal, benefícios travados e o convite da pesquisa', async ({ page, request }) => {
  const conta = await createActiveAccount(request, 'home-novo');
  await login(page, conta.email, conta.senha);
  await expect(page.getByTestId('home-saldo')).toHaveText('0 pontos');
  await expect(page.getByRole('link', { name: 'Personalizar o portal' })).toHaveAttribute('href', '/personalizar-portal');
  await percorrerHome(page);
  await expect(page.getByRole('heading', { name: 'Perguntas frequentes' })).toBeVisible();
  expect((await titulosDasSecoes(page)).map((t) => t.trim())).not.toContain('Minhas conquistas');
  await expect(page.getByRole('link', { name: 'Personalizar meu portal' })).toBeVisible();

  const convite = page.getByRole('dialog', { name: 'Sua opinião vale muito!' });
  await expect(convite).toBeVisible();
  await semRolagemLateral(page);
  await snap(page, 'home-novo');
  await convite.getByRole('link', { name: 'Começar agora' }).click();
  await expect(page).toHaveURL(/\/pesquisa-de-satisfacao\?hash=/);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: /^Olá/ })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sua opinião vale muito!' })).toHaveCount(0);
});

// Sections below the first screen mount when they come near the viewport (docs/decisions/0018-home-on-a-phone.md).

test('as seções abaixo da primeira tela só montam quando a rolagem chega perto delas', async ({ page }) => {
  await login(page, DEMO.email, SENHA_DEMO);
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Marina!' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Minha coleção' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Nothing scrolled yet: the FAQ, far below, is still a placeholder.
  await expect(page.locator('main#conteudo .secao-adiada').first()).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Perguntas frequentes' })).toHaveCount(0);

  await rolarAte(page, page.locator('#faq h2'));
  await expect(page.getByRole('heading', { name: 'Perguntas frequentes' })).toBeInViewport();
  expect(await page.locator('#faq').getByRole('button').count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('region', { name: 'Benefícios' })).toBeAttached();
});

test('o link Perguntas frequentes do rodapé leva ao FAQ', async ({ page }) => {
  await login(page, DEMO.email, SENHA_DEMO);
  await fecharConvite(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Perguntas frequentes' }).click();
  await expect(page).toHaveURL(/\/home#faq$/);
  await expect(page.getByRole('heading', { name: 'Perguntas frequentes' })).toBeInViewport();
});

test('chegar em /home#faq abre a página no FAQ', async ({ page }) => {
  await login(page, DEMO.email, SENHA_DEMO);
  await page.goto('/home#faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Marina!' })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Perguntas frequentes' })).toBeInViewport();
});
