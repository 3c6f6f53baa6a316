import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import {
  chooseOptionWithText,
  surveyState,
  surveyHashOf,
  questionsOnScreen,
  answerStep,
  answerQuestions,
  DETAILED_TEXT,
} from '../support/satisfacao';
import { action, signIn, snap, storedToken, visibleText } from '../support/ui';

// The public satisfaction survey (spec 001 sections 2.17, 4, 5 and 8), reached by the member's
// hash, with and without a session. Each test answers its own member's survey.

const BANNER = 'Obrigatório responder todas as perguntas.';
const DETAIL = 'Ops! Que tal adicionar mais alguns detalhes?';
const TITLES = [
  'Navegação e usabilidade',
  'Benefícios e Recompensas',
  'Experiência com a Marca',
  'Comunicação e Conteúdo',
  'Impacto Geral e Satisfação',
];

// Without a session, in one tab: a wrong link (or none), then the member's own link answered to the
// end. The wrong links were a test of their own, a browser context for two page loads.
test("sem login: um hash inválido (ou nenhum) mostra 'Pesquisa encerrada'; o do membro valida a etapa 1, percorre as cinco etapas e termina com o cupom", async ({ page, request }) => {
  // Eighteen questions over five pages, each page posted and reloaded: longer than the default.
  test.slow();
  const account = await createActiveAccount(request, 'satisfacao');
  const hash = await surveyHashOf(request, account);

  await test.step("um hash inválido (ou nenhum) mostra 'Pesquisa encerrada'", async () => {
    await page.goto('/pesquisa-de-satisfacao?hash=nao-existe-0000');
    await expect(page.getByRole('heading', { name: 'Pesquisa encerrada' })).toBeVisible();
    await expect(action(page, 'PRÓXIMO')).toHaveCount(0);
    await snap(page, 'satisfacao-encerrada');

    await page.goto('/pesquisa-de-satisfacao');
    await expect(page.getByRole('heading', { name: 'Pesquisa encerrada' })).toBeVisible();
  });

  await page.goto(`/pesquisa-de-satisfacao?hash=${hash}`);
  await expect(visibleText(page, 'Etapa 1 de 5')).toBeVisible();
  await expect(page.getByRole('heading', { name: TITLES[0] })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
  await expect(action(page, 'VOLTAR')).toHaveCount(0);
  // Every question: order number, description and the required mark.
  const first = questionsOnScreen(page).first();
  await expect(first.locator('legend')).toContainText(/^1\./);
  await expect(first.locator('legend')).toContainText('*');

  // Nothing answered: the banner for 3 seconds, the questions marked, nothing posted.
  await action(page, 'PRÓXIMO').click();
  await expect(visibleText(page, BANNER)).toBeVisible();
  await expect(first.getByRole('radio').first()).toHaveAttribute('aria-invalid', 'true');
  await expect(first.getByRole('radio').first()).toBeFocused();
  await snap(page, 'satisfacao-erros');
  await expect(page.getByText(BANNER)).toHaveCount(0, { timeout: 4500 });
  expect((await surveyState(request, hash)).pagina).toBe(1);

  // A free text shorter than 10 characters asks for more details under its question.
  await answerQuestions(page);
  const withText = await chooseOptionWithText(page);
  await withText.getByRole('textbox').fill('Curto');
  await action(page, 'PRÓXIMO').click();
  await expect(withText.getByText(DETAIL)).toBeVisible();
  await expect(withText.getByRole('textbox')).toBeFocused();
  await snap(page, 'satisfacao-detalhe');
  expect((await surveyState(request, hash)).pagina).toBe(1);
  await withText.getByRole('textbox').fill(DETAILED_TEXT);
  await action(page, 'PRÓXIMO').click();

  for (let step = 2; step <= 5; step += 1) {
    await expect(visibleText(page, `Etapa ${step} de 5`)).toBeVisible();
    await expect(page.getByRole('heading', { name: TITLES[step - 1] })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(step * 20));
    await expect(action(page, 'VOLTAR')).toBeVisible();
    await answerStep(page);
  }

  await expect(page.getByRole('heading', { name: `Obrigado, ${account.primeiroNome}!` })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  const coupon = page.getByTestId('cupom');
  await expect(coupon).toHaveText(/\S{4,}/);
  await expect(action(page, 'Copiar cupom')).toBeVisible();
  await expect(action(page, 'Adicionar outro produto')).toHaveAttribute('href', '/novo-produto');
  await expect(action(page, 'Ir para o site da marca')).toHaveAttribute('href', /^https?:\/\//);
  await snap(page, 'satisfacao-final');
  const state = await surveyState(request, hash);
  expect(state.concluida).toBe(true);

  // The link again: still the thanks and the same coupon.
  const code = await coupon.textContent();
  await page.reload();
  await expect(page.getByRole('heading', { name: `Obrigado, ${account.primeiroNome}!` })).toBeVisible();
  await expect(page.getByTestId('cupom')).toHaveText(code!);
});

test('com login: VOLTAR na etapa 2 apaga as respostas e recomeça onde o servidor manda, sem sair da sessão', async ({ page, request }) => {
  // Sign-up, activation, login and three survey round trips.
  test.slow();
  const account = await createActiveAccount(request, 'satisfacao-voltar');
  const hash = await surveyHashOf(request, account);
  // The survey with a session is the subject, not the login form: a session made through the API,
  // opened on the member's link.
  await signIn(page, account.email, account.senha, `/pesquisa-de-satisfacao?hash=${hash}`);
  const token = await storedToken(page);
  expect(token, 'com sessão').toBeTruthy();

  await expect(visibleText(page, 'Etapa 1 de 5')).toBeVisible();
  await answerStep(page);
  await expect(visibleText(page, 'Etapa 2 de 5')).toBeVisible();
  expect((await surveyState(request, hash)).pagina).toBe(2);

  // The step lives on the server: reopening the link lands on step 2.
  await page.reload();
  await expect(visibleText(page, 'Etapa 2 de 5')).toBeVisible();

  await action(page, 'VOLTAR').click();
  await expect(action(page, 'VOLTAR')).toHaveCount(0);
  // The screen follows the server's answer (which, with every answer cleared, is step 1).
  const { pagina: step } = await surveyState(request, hash);
  expect(step).toBe(1);
  await expect(visibleText(page, `Etapa ${step} de 5`)).toBeVisible();
  // The answers were cleared: step 1 starts empty.
  await expect(questionsOnScreen(page).first().getByRole('radio', { checked: true })).toHaveCount(0);

  expect(await storedToken(page)).toBe(token);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/);
});
