import { expect, test } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { uniqueEmail } from '../support/data';
import { landingToLogin, loginHere, submitLoginForm } from '../support/journeys-b';
import { extractLink, readMail } from '../support/mail';
import { action, field, logout, signIn, snap, visibleText } from '../support/ui';

test('troca o e-mail só depois do link enviado ao novo endereço; o antigo é avisado', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'troca');
  const newOne = uniqueEmail('novo-email');
  // The subject is the change from the profile, not the login form (login.spec.ts): the session
  // comes from the API and the profile is the first page loaded.
  await signIn(page, account.email, account.senha, '/editar-perfil');
  await page.getByRole('link', { name: 'Alterar e-mail' }).click();
  await expect(page).toHaveURL(/\/alterar-email$/);
  await snap(page, 'alterar-email');

  await field(page, 'Novo e-mail').fill(newOne);
  await page.getByRole('button', { name: 'ATUALIZAR', exact: true }).click();
  await expect(visibleText(page, `Enviamos um link de confirmação para ${newOne}`)).toBeVisible();
  await snap(page, 'alterar-email-enviado');

  // Nothing changes until the link is followed.
  await page.goto('/editar-perfil');
  await expect(field(page, 'E-mail')).toHaveValue(account.email);

  const link = extractLink(await readMail(newOne, 'Confirme seu novo e-mail'), '/confirmar-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-mail alterado com sucesso!' })).toBeVisible();
  await snap(page, 'confirmar-email');
  await action(page, 'Ir para o meu perfil').click();
  await expect(field(page, 'E-mail')).toHaveValue(newOne);

  const notice = await readMail(account.email, 'foi alterado');
  expect(notice.text).toContain(newOne);

  // The link works once; the new address logs in, the old one no longer does.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Não foi possível confirmar' })).toBeVisible();
  await expect(visibleText(page, 'Link inválido ou expirado. Solicite um novo.')).toBeVisible();
  // Sair from the member page the error links to (/alterar-email), instead of loading /home for it.
  await action(page, 'Pedir um novo link').click();
  await expect(page).toHaveURL(/\/alterar-email$/);
  await logout(page);
  // The form is typed here: after a change of address, what the member types is the subject.
  await landingToLogin(page);
  await submitLoginForm(page, account.email, account.senha);
  await expect(visibleText(page, 'E-mail ou senha inválidos.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await loginHere(page, newOne, account.senha);
});

test('o link aberto em outro navegador, sem sessão, também confirma e leva ao login com o novo e-mail', async ({ page, request, browser }) => {
  const account = await createActiveAccount(request, 'troca-fora');
  const newOne = uniqueEmail('outro-aparelho');
  // Apart from the test above: a second browser with no session. The first one only asks for the
  // change, so its session comes from the API (no login form) straight onto /alterar-email.
  await signIn(page, account.email, account.senha, '/alterar-email');
  await field(page, 'Novo e-mail').fill(newOne);
  await page.getByRole('button', { name: 'ATUALIZAR', exact: true }).click();
  await expect(visibleText(page, 'Enviamos um link de confirmação')).toBeVisible();

  const link = extractLink(await readMail(newOne, 'Confirme seu novo e-mail'), '/confirmar-email');
  const other = await browser.newContext();
  try {
    const tab = await other.newPage();
    await tab.goto(link);
    await expect(tab.getByRole('heading', { name: 'E-mail alterado com sucesso!' })).toBeVisible();
    await tab.getByRole('link', { name: 'Acessar', exact: true }).click();
    await expect(tab).toHaveURL(/\/login\?e=/);
    await expect(field(tab, 'E-mail')).toHaveValue(newOne);
  } finally {
    await other.close();
  }
});
