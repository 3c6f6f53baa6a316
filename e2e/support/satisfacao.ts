import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { TestAccount } from './accounts';
import { action } from './ui';

// Helpers for the satisfaction survey browser tests (tests/pesquisa-satisfacao.spec.ts).

/** A text long enough for any free-text box of the survey (10+ characters, with letters). */
export const DETAILED_TEXT = 'Resposta com detalhes suficientes para a pesquisa.';

/** A member's survey link handle: hashPesquisaSatisfacao of GET /api/usuario/logged. */
export async function surveyHashOf(request: APIRequestContext, account: TestAccount): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: account.email, senha: account.senha } });
  expect(login.status(), `POST /api/auth/login: ${await login.text()}`).toBe(200);
  const token = ((await login.json()) as { token: { token: string } }).token.token;
  const res = await request.get('/api/usuario/logged', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `GET /api/usuario/logged: ${await res.text()}`).toBe(200);
  const hash = ((await res.json()) as { hashPesquisaSatisfacao: string | null }).hashPesquisaSatisfacao;
  expect(hash, 'o membro tem um link de pesquisa').toBeTruthy();
  return hash!;
}

/** The survey state as the server sees it (GET /api/satisfacao?hash=). */
export async function surveyState(request: APIRequestContext, hash: string): Promise<{ pagina: number; faseEncerrada: boolean; concluida: boolean }> {
  const res = await request.get('/api/satisfacao', { params: { hash } });
  expect(res.status(), `GET /api/satisfacao: ${await res.text()}`).toBe(200);
  return res.json();
}

/** The questions of the page on screen (each one is a fieldset: a group named by its text). */
export function questionsOnScreen(page: Page): Locator {
  return page.locator('form').getByRole('group');
}

/** Answers every question of the page with its first option (and a detailed text where a box opens). */
export async function answerQuestions(page: Page) {
  const questions = questionsOnScreen(page);
  const total = await questions.count();
  expect(total, 'a etapa tem perguntas').toBeGreaterThan(0);
  for (let i = 0; i < total; i += 1) {
    const question = questions.nth(i);
    await question.getByRole('radio').first().check();
    const text = question.getByRole('textbox');
    if ((await text.count()) > 0) await text.fill(DETAILED_TEXT);
  }
}

/** Answers the page and presses PRÓXIMO. */
export async function answerStep(page: Page) {
  await answerQuestions(page);
  await action(page, 'PRÓXIMO').click();
}

/**
 * Chooses, on the page on screen, the first option that opens a free-text box and returns that
 * question (its other answers untouched).
 */
export async function chooseOptionWithText(page: Page): Promise<Locator> {
  const questions = questionsOnScreen(page);
  const total = await questions.count();
  for (let i = 0; i < total; i += 1) {
    const question = questions.nth(i);
    const options = question.getByRole('radio');
    const n = await options.count();
    for (let j = 0; j < n; j += 1) {
      await options.nth(j).check();
      if ((await question.getByRole('textbox').count()) > 0) return question;
    }
    await options.first().check();
  }
  throw new Error('nenhuma opção desta etapa abre um campo de texto');
}
