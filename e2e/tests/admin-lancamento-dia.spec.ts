import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO } from '../support/env';
import { signIn } from '../support/ui';
import { withoutAxeViolations } from '../support/acessibilidade';
import { inE2eTransaction, insertOpenLaunch } from '../support/launch-day';
import { adminApi, adminSnap, loginStaff, menuItems } from '../support/admin';

// The launch day, live (issue 31 item 4; docs/decisions/0047-launches.md, part 2): marketing opens a
// launch's day page from the menu, reads its numbers (seeded straight into the database, so every
// figure is known), sees that the waiting room was switched on by the launch, and downloads the
// per-minute CSV. A launch whose window opened 10 minutes ago, for the owners of one new product:
// 3 eligible of 4 members who saw it, 2 accessed, 2 ordered 3 units of an allowance of 2 each.


const tag = randomUUID().slice(0, 8);
const NAME = `Garrafa Dia ${tag}`;
const SLUG = `garrafa-dia-${tag}`;
let launchId = '';
/** A personal access code's shape (LGA- + 10 base32 characters). */
const accessCode = () => `LGA-${Array.from({ length: 10 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[Math.floor(Math.random() * 32)]).join('')}`;

test.beforeAll(async () => {
  await inE2eTransaction(async (client) => {
    const { launchId: id, productId, opensAt } = await insertOpenLaunch(client, { sku: `DIA-${tag}`, name: NAME, slug: SLUG, category: 'Garrafas' });
    launchId = id;
    // Four members: three own the product (eligible), one does not.
    const members = await client.query(
      `INSERT INTO usuario (id, hash, email, nome, data_cadastro, data_atualizacao, ativado_em, ativo)
       SELECT gen_random_uuid(), gen_random_uuid(), 'dia-' || $1 || '-' || i || '@e2e.legiao.test', 'Dia E2E', now() - interval '30 days', now(), now() - interval '30 days', true
       FROM generate_series(1, 4) i RETURNING id::text AS id, email`,
      [tag],
    );
    const ids = (members.rows as { id: string; email: string }[]).sort((a, b) => a.email.localeCompare(b.email)).map((r) => r.id);
    await client.query(
      `INSERT INTO produto_cliente (id, usuario_id, produto_id, data_compra, local_compra, produto_validado, atualizado_em)
       SELECT gen_random_uuid(), u, $2, current_date - 20, 'Loja', true, now() FROM unnest($1::uuid[]) u`,
      [ids.slice(0, 3), productId],
    );
    // Seen by all four (three eligible then), accessed by two, who ordered 1 and 2 units.
    await client.query(
      `INSERT INTO lancamento_visualizacao (lancamento_id, usuario_id, primeira_em, elegivel, acessado_em)
       SELECT $1, u, now() - interval '5 minutes', k <= 3, CASE WHEN k <= 2 THEN now() - interval '3 minutes' END
       FROM unnest($2::uuid[]) WITH ORDINALITY AS x(u, k)`,
      [launchId, ids],
    );
    await client.query(
      `INSERT INTO acesso_antecipado (id, lancamento_id, usuario_id, codigo, cota_usada, atualizado_em)
       VALUES (gen_random_uuid(), $1, $2, $4, 1, now() - interval '2 minutes'), (gen_random_uuid(), $1, $3, $5, 2, now() - interval '2 minutes')`,
      [launchId, ids[0], ids[1], accessCode(), accessCode()],
    );
    // "Avise-me" (ADR 0049): three asked and one cancelled; one wave alerted two (both then opened
    // their access) and skipped one whose consent was withdrawn. Final states only: a server with
    // ALERTAS_LANCAMENTO on has nothing left to send here.
    await client.query(
      `INSERT INTO lancamento_aviso (lancamento_id, usuario_id, status, pedido_em, onda, tentativas, enviado_em, motivo, cancelado_em)
       VALUES ($1, $2, 'enviado', now() - interval '1 day', 1, 1, now() - interval '9 minutes', NULL, NULL),
              ($1, $3, 'enviado', now() - interval '1 day', 1, 1, now() - interval '9 minutes', NULL, NULL),
              ($1, $4, 'ignorado', now() - interval '1 day', 1, 0, NULL, 'retirou o consentimento de e-mail', NULL),
              ($1, $5, 'cancelado', now() - interval '1 day', NULL, 0, NULL, NULL, now() - interval '12 hours')`,
      [launchId, ids[0], ids[1], ids[2], ids[3]],
    );
    await client.query(
      `INSERT INTO lancamento_aviso_onda (lancamento_id, numero, criada_em, tamanho, restantes, fila_aguardando, fila_admissoes, taxa, ritmo, piso)
       VALUES ($1, 1, now() - interval '9 minutes', 3, 3, 0, 0, 600, 300, 1)`,
      [launchId],
    );
    // The opening switched the waiting room on 5 minutes before it, until 15 minutes after.
    await client.query(
      `INSERT INTO lancamento_fila (lancamento_id, abertura, ligada_em, ate) VALUES ($1, $2, $2::timestamptz - interval '5 minutes', $2::timestamptz + interval '15 minutes')`,
      [launchId, opensAt],
    );
  });
});

