import { expect, test, type Page } from '@playwright/test';
import { withoutAxeViolations } from '../support/acessibilidade';
import { adminApi, adminSnap, loginStaff } from '../support/admin';

// The FAQ in the back office (/admin/faq; docs/decisions/0029-back-office-content.md): create with
// the contract's messages, the active switch, reorder by button and by keyboard drag, the preview
// and the public GET /Faq following each change, move between lists, remove; read-only for atendimento.

const list = (page: Page) => page.getByRole('list', { name: /^Perguntas de / });
const questions = (page: Page) => list(page).locator('.faq-linha__texto strong').allInnerTexts();
const preview = (page: Page) => page.getByRole('complementary', { name: 'Prévia: como os membros veem' });
const publicQuestions = async (page: Page) => ((await (await page.request.get('/api/Faq?ativo=true')).json()) as { pergunta: string; categoria: string }[]).filter((f) => f.categoria === 'faq').map((f) => f.pergunta);

test('marketing cria, ativa e desativa, reordena, muda de lista e remove uma pergunta; os membros veem na hora', async ({ page }) => {
  // A long walk through the screen, with an axe pass, on a machine other jobs share.
  test.slow();
  const question = `Como ganho pontos ${Date.now().toString(36)}?`;
  await loginStaff(page, 'marketing');
  await page.getByRole('navigation', { name: 'Áreas do back office' }).getByRole('link', { name: 'Perguntas frequentes' }).click();
  await expect(page.getByRole('tab', { name: /FAQ \(home\)/ })).toHaveAttribute('aria-selected', 'true');
  await expect(list(page).getByRole('listitem').first()).toBeVisible();

  await page.getByRole('button', { name: 'Nova pergunta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova pergunta' });
  await dialog.getByRole('button', { name: 'Criar pergunta' }).click();
  await expect(dialog.getByText('Informe a pergunta.')).toBeVisible();
  await dialog.getByLabel('Pergunta', { exact: true }).fill(question);
  await dialog.getByLabel('Resposta').fill('Cadastrando produtos, indicando amigos e respondendo às pesquisas.');
  await dialog.getByRole('button', { name: 'Criar pergunta' }).click();
  await expect(page.getByText('Pergunta criada.')).toBeVisible();
  // The list and the members' GET /Faq follow the write a moment later (a refetch; the content cache's
  // invalidation): polled, not read once.
  await expect.poll(async () => (await questions(page)).at(-1)).toBe(question);
  await expect(preview(page).getByRole('button', { name: question })).toBeVisible();
  await expect.poll(async () => (await publicQuestions(page)).at(-1)).toBe(question);

  // The switch: off hides it from the preview and from members; on brings it back.
  const key = page.getByRole('switch', { name: `Ativa: ${question}` });
  await key.click();
  await expect(key).toHaveAttribute('aria-checked', 'false');
  await expect(preview(page).getByRole('button', { name: question })).toHaveCount(0);
  await expect.poll(() => publicQuestions(page)).not.toContain(question);
  await key.click();
  await expect(key).toHaveAttribute('aria-checked', 'true');

  // Reorder: Subir, then a keyboard drag on the handle; members get the same order.
  const before = await questions(page);
  await page.getByRole('button', { name: `Subir “${question}”` }).click();
  await expect.poll(() => questions(page)).toEqual([...before.slice(0, -2), question, before.at(-2)!]);
  await page.getByRole('button', { name: `Arrastar “${question}”` }).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  const expected = [...before.slice(0, -3), question, before.at(-3)!, before.at(-2)!];
  await expect.poll(() => questions(page)).toEqual(expected);
  await expect.poll(() => publicQuestions(page)).toEqual(expected);
  await preview(page).getByRole('button', { name: question }).click();
  await expect(preview(page).getByText('Cadastrando produtos, indicando amigos')).toBeVisible();
  await adminSnap(page, 'faq');
  await withoutAxeViolations(page, '/admin/faq');

  // Moving it to the landing page's list.
  await page.getByRole('button', { name: `Editar “${question}”` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar pergunta' });
  await edit.getByLabel('Lista').selectOption('duvidas');
  await edit.getByRole('button', { name: 'Salvar pergunta' }).click();
  await expect(page.getByRole('tab', { name: /Dúvidas/ })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => (await questions(page)).at(-1)).toBe(question);

  await page.getByRole('button', { name: `Remover “${question}”` }).click();
  await page.getByRole('dialog', { name: 'Remover a pergunta?' }).getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText('Pergunta removida.')).toBeVisible();
  await expect.poll(() => questions(page)).not.toContain(question);
});

test('atendimento vê as listas e a prévia sem controles; o servidor recusa suas escritas', async ({ page }) => {
  await loginStaff(page, 'atendimento', '/admin/faq');
  await expect(list(page).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nova pergunta' })).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Subir / })).toHaveCount(0);
  expect((await adminApi(page, 'POST', '/api/admin/faq', { pergunta: 'x', resposta: 'y', categoria: 'faq' })).status).toBe(403);
});
