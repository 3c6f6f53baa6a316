import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { action, login, snap, storedToken, visibleText } from '../support/ui';

// The personalisation survey (spec 001 section 2.16): one question at a time, a click answers it; the
// end sets the member's perfil and credits 'Enriquecimento de Perfil' once (docs/decisions/0014-pesquisas.md).

const FIM = 'Obrigado! Pesquisa encerrada.';

test('responde a pesquisa de personalização inteira, recebe o crédito e vê a pesquisa encerrada depois', async ({ page, request }) => {
  const conta = await createActiveAccount(request, 'personalizar');
  await login(page, conta.email, conta.senha);
  const headers = { authorization: `Bearer ${await storedToken(page)}` };

  await page.goto('/personalizar-portal');
  await expect(page.getByRole('heading', { name: 'Personalizar Portal', level: 1 })).toBeVisible();
  const pergunta = page.locator('.personalizar__pergunta');
  await expect(pergunta.getByRole('heading')).toBeVisible();
  await expect(pergunta.getByRole('listitem').first()).toContainText(/^1/);
  await snap(page, 'personalizar-portal-pergunta');

  const vistas: string[] = [];
  const fim = visibleText(page, FIM);
  const titulo = pergunta.getByRole('heading');
  for (;;) {
    // Either a question or the end view; never wait on a locator the next render may remove.
    await expect(fim.or(titulo)).toBeVisible();
    if (await fim.isVisible()) break;
    const atual = (await titulo.allTextContents())[0];
    if (atual === undefined) continue; // the end view replaced the question between the two reads
    vistas.push(atual);
    expect(vistas.length, 'a pesquisa deveria terminar').toBeLessThanOrEqual(10);
    // The answers are numbered 1, 2, 3...; the second one each time.
    const respostas = pergunta.getByRole('button');
    expect(await respostas.count()).toBeGreaterThanOrEqual(2);
    await respostas.nth(1).click();
    // Wait for the next question (another heading) or the end view.
    await expect(async () => {
      const terminou = await fim.isVisible();
      const proxima = (await titulo.allTextContents())[0];
      expect(terminou || (proxima !== undefined && proxima !== atual)).toBe(true);
    }).toPass({ timeout: 15_000 });
  }
  expect(new Set(vistas).size).toBe(vistas.length);
  expect(vistas.length).toBeGreaterThanOrEqual(4);
  await expect(page.getByRole('heading', { name: FIM })).toBeVisible();
  await snap(page, 'personalizar-portal-fim');

  // The server: perfil defined and one Enriquecimento de Perfil in the statement.
  const logged = await (await request.get('/api/usuario/logged', { headers })).json();
  expect(logged).toMatchObject({ perfilDefinido: true, perfil: 'outsider' });
  const extrato = (await (await request.get('/api/usuario/extrato', { headers })).json()) as { motivo: string; valor: number }[];
  expect(extrato.filter((e) => e.motivo === 'Enriquecimento de Perfil')).toEqual([expect.objectContaining({ valor: 1 })]);

  await action(page, 'Ir para a home').click();
  await expect(page).toHaveURL(/\/home$/);

  // A second visit: already answered.
  await page.goto('/personalizar-portal');
  await expect(page.getByRole('heading', { name: FIM })).toBeVisible();
  await expect(pergunta).toHaveCount(0);
  const estado = await (await request.get('/api/pesquisa', { headers })).json();
  expect(estado).toMatchObject({ pergunta: null, finalizada: true });
});
