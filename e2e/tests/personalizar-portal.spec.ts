import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { action, signIn, snap, storedToken, visibleText } from '../support/ui';

// The personalisation survey (spec 001 section 2.16): one question at a time, a click answers it; the
// end sets the member's perfil and credits 'Enriquecimento de Perfil' once (docs/decisions/0014-pesquisas.md).

const END = 'Obrigado! Pesquisa encerrada.';

test('responde a pesquisa de personalização inteira, recebe o crédito e vê a pesquisa encerrada depois', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'personalizar');
  // The survey is the subject, not the login form: a session made through the API, on the survey.
  await signIn(page, account.email, account.senha, '/personalizar-portal');
  const headers = { authorization: `Bearer ${await storedToken(page)}` };

  await expect(page.getByRole('heading', { name: 'Personalizar Portal', level: 1 })).toBeVisible();
  const question = page.locator('.personalizar__pergunta');
  await expect(question.getByRole('heading')).toBeVisible();
  await expect(question.getByRole('listitem').first()).toContainText(/^1/);
  await snap(page, 'personalizar-portal-pergunta');

  const seen: string[] = [];
  const end = visibleText(page, END);
  const title = question.getByRole('heading');
  for (;;) {
    // Either a question or the end view; never wait on a locator the next render may remove.
    await expect(end.or(title)).toBeVisible();
    if (await end.isVisible()) break;
    const current = (await title.allTextContents())[0];
    if (current === undefined) continue; // the end view replaced the question between the two reads
    seen.push(current);
    expect(seen.length, 'a pesquisa deveria terminar').toBeLessThanOrEqual(10);
    // The answers are numbered 1, 2, 3...; the second one each time.
    const answers = question.getByRole('button');
    expect(await answers.count()).toBeGreaterThanOrEqual(2);
    await answers.nth(1).click();
    // Wait for the next question (another heading) or the end view.
    await expect(async () => {
      const finished = await end.isVisible();
      const next = (await title.allTextContents())[0];
      expect(finished || (next !== undefined && next !== current)).toBe(true);
    }).toPass({ timeout: 15_000 });
  }
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen.length).toBeGreaterThanOrEqual(4);
  await expect(page.getByRole('heading', { name: END })).toBeVisible();
  await snap(page, 'personalizar-portal-fim');

  // The server: perfil defined and one Enriquecimento de Perfil in the statement.
  const logged = await (await request.get('/api/usuario/logged', { headers })).json();
  expect(logged).toMatchObject({ perfilDefinido: true, perfil: 'outsider' });
  const statement = (await (await request.get('/api/usuario/extrato', { headers })).json()) as { motivo: string; valor: number }[];
  expect(statement.filter((e) => e.motivo === 'Enriquecimento de Perfil')).toEqual([expect.objectContaining({ valor: 1 })]);

  await action(page, 'Ir para a home').click();
  await expect(page).toHaveURL(/\/home$/);

  // A second visit: already answered.
  await page.goto('/personalizar-portal');
  await expect(page.getByRole('heading', { name: END })).toBeVisible();
  await expect(question).toHaveCount(0);
  const state = await (await request.get('/api/pesquisa', { headers })).json();
  expect(state).toMatchObject({ pergunta: null, finalizada: true });
});
