import { expect, test } from '@playwright/test';
import { DEMO } from '../support/env';
import { loginHere, submitLoginForm } from '../support/journeys-b';
import { field, snap, storedToken, visibleText } from '../support/ui';

// One visitor's journey, from no session to the member's /home: the four checks were four tests,
// each opening a browser and the app for a page or two. What each needs (no token for the unknown
// path, the private route and the wrong password; a token for the last two redirects) is the
// state the visitor is in at that point of the journey. The form is the subject: no signIn() here.
test('visitante sem sessão: página não encontrada, rota privada leva ao /login, senha errada é recusada e o membro de demonstração entra', async ({ page }) => {
  await test.step('caminho desconhecido mostra Página não encontrada', async () => {
    await page.goto('/caminho-que-nao-existe');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await expect(page.locator('a[href="/"]').filter({ visible: true }).first(), 'link para /').toBeVisible();
    await snap(page, 'nao-encontrada');
  });

  await test.step('rota privada sem token vai para /login', async () => {
    await page.goto('/editar-perfil');
    await expect(page).toHaveURL(/\/login$/);
    await expect(field(page, 'E-mail')).toBeVisible();
    await snap(page, 'login');
  });

  await test.step('senha errada mostra E-mail ou senha inválidos.', async () => {
    await submitLoginForm(page, DEMO.email, 'SenhaErrada#1');
    await expect(visibleText(page, 'E-mail ou senha inválidos.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
    await snap(page, 'login-erro');
  });

  await test.step('o membro de demonstração entra e /login com token volta para /home', async () => {
    await loginHere(page, DEMO.email, DEMO.senha);
    await expect(visibleText(page, `Olá, ${DEMO.nome.split(' ')[0]}`)).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();

    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/cadastro');
    await expect(page).toHaveURL(/\/home$/);
  });
});
