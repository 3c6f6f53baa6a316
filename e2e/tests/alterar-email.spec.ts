import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { uniqueEmail } from '../support/data';
import { extractLink, readMail } from '../support/mail';
import { action, field, login, logout, snap, visibleText } from '../support/ui';

test('troca o e-mail só depois do link enviado ao novo endereço; o antigo é avisado', async ({ page, request }) => {
  const conta = await createActiveAccount(request, 'troca');
  const novo = uniqueEmail('novo-email');
  await login(page, conta.email, conta.senha);
  await page.goto('/editar-perfil');
  await page.getByRole('link', { name: 'Alterar e-mail' }).click();
  await expect(page).toHaveURL(/\/alterar-email$/);
  await snap(page, 'alterar-email');

  await field(page, 'Novo e-mail').fill(novo);
  await page.getByRole('button', { name: 'ATUALIZAR', exact: true }).click();
  await expect(visibleText(page, `Enviamos um link de confirmação para ${novo}`)).toBeVisible();
  await snap(page, 'alterar-email-enviado');

  // Nothing changes until the link is followed.
  await page.goto('/editar-perfil');
  await expect(field(page, 'E-mail')).toHaveValue(conta.email);

  const link = extractLink(await readMail(novo, 'Confirme seu novo e-mail'), '/confirmar-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-mail alterado com sucesso!' })).toBeVisible();
  await snap(page, 'confirmar-email');
  await action(page, 'Ir para o meu perfil').click();
  await expect(field(page, 'E-mail')).toHaveValue(novo);

  const aviso = await readMail(conta.email, 'foi alterado');
  expect(aviso.text).toContain(novo);

  // The link works once; the new address logs in, the old one no longer does.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Não foi possível confirmar' })).toBeVisible();
  await expect(visibleText(page, 'Link inválido ou expirado. Solicite um novo.')).toBeVisible();
  await page.goto('/home');
  await logout(page);
  await login(page, novo, conta.senha);
});

test('o link aberto em outro navegador, sem sessão, também confirma e leva ao login com o novo e-mail', async ({ page, request, browser }) => {
  const conta = await createActiveAccount(request, 'troca-fora');
  const novo = uniqueEmail('outro-aparelho');
  await login(page, conta.email, conta.senha);
  await page.goto('/alterar-email');
  await field(page, 'Novo e-mail').fill(novo);
  await page.getByRole('button', { name: 'ATUALIZAR', exact: true }).click();
  await expect(visibleText(page, 'Enviamos um link de confirmação')).toBeVisible();

  const link = extractLink(await readMail(novo, 'Confirme seu novo e-mail'), '/confirmar-email');
  const outro = await browser.newContext();
  try {
    const aba = await outro.newPage();
    await aba.goto(link);
    await expect(aba.getByRole('heading', { name: 'E-mail alterado com sucesso!' })).toBeVisible();
    await aba.getByRole('link', { name: 'Acessar', exact: true }).click();
    await expect(aba).toHaveURL(/\/login\?e=/);
    await expect(field(aba, 'E-mail')).toHaveValue(novo);
  } finally {
    await outro.close();
  }
});
