import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { DEMO } from '../support/env';
import { validCpf, uniqueEmail } from '../support/data';
import { field, signIn, snap, storedToken, visibleText } from '../support/ui';

test('baixa todos os dados em JSON e vê o histórico de consentimentos', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'exporta');
  // The profile's data section is the subject, not the login form: a session made through the API.
  await signIn(page, account.email, account.senha, '/editar-perfil');
  await expect(field(page, 'Nome completo')).toHaveValue(account.nome);

  // A consent given in the profile goes into the history.
  await page.getByLabel('Aceito receber comunicações por e-mail').check();
  await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
  await expect(visibleText(page, 'Perfil atualizado com sucesso!')).toBeVisible();
  await page.goto('/editar-perfil');
  await page.getByText('Histórico de consentimentos').click();
  await expect(visibleText(page, /E-mail: autorizado em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await snap(page, 'perfil-seus-dados');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar meus dados', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^meus-dados-legiao-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8'));
  expect(data.formato).toBe('legiao-meus-dados/1');
  expect(data.titular).toMatchObject({ email: account.email, nome: account.nome, cpf: account.cpf, temSenha: true });
  expect(data.titular.senhaHash).toBeUndefined();
  expect(data.consentimentos).toEqual([expect.objectContaining({ canal: 'email', concedido: true, origem: 'perfil' })]);
  expect(data.sessoes.length).toBeGreaterThanOrEqual(1);
});

test('o CRM da marca informa um descadastro: o perfil mostra a retirada e de onde veio; a exportação lista a integração', async ({ page, request }) => {
  // docs/decisions/0045-crm-personal-data.md: the CRM finds the member by the sync (as its first
  // copy would), reports the unsubscribe with its own key, and the member sees it in the profile.
  const since = new Date(Date.now() - 60_000).toISOString();
  const account = await createActiveAccount(request, 'crm');
  await signIn(page, account.email, account.senha, '/editar-perfil');
  await page.getByLabel('Aceito receber comunicações por e-mail').check();
  await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
  await expect(visibleText(page, 'Perfil atualizado com sucesso!')).toBeVisible();

  const admin = await request.post('/api/auth/login', { data: { email: 'admin@legiao.dev', senha: DEMO.senha } });
  expect(admin.status(), await admin.text()).toBe(200);
  const adminToken = ((await admin.json()) as { token: { token: string } }).token.token;
  const crmName = `CRM da marca ${Date.now().toString(36)}`;
  const client = await request.post('/api/admin/integracoes', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { nome: crmName, escopos: ['membros:dados', 'consentimentos:escrever'], limitePorMinuto: 600 },
  });
  expect(client.status(), await client.text()).toBe(201);
  const key = { authorization: `Bearer ${((await client.json()) as { chave: string }).chave}` };

  // The member, as the CRM's sync of recent changes sees them (the run's other tests sign up too).
  // A change shows once every write transaction older than it has ended (ADR 0045): the CRM keeps
  // its cursor and asks again, as here.
  let memberId: string | undefined;
  let cursor: string | undefined;
  await expect
    .poll(
      async () => {
        for (;;) {
          const res = await request.get(`/api/integracao/v1/membros/sincronizacao?limite=1000&alteradosDesde=${encodeURIComponent(since)}${cursor ? `&cursor=${cursor}` : ''}`, { headers: key });
          expect(res.status(), await res.text()).toBe(200);
          const body = (await res.json()) as { membros: { id: string; email: string | null; consentimentos: { email: { concedido: boolean } } | null }[]; proximoCursor: string; temMais: boolean };
          const found = body.membros.find((m) => m.email === account.email);
          if (found) {
            expect(found.consentimentos?.email.concedido).toBe(true);
            memberId = found.id;
          }
          cursor = body.proximoCursor;
          if (memberId || !body.temMais) return memberId;
        }
      },
      { timeout: 60_000, message: 'o membro aparece na sincronização' },
    )
    .toBeTruthy();

  const unsubscribe = await request.post(`/api/integracao/v1/membros/${memberId}/consentimentos`, { headers: key, data: { canal: 'email', concedido: false, em: new Date().toISOString() } });
  expect(unsubscribe.status(), await unsubscribe.text()).toBe(200);
  expect(await unsubscribe.json()).toMatchObject({ aplicado: true, consentimento: { canal: 'email', concedido: false } });

  await page.goto('/editar-perfil');
  await expect(page.getByLabel('Aceito receber comunicações por e-mail')).not.toBeChecked();
  await page.getByText('Histórico de consentimentos').click();
  await expect(visibleText(page, new RegExp(`E-mail: autorização retirada em \\d{2}/\\d{2}/\\d{4}.* · Integração: ${crmName}`))).toBeVisible();
  await expect(visibleText(page, /E-mail: autorizado em \d{2}\/\d{2}\/\d{4}.* · Meu perfil/)).toBeVisible();
  await snap(page, 'perfil-consentimento-crm');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar meus dados', exact: true }).click();
  const data = JSON.parse(readFileSync((await (await download).path())!, 'utf8'));
  // This test's CRM among them: the same test at the other width syncs at the same time with its own
  // key and reads this member too (which the export rightly lists).
  expect(data.integracoes).toEqual(expect.arrayContaining([expect.objectContaining({ nome: crmName, tipo: 'chave', motivos: ['sincronizacao'], vezes: 1 })]));
});

