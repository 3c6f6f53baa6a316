import { expect, test } from '@playwright/test';
import { ACTIVATION_SUBJECT, createPendingAccount } from '../support/accounts';
import { extractLink, mailCursor, readMail } from '../support/mail';
import { field, snap, visibleText } from '../support/ui';

// One journey on /ativacao: the resend, its 60-second lock and the resent link. The lock and its
// end were two tests, each signing a member up and loading the page for the same click; the clock
// is installed before the page loads, and it flows as usual until the test moves it on.
test('reenvia o e-mail de ativação, bloqueia o botão com contagem regressiva que, depois de 60 segundos, o libera; o novo link ativa a conta', async ({ page, request }) => {
  const account = await createPendingAccount(request, 'ativacao');
  await readMail(account.email, ACTIVATION_SUBJECT);
  const cursor = await mailCursor(account.email);
  await page.clock.install();

  await page.goto('/ativacao');
  await field(page, 'E-mail').fill(account.email);
  const button = page.getByRole('button', { name: /Reenviar|\d{2}:\d{2}/ });

  await test.step('reenvia o e-mail de ativação e bloqueia o botão com contagem regressiva', async () => {
    await button.click();
    await expect(visibleText(page, 'O e-mail de ativação de conta foi reenviado!')).toBeVisible();
    await expect(button).toBeDisabled();
    await expect(visibleText(page, /\b(01:00|00:5\d)\b/)).toBeVisible();
    await snap(page, 'ativacao-reenviada');
  });

  await test.step('depois de 60 segundos o Reenviar volta a funcionar e a mensagem some', async () => {
    await page.clock.fastForward('00:30');
    await expect(visibleText(page, /\b00:(29|30|31)\b/)).toBeVisible();
    await page.clock.fastForward('00:31');
    await expect(button).toBeEnabled();
    await expect(page.getByText('O e-mail de ativação de conta foi reenviado!')).toBeHidden();
  });

  await test.step('o e-mail reenviado traz um novo link, que ativa a conta', async () => {
    const link = extractLink(await readMail(account.email, ACTIVATION_SUBJECT, { after: cursor }), '/ativar-conta');
    await page.goto(link);
    await expect(visibleText(page, 'Sua conta foi ativada com sucesso!')).toBeVisible();
  });
});
