import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/env';
import { signIn } from '../support/ui';
import { adminApi, adminSnap, loginStaff } from '../support/admin';

// Benefits in the back office (issue 16 item 1; docs/decisions/0027-back-office.md): marketing
// creates, previews as a chosen member, edits, duplicates and archives; the demo member sees each
// change at once. Support (atendimento) only reads; the server refuses its writes. A member without
// a role, refused by this screen and its API, is in admin-shell.spec.ts's member journey.
test.describe.configure({ timeout: 120_000 });

const preview = (page: Page) => page.getByRole('complementary', { name: 'Prévia como membro' });
const cardInPreview = (page: Page) => preview(page).getByTestId('previa-card').getByRole('article');

/** The member's card of `name` on /beneficios, loaded again unless the page has just been opened. */
async function memberCard(page: Page, name: string, reload = true) {
  if (reload) await page.goto('/beneficios');
  await expect(page.getByRole('heading', { level: 1, name: 'Benefícios', exact: true })).toBeVisible();
  return page.getByRole('article', { name: name, exact: true });
}

test('marketing creates a benefit with a preview as a member; the member sees it, its edit, and its archiving at once', async ({ page, browser }) => {
  const brand = randomUUID().slice(0, 6);
  const name = `Show da Legião ${brand}`;
  await loginStaff(page, 'marketing', '/admin/beneficios');
  await expect(page.getByRole('heading', { level: 1, name: 'Benefícios' })).toBeVisible();
  // The seeded benefits, with their situation and the state a member sees.
  const table = page.getByRole('table', { name: 'Benefícios' });
  await expect(table.getByRole('row', { name: /Cupom 10% OFF/ })).toContainText('No ar');
  await adminSnap(page, 'beneficios');

  await page.getByRole('link', { name: 'Novo benefício' }).click();
  await expect(page).toHaveURL(/\/admin\/beneficios\/novo$/);
  await expect(preview(page)).toContainText('Corrija os campos do formulário para ver a prévia.');
  await page.getByLabel('Título', { exact: true }).fill(name);
  await page.getByLabel('Chave', { exact: true }).fill(`show-${brand}`);
  await page.getByLabel('Termos de uso', { exact: true }).fill('Um par de ingressos por membro. Intransferível.');
  await page.getByLabel('Endereço da imagem', { exact: true }).fill('/beneficios/spanta-rj.svg');
  await page.getByLabel('Custo (pontos)', { exact: true }).fill('3');
  await page.getByLabel('Leads', { exact: true }).uncheck();
  await page.getByLabel('Colaboradores', { exact: true }).uncheck();

  // The preview: the member portal's own card, as the chosen member would see it.
  await expect(cardInPreview(page)).toBeVisible();
  await expect(cardInPreview(page).getByRole('heading', { name: name })).toBeVisible();
  await expect(cardInPreview(page).getByRole('button')).toHaveText('Resgatar!');
  await preview(page).getByLabel('Saldo (pontos)').fill('1');
  await expect(cardInPreview(page).getByRole('button')).toHaveText('Bloqueado');
  await expect(cardInPreview(page)).toContainText('Faltam 2 pontos.');
  await preview(page).getByLabel('Resgates feitos').fill('1');
  await expect(cardInPreview(page).getByRole('button')).toHaveText('Ver cupom!');
  await preview(page).getByLabel('Último cupom já usado').check();
  await expect(cardInPreview(page).getByRole('button')).toHaveText('Utilizado!');
  await preview(page).getByLabel('Resgates feitos').fill('0');
  await preview(page).getByLabel('Tipo').selectOption('lead');
  await expect(preview(page)).toContainText('Este membro não vê o card. Não é para leads: o público é legionários.');
  await preview(page).getByLabel('Tipo').selectOption('legionario');
  await preview(page).getByLabel('Saldo (pontos)').fill('5');
  await expect(cardInPreview(page).getByRole('button')).toHaveText('Resgatar!');
  await adminSnap(page, 'beneficio-novo-previa');

  await page.getByRole('button', { name: 'Criar benefício' }).click();
  await expect(page.getByText('Benefício criado e no ar.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/beneficios\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: name })).toBeVisible();

  // The demo member (legionária, São Paulo, 5 pontos) sees it right away, as the preview showed.
  const member = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // Her login form is not the subject (login.spec.ts): a session from the API, /beneficios first.
  await signIn(member, DEMO.email, DEMO.senha, '/beneficios');
  const card = await memberCard(member, name, false);
  await expect(card.getByRole('button')).toHaveText('Resgatar!');

  // An edit reaches her at once.
  const newName = `${name} (sessão extra)`;
  await page.getByLabel('Título', { exact: true }).fill(newName);
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Benefício salvo. Os membros já veem a mudança.')).toBeVisible();
  await expect((await memberCard(member, newName)).getByRole('button')).toHaveText('Resgatar!');

  // Duplicate from the list: the copy opens, archived.
  await page.getByRole('link', { name: 'Voltar à lista' }).click();
  await page.getByLabel('Buscar por título ou chave').fill(brand);
  await expect(page).toHaveURL(/busca=/);
  await expect(table.getByRole('row')).toHaveCount(2); // header + the benefit
  await page.getByRole('button', { name: `Duplicar ${newName}` }).click();
  await expect(page.getByText(/Cópia criada \(arquivada\)/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${newName} (cópia)` })).toBeVisible();
  await expect(page.getByText('Arquivado', { exact: true })).toBeVisible();

  // Archive the original (asks first): it leaves the member portal at once.
  await page.getByRole('link', { name: 'Voltar à lista' }).click();
  await page.getByRole('button', { name: `Arquivar ${newName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Arquivar benefício' });
  await confirm.getByRole('button', { name: 'Arquivar' }).click();
  await expect(page.getByText(`${newName} foi arquivado.`)).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`^${newName.replace(/[()]/g, '\\$&')} show-`) })).toContainText('Arquivado');
  await memberCard(member, 'Cupom 10% OFF');
  await expect(member.getByRole('article', { name: newName, exact: true })).toHaveCount(0);
  await member.close();
});

test('support (atendimento) reads benefits but cannot change them: no buttons, a locked form, 403 from the server', async ({ page }) => {
  await loginStaff(page, 'atendimento', '/admin/beneficios');
  await expect(page.getByRole('heading', { level: 1, name: 'Benefícios' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Novo benefício' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Duplicar / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Arquivar / })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ver Cupom 10% OFF' }).click();
  await expect(page.getByText('Seu papel só permite consultar os benefícios: o formulário está travado.')).toBeVisible();
  await expect(page.getByLabel('Título', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Salvar alterações' })).toHaveCount(0);
  // The preview still works for support: it is how they answer "why can't I redeem this?".
  await expect(cardInPreview(page)).toBeVisible();
  await adminSnap(page, 'beneficio-somente-leitura');
  // Usable at 1024 px: the preview moves below the form, the list keeps its columns.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(cardInPreview(page)).toBeVisible();
  await adminSnap(page, 'beneficio-somente-leitura');
  await page.getByRole('link', { name: 'Voltar à lista' }).click();
  await expect(page.getByRole('table', { name: 'Benefícios' })).toBeVisible();
  await adminSnap(page, 'beneficios');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/beneficios\/\d+$/);
  const id = page.url().split('/').pop();
  expect((await adminApi(page, 'POST', `/api/admin/beneficios/${id}/arquivar`)).status).toBe(403);
  expect((await adminApi(page, 'POST', `/api/admin/beneficios/${id}/duplicar`)).status).toBe(403);
});
