import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminApi, adminSnap, loginStaff, menuItems } from '../support/admin';
import { snap } from '../support/ui';

// Integrações (issue 24 §1; docs/decisions/0041-store-integration.md): an admin creates an API
// client for the store, sees its key once (and copies it), the key is gone after a reload; rotates
// (a new key once, the old one in its window), edits it, revokes a key, then the client. The keys work, and
// stop, on the integration API itself. Marketing has neither the menu entry, the page nor the API.

const KEY = /^lgk_live_[0-9A-Za-z]{44}$/;
const whoAmI = (request: APIRequestContext, key: string) => request.get('/api/integracao/v1/eu', { headers: { authorization: `Bearer ${key}` } });

/** The key the open dialog shows (and only it does): its whole text. */
async function shownKey(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Chave da integração' });
  await expect(dialog.getByText('Copie esta chave agora: ela não será mostrada de novo.')).toBeVisible();
  const key = await dialog.getByLabel('Chave').inputValue();
  expect(key).toMatch(KEY);
  return key;
}

test.describe('Integrações', () => {

  test('admin: create, the key once (copy), gone after a reload; rotate; revoke a key; revoke the client; the screens at 375 px', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginStaff(page, 'admin', '/admin/integracoes');
    expect(await menuItems(page)).toContain('Integrações');
    await expect(page.getByRole('heading', { level: 1, name: 'Integrações' })).toBeVisible();

    const name = `Loja online ${randomUUID().slice(0, 8)}`;
    await page.getByRole('link', { name: 'Nova integração' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nova integração' })).toBeVisible();
    // The contract's messages before anything is sent.
    await page.getByRole('button', { name: 'Criar integração' }).click();
    await expect(page.getByText('Escolha ao menos uma permissão para a integração.')).toBeVisible();
    await page.getByLabel('Nome', { exact: true }).fill(name);
    await page.getByLabel('Enviar pedidos (pagos e cancelados) e consultar a situação deles').check();
    await page.getByLabel('Consultar se um e-mail ou CPF é de um membro').check();
    await page.getByLabel('Limite de chamadas por minuto').fill('120');
    await adminSnap(page, 'integracoes-nova');
    await page.getByRole('button', { name: 'Criar integração' }).click();

    // The key, once: copied to the clipboard by the button, and working on the integration API.
    const first = await shownKey(page);
    const dialog = page.getByRole('dialog', { name: 'Chave da integração' });
    await dialog.getByRole('button', { name: 'Copiar chave' }).click();
    await expect(dialog.getByRole('button', { name: 'Chave copiada!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    await adminSnap(page, 'integracoes-chave');
    const me = await whoAmI(request, first);
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ nome: name, escopos: ['pedidos:enviar', 'membros:ler'], limitePorMinuto: 120 });

    // Reloading while the dialog is open: the key is gone for good.
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Chave da integração' })).toHaveCount(0);
    expect(await page.content()).not.toContain(first);
    // The client's page, from the list: the key only by its public part.
    await page.goto('/admin/integracoes');
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const keys = page.getByRole('table', { name: 'Chaves da integração' });
    await expect(keys.getByRole('row')).toHaveCount(2);
    await expect(keys.getByText(`${first.slice(0, 21)}…`)).toBeVisible();
    await expect(keys.getByText('Ativa', { exact: true })).toBeVisible();
    expect(await page.content()).not.toContain(first);
    await expect(page.getByText('Nenhum pedido recebido')).toBeVisible();

    // Rotate with a 2-hour window: a new key once; the old one works until then.
    await page.getByRole('button', { name: 'Rotacionar chave' }).click();
    const rotation = page.getByRole('dialog', { name: 'Rotacionar chave' });
    await rotation.getByLabel('Janela de troca (horas)').fill('200');
    await rotation.getByRole('button', { name: 'Gerar nova chave' }).click();
    await expect(rotation.getByText('Janela: de 1 a 168 horas (7 dias).')).toBeVisible();
    await rotation.getByLabel('Janela de troca (horas)').fill('2');
    await rotation.getByRole('button', { name: 'Gerar nova chave' }).click();
    const second = await shownKey(page);
    expect(second).not.toBe(first);
    await expect(page.getByRole('dialog', { name: 'Chave da integração' })).toContainText('As chaves anteriores continuam funcionando até');
    await page.getByRole('button', { name: 'Já guardei a chave' }).click();
    await expect(keys.getByRole('row')).toHaveCount(3);
    await expect(keys.getByText(/Em rotação: vale até/)).toBeVisible();
    expect((await whoAmI(request, first)).status()).toBe(200);
    expect((await whoAmI(request, second)).status()).toBe(200);
    await adminSnap(page, 'integracoes-detalhe');
    const axe = await new AxeBuilder({ page }).include('main#conteudo').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Edit: the form comes filled in; the new limit shows at once and the key follows it.
    await page.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar integração' });
    await expect(edit.getByLabel('Nome', { exact: true })).toHaveValue(name);
    await expect(edit.getByLabel('Consultar se um e-mail ou CPF é de um membro')).toBeChecked();
    await edit.getByLabel('Limite de chamadas por minuto').fill('300');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('300 chamadas por minuto')).toBeVisible();
    expect((await (await whoAmI(request, second)).json()).limitePorMinuto).toBe(300);

    // Revoke the old key: it stops at once, the new one goes on.
    await keys.getByRole('button', { name: `Revogar a chave ${first.slice(0, 21)}…` }).click();
    await page.getByRole('dialog', { name: 'Revogar chave' }).getByRole('button', { name: 'Revogar chave' }).click();
    await expect(keys.getByRole('row').filter({ hasText: `${first.slice(0, 21)}…` })).toContainText('Revogada em');
    expect((await whoAmI(request, first)).status()).toBe(401);
    expect((await whoAmI(request, second)).status()).toBe(200);

    // Revoke the client, after a confirmation: every key stops.
    await page.getByRole('button', { name: 'Revogar integração' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revogar a integração' });
    await expect(confirm).toContainText('param de funcionar agora, de vez');
    await confirm.getByRole('button', { name: 'Revogar integração e chaves' }).click();
    await expect(page.getByText(/^Revogada em /).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rotacionar chave' })).toHaveCount(0);
    expect((await whoAmI(request, second)).status()).toBe(401);
    // The list says so too.
    await page.getByRole('link', { name: '← Integrações' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Revogada');
    await adminSnap(page, 'integracoes-lista');
    expect(await page.content()).not.toContain(second);

    // The back office's tests run in the desktop project (playwright.config.ts); the same admin then
    // narrows the page to a phone's width. It was a test of its own, signing the admin in again.
    await test.step('the Integrações screens at 375 px (the back office is desktop-first: they must still be readable)', async () => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.getByRole('link', { name: 'Nova integração' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Nova integração' })).toBeVisible();
      await page.getByLabel('Nome', { exact: true }).fill(`Caixas ${randomUUID().slice(0, 8)}`);
      await page.getByLabel('Informar cupons usados no caixa ou no site').check();
      await snap(page, 'admin-integracoes-nova');
      // The shell (side menu + page) is wider than a phone: the form is sent from the keyboard.
      await page.getByLabel('Nome', { exact: true }).press('Enter');
      await shownKey(page);
      // The dialog fits the screen: the copy button is there to tap.
      await expect(page.getByRole('button', { name: 'Copiar chave' })).toBeInViewport();
      await snap(page, 'admin-integracoes-chave');
      await page.getByRole('button', { name: 'Já guardei a chave' }).click();
      await expect(page.getByRole('table', { name: 'Chaves da integração' })).toBeVisible();
      await snap(page, 'admin-integracoes-detalhe');
    });
  });

  test('marketing: no menu entry, the page says sem permissão, the server answers 403', async ({ page }) => {
    // Straight to the area's address: its menu is beside the refusal, and /admin was a page load of
    // its own only to read the menu.
    await loginStaff(page, 'marketing', '/admin/integracoes');
    expect(await menuItems(page)).not.toContain('Integrações');
    await expect(page.getByText('Sem permissão')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nova integração' })).toHaveCount(0);
    expect((await adminApi(page, 'GET', '/api/admin/integracoes')).status).toBe(403);
    expect((await adminApi(page, 'POST', '/api/admin/integracoes', { nome: 'Loja', escopos: ['pedidos:enviar'] })).status).toBe(403);
    expect((await adminApi(page, 'POST', `/api/admin/integracoes/${randomUUID()}/revogar`)).status).toBe(403);
  });
});
