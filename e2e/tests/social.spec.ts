import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createActiveAccount } from '../support/accounts';
import { randomPhone, uniqueEmail, validCpf } from '../support/data';
import { API_DIR } from '../support/env';
import { field, logout, snap, storedToken, visibleText } from '../support/ui';

// Social login through the fake Google/Facebook (support/fake-social.ts): the real buttons, the
// provider's consent screen, the return to the landing page with the token in the fragment.

/** On the fake provider's consent screen: choose the account by its e-mail and name. */
async function chooseAccount(page: Page, email: string, name: string) {
  await expect(page.getByRole('heading', { name: /\(teste\)/ })).toBeVisible();
  await page.getByLabel('E-mail da conta').fill(email);
  await page.getByLabel('Nome').fill(name);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

// The forged token and the real Google login both come back to the landing page with a token in
// the fragment: one journey, the forged one first (it must leave no session, which is where the
// real login starts), instead of a browser and the app opened for each.
test('Google pela landing, depois de um token forjado no fragmento: volta com o token, completa CPF e celular em /novo-registro e entra na home', async ({ page }) => {
  const email = uniqueEmail('google');
  await test.step('um token forjado no fragmento deixa a pessoa na landing, sem mensagem e sem sessão', async () => {
    // The pending login must be in this tab's storage before the app reads the fragment on load.
    await page.goto('/esqueceu-a-senha');
    await page.evaluate(() => sessionStorage.setItem('legiao.socialLogin', JSON.stringify({ state: 'estado-x', provider: 'google', at: Date.now() })));
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/social-login'));
    await page.goto('/#access_token=ya29.forjado&token_type=Bearer&state=estado-x');
    expect((await answer).status()).toBe(401);
    await expect(page.getByRole('heading', { name: /Faça parte da/ })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await storedToken(page)).toBeNull();
  });

  // The landing page the forged token left the person on.
  await snap(page, 'landing-social');
  await page.getByRole('button', { name: 'Entrar com Google', exact: true }).click();
  await chooseAccount(page, email, 'Giovana Google');

  await expect(page).toHaveURL(/\/novo-registro$/);
  await expect(page.getByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();
  expect(page.url(), 'o token não fica na barra de endereço').not.toContain('access_token');
  expect(await storedToken(page)).toBeTruthy();
  await snap(page, 'novo-registro');

  const finish = page.getByRole('button', { name: 'Finalizar', exact: true });
  await expect(finish).toBeDisabled();
  const phone = randomPhone();
  await field(page, 'CPF').fill(validCpf());
  await field(page, 'Celular').fill(phone.digits);
  await expect(field(page, 'Celular')).toHaveValue(phone.masked);
  await expect(finish, 'sem aceitar os termos').toBeDisabled();
  await page.getByLabel('Li e aceito os termos de uso').check();
  await finish.click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(visibleText(page, 'Olá, Giovana!')).toBeVisible();

  // Social accounts never see the password change.
  await page.goto('/editar-perfil');
  await expect(field(page, 'E-mail')).toHaveValue(email);
  await expect(page.getByRole('link', { name: 'Alterar e-mail' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Alterar senha' })).toHaveCount(0);

  // The same Google account again: CPF and mobile are there, so /novo-registro goes straight home.
  await logout(page);
  await page.getByRole('button', { name: 'Entrar com Google', exact: true }).click();
  await chooseAccount(page, email, 'Giovana Google');
  await expect(page).toHaveURL(/\/home$/);
});

test('Facebook pela página de login, depois da sala de espera', async ({ page }) => {
  await page.goto('/login');
  await expect(field(page, 'E-mail')).toBeVisible();
  await snap(page, 'login-social');
  await page.getByRole('button', { name: 'Entrar com Facebook', exact: true }).click();
  await chooseAccount(page, uniqueEmail('facebook'), 'Fernando Facebook');
  await expect(page).toHaveURL(/\/novo-registro$/);
  await expect(visibleText(page, 'Falta pouco, Fernando!')).toBeVisible();
});

// --- automatic login links (spec 000: /login?hash=&code=) ------------------------------------
const requireFromApi = createRequire(path.join(API_DIR, 'package.json'));

/** What `pnpm --filter @legiao/api run admin:grant` does, straight in the test database. */
async function grantAdmin(email: string) {
  const pg = requireFromApi('pg') as { Client: new (o: { connectionString: string }) => { connect(): Promise<void>; query(q: string, v: unknown[]): Promise<unknown>; end(): Promise<void> } };
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL || process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/legiao_e2e' });
  await client.connect();
  try {
    await client.query('UPDATE usuario SET admin = true WHERE email = $1', [email]);
  } finally {
    await client.end();
  }
}

test('link de acesso automático: entra uma vez, mantém o benefício e, usado de novo, cai no /login', async ({ page, request }) => {
  const operator = await createActiveAccount(request, 'operador');
  await grantAdmin(operator.email);
  const operatorToken = (await (await request.post('/api/auth/login', { data: { email: operator.email, senha: operator.senha } })).json()).token.token;
  const member = await createActiveAccount(request, 'chatbot');
  const res = await request.post('/api/admin/login-links', { headers: { authorization: `Bearer ${operatorToken}` }, data: { email: member.email, beneficio: '7' } });
  expect(res.status(), await res.text()).toBe(201);
  const link = new URL((await res.json()).url);

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/home$/);
  await expect(visibleText(page, `Olá, ${member.primeiroNome}!`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('beneficioSelecionadoChatbot'))).toBe('7');

  await logout(page);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(field(page, 'E-mail')).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});
