import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { DEMO, SCREENS_DIR } from '../support/env';
import { adicionarProdutoApi } from '../support/produtos';
import { login, snap, storedToken } from '../support/ui';

// Minhas conquistas (spec 001 section 2.22) and the home's achievements section (spec 000 section 2).
// A fresh member's tiers change with data registered through the API; the demo member is only read.

const grupo = (page: Page, titulo: string) => page.getByRole('region', { name: titulo, exact: true });
const selo = (page: Page, nome: string) => page.getByRole('button', { name: nome, exact: true });
/** A modal by its title (the home also has a non-modal dialog: the survey invitation). */
const modal = (page: Page, titulo: string) => page.getByRole('dialog', { name: titulo, exact: true });

/** The home's survey invitation sits at the bottom of small screens, over the sections: close it when it shows. */
async function dispensarConvitePesquisa(page: Page) {
  const convite = page.getByRole('dialog', { name: 'Sua opinião vale muito!' });
  const apareceu = await convite.waitFor({ state: 'visible', timeout: 5000 }).then(
    () => true,
    () => false,
  );
  if (apareceu) await convite.getByRole('button', { name: 'Fechar convite da pesquisa' }).click();
}

/** Five distinct catalogue products: enough for Iniciante (1) and Mestre (5), not for Lendário (10). */
const CINCO_PRODUTOS = [
  'Caneca Térmica 350ml Rosa',
  'Garrafa Térmica 750ml Lilás',
  'Garrafa Camping 1,5L Preto',
  'Garrafa Térmica Mate 1L Verde',
  'Cuia Térmica 250ml Joca Pampa',
];

