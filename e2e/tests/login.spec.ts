import { expect, test } from '@playwright/test';
import { DEMO } from '../support/env';
import { field, login, snap, storedToken, visibleText } from '../support/ui';

test('senha errada mostra E-mail ou senha inválidos.', async ({ page }) => {
  await page.goto('/login');
  await field(page, 'E-mail').fill(DEMO.email);
  await field(page, 'Senha').fill('SenhaErrada#1');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();

  await expect(visibleText(page, 'E-mail ou senha inválidos.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
  await snap(page, 'login-erro');
});

test('o membro de demonstração entra e /login com token volta para /home', async ({ page }) => {
  await page.goto('/login');
  await snap(page, 'login');
  await login(page, DEMO.email, DEMO.senha);
  await expect(visibleText(page, `Olá, ${DEMO.nome.split(' ')[0]}`)).toBeVisible();
  expect(await storedToken(page)).toBeTruthy();

  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/cadastro');
  await expect(page).toHaveURL(/\/home$/);
});

test('rota privada sem token vai para /login', async ({ page }) => {
  await page.goto('/editar-perfil');
  await expect(page).toHaveURL(/\/login$/);
  await expect(field(page, 'E-mail')).toBeVisible();
});

test('caminho desconhecido mostra Página não encontrada', async ({ page }) => {
  await page.goto('/caminho-que-nao-existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expect(page.locator('a[href="/"]').filter({ visible: true }).first(), 'link para /').toBeVisible();
  await snap(page, 'nao-encontrada');
});