const hhmm = (d: Date) => d.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });

test('marketing follows the launch day: the numbers, the waiting room switched on by the launch, the CSV', async ({ page }) => {
  await loginStaff(page, 'marketing', '/admin/lancamentos-dia');
  expect(await menuItems(page)).toContain('Dia do lançamento');
  await expect(page.getByRole('heading', { level: 1, name: 'Dia do lançamento' })).toBeVisible();
  await page.getByRole('link', { name: `Painel do dia: ${NAME}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/lancamentos/${launchId}/dia$`));
  await expect(page.getByRole('heading', { level: 1, name: `Dia do lançamento: ${NAME}` })).toBeVisible();

  await expect(page.getByTestId('dia-elegiveis')).toHaveText('3');
  await expect(page.getByTestId('dia-vistos')).toHaveText('4');
  await expect(page.getByTestId('dia-acessaram')).toHaveText('2');
  await expect(page.getByTestId('dia-pediram')).toHaveText('2');
  await expect(page.getByTestId('dia-restantes')).toHaveText('3'); // 3 eligible × 2 − 3 used
  const panel = (await adminApi(page, 'GET', `/api/admin/lancamentos/${launchId}/painel`)).body as { fila: { registros: { ligadaEm: string; ate: string }[] } };
  const [record] = panel.fila.registros;
  await expect(page.getByTestId('lancamento-dia-fila-linha')).toHaveText(`Sala de espera: ligada às ${hhmm(new Date(record!.ligadaEm))} pelo lançamento ${NAME}, até ${hhmm(new Date(record!.ate))}.`);
  await expect(page.getByRole('table', { name: 'Últimos 15 minutos (novos em cada minuto)' })).toBeVisible();
  // "Avise-me" and its waves (ADR 0049).
  await expect(page.getByTestId('dia-avisos')).toHaveText('3');
  await expect(page.getByTestId('dia-avisos-enviados')).toHaveText('2');
  await expect(page.getByTestId('dia-avisos-resumo')).toContainText('3 pediram (1 cancelaram). Enviados: 2;');
  await expect(page.getByTestId('dia-avisos-resumo')).toContainText('Chegaram depois do aviso: 2.');
  const waves = page.getByRole('table', { name: 'Ondas de avisos' });
  await expect(waves.getByRole('row')).toHaveCount(2);
  await expect(waves.getByRole('row').nth(1)).toContainText('3 de 3');
  await expect(page.getByRole('list', { name: 'Avisos não enviados: motivos' })).toContainText('Ignorado (1): retirou o consentimento de e-mail');
  await withoutAxeViolations(page, 'dia do lançamento');
  await adminSnap(page, 'lancamento-dia');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`lancamento-${SLUG}-por-minuto.csv`);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM: Excel in pt-BR reads the accents
  const lines = bytes.toString('utf8').replace(/^\ufeff/, '').split('\r\n');
  expect(lines[0]).toBe('minuto;vistos;acessaram;pediram;vistos_acumulado;acessaram_acumulado;pediram_acumulado;fila_aguardando;fila_admissoes');
  const rows = lines.slice(1).filter(Boolean).map((l) => l.split(';'));
  expect(rows.length).toBeGreaterThanOrEqual(40); // from 30 minutes before the opening to now
  expect(rows.find((r) => r[1] === '4')).toBeDefined(); // the minute the four saw it
  expect(rows.at(-1)!.slice(4, 7)).toEqual(['4', '2', '2']);
  expect(rows.at(-1)![0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000-03:00$/);
});

test('a member is refused the launch page, and without a session the API answers 401', async ({ page, request }) => {
  expect((await request.get(`/api/admin/lancamentos/${launchId}/painel.csv`)).status()).toBe(401);
  await signIn(page, DEMO.email, DEMO.senha, `/admin/lancamentos/${launchId}/dia`);
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso restrito' })).toBeVisible();
  expect((await adminApi(page, 'GET', `/api/admin/lancamentos/${launchId}/painel`)).status).toBe(403);
});
