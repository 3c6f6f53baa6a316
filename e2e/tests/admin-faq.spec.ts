import { expect, test, type Page } from '@playwright/test';
import { semViolacoesAxe } from '../support/acessibilidade';
import { adminApi, adminSnap, desktopOnly, loginStaff } from '../support/admin';

// The FAQ in the back office (/admin/faq; docs/decisions/0029-back-office-content.md): create with
// the contract's messages, the active switch, reorder by button and by keyboard drag, the preview
// and the public GET /Faq following each change, move between lists, remove; read-only for atendimento.

test.beforeEach(({}, testInfo) => test.skip(desktopOnly(testInfo), 'back office: desktop-first'));

const lista = (page: Page) => page.getByRole('list', { name: /^Perguntas de / });
const perguntas = (page: Page) => lista(page).locator('.faq-linha__texto strong').allInnerTexts();
const previa = (page: Page) => page.getByRole('complementary', { name: 'Prévia: como os membros veem' });
const publicas = async (page: Page) => ((await (await page.request.get('/api/Faq?ativo=true')).json()) as { pergunta: string; categoria: string }[]).filter((f) => f.categoria === 'faq').map((f) => f.pergunta);

test('marketing cria, ativa e desativa, reordena, muda de lista e remove uma pergunta; os membros veem na hora', async ({ page }) => {
  // A long walk through the screen, with an axe pass, on a machine other jobs share.
  test.slow();
  const pergunta = `Como ganho pontos ${Date.now().toString(36)}?`;
  await loginStaff(page, 'marketing');
  await page.getByRole('navigation', { name: 'Áreas do back office' }).getByRole('link', { name: 'Perguntas frequentes' }).click();
  await expect(page.getByRole('tab', { name: /FAQ \(home\)/ })).toHaveAttribute('aria-selected', 'true');
  await expect(lista(page).getByRole('listitem').first()).toBeVisible();

  await page.getByRole('button', { name: 'Nova pergunta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova pergunta' });
  await dialog.getByRole('button', { name: 'Criar pergunta' }).click();
  await expect(dialog.getByText('Informe a pergunta.')).toBeVisible();
  await dialog.getByLabel('Pergunta', { exact: true }).fill(pergunta);
  await dialog.getByLabel('Resposta').fill('Cadastrando produtos, indicando amigos e respondendo às pesquisas.');
  await dialog.getByRole('button', { name: 'Criar pergunta' }).click();
  await expect(page.getByText('Pergunta criada.')).toBeVisible();
  expect((await perguntas(page)).at(-1)).toBe(pergunta);
  await expect(previa(page).getByRole('button', { name: pergunta })).toBeVisible();
  expect((await publicas(page)).at(-1)).toBe(pergunta);

  // The switch: off hides it from the preview and from members; on brings it back.
  const chave = page.getByRole('switch', { name: `Ativa: ${pergunta}` });
  await chave.click();
  await expect(chave).toHaveAttribute('aria-checked', 'false');
  await expect(previa(page).getByRole('button', { name: pergunta })).toHaveCount(0);
  expect(await publicas(page)).not.toContain(pergunta);
  await chave.click();
  await expect(chave).toHaveAttribute('aria-checked', 'true');

  // Reorder: Subir, then a keyboard drag on the handle; members get the same order.
  const antes = await perguntas(page);
  await page.getByRole('button', { name: `Subir “${pergunta}”` }).click();
  await expect.poll(() => perguntas(page)).toEqual([...antes.slice(0, -2), pergunta, antes.at(-2)!]);
  await page.getByRole('button', { name: `Arrastar “${pergunta}”` }).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  const esperado = [...antes.slice(0, -3), pergunta, antes.at(-3)!, antes.at(-2)!];
  await expect.poll(() => perguntas(page)).toEqual(esperado);
  await expect.poll(() => publicas(page)).toEqual(esperado);
  await previa(page).getByRole('button', { name: pergunta }).click();
  await expect(previa(page).getByText('Cadastrando produtos, indicando amigos')).toBeVisible();
  await adminSnap(page, 'faq');
  await semViolacoesAxe(page, '/admin/faq');

  // Moving it to the landing page's list.
  await page.getByRole('button', { name: `Editar “${pergunta}”` }).click();
  const editar = page.getByRole('dialog', { name: 'Editar pergunta' });
  await editar.getByLabel('Lista').selectOption('duvidas');
  await editar.getByRole('button', { name: 'Salvar pergunta' }).click();
  await expect(page.getByRole('tab', { name: /Dúvidas/ })).toHaveAttribute('aria-selected', 'true');
  expect((await perguntas(page)).at(-1)).toBe(pergunta);

  await page.getByRole('button', { name: `Remover “${pergunta}”` }).click();
  await page.getByRole('dialog', { name: 'Remover a pergunta?' }).getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText('Pergunta removida.')).toBeVisible();
  expect(await perguntas(page)).not.toContain(pergunta);
});

test('atendimento vê as listas e a prévia sem controles; o servidor recusa suas escritas', async ({ page }) => {
  await loginStaff(page, 'atendimento', '/admin/faq');
  await expect(lista(page).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nova pergunta' })).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Subir / })).toHaveCount(0);
  expect((await adminApi(page, 'POST', '/api/admin/faq', { pergunta: 'x', resposta: 'y', categoria: 'faq' })).status).toBe(403);
});
