import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi, adminSnap, loginStaff } from '../support/admin';
import { e2eDatabaseUrl } from '../support/database';
import { API_DIR } from '../support/env';
import { expectTableScrollsInItsBox } from '../support/journeys-admin';
import { signedWith, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

// Integrações › Webhooks (issue 25; docs/decisions/0042-webhooks.md): an admin creates an endpoint
// pointing to a receiver this test runs, sees its secret once, sends a test event and sees it
// delivered (signed as Standard Webhooks with that secret); rotates the secret (both sign for a
// day); pauses and resumes it; with the receiver answering 500 a test event fails, shows the code,
// is filtered, sent again (Reenviar) and replayed (since a date) once the receiver is back; then
// deletes the endpoint. At 1280 px the log, however long its errors, scrolls inside its own box.
// Marketing has no access.
//
// The API must deliver and accept a local receiver: WEBHOOKS_DELIVERY=true and
// WEBHOOKS_ALLOW_PRIVATE=true; a failing delivery must give up within seconds to show Falhou:
// WEBHOOKS_RETRY_LIMIT=1 and WEBHOOKS_RETRY_DELAY_S=1.

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
/** How long a delivery may take to show in the log: the queue, the attempt, the log's next refresh. */
const DELIVERY_MS = 30_000;

const todaySp = (shiftDays = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + shiftDays * 86_400_000));

const deliveryLog = (page: Page) => page.getByRole('table', { name: 'Entregas do endpoint' });
/** A row of the log: the delivery of the event with this webhook-id. */
const deliveryRow = (page: Page, eventId: string) => deliveryLog(page).getByRole('row').filter({ hasText: eventId });
/** The rows of the journey's own test events (the endpoint also receives what other tests cause). */
const journeyRows = (page: Page) => deliveryLog(page).getByRole('row').filter({ hasText: 'webhook.teste' });
/** A row's cell by column (Evento, Status, Tentativas, Próxima tentativa, Código HTTP, Resposta, Erro, Criada em, Entregue em). */
const COLUMNS = ['Evento', 'Status', 'Tentativas', 'Próxima tentativa', 'Código HTTP', 'Resposta', 'Erro', 'Criada em', 'Entregue em'] as const;
const cell = (row: Locator, column: (typeof COLUMNS)[number]) => row.getByRole('cell').nth(COLUMNS.indexOf(column));

/** A long error and a long answer (the sender keeps the answer's first KB), for the log's layout. */
const LONG_ERROR =
  'Certificado TLS do endpoint recusado (ERR_TLS_CERT_ALTNAME_INVALID): o nome loja-integracao-homologacao.exemplo-de-dominio-comprido.com.br não está entre os do certificado (*.exemplo.com.br, exemplo.com.br, www.exemplo.com.br).';
const LONG_ANSWER = JSON.stringify({ error: 'upstream_unavailable', detail: 'x'.repeat(300), trace: Array.from({ length: 12 }, (_, i) => `at Handler.processa (/srv/app/receptor-${i}.js:${i}0:7)`) });

/** Writes them into a delivery's row (pg is the API's own driver, borrowed as admin-painel.spec.ts does). */
async function writeLongOutcome(deliveryEventId: string) {
  const pg = createRequire(path.join(API_DIR, 'package.json'))('pg') as { Client: new (o: { connectionString: string }) => { connect(): Promise<void>; query(q: string, v: unknown[]): Promise<{ rowCount: number }>; end(): Promise<void> } };
  const db = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const r = await db.query('UPDATE webhook_entrega SET ultimo_erro = $2, ultima_resposta = $3 WHERE evento_id = $1', [deliveryEventId, LONG_ERROR, LONG_ANSWER]);
    expect(r.rowCount).toBe(1);
  } finally {
    await db.end();
  }
}

