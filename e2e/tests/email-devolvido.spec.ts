import { expect, test, type Page } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { withoutAxeViolations } from '../support/acessibilidade';
import { hasBounceOnRecord, markEmailBounced } from '../support/devolucao';
import { signIn, snap, visibleText } from '../support/ui';

// The member is told their address bounces (docs/decisions/0049-launch-alert-waves.md, "Bounces that
// arrive later"): a notice on the home and in Meu perfil while usuario.email_devolvido_em is set, with
// the e-mail change a click away and "Meu e-mail está certo" to have the e-mails sent again.

const TITLE = 'Seus e-mails não estão chegando';
const notice = (page: Page) => page.getByRole('status', { name: TITLE });

/** Nothing may widen the page (a phone's 375 px included). */
async function noSideScroll(page: Page) {
  const { width, screen } = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(width, 'a página rola para o lado').toBeLessThanOrEqual(screen);
}

test('e-mail devolvido: o aviso na home e no perfil; "Meu e-mail está certo" o tira, e ele não volta depois de recarregar', async ({ page, request }) => {
  const account = await createActiveAccount(request, 'devolvido');
  await markEmailBounced(account.email);
  await signIn(page, account.email, account.senha, '/home');

  await test.step('a home mostra o aviso logo abaixo da saudação', async () => {
    await expect(page.getByRole('heading', { name: `Olá, ${account.primeiroNome}!` })).toBeVisible();
    const box = notice(page);
    await expect(box).toBeVisible();
    await expect(box).toContainText(`Não conseguimos entregar e-mails em ${account.email}. Confira se o endereço está certo`);
    await expect(box.getByRole('link', { name: 'Alterar meu e-mail' })).toHaveAttribute('href', '/alterar-email');
    await noSideScroll(page);
    await withoutAxeViolations(page, 'o aviso de e-mail devolvido na home', ['[data-testid="aviso-email-devolvido"]']);
    // The survey invitation floats over the bottom of the screen: closed, so the picture shows the notice.
    await page.waitForLoadState('networkidle');
    const closeInvitation = page.getByRole('button', { name: 'Fechar convite da pesquisa' });
    if (await closeInvitation.isVisible()) await closeInvitation.click();
    await snap(page, 'email-devolvido-home');
  });

  await test.step('o link leva à troca de e-mail; o perfil mostra o mesmo aviso', async () => {
    await notice(page).getByRole('link', { name: 'Alterar meu e-mail' }).click();
    await expect(page).toHaveURL(/\/alterar-email$/);
    await expect(page.getByRole('heading', { name: 'Alterar e-mail' })).toBeVisible();
    await page.goto('/editar-perfil');
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await expect(notice(page)).toBeVisible();
    await noSideScroll(page);
    await snap(page, 'email-devolvido-perfil');
  });

  await test.step('"Meu e-mail está certo": o botão recebe o foco, o aviso some e a confirmação aparece', async () => {
    const button = notice(page).getByRole('button', { name: 'Meu e-mail está certo' });
    await button.focus();
    await expect(button).toBeFocused();
    await button.click();
    await expect(visibleText(page, 'Pronto! Voltaremos a enviar e-mails para o seu endereço.')).toBeVisible();
    await expect(page.getByTestId('aviso-email-devolvido')).toHaveCount(0);
    await snap(page, 'email-devolvido-confirmado');
    expect(await hasBounceOnRecord(account.email)).toBe(false);
  });

  await test.step('recarregar (perfil e home): o aviso não volta', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await expect(page.getByLabel('Nome completo', { exact: true })).toHaveValue(account.nome);
    await expect(page.getByTestId('aviso-email-devolvido')).toHaveCount(0);
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: `Olá, ${account.primeiroNome}!` })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('aviso-email-devolvido')).toHaveCount(0);
  });
});
