import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/data';
import { DEMO } from '../support/env';
import { readMail } from '../support/mail';
import { action, field, signIn, snap, visibleText } from '../support/ui';

// Referrals (/indicacoes, spec 001 section 2.18 and the invitation of spec 000 section 2), the
// statement (/extrato, 2.19), Friends & Family (2.20) and the lead page (/expert-xp/, 2.21).
// The demo member is only read: 3 confirmed referrals (ana, bruno, carla), 1 pending (diego),
// a balance of 5 pontos and two redemptions (docs/decisions/0009-economy.md).

const STAFF = { email: 'colaborador@legiao.dev', senha: 'Legiao@2025', primeiroNome: 'Carla' };

async function allowClipboard(page: Page) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string) {
  const png = readFileSync(file);
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { largura: png.readUInt32BE(16), altura: png.readUInt32BE(20) };
}

// The demo member's referrals, then the statement: one sign-in, one tab (they were two tests that
// each logged in as the same member). The pages are the subject, not the login form.
test('indicações e extrato do membro: link, compartilhar, story, abas com contagens e e-mails; lançamentos, filtro, Ver tudo e detalhe', async ({ page }) => {
  await allowClipboard(page);
  await signIn(page, DEMO.email, DEMO.senha, '/indicacoes');
  await test.step('indicações do membro: link, compartilhar, story, abas com contagens e e-mails', async () => {
    await expect(page.getByRole('heading', { name: 'Indicações', level: 1 })).toBeVisible();

    const invitation = page.getByRole('region', { name: 'Indique e ganhe' });
    const link = invitation.getByLabel('Seu link de indicação');
    await expect(link).toHaveValue(/\/\?r=[0-9a-f-]{36}$/);
    const url = await link.inputValue();
    await expect(invitation.getByText('Indicações confirmadas: 3')).toBeVisible();

    await invitation.getByRole('button', { name: 'Copiar link' }).click();
    await expect(invitation.getByRole('button', { name: 'Link copiado!' })).toBeVisible();
    expect(await clipboard(page)).toBe(url);

    const whatsapp = new URL((await invitation.getByRole('link', { name: 'Enviar pelo WhatsApp' }).getAttribute('href'))!);
    expect(whatsapp.origin).toBe('https://wa.me');
    const text = whatsapp.searchParams.get('text')!;
    expect(text).toContain('20% OFF válido até o fim do mês');
    expect(text).toContain('Não válido para a linha Tumbler com Canudo 900ml.');
    expect(text).toContain('até 30% off');
    expect(text).toContain(url);
    const email = (await invitation.getByRole('link', { name: 'Enviar por e-mail' }).getAttribute('href'))!;
    expect(email).toMatch(/^mailto:\?subject=.+&body=/);
    expect(decodeURIComponent(email)).toContain(url);

    // Tabs: counts, e-mails, arrow keys.
    const confirmed = page.getByRole('tab', { name: 'CONFIRMADOS (3)' });
    const pending = page.getByRole('tab', { name: 'PENDENTES (1)' });
    await expect(confirmed).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel).toHaveCount(1);
    for (const e of ['ana.amiga@legiao.dev', 'bruno.amigo@legiao.dev', 'carla.amiga@legiao.dev']) {
      await expect(panel.getByText(e)).toBeVisible();
    }
    await expect(panel.getByText('diego.amigo@legiao.dev')).toHaveCount(0);
    await confirmed.focus();
    await page.keyboard.press('ArrowRight');
    await expect(pending).toHaveAttribute('aria-selected', 'true');
    await expect(pending).toBeFocused();
    await expect(page.getByRole('tabpanel').getByText('diego.amigo@legiao.dev')).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('ana.amiga@legiao.dev')).toHaveCount(0);
    await page.keyboard.press('ArrowLeft');
    await expect(confirmed).toHaveAttribute('aria-selected', 'true');

    // The summary is kept in storage under 'indicacao' (spec 001 section 2.1).
    const saved = await page.evaluate(() => JSON.parse(window.localStorage.getItem('indicacao') ?? 'null'));
    expect(saved).toMatchObject({ confirmados: 3, pendentes: 1, saldo: 5 });

    await expect(page.getByRole('heading', { name: 'Por que compartilhar?' })).toBeVisible();
    const steps = page.getByRole('group', { name: 'Passo a passo para compartilhar' });
    await expect(steps.getByRole('heading', { name: /Copie seu link/ })).toBeVisible();
    await snap(page, 'indicacoes');

    // The Instagram story: steps and a 1080x1920 image to download.
    await invitation.getByRole('button', { name: 'Compartilhar no Instagram' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compartilhe no seu story' });
    await expect(dialog.getByRole('heading', { name: /Cole o seu link/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Abrir Instagram' })).toBeVisible();
    await snap(page, 'indicacoes-story');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Baixar imagem' }).click()]);
    expect(download.suggestedFilename()).toBe('legiao-indicacao-story.png');
    expect(pngSize((await download.path())!)).toEqual({ largura: 1080, altura: 1920 });
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('extrato do membro: lançamentos, filtro sem resultados, Ver tudo e detalhe', async () => {
    await page.goto('/extrato');
    await expect(page.getByRole('heading', { name: 'Meu extrato' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Saldo atual' })).toContainText('5 pontos');

    const list = page.getByRole('list', { name: 'Lançamentos' });
    const entries = list.getByRole('button');
    await expect(entries.filter({ hasText: 'Indicação' })).toHaveCount(3);
    const referral = entries.filter({ hasText: 'ana.amiga@legiao.dev' });
    await expect(referral).toContainText('+1 ponto');
    // The demo economy is seeded when the API starts: today, in São Paulo, as dd/MM/yyyy.
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
    await expect(referral).toContainText(today);
    await expect(entries.filter({ hasText: 'Jersey' })).toContainText('-2 pontos');
    const total = await entries.count();
    expect(total).toBeGreaterThanOrEqual(8);
    await snap(page, 'extrato');

    await field(page, 'Mês').selectOption('Janeiro');
    await field(page, 'Ano').selectOption('2024');
    await expect(visibleText(page, 'Nenhum resultado foi encontrado')).toBeVisible();
    await expect(list).toHaveCount(0);
    await expect(page).toHaveURL(/\/extrato\?mes=1&ano=2024$/);
    await snap(page, 'extrato-vazio');

    await action(page, 'Ver tudo').click();
    await expect(page).toHaveURL(/\/extrato$/);
    await expect(field(page, 'Mês')).toHaveValue('');
    await expect(entries).toHaveCount(total);

    // The used coupon of the personalisation mission: benefit, coupon, use date, legal text.
    await entries.filter({ hasText: 'missão Personalize seu portal' }).click();
    const detail = page.getByRole('dialog', { name: 'Resgate de Benefício' });
    await expect(detail.getByText('15% OFF: missão Personalize seu portal')).toBeVisible();
    await expect(detail.getByText(/^MISSAO15-/)).toBeVisible();
    await expect(detail.getByText(/^Utilizado em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(detail.getByText(/Tumbler com Canudo 900ml/)).toBeVisible();
    await snap(page, 'extrato-detalhe');
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);

    // Friends & Family is staff-only: the server says no and the member is back home.
    await page.goto('/friends-and-family');
    await expect(page).toHaveURL(/\/home$/);
  });
});

test('colaborador: cinco cupons Friends & Family, USAR CUPOM e copiar; sem programa de indicação', async ({ page }) => {
  await allowClipboard(page);
  await signIn(page, STAFF.email, STAFF.senha, '/friends-and-family');
  await expect(page.getByRole('heading', { name: `Olá, ${STAFF.primeiroNome}!` })).toBeVisible();
  const coupons = page.getByRole('list', { name: 'Meus cupons' }).getByRole('listitem');
  await expect(coupons).toHaveCount(5);
  for (let i = 0; i < 5; i++) await expect(coupons.nth(i)).toContainText('20% OFF');
  await snap(page, 'friends-and-family');

  await coupons.first().getByRole('button', { name: 'USAR CUPOM' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cupom de 20% OFF' });
  const code = dialog.getByTestId('cupom');
  await expect(code).toHaveText(/^FF20-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expect(dialog.getByText(/^Válido até \d{2}\/\d{2}\/\d{4}\. Uso único por CPF\. Não válido para a linha Tumbler com Canudo 900ml\.$/)).toBeVisible();
  const whatsapp = (await dialog.getByRole('link', { name: 'Compartilhar pelo WhatsApp' }).getAttribute('href'))!;
  expect(decodeURIComponent(whatsapp)).toContain((await code.textContent())!);
  await expect(dialog.getByRole('link', { name: 'Compartilhar por e-mail' })).toHaveAttribute('href', /^mailto:\?subject=/);
  await dialog.getByRole('button', { name: 'Copiar cupom' }).click();
  await expect(visibleText(page, 'Cupom copiado!')).toBeVisible();
  expect(await clipboard(page)).toBe(await code.textContent());
  await snap(page, 'friends-and-family-cupom');
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // Staff have no referral program: /indicacoes explains it instead of failing.
  await page.goto('/indicacoes');
  await expect(visibleText(page, /Colaboradores não participam do programa de indicação\./)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Indique e ganhe' })).toHaveCount(0);
  await snap(page, 'indicacoes-colaborador');
  await action(page, 'Voltar para a home').click();
  await expect(page).toHaveURL(/\/home$/);
});

test('expert-xp: mensagens de validação, CUPOM RESGATADO!, VOLTAR e cupom fixo quando a chamada falha', async ({ page }) => {
  await page.goto('/expert-xp/');
  const register = page.getByRole('button', { name: 'CADASTRAR' });
  await register.click();
  await expect(page.getByText('Preencha todos os campos obrigatórios.')).toHaveCount(5);

  await field(page, 'Nome completo').fill('Paula Expert');
  await field(page, 'E-mail').fill('paula@sem-dominio');
  await field(page, 'Celular').fill('1198');
  await field(page, 'Data de nascimento').fill('1990-05-20');
  await field(page, 'CEP').fill('0131');
  await register.click();
  await expect(visibleText(page, 'Informe um e-mail válido.')).toBeVisible();
  await expect(visibleText(page, 'Informe um celular válido com DDD.')).toBeVisible();
  await expect(visibleText(page, 'CEP inválido')).toBeVisible();
  await snap(page, 'expert-xp-erros');

  const fill = async (email: string) => {
    await field(page, 'Nome completo').fill('Paula Expert');
    await field(page, 'E-mail').fill(email);
    // The masked inputs keep the first run's invalid digits: empty them as a person would.
    await field(page, 'Celular').clear();
    await field(page, 'Celular').fill('11987654321');
    await expect(field(page, 'Celular')).toHaveValue('(11) 98765-4321');
    await field(page, 'Data de nascimento').fill('1990-05-20');
    await field(page, 'CEP').clear();
    await field(page, 'CEP').fill('01310100');
    await expect(field(page, 'CEP')).toHaveValue('01310-100');
    await page.getByLabel('Aceito receber novidades e ofertas por e-mail').check();
    await page.getByLabel('Aceito receber novidades e ofertas por SMS e WhatsApp').check();
  };
  const leadEmail = uniqueEmail('lead-xp');
  await fill(leadEmail);
  await register.click();
  await expect(page.getByRole('heading', { name: 'CUPOM RESGATADO!' })).toBeVisible();
  // The page shows the campaign's coupon to anyone; the personal one goes only to the address (ADR 0039).
  await expect(page.getByTestId('cupom')).toHaveText('EXPERTXP40');
  await expect(visibleText(page, 'Também enviamos um cupom para o e-mail informado.')).toBeVisible();
  expect((await readMail(leadEmail, 'Seu cupom de 40% OFF')).text).toMatch(/XP40-[A-Z0-9]{4}-[A-Z0-9]{4}/);
  await expect(page.getByRole('button', { name: 'Copiar cupom' })).toBeVisible();
  await expect(action(page, 'IR PARA O SITE')).toHaveAttribute('href', /^https?:\/\//);
  await snap(page, 'expert-xp-sucesso');

  await action(page, 'VOLTAR').click();
  await expect(register).toBeVisible();
  await expect(field(page, 'Nome completo')).toHaveValue('');

  // Spec 001 section 2.21: the success view appears even when the call fails, with the fixed coupon.
  await page.route('**/api/Leads/Create', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'Serviço indisponível.' }] }) }),
  );
  await fill(uniqueEmail('lead-xp-falha'));
  await register.click();
  await expect(visibleText(page, 'Serviço indisponível.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'CUPOM RESGATADO!' })).toBeVisible();
  await expect(page.getByTestId('cupom')).toHaveText('EXPERTXP40');
});
