import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { bounceAddress } from '../../apps/api/src/features/mail/bounce-address';
import { API_SECRET, BOUNCE_MAILBOX, DEMO, REPO_ROOT, SCREENS, SCREENS_DIR } from '../support/env';
import { inE2eTransaction, insertOpenLaunch } from '../support/launch-day';
import { withoutAxeViolations } from '../support/acessibilidade';
import { loginStaff } from '../support/admin';

// Late bounces of the launch alerts on the launch day's page (docs/decisions/0049-launch-alert-waves.md,
// "Bounces that arrive later"). A launch whose one wave sent three alerts (seeded in the database, as
// admin-lancamento-dia.spec.ts does); then the brand's mail relay, with a key of scope
// emails:devolucoes, posts what came back to each alert's own bounce address (VERP), DSNs made from
// docs/exemplos/devolucao.eml: two hard bounces (5.1.1) and one delay (4.4.1). Marketing reads
// "devolvidos: 2" in the summary, 2 in the wave's Devolvidos column (and 1 still sent) and the
// reason, its addresses masked, under "Devolvido (2)".


const tag = randomUUID().slice(0, 8);
const NAME = `Caneca Devolvida ${tag}`;
let launchId = '';
/** The three members alerted, by e-mail order. */
let members: { id: string; email: string }[] = [];

test.beforeAll(async () => {
  await inE2eTransaction(async (client) => {
    ({ launchId } = await insertOpenLaunch(client, { sku: `DEV-${tag}`, name: NAME, slug: `caneca-devolvida-${tag}`, category: 'Canecas' }));
    const created = await client.query(
      `INSERT INTO usuario (id, hash, email, nome, data_cadastro, data_atualizacao, ativado_em, ativo)
       SELECT gen_random_uuid(), gen_random_uuid(), 'devolvido-' || $1 || '-' || i || '@e2e.legiao.test', 'Devolvido E2E', now() - interval '30 days', now(), now() - interval '30 days', true
       FROM generate_series(1, 3) i RETURNING id::text AS id, email`,
      [tag],
    );
    members = (created.rows as { id: string; email: string }[]).sort((a, b) => a.email.localeCompare(b.email));
    // One wave sent all three, 9 minutes ago: what the sender leaves behind (ALERTAS_LANCAMENTO is off in the tests).
    await client.query(
      `INSERT INTO lancamento_aviso (lancamento_id, usuario_id, status, pedido_em, onda, tentativas, enviado_em)
       SELECT $1, u, 'enviado', now() - interval '1 day', 1, 1, now() - interval '9 minutes' FROM unnest($2::uuid[]) u`,
      [launchId, members.map((m) => m.id)],
    );
    await client.query(
      `INSERT INTO lancamento_aviso_onda (lancamento_id, numero, criada_em, tamanho, restantes, fila_aguardando, fila_admissoes, taxa, ritmo, piso)
       VALUES ($1, 1, now() - interval '9 minutes', 3, 3, 0, 0, 600, 300, 1)`,
      [launchId],
    );
  });
});

