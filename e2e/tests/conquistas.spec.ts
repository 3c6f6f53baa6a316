import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { DEMO, SCREENS, SCREENS_DIR } from '../support/env';
import { addProductApi } from '../support/produtos';
import { signIn, snap, storedToken } from '../support/ui';

// Minhas conquistas (spec 001 section 2.22) and the home's achievements section (spec 000 section 2).
// A fresh member's tiers change with data registered through the API; the demo member is only read.

const group = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const seal = (page: Page, name: string) => page.getByRole('button', { name: name, exact: true });
/** A modal by its title (the home also has a non-modal dialog: the survey invitation). */
const modal = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });

/** The home's survey invitation sits at the bottom of small screens, over the sections: close it when it shows. */
async function dismissSurveyInvitation(page: Page) {
  const invitation = page.getByRole('dialog', { name: 'Sua opinião vale muito!' });
  const appeared = await invitation.waitFor({ state: 'visible', timeout: 5000 }).then(
    () => true,
    () => false,
  );
  if (appeared) await invitation.getByRole('button', { name: 'Fechar convite da pesquisa' }).click();
}

/** Five distinct catalogue products: enough for Iniciante (1) and Mestre (5), not for Lendário (10). */
const FIVE_PRODUCTS = [
  'Caneca Térmica 350ml Rosa',
  'Garrafa Térmica 750ml Lilás',
  'Garrafa Camping 1,5L Preto',
  'Garrafa Térmica Mate 1L Verde',
  'Cuia Térmica 250ml Joca Pampa',
];

