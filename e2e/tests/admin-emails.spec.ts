import { expect, test } from '@playwright/test';
import { withoutAxeViolations } from '../support/acessibilidade';
import { adminSnap, loginStaff, STAFF } from '../support/admin';
import { mailCursor, readMail } from '../support/mail';

// The e-mail previews in the back office (/admin/emails; issue 32 §3, docs/decisions/0048-email-templates.md):
// the list, the activation e-mail in its sandboxed iframe at desktop and mobile widths, the plain-text
// part, and "Enviar para mim" arriving in the staff member's own inbox (the fake SMTP mailbox).

test('marketing vê os e-mails, a ativação no computador e no celular, o texto simples, e envia um teste para si', async ({ page }) => {
  test.slow();
  const me = STAFF.marketing.email;
  const cursor = await mailCursor(me);
  await loginStaff(page, 'marketing');
  await page.getByRole('navigation', { name: 'Áreas do back office' }).getByRole('link', { name: 'E-mails' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();

  const list = page.getByRole('navigation', { name: 'E-mails do portal' });
  for (const name of ['Ativação de conta', 'Redefinição de senha', 'Cupom da página Expert XP', 'Alerta de lançamento (Avise-me)', 'Webhook pausado (equipe)']) {
    await expect(list.getByRole('link', { name: new RegExp(name.replace(/[()]/g, '\\$&')) })).toBeVisible();
  }
  await list.getByRole('link', { name: /Ativação de conta/ }).click();
  await expect(page).toHaveURL(/\/admin\/emails\/ativacao$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Ativação de conta' })).toBeVisible();
  await expect(page.getByTestId('email-assunto')).toHaveText('Ative sua conta na Legião');
  await expect(page.getByTestId('email-preheader')).toContainText('Confirme seu e-mail');

  // The HTML in a sandboxed iframe: no scripts, no navigation, nothing of this page.
  const iframe = page.locator('iframe[title="Prévia do e-mail: Ativação de conta"]');
  await expect(iframe).toHaveAttribute('sandbox', '');
  const mail = page.frameLocator('iframe[title="Prévia do e-mail: Ativação de conta"]');
  await expect(mail.getByRole('link', { name: 'Ativar minha conta' })).toBeVisible();
  await expect(mail.getByText('Olá, Mariana!')).toBeVisible();
  expect((await iframe.boundingBox())!.width).toBeGreaterThanOrEqual(600);
  await adminSnap(page, 'emails-desktop');

  await page.getByRole('button', { name: /^Celular/ }).click();
  await expect(page.getByRole('button', { name: /^Celular/ })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => Math.round((await iframe.boundingBox())!.width)).toBe(375);
  await expect(mail.getByRole('link', { name: 'Ativar minha conta' })).toBeVisible();
  // At 375 px the e-mail fits: no horizontal scroll inside the frame.
  const frame = page.frame({ url: 'about:srcdoc' });
  if (frame) expect(await frame.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await adminSnap(page, 'emails-celular');

  await page.getByRole('button', { name: 'Texto simples' }).click();
  const text = page.getByLabel('Versão em texto simples');
  await expect(text).toContainText('Olá, Mariana!');
  await expect(text).toContainText(/Ativar minha conta https?:\/\/\S+\/ativar-conta\?q=/);
  await withoutAxeViolations(page, '/admin/emails/ativacao (texto)');

  await page.getByRole('button', { name: 'Enviar para mim' }).click();
  await expect(page.getByText(`E-mail de teste enviado para ${me}.`)).toBeVisible();
  const received = await readMail(me, '[Teste] Ative sua conta na Legião', { after: cursor });
  expect(received.html).toContain('lang="pt-BR"');
  expect(received.text).toContain('Ativar minha conta');
});

test('atendimento lê as prévias, mas não envia', async ({ page }) => {
  await loginStaff(page, 'atendimento', '/admin/emails/cupom-lead');
  await expect(page.getByRole('heading', { level: 2, name: 'Cupom da página Expert XP' })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Prévia do e-mail: Cupom da página Expert XP"]').getByText('EXPERTXP-7K2M9Q', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar para mim' })).toHaveCount(0);
});