/** A key of the brand's mail relay (scope emails:devolucoes), made by the admin through the API. */
async function relayKey(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@legiao.dev', senha: DEMO.senha } });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { token: { token: string } }).token.token;
  const created = await request.post('/api/admin/integracoes', {
    headers: { authorization: `Bearer ${token}` },
    data: { nome: `Servidor de e-mail ${tag}`, escopos: ['emails:devolucoes'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { chave: string }).chave;
}

/**
 * The relay's report for one alert: docs/exemplos/devolucao.eml (a DSN as Postfix writes it), sent to
 * the alert's bounce address (signed as the API signs it) about the member's address.
 */
function dsn(member: { id: string; email: string }, status: string, action: string, diagnostic: string): string {
  const [local, domain] = BOUNCE_MAILBOX.split('@') as [string, string];
  const to = bounceAddress({ local, domain }, API_SECRET, launchId, member.id);
  return readFileSync(path.join(REPO_ROOT, 'docs/exemplos/devolucao.eml'), 'utf8')
    .replaceAll('devolucoes+aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@legiao.dev', to)
    .replace('Action: failed', `Action: ${action}`)
    .replace('Status: 5.1.1', `Status: ${status}`)
    .replace(/^Diagnostic-Code: .*$/m, `Diagnostic-Code: ${diagnostic}`)
    .replaceAll('ana@example.com', member.email);
}

/** The cell of `row` under the column headed `header` (fails when the table has no such column). */
async function cellUnder(table: Locator, row: Locator, header: string): Promise<Locator> {
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  expect(headers, `a coluna "${header}" na tabela`).toContain(header);
  return row.locator('th, td').nth(headers.indexOf(header));
}

/** The alerts' section alone (test-results/screens/<name>-<width>.png), beside the full page. */
async function sectionSnap(page: Page, section: Locator, name: string) {
  if (!SCREENS) return;
  mkdirSync(SCREENS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await section.screenshot({ path: path.join(SCREENS_DIR, `${name}-secao-${width}.png`) });
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${width}.png`), fullPage: true });
}

test('the mail relay reports bounced alerts; marketing sees them as Devolvidos on the launch page', async ({ page, request }) => {
  await test.step('the relay posts two hard bounces and one delay to /api/integracao/v1/emails/devolucoes', async () => {
    const key = { authorization: `Bearer ${await relayKey(request)}`, 'content-type': 'message/rfc822' };
    const post = (body: string) => request.post('/api/integracao/v1/emails/devolucoes', { headers: key, data: body });
    const [first, second, third] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    const unknownUser = (m: { email: string }) => `smtp; 550 5.1.1 <${m.email}>: Recipient address rejected: User unknown`;
    for (const member of [first, second]) {
      const res = await post(dsn(member, '5.1.1', 'failed', unknownUser(member)));
      expect(res.status(), await res.text()).toBe(202);
      expect(await res.json()).toMatchObject({ situacao: 'registrada', motivo: expect.stringContaining('o aviso ficou devolvido') });
    }
    // The same report again changes nothing; a delay is noted on the alert, which stays sent.
    const again = await post(dsn(first, '5.1.1', 'failed', unknownUser(first)));
    expect(await again.json()).toMatchObject({ situacao: 'ignorada', motivo: 'Esta devolução já estava registrada: nada mudou.' });
    const delayed = await post(dsn(third, '4.4.1', 'delayed', 'smtp; 451 4.4.1 Connection timed out'));
    expect(await delayed.json()).toMatchObject({ situacao: 'registrada', motivo: 'Atraso ou falha temporária registrada no aviso; ele continua enviado.' });
  });

  await loginStaff(page, 'marketing', `/admin/lancamentos/${launchId}/dia`);
  await expect(page.getByRole('heading', { level: 1, name: `Dia do lançamento: ${NAME}` })).toBeVisible();
  const section = page.getByRole('region', { name: 'Avisos por e-mail ("Avise-me")' });
  const waves = page.getByRole('table', { name: 'Ondas de avisos' });
  const wave = waves.getByRole('row').nth(1);

  await test.step('the count, the wave\'s column and the reason', async () => {
    await expect(page.getByTestId('dia-avisos-enviados')).toHaveText('1');
    await expect(page.getByTestId('dia-avisos-resumo')).toContainText('3 pediram (0 cancelaram). Enviados: 1;');
    await expect(page.getByTestId('dia-avisos-resumo')).toContainText('; devolvidos: 2.');
    await expect(waves.getByRole('row')).toHaveCount(2);
    await expect(await cellUnder(waves, wave, 'Onda')).toHaveText('1');
    await expect(await cellUnder(waves, wave, 'Enviados')).toHaveText('1');
    await expect(await cellUnder(waves, wave, 'Devolvidos')).toHaveText('2');
    await expect(await cellUnder(waves, wave, 'Falharam')).toHaveText('0');
    // Both bounces give one reason: the DSN's status and diagnostic, the addresses masked.
    const reasons = page.getByRole('list', { name: 'Avisos não enviados: motivos' });
    await expect(reasons.getByRole('listitem')).toHaveText([
      'Devolvido (2): devolvido: 5.1.1 smtp; 550 5.1.1 <endereço>: Recipient address rejected: User unknown',
    ]);
    await expect(section).not.toContainText('@e2e.legiao.test');
    await withoutAxeViolations(page, 'avisos devolvidos do dia do lançamento', ['.lancamento-dia__avisos']);
    await sectionSnap(page, section, 'admin-lancamento-dia-devolvidos');
  });

  await test.step('at 375 px the table scrolls sideways inside its region and the column is reachable', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    const devolvidos = await cellUnder(waves, wave, 'Devolvidos');
    await devolvidos.scrollIntoViewIfNeeded();
    await expect(devolvidos).toBeInViewport();
    await expect(devolvidos).toHaveText('2');
    await sectionSnap(page, section, 'admin-lancamento-dia-devolvidos');
  });
});
