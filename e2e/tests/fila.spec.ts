import { expect, test as base, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { DEMO } from '../support/env';
import { startWaitingRoomServer, type WaitingRoomServer } from '../support/waiting-room-server';
import { field, logout, snap } from '../support/ui';

/**
 * The waiting room (spec 000 sections 2 and 4, issue #3) against its own API with ONE place, so
 * filling the room can't hold up the tests that share the main server. One server per worker.
 */
const test = base.extend<object, { filaServer: WaitingRoomServer }>({
  filaServer: [
    async ({}, use, workerInfo) => {
      const server = await startWaitingRoomServer({ capacidade: 1, tag: `fila_w${workerInfo.parallelIndex}` });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** Seeded with the demo accounts (apps/api/src/db/seed.ts), same password as the demo member. */
const SECOND_MEMBER = { email: 'lead@legiao.dev', senha: DEMO.senha, primeiroNome: 'Lucas' };

/** A separate browser (own storage, so its own place in the queue) shaped like the project's. */
async function newBrowser(browser: Browser, testInfo: TestInfo, baseURL: string): Promise<BrowserContext> {
  const { viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId } = testInfo.project.use;
  return browser.newContext({ baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId });
}

const waitingHeading = (page: Page) => page.getByRole('heading', { name: 'Você está na fila' });

async function submitLogin(page: Page, email: string, password: string) {
  await field(page, 'E-mail').fill(email);
  await field(page, 'Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test('com capacidade 1, um segundo navegador espera, vê a posição e recebe o formulário quando o primeiro sai', async ({ browser, filaServer: waitingRoomServer }, testInfo) => {
  // Two browsers, two logins and a logout through the waiting room: past a minute on a busy machine.
  test.slow();
  const contextA = await newBrowser(browser, testInfo, waitingRoomServer.baseUrl);
  const contextB = await newBrowser(browser, testInfo, waitingRoomServer.baseUrl);
  try {
    const a = await contextA.newPage();
    const b = await contextB.newPage();

    // A: the room has a free place, so the form comes at once, without the waiting screen.
    await a.goto('/login');
    await expect(field(a, 'E-mail')).toBeVisible();
    await expect(waitingHeading(a)).toHaveCount(0);
    await submitLogin(a, DEMO.email, DEMO.senha);
    await expect(a.getByText(`Olá, ${DEMO.nome.split(' ')[0]}`).first()).toBeVisible();

    // B: the only place is A's, so B waits, first in a line of one.
    await b.goto('/login');
    await expect(waitingHeading(b)).toBeVisible();
    const position = b.getByRole('status').filter({ hasText: 'Sua posição' });
    await expect(position).toHaveText('Sua posição: 1 de 1');
    await expect(b.getByText(/Tempo estimado: (menos de|cerca de) \d* ?min/)).toBeVisible();
    await expect(field(b, 'E-mail')).toHaveCount(0);
    await snap(b, 'fila-aguardando');

    // A reload keeps the place (same clientId in localStorage).
    await b.reload();
    await expect(position).toHaveText('Sua posição: 1 de 1');

    // The server refuses a login without a ticket while the room is on.
    const withoutTicket = await b.request.post('/api/auth/login', { data: { email: SECOND_MEMBER.email, senha: SECOND_MEMBER.senha } });
    expect(withoutTicket.status()).toBe(403);
    expect((await withoutTicket.json()).errors[0].code).toBe('FILA_SEM_TICKET');

    // A leaves: Sair frees the place, B is let in and gets the form by itself.
    await logout(a);
    await expect(field(b, 'E-mail')).toBeVisible({ timeout: 15_000 });
    await expect(waitingHeading(b)).toHaveCount(0);
    await snap(b, 'fila-admitido');
    await submitLogin(b, SECOND_MEMBER.email, SECOND_MEMBER.senha);
    await expect(b.getByText(`Olá, ${SECOND_MEMBER.primeiroNome}`).first()).toBeVisible();

    // Now B holds the place: A, back at /login, waits.
    await a.goto('/login');
    await expect(waitingHeading(a)).toBeVisible();
    await expect(a.getByRole('status').filter({ hasText: 'Sua posição' })).toHaveText('Sua posição: 1 de 1');
  } finally {
    await contextA.close();
    await contextB.close();
  }
});