test('membro novo: só Novato; produtos desbloqueiam o Colecionador; modal e carrossel de experiências', async ({ page, request }, testInfo) => {
  const account = await createActiveAccount(request, 'conquistas');
  // The achievements are the subject, not the login form: a session made through the API.
  await signIn(page, account.email, account.senha, '/minhas-conquistas');

  await expect(page.getByRole('heading', { level: 1, name: 'Minhas conquistas' })).toBeVisible();
  const journey = group(page, 'Nossa Jornada');
  await expect(journey.getByRole('button', { name: 'Novato', exact: true })).toBeVisible();
  await expect(journey.getByRole('button', { name: 'Veterano bloqueado' })).toBeVisible();
  await expect(journey.getByRole('button', { name: 'Legionário bloqueado' })).toBeVisible();
  for (const name of ['Recrutador', 'Influenciador', 'Embaixador']) {
    await expect(group(page, 'Nível de indicação').getByRole('button', { name: `${name} bloqueado` })).toBeVisible();
  }
  const collector = group(page, 'Colecionador');
  for (const name of ['Iniciante', 'Mestre', 'Lendário']) {
    await expect(collector.getByRole('button', { name: `${name} bloqueado` })).toBeVisible();
  }
  await expect(collector.getByText('Falta 1 produto para Iniciante.')).toBeVisible();
  // Signed up now, before FOUNDERS_UNTIL, with no verified piece: founder without a number.
  const founder = page.getByRole('region', { name: 'Membro fundador' });
  await expect(founder.getByText('Você faz parte dos primeiros legionários.')).toBeVisible();
  await expect(founder.getByText(/\/1913/)).toHaveCount(0);
  const profile = page.getByRole('region', { name: 'Seu perfil' });
  await expect(profile.getByText(account.nome)).toBeVisible();
  await expect(profile.getByRole('link', { name: 'Personalizar o portal' })).toHaveAttribute('href', '/personalizar-portal');
  await snap(page, 'conquistas-membro-novo');

  const token = (await storedToken(page))!;
  for (const name of FIVE_PRODUCTS) await addProductApi(request, token, { nome: name, localCompra: 'Amazon' });
  await page.reload();
  await expect(collector.getByRole('button', { name: 'Iniciante', exact: true })).toBeVisible();
  await expect(collector.getByRole('button', { name: 'Mestre', exact: true })).toBeVisible();
  await expect(collector.getByRole('button', { name: 'Lendário bloqueado' })).toBeVisible();
  await expect(collector.getByText('Faltam 5 produtos para Lendário.')).toBeVisible();
  await expect(journey.getByRole('button', { name: 'Veterano bloqueado' })).toBeVisible();

  // Badge details: an earned one closes with Fechar, a locked one with Escape.
  await collector.getByRole('button', { name: 'Mestre', exact: true }).click();
  await expect(modal(page, 'Mestre').getByText('Conquistado', { exact: true })).toBeVisible();
  await snap(page, 'conquistas-modal');
  await modal(page, 'Mestre').getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await collector.getByRole('button', { name: 'Lendário bloqueado' }).click();
  await expect(modal(page, 'Lendário').getByText('Ainda não conquistado')).toBeVisible();
  await expect(modal(page, 'Lendário').getByText('10 produtos na coleção.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Experiências lendárias: 8 locked; 2 per page under 768px (4 pages), all 8 at once from 768px.
  const events = page.getByRole('group', { name: 'Experiências lendárias' });
  await expect(events.getByRole('button', { name: /bloqueado$/ })).toHaveCount(8);
  const visible = () => events.getByRole('button', { name: /bloqueado$/ }).evaluateAll((els) => {
    const box = els[0]!.closest('.carousel__viewport')!.getBoundingClientRect();
    return els.filter((e) => {
      const r = e.getBoundingClientRect();
      return r.left >= box.left - 1 && r.right <= box.right + 1;
    }).map((e) => e.getAttribute('aria-label'));
  });
  if (testInfo.project.name === 'mobile') {
    await expect(events.getByRole('list', { name: 'Página 1 de 4' })).toBeVisible();
    await expect.poll(visible).toEqual(['Tardezinha bloqueado', 'Poderosas bloqueado']);
    await events.getByRole('button', { name: 'Próximo' }).click();
    await expect(events.getByRole('list', { name: 'Página 2 de 4' })).toBeVisible();
    await expect.poll(visible).toEqual(['Churrasquinho bloqueado', 'Antigas bloqueado']);
    await events.getByRole('button', { name: 'Ir para a página 4' }).click();
    await expect.poll(visible).toEqual(['Ano1 bloqueado', 'Pré Black bloqueado']);
    await expect(events.getByRole('button', { name: 'Próximo' })).toBeDisabled();
    await events.getByRole('button', { name: 'Pré Black bloqueado' }).click();
    await expect(modal(page, 'Pré Black').getByText('Ainda não conquistado')).toBeVisible();
    await modal(page, 'Pré Black').getByRole('button', { name: 'Entendi' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } else {
    await expect.poll(visible).toHaveLength(8);
    await expect(events.getByRole('button', { name: 'Próximo' })).toHaveCount(0);
  }

  await page.getByRole('link', { name: /Voltar/ }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('membro de demonstração: fundador com número, selo Outdoor; na home, selos e story do Instagram', async ({ page }) => {
  // The home's achievements are the subject, not the login form: a session made through the API.
  await signIn(page, DEMO.email, DEMO.senha);
  await dismissSurveyInvitation(page);

  const section = page.getByRole('region', { name: 'Minhas conquistas' });
  const seals = section.getByRole('group', { name: 'Meus selos' });
  await expect(seals.getByRole('button', { name: 'Membro fundador' })).toBeAttached();
  await expect(seals.getByRole('button', { name: 'Outdoor' })).toBeAttached();
  await expect(seals.getByRole('button', { name: /bloqueado/ })).toHaveCount(0);
  // The first seal is in view at every width (2 per view on small screens).
  await seals.getByRole('button', { name: 'Membro fundador' }).click();
  await expect(modal(page, 'Membro fundador').getByText(/Seu número de legionário é #0001\/1913\./)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal(page, 'Membro fundador')).toHaveCount(0);

  await section.getByRole('button', { name: 'Compartilhar no Instagram' }).click();
  const instagram = modal(page, 'Compartilhe no Instagram');
  await expect(instagram).toBeVisible();
  await expect(instagram.getByRole('group', { name: 'Selos para compartilhar' }).getByRole('figure').first()).toBeVisible();
  await expect(instagram.getByText(/Abra o Instagram/)).toBeVisible();
  await expect(instagram.getByRole('img', { name: 'Prévia do story com os seus selos' })).toBeVisible();
  await snap(page, 'conquistas-instagram');
  const width = page.viewportSize()!.width;
  mkdirSync(SCREENS_DIR, { recursive: true });
  if (SCREENS) await instagram.screenshot({ path: path.join(SCREENS_DIR, `conquistas-instagram-modal-${width}.png`) });
  const [download] = await Promise.all([page.waitForEvent('download'), instagram.getByRole('link', { name: 'Baixar imagem' }).click()]);
  expect(download.suggestedFilename()).toBe('legiao-minhas-conquistas.png');
  const png = readFileSync((await download.path())!);
  // PNG signature, then IHDR: width and height, big-endian, at bytes 16 and 20.
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 1920]);
  await download.saveAs(path.join(SCREENS_DIR, `conquistas-story-${width}.png`));
  await instagram.getByRole('button', { name: 'Fechar' }).click();

  await section.getByRole('link', { name: 'Ver todos' }).click();
  await expect(page).toHaveURL(/\/minhas-conquistas$/);
  const founder = page.getByRole('region', { name: 'Membro fundador' });
  await expect(founder.getByText('#0001/1913')).toBeVisible();
  const profile = page.getByRole('region', { name: 'Seu perfil' });
  await expect(profile.getByText(DEMO.nome)).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Outdoor' })).toBeVisible();
  await expect(seal(page, 'Iniciante')).toBeVisible();
  await expect(seal(page, 'Recrutador')).toBeVisible();
  await snap(page, 'conquistas-demo');
});
