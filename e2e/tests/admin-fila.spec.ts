import { expect, test, type Page } from '@playwright/test';
import { withoutAxeViolations } from '../support/acessibilidade';
import { adminApi, adminSnap, loginStaff, menuItems } from '../support/admin';
import { startWaitingRoomServer, type WaitingRoomServer } from '../support/waiting-room-server';

// The waiting-room panel (/admin/fila; docs/decisions/0029-back-office-content.md), on a server of
// its own (pausing the room on the shared one would hold every other test's login): live numbers
// over the panel's socket, limits, pause/resume, and a change scheduled a few seconds ahead that
// the server applies by itself.

const test2 = test.extend<{}, { filaServer: WaitingRoomServer }>({
  filaServer: [
    async ({}, use, workerInfo) => {
      const server = await startWaitingRoomServer({ capacidade: 5, tag: `adminfila_w${workerInfo.parallelIndex}`, env: { FILA_AGENDAMENTOS: 'true' } });
      await use(server);
      await server.stop();
    },
    // Creating its database and booting a second API takes a while on a busy machine.
    { scope: 'worker', timeout: 180_000 },
  ],
});

/** A datetime-local value `ms` from now, in the browser's zone (the config's America/Sao_Paulo). */
const localFromNow = (ms: number) => new Date(Date.now() + ms).toLocaleString('sv-SE', { timeZone: 'America/Sao_Paulo' }).replace(' ', 'T');
const card = (page: Page, testId: string) => page.getByTestId(testId);

test2('operação vê a fila ao vivo, muda limites, pausa e retoma, e agenda uma mudança que o servidor aplica na hora', async ({ page, browser, filaServer: waitingRoomServer }) => {
  // A long walk through the screen, with an axe pass, on a machine other jobs share.
  test2.slow();
  // Signed in on this spec's own server (loginStaff() would sign in on the main one).
  await loginStaff(page, 'operacao', `${waitingRoomServer.baseUrl}/admin`);
  expect(await menuItems(page)).toContain('Sala de espera');
  await page.getByRole('navigation', { name: 'Áreas do back office' }).getByRole('link', { name: 'Sala de espera' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sala de espera' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Ao vivo' })).toBeVisible();
  await expect(card(page, 'fila-aguardando')).toHaveText('0');
  await expect(card(page, 'fila-situacao')).toHaveText('Livre');

  // Limits.
  await page.getByLabel('Capacidade (pessoas no portal)').fill('7');
  await page.getByRole('button', { name: 'Salvar limites' }).click();
  await expect(page.getByText('Sala de espera atualizada.')).toBeVisible();
  await expect(card(page, 'fila-admitidos')).toContainText('de 7');
  await page.getByLabel('Capacidade (pessoas no portal)').fill('0');
  await page.getByRole('button', { name: 'Salvar limites' }).click();
  await expect(page.getByText('Capacidade: de 1 a 1.000.000.')).toBeVisible();
  await page.getByLabel('Capacidade (pessoas no portal)').fill('7');

  // Pause (confirmed), and a visitor who opens the login now waits in line: the panel counts them live.
  await page.getByRole('button', { name: 'Pausar entrada' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pausar a entrada?' });
  await dialog.getByRole('button', { name: 'Pausar entrada' }).click();
  await expect(card(page, 'fila-situacao')).toHaveText('Entrada pausada');
  const visitor = await browser.newPage();
  await visitor.goto(`${waitingRoomServer.baseUrl}/login`);
  await expect(card(page, 'fila-aguardando')).toHaveText('1');
  await adminSnap(page, 'fila-pausada');
  await page.getByRole('button', { name: 'Retomar entrada' }).click();
  await expect(card(page, 'fila-situacao')).not.toHaveText('Entrada pausada');
  await expect(card(page, 'fila-aguardando')).toHaveText('0');
  await expect(card(page, 'fila-por-minuto')).not.toHaveText('0');
  await visitor.close();

  // A change scheduled 8 seconds ahead: listed, then applied by the server on its own (on a busy
  // machine the row may already be applied when it first shows).
  const form = page.getByRole('form', { name: 'Agendar mudança' });
  await form.getByLabel('Quando').fill(localFromNow(8000));
  await form.getByLabel('Entrada').selectOption('pausar');
  await form.getByLabel('Descrição (opcional)').fill('Abertura da pré-venda');
  await form.getByRole('button', { name: 'Agendar' }).click();
  const line = page.getByRole('row').filter({ hasText: 'Abertura da pré-venda' });
  await expect(line.getByText(/^(Agendado|Aplicado)$/)).toBeVisible();
  await expect(line.getByText('Aplicado')).toBeVisible({ timeout: 30_000 });
  await expect(card(page, 'fila-situacao')).toHaveText('Entrada pausada');

  // One for later, cancelled.
  await form.getByLabel('Quando').fill(localFromNow(3600_000));
  await form.getByLabel('Entrada').selectOption('retomar');
  await form.getByLabel('Nova capacidade').fill('50');
  await form.getByLabel('Descrição (opcional)').fill('Fim do pico');
  await form.getByRole('button', { name: 'Agendar' }).click();
  const after = page.getByRole('row').filter({ hasText: 'Fim do pico' });
  await expect(after.getByText('retomar a entrada · capacidade 50')).toBeVisible();
  await adminSnap(page, 'fila');
  await withoutAxeViolations(page, '/admin/fila');
  await after.getByRole('button', { name: /Cancelar agendamento/ }).click();
  await page.getByRole('dialog', { name: 'Cancelar o agendamento?' }).getByRole('button', { name: 'Cancelar agendamento' }).click();
  await expect(after.getByText('Cancelado')).toBeVisible();

  // A time in the past is refused with the server's rule, in Portuguese.
  await form.getByLabel('Quando').fill(localFromNow(-3600_000));
  await form.getByRole('button', { name: 'Agendar' }).click();
  await expect(page.getByText('Escolha um horário no futuro.')).toBeVisible();
  await adminApi(page, 'PUT', '/api/admin/fila', { pausada: false });
});

test2('marketing e atendimento não veem o painel: menu sem a área, página sem permissão, servidor 403', async ({ browser, filaServer: waitingRoomServer }) => {
  for (const role of ['marketing', 'atendimento'] as const) {
    const page = await browser.newPage();
    // Straight to the panel's address: the menu is beside the refusal, and /admin was a page load
    // of its own only to read it.
    await loginStaff(page, role, `${waitingRoomServer.baseUrl}/admin/fila`);
    expect(await menuItems(page)).not.toContain('Sala de espera');
    await expect(page.getByText('Sem permissão')).toBeVisible();
    expect((await adminApi(page, 'GET', '/api/admin/fila')).status).toBe(403);
    expect((await adminApi(page, 'PUT', '/api/admin/fila', { pausada: true })).status).toBe(403);
    expect((await adminApi(page, 'POST', '/api/admin/fila/agendamentos', { executarEm: new Date(Date.now() + 60_000).toISOString(), pausada: true })).status).toBe(403);
    await page.close();
  }
});
