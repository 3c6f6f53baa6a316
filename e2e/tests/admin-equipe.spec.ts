import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { STAFF, adminApi, adminSnap, loginStaff, menuItems } from '../support/admin';

// The staff roles screen (docs/decisions/0027-back-office.md): an admin grants, changes and takes
// roles (each audited); nobody changes their own; other roles don't get the screen, and the server
// refuses them too.

// One admin journey on the screen: the unknown e-mail, which was a test of its own signing in and
// opening the same dialog, is the first thing typed into it, then corrected.
test('an admin gives a role to an account (an unknown e-mail refused first), changes it and takes it away', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'equipe');
  await loginStaff(page, 'admin', '/admin/equipe');
  await expect(page.getByRole('heading', { level: 1, name: 'Equipe e papéis' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Pessoas da equipe e seus papéis' });
  await expect(table.getByRole('row', { name: new RegExp(STAFF.marketing.email) })).toContainText('Marketing');
  // The admin's own row offers no way to change their roles.
  await expect(table.getByRole('row', { name: new RegExp(STAFF.admin.email) })).toContainText('Você');
  await expect(page.getByRole('button', { name: `Editar papéis de ${STAFF.admin.nome}` })).toHaveCount(0);
  await adminSnap(page, 'equipe');

  await page.getByRole('button', { name: 'Dar papel a alguém' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dar papel a alguém' });
  await test.step('an unknown e-mail is refused in Portuguese, and the dialog stays open', async () => {
    await dialog.getByLabel('E-mail da conta').fill('ninguem@legiao.invalid');
    await dialog.getByLabel('Marketing').check();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Nenhuma conta com esse e-mail.' })).toBeVisible();
    await dialog.getByLabel('Marketing').uncheck();
  });
  await dialog.getByLabel('E-mail da conta').fill(account.email);
  await dialog.getByLabel('Atendimento').check();
  await adminSnap(page, 'equipe-dar-papel');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(/Papéis de .+ salvos\./)).toBeVisible();

  // The search is kept in the URL: a reload shows the same view.
  await page.getByLabel('Buscar por nome ou e-mail').fill(account.email);
  await expect(page).toHaveURL(/busca=/);
  await page.reload();
  await expect(page.getByLabel('Buscar por nome ou e-mail')).toHaveValue(account.email);
  const line = table.getByRole('row', { name: new RegExp(account.email) });
  await expect(line).toContainText('Atendimento');

  await line.getByRole('button', { name: /Editar papéis/ }).click();
  const edit = page.getByRole('dialog', { name: 'Editar papéis' });
  await expect(edit.getByLabel('E-mail da conta')).toHaveValue(account.email);
  await edit.getByLabel('Marketing').check();
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(line).toContainText('Marketing');
  await expect(line).toContainText('Atendimento');

  await line.getByRole('button', { name: /Tirar acesso de/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Tirar o acesso ao back office' });
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Tirar todos os papéis' }).click();
  await expect(page.getByText(/não tem mais acesso ao back office/)).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(account.email) })).toHaveCount(0);
  await expect(page.getByText('Nenhum item encontrado com esses filtros.')).toBeVisible();
});

test('other roles do not get the screen, and the server refuses them (403)', async ({ page }) => {
  await loginStaff(page, 'marketing', '/admin/equipe');
  expect(await menuItems(page)).not.toContain('Equipe e papéis');
  await expect(page.getByText('Sem permissão')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect((await adminApi(page, 'GET', '/api/admin/equipe')).status).toBe(403);
  // Not even for themselves.
  const res = await adminApi(page, 'PUT', '/api/admin/equipe/papeis', { email: STAFF.marketing.email, papeis: ['admin', 'marketing'] });
  expect(res.status).toBe(403);
  await adminSnap(page, 'equipe-recusada-marketing');
});