test('membro novo: só Novato; produtos desbloqueiam o Colecionador; modal e carrossel de experiências', async ({ page, request }, testInfo) => {
  const conta = await createActiveAccount(request, 'conquistas');
  await login(page, conta.email, conta.senha);
  await page.goto('/minhas-conquistas');

  await expect(page.getByRole('heading', { level: 1, name: 'Minhas conquistas' })).toBeVisible();
  const jornada = grupo(page, 'Nossa Jornada');
  await expect(jornada.getByRole('button', { name: 'Novato', exact: true })).toBeVisible();
  await expect(jornada.getByRole('button', { name: 'Veterano bloqueado' })).toBeVisible();
  await expect(jornada.getByRole('button', { name: 'Legionário bloqueado' })).toBeVisible();
  for (const nome of ['Recrutador', 'Influenciador', 'Embaixador']) {
    await expect(grupo(page, 'Nível de indicação').getByRole('button', { name: `${nome} bloqueado` })).toBeVisible();
  }
  const colecionador = grupo(page, 'Colecionador');
  for (const nome of ['Iniciante', 'Mestre', 'Lendário']) {
    await expect(colecionador.getByRole('button', { name: `${nome} bloqueado` })).toBeVisible();
  }
  await expect(colecionador.getByText('Falta 1 produto para Iniciante.')).toBeVisible();
  // Signed up now, before FOUNDERS_UNTIL, with no verified piece: founder without a number.
  const fundador = page.getByRole('region', { name: 'Membro fundador' });
  await expect(fundador.getByText('Você faz parte dos primeiros legionários.')).toBeVisible();
  await expect(fundador.getByText(/\/1913/)).toHaveCount(0);
  const perfil = page.getByRole('region', { name: 'Seu perfil' });
  await expect(perfil.getByText(conta.nome)).toBeVisible();
  await expect(perfil.getByRole('link', { name: 'Personalizar o portal' })).toHaveAttribute('href', '/personalizar-portal');
  await snap(page, 'conquistas-membro-novo');

  const token = (await storedToken(page))!;
  for (const nome of CINCO_PRODUTOS) await adicionarProdutoApi(request, token, { nome, localCompra: 'Amazon' });
  await page.reload();
  await expect(colecionador.getByRole('button', { name: 'Iniciante', exact: true })).toBeVisible();
  await expect(colecionador.getByRole('button', { name: 'Mestre', exact: true })).toBeVisible();
  await expect(colecionador.getByRole('button', { name: 'Lendário bloqueado' })).toBeVisible();
  await expect(colecionador.getByText('Faltam 5 produtos para Lendário.')).toBeVisible();
  await expect(jornada.getByRole('button', { name: 'Veterano bloqueado' })).toBeVisible();

  // Badge details: an earned one closes with Fechar, a locked one with Escape.
  await colecionador.getByRole('button', { name: 'Mestre', exact: true }).click();
  await expect(modal(page, 'Mestre').getByText('Conquistado', { exact: true })).toBeVisible();
  await snap(page, 'conquistas-modal');
  await modal(page, 'Mestre').getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await colecionador.getByRole('button', { name: 'Lendário bloqueado' }).click();
  await expect(modal(page, 'Lendário').getByText('Ainda não conquistado')).toBeVisible();
  await expect(modal(page, 'Lendário').getByText('10 produtos na coleção.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Experiências lendárias: 8 locked; 2 per page under 768px (4 pages), all 8 at once from 768px.
  const eventos = page.getByRole('group', { name: 'Experiências lendárias' });
  await expect(eventos.getByRole('button', { name: /bloqueado$/ })).toHaveCount(8);
  const visiveis = () => eventos.getByRole('button', { name: /bloqueado$/ }).evaluateAll((els) => {
    const caixa = els[0]!.closest('.carousel__viewport')!.getBoundingClientRect();
    return els.filter((e) => {
      const r = e.getBoundingClientRect();
      return r.left >= caixa.left - 1 && r.right <= caixa.right + 1;
    }).map((e) => e.getAttribute('aria-label'));
  });
  if (testInfo.project.name === 'mobile') {
    await expect(eventos.getByRole('list', { name: 'Página 1 de 4' })).toBeVisible();
    await expect.poll(visiveis).toEqual(['Tardezinha bloqueado', 'Poderosas bloqueado']);
    await eventos.getByRole('button', { name: 'Próximo' }).click();
    await expect(eventos.getByRole('list', { name: 'Página 2 de 4' })).toBeVisible();
    await expect.poll(visiveis).toEqual(['Churrasquinho bloqueado', 'Antigas bloqueado']);
    await eventos.getByRole('button', { name: 'Ir para a página 4' }).click();
    await expect.poll(visiveis).toEqual(['Ano1 bloqueado', 'Pré Black bloqueado']);
    await expect(eventos.getByRole('button', { name: 'Próximo' })).toBeDisabled();
    await eventos.getByRole('button', { name: 'Pré Black bloqueado' }).click();
    await expect(modal(page, 'Pré Black').getByText('Ainda não conquistado')).toBeVisible();
    await modal(page, 'Pré Black').getByRole('button', { name: 'Entendi' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } else {
    await expect.poll(visiveis).toHaveLength(8);
    await expect(eventos.getByRole('button', { name: 'Próximo' })).toHaveCount(0);
  }

  await page.getByRole('link', { name: /Voltar/ }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('membro de demonstração: fundador com número, selo Outdoor; na home, selos e story do Instagram', async ({ page }) => {
  await login(page, DEMO.email, DEMO.senha);
  await dispensarConvitePesquisa(page);

  const secao = page.getByRole('region', { name: 'Minhas conquistas' });
  const selos = secao.getByRole('group', { name: 'Meus selos' });
  await expect(selos.getByRole('button', { name: 'Membro fundador' })).toBeAttached();
  await expect(selos.getByRole('button', { name: 'Outdoor' })).toBeAttached();
  await expect(selos.getByRole('button', { name: /bloqueado/ })).toHaveCount(0);
  // The first seal is in view at every width (2 per view on small screens).
  await selos.getByRole('button', { name: 'Membro fundador' }).click();
  await expect(modal(page, 'Membro fundador').getByText(/Seu número de legionário é #0001\/1913\./)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal(page, 'Membro fundador')).toHaveCount(0);

  await secao.getByRole('button', { name: 'Compartilhar no Instagram' }).click();
  const instagram = modal(page, 'Compartilhe no Instagram');
  await expect(instagram).toBeVisible();
  await expect(instagram.getByRole('group', { name: 'Selos para compartilhar' }).getByRole('figure').first()).toBeVisible();
  await expect(instagram.getByText(/Abra o Instagram/)).toBeVisible();
  await expect(instagram.getByRole('img', { name: 'Prévia do story com os seus selos' })).toBeVisible();
  await snap(page, 'conquistas-instagram');
  const largura = page.viewportSize()!.width;
  mkdirSync(SCREENS_DIR, { recursive: true });
  await instagram.screenshot({ path: path.join(SCREENS_DIR, `conquistas-instagram-modal-${largura}.png`) });
  const [download] = await Promise.all([page.waitForEvent('download'), instagram.getByRole('link', { name: 'Baixar imagem' }).click()]);
  expect(download.suggestedFilename()).toBe('legiao-minhas-conquistas.png');
  const png = readFileSync((await download.path())!);
  // PNG signature, then IHDR: width and height, big-endian, at bytes 16 and 20.
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 1920]);
  await download.saveAs(path.join(SCREENS_DIR, `conquistas-story-${largura}.png`));
  await instagram.getByRole('button', { name: 'Fechar' }).click();

  await secao.getByRole('link', { name: 'Ver todos' }).click();
  await expect(page).toHaveURL(/\/minhas-conquistas$/);
  const fundador = page.getByRole('region', { name: 'Membro fundador' });
  await expect(fundador.getByText('#0001/1913')).toBeVisible();
  const perfil = page.getByRole('region', { name: 'Seu perfil' });
  await expect(perfil.getByText(DEMO.nome)).toBeVisible();
  await expect(perfil.getByRole('button', { name: 'Outdoor' })).toBeVisible();
  await expect(selo(page, 'Iniciante')).toBeVisible();
  await expect(selo(page, 'Recrutador')).toBeVisible();
  await snap(page, 'conquistas-demo');
});