async function noAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include('main#conteudo').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('Integrações › Webhooks', () => {

  let rx: WebhookReceiver;
  let running: WebhookReceiver | undefined;
  test.beforeEach(async () => {
    rx = running = await startWebhookReceiver();
    rx.failOnly = 'webhook.teste';
  });
  test.afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  /**
   * What the journey sent itself: the endpoint also subscribes to compra.verificada and
   * conta.excluida, which other tests of the run cause at any moment (seen: a conta.excluida from
   * lgpd.spec.ts taken for the failing test event).
   */
  const testEvents = () => rx.received.filter((r) => (JSON.parse(r.body) as { type: string }).type === 'webhook.teste');

  test('admin: create, the secret once, a signed test event delivered; rotate; pause, resume; a failing one (filter, Reenviar, replay since a date); delete', async ({ page, context }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginStaff(page, 'admin', '/admin/integracoes');
    await page.getByRole('navigation', { name: 'Partes de Integrações' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/admin\/integracoes\/webhooks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    // The catalogue, from the server: when each type fires, an example body, its JSON Schema folded.
    const catalogue = page.getByRole('region', { name: 'Catálogo de eventos' });
    const purchase = catalogue.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'compra.verificada' }) });
    await expect(purchase).toContainText('Uma compra foi verificada pela marca');
    await expect(purchase.getByLabel('Exemplo de entrega de compra.verificada')).toContainText('"type": "compra.verificada"');
    const schema = purchase.getByLabel('Esquema JSON de compra.verificada');
    await expect(schema).toBeHidden();
    await purchase.getByText('Esquema JSON de data').click();
    await expect(schema).toContainText('"codigoPedido"');
    // The optional member block (ADR 0045), described after the types.
    await expect(catalogue.getByRole('heading', { name: 'Bloco membro (opcional)' })).toBeVisible();
    await expect(catalogue.getByLabel('Exemplo do bloco membro')).toContainText('"consentimentos"');

    // A new endpoint: two types (ticking one unticks "Todos os eventos"); the contract's message first.
    const form = page.getByRole('region', { name: 'Novo endpoint' });
    const description = `CRM ${randomUUID().slice(0, 8)}`;
    await form.getByLabel('URL', { exact: true }).fill('nada disso');
    await form.getByRole('button', { name: 'Criar endpoint' }).click();
    await expect(form.getByText('Informe a URL do endpoint (https://...).')).toBeVisible();
    await form.getByLabel('URL', { exact: true }).fill(rx.url);
    await form.getByLabel('Descrição', { exact: true }).fill(description);
    await expect(form.getByLabel('Todos os eventos')).toBeChecked();
    await form.getByLabel('compra.verificada', { exact: true }).check();
    await form.getByLabel('conta.excluida', { exact: true }).check();
    await expect(form.getByLabel('Todos os eventos')).not.toBeChecked();
    // Personal data only when asked for: off by default.
    await expect(form.getByLabel('Incluir os dados do membro em cada evento')).not.toBeChecked();
    await adminSnap(page, 'webhooks-novo');
    await form.getByRole('button', { name: 'Criar endpoint' }).click();

    // The secret, once, with a copy button; then the endpoint's page, which shows only its start.
    const dialog = page.getByRole('dialog', { name: 'Segredo do webhook' });
    await expect(dialog.getByText('Copie este segredo agora: ele não será mostrado de novo.')).toBeVisible();
    const secret = await dialog.getByLabel('Segredo', { exact: true }).inputValue();
    expect(secret).toMatch(SECRET);
    await dialog.getByRole('button', { name: 'Copiar segredo' }).click();
    await expect(dialog.getByRole('button', { name: 'Segredo copiado!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await adminSnap(page, 'webhooks-segredo');
    await dialog.getByRole('button', { name: 'Já guardei o segredo' }).click();
    await expect(page).toHaveURL(/\/admin\/integracoes\/webhooks\/[0-9a-f-]{36}$/);
    const endpointId = page.url().split('/').at(-1)!;
    await expect(page.getByRole('heading', { level: 1, name: description })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Resumo' });
    await expect(summary).toContainText(rx.url);
    await expect(summary).toContainText('compra.verificada');
    await expect(summary).toContainText('conta.excluida');
    await expect(summary.getByText(`${secret.slice(0, 10)}…`)).toBeVisible();
    await expect(page.getByText('Nenhuma entrega ainda')).toBeVisible();
    expect(await page.content()).not.toContain(secret);
    await expect(summary).toContainText('Não incluídos: só identificadores');

    // Editing: the member's data in member events, from now on (the edit is audited on the server).
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Editar endpoint' });
    await expect(edit.getByLabel('compra.verificada', { exact: true })).toBeChecked();
    await edit.getByLabel('Incluir os dados do membro em cada evento').check();
    await edit.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(summary).toContainText('Incluídos nos eventos de membro');

    // A test event: the log turns it Entregue by itself; the receiver got it, signed with the secret.
    await page.getByRole('button', { name: 'Enviar teste' }).click();
    await expect.poll(() => testEvents().length, { timeout: DELIVERY_MS }).toBeGreaterThanOrEqual(1);
    const first = testEvents()[0]!;
    expect(first.method).toBe('POST');
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.headers['webhook-id']).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(first.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(first.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(signedWith(first, secret)).toBe(true);
    expect(JSON.parse(first.body)).toMatchObject({ type: 'webhook.teste', version: 1, data: { endpointId, mensagem: expect.any(String) } });
    const testEvent = String(first.headers['webhook-id']);
    const delivered = deliveryRow(page, testEvent);
    await expect(cell(delivered, 'Status')).toHaveText('Entregue', { timeout: DELIVERY_MS });
    await expect(cell(delivered, 'Evento')).toContainText('webhook.teste');
    await expect(cell(delivered, 'Código HTTP')).toHaveText('200');
    await expect(cell(delivered, 'Tentativas')).toHaveText('1');
    await expect(cell(delivered, 'Resposta')).toHaveText('recebido');
    await expect(cell(delivered, 'Entregue em')).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    await adminSnap(page, 'webhooks-endpoint');
    await noAxeViolations(page);

    // Rotate: a new secret, once; the old one keeps signing beside it for 24 hours.
    await page.getByRole('button', { name: 'Rotacionar segredo' }).click();
    const rotation = page.getByRole('dialog', { name: 'Rotacionar segredo' });
    await expect(rotation).toContainText('por 24 horas');
    await rotation.getByRole('button', { name: 'Gerar novo segredo' }).click();
    await expect(dialog.getByText('Copie este segredo agora: ele não será mostrado de novo.')).toBeVisible();
    const newSecret = await dialog.getByLabel('Segredo', { exact: true }).inputValue();
    expect(newSecret).toMatch(SECRET);
    expect(newSecret).not.toBe(secret);
    await expect(dialog).toContainText('O segredo anterior continua assinando junto com o novo até');
    await dialog.getByRole('button', { name: 'Já guardei o segredo' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(summary.getByText(`${newSecret.slice(0, 10)}…`)).toBeVisible();
    await expect(summary).toContainText('O segredo anterior continua assinando junto com o novo até');
    expect(await page.content()).not.toContain(newSecret);

    // Pause: the page and the list say Pausado, with why.
    await page.getByRole('button', { name: 'Pausar', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Retomar' })).toBeVisible();
    await expect(summary).toContainText('Pausado por alguém da equipe.');
    await page.getByRole('link', { name: '← Webhooks' }).click();
    const listed = page.getByRole('table', { name: 'Endpoints de webhook' }).getByRole('row').filter({ hasText: rx.url });
    await expect(listed).toContainText('Pausado');
    await expect(listed).toContainText('compra.verificada, conta.excluida');
    await adminSnap(page, 'webhooks-lista');
    await noAxeViolations(page);
    await listed.getByRole('link', { name: rx.url }).click();
    await expect(page.getByRole('heading', { level: 1, name: description })).toBeVisible();

    // The receiver fails now: resume, send a test; the attempts show the 500, then it gives up (Falhou).
    rx.status = 500;
    await page.getByRole('button', { name: 'Retomar' }).click();
    await expect(page.getByRole('button', { name: 'Pausar', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Enviar teste' }).click();
    await expect.poll(() => testEvents().length, { timeout: DELIVERY_MS }).toBeGreaterThanOrEqual(2);
    const failingEvent = String(testEvents()[1]!.headers['webhook-id']);
    expect(failingEvent).not.toBe(testEvent);
    const failing = deliveryRow(page, failingEvent);
    await expect(cell(failing, 'Código HTTP')).toHaveText('500', { timeout: DELIVERY_MS });
    await expect(cell(failing, 'Resposta')).toContainText('erro 500');
    await expect(cell(failing, 'Status'), 'a delivery that keeps failing gives up: run the API with WEBHOOKS_RETRY_LIMIT=1 WEBHOOKS_RETRY_DELAY_S=1').toHaveText('Falhou', { timeout: DELIVERY_MS });
    const attempts = Number(await cell(failing, 'Tentativas').innerText());
    expect(attempts).toBeGreaterThanOrEqual(1);
    expect(rx.withId(failingEvent)).toHaveLength(attempts);

    // Filters, kept in the URL (a reload keeps them): by status, by type, by date.
    await page.getByLabel('Status', { exact: true }).selectOption('falhou');
    await expect(page).toHaveURL(/[?&]status=falhou/);
    await expect(deliveryLog(page).getByRole('row')).toHaveCount(2);
    await expect(failing).toBeVisible();
    // The failed delivery gets a long error and a long answer before the reload the filters need
    // anyway: the log only asks again while a delivery is pendente, so it shows them after it.
    await writeLongOutcome(failingEvent);
    await page.reload();
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('falhou');
    await expect(deliveryLog(page).getByRole('row')).toHaveCount(2);
    await expect(deliveryRow(page, testEvent)).toHaveCount(0);

    await test.step('at 1280 px the log, wider than its box with a long error and answer, scrolls inside the box: the page does not scroll sideways', async () => {
      await expect(cell(failing, 'Erro')).toHaveText(LONG_ERROR);
      await expect(cell(failing, 'Resposta')).toContainText('{"error":"upstream_unavailable"');
      // The page used to grow by the table's overflow (1442 px wide here): the column name "Ações",
      // visually hidden and so absolutely positioned, was placed against the page, outside the box.
      await expectTableScrollsInItsBox(page, deliveryLog(page), failing.getByRole('button', { name: `Reenviar a entrega ${failingEvent}` }));
    });
    await page.getByLabel('Status', { exact: true }).selectOption('entregue');
    await expect(deliveryRow(page, testEvent)).toBeVisible();
    await expect(failing).toHaveCount(0);
    await page.getByLabel('Tipo de evento', { exact: true }).selectOption('compra.verificada');
    await expect(page).toHaveURL(/[?&]tipo=compra\.verificada/);
    // Other tests verify purchases at any moment: what matters is that the test events are gone.
    await expect(journeyRows(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await page.getByLabel('Até', { exact: true }).fill(todaySp(-1));
    await expect(page.getByText('Nenhuma entrega com esses filtros.')).toBeVisible();
    await page.getByLabel('Até', { exact: true }).fill(todaySp());
    await expect(journeyRows(page)).toHaveCount(2);
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(page).not.toHaveURL(/[?&](status|tipo|ate)=/);

    // Reenviar (the receiver still failing): the same webhook-id again, and it gives up again.
    await failing.getByRole('button', { name: `Reenviar a entrega ${failingEvent}` }).click();
    await expect(page.getByText('Entrega de webhook.teste reenviada.')).toBeVisible();
    // As many attempts again as the first time (the count goes on), the last one marking it Falhou.
    await expect.poll(() => rx.withId(failingEvent).length, { timeout: DELIVERY_MS }).toBe(attempts * 2);
    await expect(cell(failing, 'Tentativas')).toHaveText(String(attempts * 2), { timeout: DELIVERY_MS });
    await expect(cell(failing, 'Status')).toHaveText('Falhou');

    // The receiver is back: "Reenviar as que falharam desde" today sends it once more, and it is delivered.
    rx.status = 200;
    const before = rx.withId(failingEvent).length;
    await page.getByLabel('Reenviar as que falharam desde').fill(todaySp());
    await page.getByRole('button', { name: 'Reenviar as que falharam', exact: true }).click();
    const replay = page.getByRole('form', { name: 'Reenviar entregas que falharam' });
    await expect(replay.getByRole('status')).toHaveText('1 entrega reenviada');
    await expect(cell(failing, 'Status')).toHaveText('Entregue', { timeout: DELIVERY_MS });
    expect(rx.withId(failingEvent).length).toBe(before + 1);
    // Signed twice while the rotation's window lasts: a receiver with either secret accepts it.
    expect(signedWith(rx.withId(failingEvent).at(-1)!, newSecret)).toBe(true);
    expect(signedWith(rx.withId(failingEvent).at(-1)!, secret)).toBe(true);
    // Nothing failed any more.
    await page.getByRole('button', { name: 'Reenviar as que falharam', exact: true }).click();
    await expect(replay.getByRole('status')).toHaveText('Nenhuma entrega para reenviar: nenhuma falhou desde essa data.');

    // Delete, after a confirmation: back to the list, without it; the API no longer knows it.
    await page.getByRole('button', { name: 'Excluir', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir endpoint' });
    await expect(confirm).toContainText('para de receber eventos agora');
    await confirm.getByRole('button', { name: 'Excluir endpoint' }).click();
    await expect(page).toHaveURL(/\/admin\/integracoes\/webhooks$/);
    await expect(page.getByText('Endpoint excluído.')).toBeVisible();
    await expect(page.getByRole('link', { name: rx.url })).toHaveCount(0);
    expect((await adminApi(page, 'GET', `/api/admin/integracoes/webhooks/${endpointId}`)).status).toBe(404);
    const total = testEvents().length;
    expect(total).toBeGreaterThanOrEqual(attempts + 3);
  });

  test('marketing: no Webhooks page, the server answers 403', async ({ page }) => {
    // Straight to the page's address: /admin was a page load of its own, with nothing checked on it.
    await loginStaff(page, 'marketing', '/admin/integracoes/webhooks');
    await expect(page.getByText('Sem permissão')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Novo endpoint' })).toHaveCount(0);
    expect((await adminApi(page, 'GET', '/api/admin/integracoes/webhooks')).status).toBe(403);
    expect((await adminApi(page, 'GET', '/api/admin/integracoes/webhooks/eventos')).status).toBe(403);
    expect((await adminApi(page, 'POST', '/api/admin/integracoes/webhooks', { url: rx.url, tipos: [] })).status).toBe(403);
  });
});
