import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { withoutAxeViolations } from '../support/acessibilidade';
import { scrollTo } from '../support/home';
import { archiveLaunch, memberIdOf, newProduct, publishedLaunch, spIcs, spMidnight, spText, staffToken, tag, verifiedPurchases, type LaunchSeed } from '../support/lancamentos';
import { signIn, snap } from '../support/ui';

// The member's side of a launch on the home (docs/decisions/0047-launches.md "Part 2: screens"): the
// pre-sale place shows, for this member, eligible or not, the countdown to their opening and, in the
// window, their personal access (code, store link, units left); the coming-soon place shows the
// launch with its tabs; "Adicionar à agenda" hands over the opening as an .ics in São Paulo time.

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The launch's early-access card (section 4), by its accessible name: badge and title. */
const presale = (page: Page, badge: 'Acesso antecipado' | 'Pré-venda', l: LaunchSeed) => page.getByRole('region', { name: `${badge} ${l.nome}`, exact: true });

test('elegível vê o código, o link e a cota na janela, a contagem e a agenda antes dela; não elegível vê a dica e a data pública', async ({ page, request, browser }) => {
  test.slow();
  const admin = await staffToken(request, 'admin');
  const product = await newProduct(request, admin);
  const [eligible, other] = await Promise.all([createActiveAccount(request, 'lanc-sim'), createActiveAccount(request, 'lanc-nao')]);
  await verifiedPurchases(request, admin, await memberIdOf(request, admin, eligible.email), product.sku, 2);
  await verifiedPurchases(request, admin, await memberIdOf(request, admin, other.email), product.sku, 1);
  const rule = [{ tipo: 'comprasVerificadas', minimo: 2 }, { tipo: 'possuiProduto', produtoId: product.id }];
  const now = Date.now();
  // Open now; and one whose window opens at midnight in São Paulo in two days.
  const open = await publishedLaunch(request, admin, { nome: `Garrafa Aurora ${tag()}`, sku: product.sku, acessoInicio: new Date(now - HOUR), acessoFim: new Date(now + 3 * HOUR), dataPublica: new Date(now + DAY), cota: 2, condicoes: rule });
  const soon = await publishedLaunch(request, admin, { nome: `Copo Boreal ${tag()}`, sku: product.sku, acessoInicio: spMidnight(2), acessoFim: spMidnight(3), dataPublica: spMidnight(4), cota: 1, condicoes: rule });

  try {
    await test.step('elegível, na janela: o código pessoal, o link da loja e as unidades', async () => {
      await signIn(page, eligible.email, eligible.senha);
      const card = presale(page, 'Acesso antecipado', open);
      await scrollTo(page, card);
      await expect(card).toContainText('Você tem acesso antecipado.');
      await expect(card).toContainText(`Seu acesso antecipado está aberto até ${spText(open.acessoFim)} (horário de Brasília).`);
      const code = card.getByTestId('codigo-acesso');
      await expect(code).toHaveText(/^LGA-[A-Z2-7]{10}$/);
      const value = (await code.textContent())!;
      await expect(card.getByRole('link', { name: /Comprar com meu acesso/ })).toHaveAttribute('href', new RegExp(`\\?acesso=${value}$`));
      await expect(card).toContainText('Você ainda pode comprar 2 unidades no acesso antecipado.');
      await expect(card.getByRole('button', { name: `Copiar código ${value}` })).toBeVisible();
      // Going to the store counts the member as "acessaram" on the launch day's page (POST .../acesso),
      // and the store opens in a new tab (answered here: the store is not on this machine).
      await page.context().route('https://loja.legiao.dev/**', (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<title>Loja</title>' }));
      const recorded = page.waitForResponse((r) => r.url().endsWith(`/api/lancamentos/${open.slug}/acesso`) && r.request().method() === 'POST');
      const store = page.context().waitForEvent('page');
      await card.getByRole('link', { name: /Comprar com meu acesso/ }).click();
      expect((await recorded).status()).toBe(200);
      expect((await recorded).request().headers()['authorization']).toMatch(/^Bearer /);
      await (await store).close();
      // The same code on a second look (made once, on the first view in the window).
      await page.reload();
      await scrollTo(page, presale(page, 'Acesso antecipado', open));
      await expect(presale(page, 'Acesso antecipado', open).getByTestId('codigo-acesso')).toHaveText(value);
    });

    await test.step('elegível, antes da janela: a contagem até a sua abertura e a agenda (.ics em São Paulo)', async () => {
      const card = presale(page, 'Acesso antecipado', soon);
      await scrollTo(page, card);
      await expect(card).toContainText(`Seu acesso antecipado abre em ${spText(soon.acessoInicio)} (horário de Brasília).`);
      await expect(card.getByRole('timer', { name: `Tempo até o seu acesso antecipado a ${soon.nome}` })).toBeVisible();
      await expect(card.getByTestId('codigo-acesso')).toHaveCount(0);
      const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: `Adicionar à agenda: ${soon.nome}` }).click()]);
      expect(download.suggestedFilename()).toBe(`${soon.slug}.ics`);
      const ics = readFileSync((await download.path())!, 'utf8');
      expect(ics).toContain(`DTSTART;TZID=America/Sao_Paulo:${spIcs(soon.acessoInicio)}`);
      expect(spIcs(soon.acessoInicio)).toMatch(/T000000$/);
      // The address itself, with the member's token: a calendar file.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const res = await page.request.get(`/api/lancamentos/${soon.slug}/agenda.ics`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^text\/calendar/);
      expect(await res.text()).toContain(`DTSTART;TZID=America/Sao_Paulo:${spIcs(soon.acessoInicio)}`);
      // The coming-soon section of the same launch: its tabs and the opening.
      const comingSoon = page.getByRole('region', { name: `Em breve ${soon.nome}`, exact: true });
      await scrollTo(page, comingSoon);
      await expect(comingSoon).toContainText(`Seu acesso antecipado abre em ${spText(soon.acessoInicio)}`);
      await comingSoon.getByRole('tab', { name: 'Cores' }).click();
      await expect(comingSoon.getByRole('tabpanel')).toContainText('Aurora');
      // The launches' sections (the rest of the home is home.spec.ts's; a new member's locked benefits
      // carousel has an axe finding of its own, scrollable-region-focusable, not this spec's subject).
      await withoutAxeViolations(page, 'os lançamentos da home', ['.lancamento-home', '.lancamento-em-breve']);
      await snap(page, 'home-lancamentos');
    });

    await test.step('não elegível: a dica do que falta e a data pública, sem código', async () => {
      // A second person: a context of their own, at this project's width.
      const use = test.info().project.use;
      const context = await browser.newContext({ baseURL: use.baseURL, viewport: use.viewport, isMobile: use.isMobile, hasTouch: use.hasTouch, deviceScaleFactor: use.deviceScaleFactor, locale: use.locale, timezoneId: use.timezoneId });
      const otherPage = await context.newPage();
      await signIn(otherPage, other.email, other.senha);
      const card = presale(otherPage, 'Pré-venda', open);
      await scrollTo(otherPage, card);
      await expect(card).toContainText('Você ainda não tem acesso antecipado.');
      await expect(card).toContainText(`Abre para todos em ${spText(open.dataPublica)} (horário de Brasília).`);
      await expect(card).toContainText('Tenha 2 compras verificadas (você tem 1).');
      await expect(card.getByTestId('codigo-acesso')).toHaveCount(0);
      await expect(card.getByRole('timer', { name: `Tempo até ${open.nome} abrir para todos` })).toBeVisible();
      const later = presale(otherPage, 'Pré-venda', soon);
      await expect(later).toContainText(`Abre para todos em ${spText(soon.dataPublica)}`);
      await context.close();
    });
  } finally {
    // Published, they would show on the homes of the tests running beside this one.
    await archiveLaunch(request, admin, open.id);
    await archiveLaunch(request, admin, soon.id);
  }
});
