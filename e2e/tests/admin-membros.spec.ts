import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { adminApi, adminSnap, loginStaff, menuItems } from '../support/admin';
import { SCREENS, SCREENS_DIR } from '../support/env';

// The members area (/admin/membros; docs/decisions/0031-back-office-members.md): atendimento finds
// a member by part of the CPF, opens the page, adjusts the balance (the ledger shows the running
// balance), asks for an adjustment above the threshold that admin approves (never its requester),
// and blocks the member, who then cannot log in and reads why; marketing is refused (UI and 403).

const shot = (page: Page, name: string) => adminSnap(page, `membros-${name}`);

test('atendimento busca, abre o membro, ajusta o saldo, pede um ajuste grande que o admin aprova e bloqueia a conta', async ({ page, browser, request }) => {
  const member = await createActiveAccount(request, 'membro-bo');
  await loginStaff(page, 'atendimento');
  await page.getByRole('navigation', { name: 'Áreas do back office' }).getByRole('link', { name: 'Membros' }).click();
  await expect(page.getByRole('heading', { name: 'Membros', level: 1 })).toBeVisible();
  // The CSV of many members is the administrators' (members.export, ADR 0045), not support's.
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toHaveCount(0);

  // Part of the CPF, formatted as a person reads it.
  const part = `${member.cpf.slice(3, 6)}.${member.cpf.slice(6, 9)}`;
  await page.getByLabel('Buscar membro').fill(part);
  const line = page.getByRole('row', { name: new RegExp(member.email) });
  await expect(line).toBeVisible();
  await expect(line.getByText('Ativo')).toBeVisible();
  await shot(page, 'busca');
  await line.getByRole('link', { name: member.nome }).click();

  await expect(page.getByRole('heading', { name: member.nome, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Saldo e conquistas' }).getByText('0', { exact: true })).toBeVisible();

  // A credit: the reason and the reference are required, with the contract's messages.
  await page.getByRole('button', { name: 'Ajustar saldo' }).click();
  const adjustment = page.getByRole('dialog', { name: 'Ajustar saldo' });
  await adjustment.getByLabel('Pontos').fill('5');
  await adjustment.getByRole('button', { name: 'Lançar ajuste' }).click();
  await expect(adjustment.getByText('Informe o motivo do ajuste (ao menos 3 caracteres).')).toBeVisible();
  await expect(adjustment.getByText('Informe a referência (chamado, pedido ou protocolo).')).toBeVisible();
  await adjustment.getByLabel('Motivo').fill('Compra de outubro não importada');
  await adjustment.getByLabel(/^Referência/).fill('CHAMADO-4242');
  await shot(page, 'ajuste-dialogo');
  await adjustment.getByRole('button', { name: 'Lançar ajuste' }).click();
  await expect(page.getByText('Ajuste lançado. Saldo: 5 pontos.')).toBeVisible();
  const statement = page.getByRole('table', { name: 'Extrato' });
  await expect(statement.getByRole('row').nth(1)).toContainText('+5');
  await expect(statement.getByRole('row').nth(1)).toContainText('Compra de outubro não importada (CHAMADO-4242)');

  // A debit larger than the balance is refused with the server's message.
  await page.getByRole('button', { name: 'Ajustar saldo' }).click();
  await adjustment.getByLabel('Débito').check();
  await adjustment.getByLabel('Pontos').fill('9');
  await adjustment.getByLabel('Motivo').fill('Estorno indevido');
  await adjustment.getByLabel(/^Referência/).fill('CHAMADO-4243');
  await adjustment.getByRole('button', { name: 'Lançar ajuste' }).click();
  await expect(adjustment.getByText('O débito deixaria o saldo negativo. Saldo atual: 5 pontos.')).toBeVisible();
  await adjustment.getByRole('button', { name: 'Cancelar' }).click();

  // Above the threshold (50): pending until someone else approves.
  await page.getByRole('button', { name: 'Ajustar saldo' }).click();
  await adjustment.getByLabel('Pontos').fill('60');
  await expect(adjustment.getByText('Acima do limite: ficará pendente de aprovação.')).toBeVisible();
  await adjustment.getByLabel('Motivo').fill('Campanha de reativação');
  await adjustment.getByLabel(/^Referência/).fill('CAMP-7');
  await adjustment.getByRole('button', { name: 'Pedir aprovação' }).click();
  await expect(page.getByText('Ajuste enviado para aprovação de outra pessoa da equipe.')).toBeVisible();
  await page.getByRole('link', { name: '1 ajuste(s) pendente(s)' }).click();
  const pending = page.getByRole('row', { name: /Campanha de reativação/ });
  await expect(pending.getByText('Seu pedido: outra pessoa aprova')).toBeVisible();
  await expect(pending.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);

  // The admin, in another browser, approves it.
  const adminCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminCtx.newPage();
  await loginStaff(admin, 'admin', '/admin/membros/ajustes?status=pendente');
  const adminRow = admin.getByRole('row', { name: /Campanha de reativação/ });
  await adminRow.getByRole('button', { name: 'Aprovar' }).click();
  await admin.getByRole('dialog', { name: 'Aprovar ajuste' }).getByRole('button', { name: 'Aprovar e lançar' }).click();
  await expect(admin.getByText(`Ajuste lançado. Saldo de ${member.nome}: 65 pontos.`)).toBeVisible();
  await adminCtx.close();

  // The list was filtered to pending ones: all of this member's now.
  await page.getByLabel('Situação').selectOption('');
  await expect(pending.getByText('Aprovado')).toBeVisible();
  await shot(page, 'ajustes');
  await pending.getByRole('link', { name: member.nome }).click();
  await expect(page.getByRole('region', { name: 'Saldo e conquistas' }).getByText('65', { exact: true })).toBeVisible();

  // Block: a dialog that says what happens, a reason the member will read.
  await page.getByRole('button', { name: 'Bloquear' }).click();
  const block = page.getByRole('dialog', { name: 'Bloquear a conta' });
  await expect(block.getByText(/sai do portal agora, em todos os aparelhos/)).toBeVisible();
  await block.getByRole('button', { name: 'Bloquear' }).click();
  await expect(block.getByText('Informe o motivo do bloqueio (ao menos 3 caracteres).')).toBeVisible();
  await block.getByLabel('Motivo (o membro vai ler)').fill('uso indevido de cupons');
  await shot(page, 'bloquear-dialogo');
  await block.getByRole('button', { name: 'Bloquear' }).click();
  await expect(page.getByText(/Conta bloqueada\. \d sess/)).toBeVisible();
  await expect(page.getByText('O membro lê: “uso indevido de cupons”.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Desbloquear' })).toBeVisible();

  // The history shows the ledger with the running balance and the audit entries.
  await expect(statement.getByRole('row').nth(1)).toContainText('65');
  await page.getByRole('tab', { name: 'Auditoria' }).click();
  await expect(page.getByRole('table', { name: 'Auditoria' }).getByText('membro.bloquear')).toBeVisible();
  await shot(page, 'membro');

  // The member cannot log in, and is told why.
  const res = await request.post('/api/auth/login', { data: { email: member.email, senha: member.senha } });
  expect(res.status()).toBe(403);
  expect((await res.json()).errors[0].message).toBe('Sua conta está bloqueada: uso indevido de cupons. Fale com o atendimento da Legião para saber como resolver.');
  const memberCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const m = await memberCtx.newPage();
  await m.goto('/login');
  await m.getByLabel('E-mail').fill(member.email);
  await m.getByLabel('Senha', { exact: true }).fill(member.senha);
  await m.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(m.getByText(/Sua conta está bloqueada: uso indevido de cupons/)).toBeVisible();
  if (SCREENS) await m.screenshot({ path: `${SCREENS_DIR}/admin-membros-login-bloqueado-1280.png` });
  await memberCtx.close();
});

// The members' CSV (docs/decisions/0045-crm-personal-data.md, "The back office's CSV export"): the
// admin exports what the search finds; the file has the header and the member's row, and the export
// is in the audit trail.
test('o admin exporta em CSV os membros da busca', async ({ page, request }) => {
  const member = await createActiveAccount(request, 'membro-csv');
  await loginStaff(page, 'admin', '/admin/membros');
  await page.getByLabel('Buscar membro').fill(member.email);
  await expect(page.getByRole('row', { name: new RegExp(member.email) })).toBeVisible();
  await shot(page, 'exportar-csv');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^membros-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync(await download.path());
  // The BOM survives the download (a spreadsheet then reads the accents right).
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').replace(/^\ufeff/, '').trim().split('\r\n');
  expect(lines[0]).toBe('id;email;nome;tipo;ativo;data_cadastro;ativado_em;consentimento_email;consentimento_sms;consentimento_whatsapp;saldo;produtos');
  // Only the member the search found: their row, and nothing of their CPF.
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^[0-9a-f-]{36};${member.email.replace(/[.+]/g, '\\$&')};${member.nome};legionario;sim;`));
  expect(lines[1]).not.toContain(member.cpf);
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  const trail = await adminApi(page, 'GET', '/api/admin/auditoria?entidade=membro');
  expect(JSON.stringify(trail.body)).toContain(`"busca":"${member.email}"`);
});

test('marketing não vê Membros; a página e a API recusam', async ({ page }) => {
  // Straight to the area's address: its menu is beside the refusal, and /admin was a page load of
  // its own only to read the menu.
  await loginStaff(page, 'marketing', '/admin/membros');
  expect(await menuItems(page)).not.toContain('Membros');
  await expect(page.getByText('Sem permissão')).toBeVisible();
  expect((await adminApi(page, 'GET', '/api/admin/membros?busca=maria')).status).toBe(403);
  expect((await adminApi(page, 'GET', '/api/admin/membros/ajustes')).status).toBe(403);
});

// Where each verified purchase came from (docs/decisions/0041-store-integration.md): an order sent by
// the store's integration, one registered by staff on this page, and the store's cancellation.
test('a página do membro mostra a origem de cada compra verificada; a equipe registra uma; a cancelada aparece como cancelada', async ({ page, request }) => {
  const member = await createActiveAccount(request, 'membro-origem');
  await loginStaff(page, 'admin');
  const tag = randomUUID().slice(0, 6);
  const created = await adminApi(page, 'POST', '/api/admin/integracoes', { nome: `Loja virtual ${tag}`, escopos: ['pedidos:enviar'] });
  expect(created.status).toBe(201);
  const key = (created.body as { chave: string }).chave;
  const orderId = `SITE-${tag}`;
  const order = { pedido: orderId, email: member.email, data: '2026-03-14', canal: 'Site oficial', itens: [{ sku: 'CAF-CANECA350-PRETO', quantidade: 1 }], estado: 'pago' };
  const sent = await request.post('/api/integracao/v1/pedidos', { headers: { authorization: `Bearer ${key}` }, data: { pedidos: [order] } });
  expect((await sent.json()).pedidos[0].situacao).toBe('aplicado');

  const found = await adminApi(page, 'GET', `/api/admin/membros?busca=${encodeURIComponent(member.email)}`);
  const id = (found.body as { itens: { id: string }[] }).itens[0]!.id;
  await page.goto(`/admin/membros/${id}`);
  const products = page.getByRole('table', { name: 'Produtos do membro' });
  await expect(products.getByRole('columnheader', { name: 'Origem' })).toBeVisible();
  const storeRow = products.getByRole('row', { name: new RegExp(orderId) });
  await expect(storeRow).toContainText(`Integração da loja (Loja virtual ${tag}, pedido ${orderId})`);
  await expect(storeRow).toContainText('Verificada');

  // A purchase the store did not send, registered by staff: its own origin.
  await page.getByRole('button', { name: 'Registrar compra verificada' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar compra verificada' });
  await dialog.getByRole('button', { name: 'Registrar compra' }).click();
  await expect(dialog.getByText('Informe o SKU do produto.')).toBeVisible();
  await dialog.getByLabel('SKU do produto').fill('bar-copo473-branco');
  await dialog.getByLabel('Local da compra').fill('Loja Física');
  await dialog.getByLabel('Pedido ou referência').fill(`TEL-${tag}`);
  await shot(page, 'compra-dialogo');
  await dialog.getByRole('button', { name: 'Registrar compra' }).click();
  await expect(page.getByText(/Compra verificada registrada: .* \(pedido TEL-/)).toBeVisible();
  await expect(products.getByRole('row', { name: new RegExp(`TEL-${tag}`) })).toContainText(`Equipe · pedido TEL-${tag}`);
  await expect(page.getByRole('table', { name: 'Extrato' }).getByRole('row').nth(1)).toContainText('+1');

  // The store cancels its order: the purchase stays on the page, as cancelled, and the points go back.
  const cancel = await request.post('/api/integracao/v1/pedidos', { headers: { authorization: `Bearer ${key}` }, data: { pedidos: [{ ...order, estado: 'cancelado' }] } });
  expect((await cancel.json()).pedidos[0].situacao).toBe('cancelado');
  await page.reload();
  await expect(products.getByRole('row', { name: new RegExp(orderId) })).toContainText('Cancelada em');
  await expect(page.getByRole('table', { name: 'Extrato' }).getByRole('row').nth(1)).toContainText('Estorno: compra cancelada');
  await shot(page, 'origem-compras');
});