test('exclui a conta com a senha: sai do portal, não entra mais, e e-mail e CPF podem se cadastrar de novo', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'exclui');
  // The deletion is the subject; the form's refusal after it is walked below. The session that the
  // tab injects once (support/ui.ts signIn) is not put back after the deletion.
  await signIn(page, account.email, account.senha, '/editar-perfil');
  await page.getByRole('button', { name: 'Excluir minha conta', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' });
  await expect(dialog).toBeVisible();
  await snap(page, 'excluir-conta');

  await dialog.getByLabel('Sua senha', { exact: true }).fill('Errada#1234');
  await dialog.getByRole('button', { name: 'Excluir conta', exact: true }).click();
  await expect(dialog.getByText('Senha incorreta.')).toBeVisible();

  await dialog.getByLabel('Sua senha', { exact: true }).fill(account.senha);
  await dialog.getByRole('button', { name: 'Excluir conta', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(visibleText(page, 'Sua conta foi excluída.')).toBeVisible();
  expect(await storedToken(page)).toBeNull();

  await page.goto('/login');
  await field(page, 'E-mail').fill(account.email);
  await field(page, 'Senha').fill(account.senha);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(visibleText(page, 'E-mail ou senha inválidos.')).toBeVisible();

  const again = await request.post('/api/usuario', {
    data: { email: account.email, senha: account.senha, cpf: account.cpf, nome: account.nome, celular: '11987654321', cep: '01310100', dataNascimento: '1991-08-20', genero: 'mulher' },
  });
  expect(again.status(), await again.text()).toBe(201);
});

test('conta social recém-entrada exclui sem senha', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Entrar com Google', exact: true }).click();
  await page.getByLabel('E-mail da conta').fill(uniqueEmail('social-exclui'));
  await page.getByLabel('Nome').fill('Sofia Social');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/novo-registro$/);
  await field(page, 'CPF').fill(validCpf());
  await field(page, 'Celular').fill('11987654321');
  await page.getByLabel('Li e aceito os termos de uso').check();
  await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/editar-perfil');
  await page.getByRole('button', { name: 'Excluir minha conta', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' });
  await expect(dialog.getByLabel('Sua senha')).toHaveCount(0);
  await expect(dialog).toContainText('15 minutos');
  await snap(page, 'excluir-conta-social');
  await dialog.getByRole('button', { name: 'Excluir conta', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeNull();
});
