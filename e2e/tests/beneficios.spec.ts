import { expect, test, type Page } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { completeProfile, memberWithBalance } from '../support/beneficios';
import { DEMO } from '../support/env';
import { scrollTo } from '../support/home';
import { dialog } from '../support/produtos';
import { signIn, snap, storedToken, visibleText } from '../support/ui';

// Benefits (spec 000 sections 2-5, 8): the home section (#beneficios) and /beneficios. The demo
// member's seeded benefits are only looked at; every test that redeems uses a member of its own.

/** STORAGE.beneficioChatbot in packages/contracts/src/storage-keys.ts. */
const CHATBOT_KEY = 'beneficioSelecionadoChatbot';
const TERMS = 'Você deve concordar com os termos antes de resgatar o benefício.';
const ACCEPTANCE = 'Li e concordo com os termos de uso deste benefício.';

const card = (page: Page, name: string) => page.getByRole('article', { name: name, exact: true });
const buttonOf = (page: Page, name: string) => card(page, name).getByRole('button');
const balance = (page: Page) => page.getByTestId('saldo-pontos');

// Making a member with a balance runs the brand's import command: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

test('o membro de demonstração vê os cinco estados, o saldo, a contagem e o ingresso com dias', async ({ page }) => {
  // The benefits are the subject, not the login: a session made through the API (support/ui.ts).
  await signIn(page, DEMO.email, DEMO.senha);
  const homeSection = page.locator('#beneficios');
  await scrollTo(page, homeSection);
  await expect(homeSection.getByRole('heading', { name: 'Benefícios', exact: true })).toBeVisible();

  await page.goto('/beneficios');
  await expect(page.getByRole('heading', { level: 1, name: 'Benefícios', exact: true })).toBeVisible();
  await expect(balance(page)).toHaveText('5 pontos');
  await expect(visibleText(page, '3 indicações confirmadas')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver saldo' })).toHaveAttribute('href', '/extrato');

  // resgatável, bloqueado (with the reason and the progress), esgotado, resgatado (event), utilizado
  await expect(buttonOf(page, 'Cupom 10% OFF')).toHaveText('Resgatar!');
  await expect(buttonOf(page, 'Cupom 10% OFF')).toBeEnabled();
  await expect(buttonOf(page, 'Cupom 30% OFF')).toHaveText('Bloqueado');
  await expect(buttonOf(page, 'Cupom 30% OFF')).toBeDisabled();
  await expect(card(page, 'Cupom 30% OFF').getByText('Saldo insuficiente para resgatar este benefício. Faltam 3 pontos.')).toBeVisible();
  await expect(card(page, 'Cupom 30% OFF').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '62');
  await expect(buttonOf(page, 'Clube de Benefícios: 3 meses de streaming')).toHaveText('Esgotado');
  await expect(buttonOf(page, 'Clube de Benefícios: 3 meses de streaming')).toBeDisabled();
  await expect(buttonOf(page, 'Quatro Vozes: par de ingressos para Jersey Boys')).toHaveText('Ver detalhes!');
  const mission = card(page, '15% OFF: missão Personalize seu portal');
  await expect(mission.getByRole('button')).toHaveText('Utilizado!');
  await expect(mission.getByRole('button')).toBeDisabled();
  await expect(mission.getByText(/^Usado em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

  // A benefit that opens later counts down, every second.
  const count = card(page, 'Meninas Malvadas: pré-estreia').getByRole('timer');
  await expect(count).toHaveText(/^Abre em \d+d \d\dh \d\dm \d\ds$/);
  const before = await count.textContent();
  await expect(count).not.toHaveText(before!, { timeout: 3000 });
  await expect(buttonOf(page, 'Meninas Malvadas: pré-estreia')).toBeDisabled();

  await expect(page.getByRole('list', { name: 'Meus cupons' }).getByRole('listitem')).toHaveCount(2);
  await snap(page, 'beneficios');

  await page.getByRole('button', { name: 'Como funciona o saldo?' }).click();
  await expect(dialog(page).getByText(/Cada amigo indicado/)).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Fechar', exact: true }).click();

  // The event seen by the member: the ticket code, without redeeming again.
  await buttonOf(page, 'Quatro Vozes: par de ingressos para Jersey Boys').click();
  await expect(dialog(page).getByText('Código do seu ingresso')).toBeVisible();
  await expect(dialog(page).getByTestId('cupom-codigo')).toHaveText(/^QV-/);
  await dialog(page).getByRole('button', { name: 'Fechar', exact: true }).click();

  // Unified ticket: the sold-out day can't be picked, the first free one is preselected. Not redeemed.
  await buttonOf(page, 'Ingresso unificado Spanta RJ').click();
  const day = dialog(page).getByLabel('Escolha o dia');
  await expect(day.locator('option:checked')).toHaveText('Domingo, 18/01');
  await expect(day.getByRole('option', { name: 'Sábado, 17/01 (esgotado)' })).toBeDisabled();
  await expect(day.getByRole('option', { name: 'Segunda, 19/01' })).toBeEnabled();
  await dialog(page).getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog(page)).toHaveCount(0);
});

test('resgata com os termos: cupom, saldo menor, Ver cupom! e o resgate múltiplo', async ({ page, request, context }) => {
  const account = await memberWithBalance(request, 5, 'resgate');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, account.email, account.senha, '/beneficios');
  await expect(balance(page)).toHaveText('5 pontos');
  await expect(page.getByText('Você ainda não resgatou nenhum benefício.')).toBeVisible();

  await buttonOf(page, 'Cupom 20% OFF').click();
  const modal = dialog(page);
  await expect(modal.getByRole('heading', { name: 'Cupom 20% OFF' })).toBeVisible();
  await modal.getByRole('button', { name: 'Resgatar', exact: true }).click();
  await expect(modal.getByText(TERMS)).toBeVisible();
  await snap(page, 'beneficios-resgate');

  await modal.getByLabel(ACCEPTANCE).check();
  await modal.getByRole('button', { name: 'Resgatar', exact: true }).click();
  const code = modal.getByTestId('cupom-codigo');
  await expect(code).toHaveText(/^LEG20-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expect(modal.getByText('Benefício resgatado! Seu saldo agora é de 2 pontos.')).toBeVisible();
  const coupon20 = (await code.textContent())!;
  await modal.getByRole('button', { name: `Copiar código ${coupon20}` }).click();
  await expect(modal.getByRole('button', { name: `Copiar código ${coupon20}` })).toHaveText('Copiado!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(coupon20);
  await snap(page, 'beneficios-cupom');
  await modal.getByRole('button', { name: 'Fechar', exact: true }).click();

  await expect(balance(page)).toHaveText('2 pontos');
  await expect(buttonOf(page, 'Cupom 20% OFF')).toHaveText('Ver cupom!');
  await expect(page.getByRole('list', { name: 'Meus cupons' }).getByText(coupon20)).toBeVisible();

  // Multiple redemption: the 10% coupon can be taken up to 3 times; the terms are asked every time.
  await buttonOf(page, 'Cupom 10% OFF').click();
  await modal.getByLabel(ACCEPTANCE).check();
  await modal.getByRole('button', { name: 'Resgatar', exact: true }).click();
  await expect(modal.getByTestId('cupom-codigo')).toHaveText(/^LEG10-/);
  const first = (await modal.getByTestId('cupom-codigo').textContent())!;
  await modal.getByRole('button', { name: 'Resgatar novamente' }).click();
  await modal.getByRole('button', { name: 'Resgatar', exact: true }).click();
  await expect(modal.getByText(TERMS)).toBeVisible();
  await modal.getByLabel(ACCEPTANCE).check();
  await modal.getByRole('button', { name: 'Resgatar', exact: true }).click();
  await expect(modal.getByText('Benefício resgatado! Seu saldo agora é de 0 pontos.')).toBeVisible();
  await expect(modal.getByTestId('cupom-codigo')).not.toHaveText(first);
  // No balance left for a third one: the reason instead of the button.
  await expect(modal.getByText('Saldo insuficiente para resgatar este benefício. Faltam 1 ponto.')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Resgatar novamente' })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Fechar', exact: true }).click();

  await expect(balance(page)).toHaveText('0 pontos');
  await expect(page.getByRole('list', { name: 'Meus cupons' }).getByRole('listitem')).toHaveCount(3);
  await expect(buttonOf(page, 'Cupom 30% OFF')).toBeDisabled();
});

// One fresh member from sign-up to the free benefit: the locks of an incomplete profile, then of a
// portal not personalised, then (profile and portal done, balance 0) the benefit a chatbot link
// chose, opened on arrival at the home and once on /beneficios. Three tests' worth of one member's
// life, with one sign-in.
test('um membro novo, de perfil incompleto, vê os bloqueios com os links certos e os botões desabilitados; depois, o benefício do chatbot na home e em /beneficios', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'beneficio-bloqueio');
  await signIn(page, account.email, account.senha, '/beneficios');
  await expect(page.getByRole('link', { name: 'Concluir cadastro' })).toHaveAttribute('href', '/editar-perfil');
  await expect(page.getByRole('link', { name: 'Personalizar meu portal' })).toHaveAttribute('href', '/personalizar-portal');
  const buttons = page.getByRole('list', { name: 'Benefícios' }).getByRole('button');
  await expect(buttons.first()).toBeVisible();
  const n = await buttons.count();
  expect(n).toBeGreaterThan(3);
  for (let i = 0; i < n; i++) await expect(buttons.nth(i)).toBeDisabled();
  await expect(balance(page)).toHaveText('0 pontos');
  await snap(page, 'beneficios-bloqueado');

  // Profile complete, portal not personalised yet: only that lock, the free benefit still disabled.
  await completeProfile(account.email, null);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Personalizar meu portal' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Concluir cadastro' })).toHaveCount(0);
  await expect(buttonOf(page, '15% OFF: missão Personalize seu portal')).toBeDisabled();
  await page.getByRole('link', { name: 'Personalizar meu portal' }).click();
  await expect(page).toHaveURL(/\/personalizar-portal$/);

  // The portal personalised (as memberWithBalance leaves a member): the free mission can be redeemed.
  await completeProfile(account.email);
  const token = (await storedToken(page))!;
  const res = await request.get('/api/beneficio', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const mission = ((await res.json()) as { id: number; nome: string }[]).find((b) => b.nome === '15% OFF: missão Personalize seu portal')!;

  await test.step('o benefício escolhido pelo chatbot abre na chegada à home, sem rolar até os benefícios', async () => {
    // The benefits section sits below the first screen, mounted only near the viewport; a stored
    // choice mounts it on arrival, as the chatbot's link expects. Set here, on /personalizar-portal,
    // which does not read it; the home is a new page load at its top.
    await page.evaluate(([key, id]) => window.localStorage.setItem(key, id), [CHATBOT_KEY, String(mission.id)] as const);
    await page.goto('/home');
    const modal = page.getByRole('dialog', { name: mission.nome });
    await expect(modal).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), CHATBOT_KEY)).toBeNull();
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await expect(modal).toHaveCount(0);
  });

  await test.step('o benefício escolhido pelo chatbot abre uma vez e o gratuito é resgatado', async () => {
    // The home must have read (and found empty) the key before it is set, or it would open the modal
    // itself: here it has (it consumed the previous one), and the section is mounted.
    await scrollTo(page, page.locator('#beneficios'));
    await expect(page.locator('#beneficios').getByRole('button', { name: 'Resgatar!' })).toBeVisible();

    await page.evaluate(([key, id]) => window.localStorage.setItem(key, id), [CHATBOT_KEY, String(mission.id)] as const);
    await page.goto('/beneficios');
    const modal = page.getByRole('dialog', { name: mission.nome });
    await expect(modal).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), CHATBOT_KEY)).toBeNull();

    // A free benefit: no balance needed, the terms still are.
    await modal.getByLabel(ACCEPTANCE).check();
    await modal.getByRole('button', { name: 'Resgatar', exact: true }).click();
    await expect(modal.getByTestId('cupom-codigo')).toHaveText(/^MISSAO15-/);
    await expect(modal.getByText('Benefício resgatado! Seu saldo agora é de 0 pontos.')).toBeVisible();
    await modal.getByRole('button', { name: 'Fechar', exact: true }).click();
    await expect(buttonOf(page, mission.nome)).toHaveText('Ver cupom!');

    // Opened once: the key is gone, a reload opens nothing.
    await page.reload();
    await expect(buttonOf(page, mission.nome)).toHaveText('Ver cupom!');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
