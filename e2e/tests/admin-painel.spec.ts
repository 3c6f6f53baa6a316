import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { API_DIR, DEMO } from '../support/env';
import { e2eDatabaseUrl } from '../support/database';
import { STAFF, adminApi, adminSnap, loginStaff, menuItems } from '../support/admin';

// The launch dashboard (issue 17 items 8-9, docs/decisions/0033-launch-dashboard.md): charts over a
// date range kept in the URL, a CSV per chart, and the live launch view that updates by itself.
// A synthetic launch week (June 2021) is written straight into the database, so every number on
// screen is known: 154 sign-ups, 77 activations.

const requireFromApi = createRequire(path.join(API_DIR, 'package.json'));
type PgClient = { connect(): Promise<unknown>; query(sql: string): Promise<{ rows: Record<string, unknown>[] }>; end(): Promise<void> };

const SEED = [
  // 10, 14, 18 ... 34 sign-ups a day (154), every other one activated the same day (77).
  `INSERT INTO usuario (id, hash, email, nome, data_cadastro, data_atualizacao, ativado_em, ativo)
   SELECT gen_random_uuid(), gen_random_uuid(), 'painel-e2e-' || d || '-' || i || '@e2e.legiao.test', 'Painel E2E',
          '2021-06-01 13:00'::timestamp + d * interval '1 day' + i * interval '7 minutes', now(),
          CASE WHEN i % 2 = 0 THEN '2021-06-01 13:30'::timestamp + d * interval '1 day' + i * interval '7 minutes' END, i % 2 = 0
   FROM generate_series(0, 6) d, generate_series(1, 10 + 4 * d) i`,
  // Each activated member logs in once, a quarter twice.
  `INSERT INTO sessao (id, usuario_id, criada_em, expira_em)
   SELECT gen_random_uuid(), id, ativado_em + interval '5 minutes', ativado_em + interval '1 day' FROM usuario WHERE email LIKE 'painel-e2e-%' AND ativo
   UNION ALL
   SELECT gen_random_uuid(), id, ativado_em + interval '3 hours', ativado_em + interval '1 day' FROM usuario WHERE email LIKE 'painel-e2e-%' AND ativo AND split_part(email, '-', 4)::text LIKE '%4@%'`,
  // A third of the activated members redeem one of three benefits.
  `WITH u AS (SELECT id, ativado_em, row_number() OVER (ORDER BY email) AS rn FROM usuario WHERE email LIKE 'painel-e2e-%' AND ativo),
        b AS (SELECT id, row_number() OVER (ORDER BY ordem, id) - 1 AS k FROM beneficio WHERE ativo AND modo_cupom = 'gerado' AND NOT evento ORDER BY ordem, id LIMIT 3),
        sel AS (SELECT u.*, b.id AS beneficio_id FROM u JOIN b ON b.k = u.rn % (SELECT count(*) FROM b) WHERE u.rn % 3 = 0),
        c AS (INSERT INTO cupom (id, beneficio_id, codigo, resgatado_em, criado_em)
              SELECT gen_random_uuid(), beneficio_id, 'PAINEL-E2E-' || rn, ativado_em + interval '20 minutes', ativado_em FROM sel RETURNING id, codigo)
   INSERT INTO resgate (usuario_id, beneficio_id, cupom_id, valor, criado_em)
   SELECT sel.id, sel.beneficio_id, c.id, 0, sel.ativado_em + interval '20 minutes' FROM sel JOIN c ON c.codigo = 'PAINEL-E2E-' || sel.rn`,
  // Referrals: the first member of the week brought every fifth sign-up; the activated ones are confirmed.
  `INSERT INTO indicacao (id, indicador_id, indicado_id, cpf_digest, email_digest, status, criada_em, confirmada_em)
   SELECT gen_random_uuid(), (SELECT id FROM usuario WHERE email = 'painel-e2e-0-1@e2e.legiao.test'), id, 'painel-e2e-' || email, 'painel-e2e-' || email,
          CASE WHEN ativo THEN 'confirmada'::"StatusIndicacao" ELSE 'pendente'::"StatusIndicacao" END, data_cadastro, ativado_em
   FROM usuario WHERE email LIKE 'painel-e2e-%' AND split_part(email, '@', 1) ~ '(0|5)$' AND email <> 'painel-e2e-0-1@e2e.legiao.test'`,
  // Satisfaction: promoters, passives and detractors on the recommendation question.
  `WITH q AS (SELECT p.id, p.pesquisa_id FROM pesquisa_pergunta p JOIN pesquisa s ON s.id = p.pesquisa_id WHERE s.tipo = 'satisfacao' AND p.descricao ILIKE '%recomendaria%' ORDER BY p.id LIMIT 1),
        u AS (SELECT id, ativado_em, row_number() OVER (ORDER BY email) AS rn FROM usuario WHERE email LIKE 'painel-e2e-%' AND ativo),
        part AS (INSERT INTO pesquisa_participacao (pesquisa_id, usuario_id, atualizada_em) SELECT q.pesquisa_id, u.id, now() FROM u, q RETURNING id, usuario_id)
   INSERT INTO pesquisa_resposta_usuario (participacao_id, pergunta_id, opcao_id, criada_em)
   SELECT part.id, q.id, (SELECT o.id FROM pesquisa_pergunta_resposta o WHERE o.pergunta_id = q.id AND o.ordem = CASE WHEN u.rn % 5 < 3 THEN 1 WHEN u.rn % 5 = 3 THEN 2 ELSE 3 END), u.ativado_em + interval '1 hour'
   FROM part JOIN u ON u.id = part.usuario_id, q`,
  // Personalisation results.
  `INSERT INTO pesquisa_participacao (pesquisa_id, usuario_id, perfil, concluida_em, atualizada_em)
   SELECT (SELECT id FROM pesquisa WHERE tipo = 'personalizacao' ORDER BY id LIMIT 1), id, (ARRAY['funcional', 'outsider', 'estiloso', 'outsider'])[1 + (row_number() OVER (ORDER BY email)) % 4], ativado_em + interval '2 hours', now()
   FROM usuario WHERE email LIKE 'painel-e2e-%' AND ativo`,
  // The waiting room on the launch morning (June 3rd, 09:00-13:00 in São Paulo), one reading a minute.
  `INSERT INTO painel_minuto (minuto, aguardando, admitidos, espera_ms, admissoes, erros)
   SELECT '2021-06-03 12:00'::timestamp + m * interval '1 minute', round(400 * sin(pi() * m / 240))::int, 1000, round(90000 * sin(pi() * m / 240))::int, 60, (m % 37 = 0)::int
   FROM generate_series(0, 239) m`,
];

test.beforeAll(async () => {
  const pg = requireFromApi('pg') as { Client: new (o: { connectionString: string }) => PgClient };
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM usuario WHERE email LIKE 'painel-e2e-%'`);
    if (rows[0]!.n === 0) for (const sql of SEED) await client.query(sql);
  } finally {
    await client.end();
  }
});

const card = (page: Page, id: string) => page.getByTestId(id);

test('marketing reads the launch week: charts, the range in the URL, CSV per chart', async ({ page }) => {
  await loginStaff(page, 'marketing', '/admin/painel?de=2021-06-01&ate=2021-06-07');
  expect(await menuItems(page)).toContain('Painel do lançamento');
  await expect(page.getByRole('heading', { level: 1, name: 'Painel do lançamento' })).toBeVisible();
  await expect(card(page, 'total-cadastros')).toHaveText('154');
  await expect(card(page, 'total-ativacoes')).toHaveText('77');
  await expect(page.getByLabel('De', { exact: true })).toHaveValue('2021-06-01');
  for (const title of ['Cadastros e ativações por dia', 'Membros ativos e logins por dia', 'Sala de espera (por dia)', 'Resgates por benefício', 'Estoque restante', 'Funil de indicações', 'Satisfação (NPS)', 'Personalização']) {
    const chart = page.getByRole('region', { name: title });
    await expect(chart).toBeVisible();
    await expect(chart.locator('.recharts-surface').first()).toBeVisible();
  }
  // Bars drawn: one per day and series in the first chart.
  await expect(page.getByRole('region', { name: 'Cadastros e ativações por dia' }).locator('.recharts-bar-rectangle')).toHaveCount(14);
  await expect(page.getByTestId('nps-valor')).toContainText('NPS de 77 respostas');
  // The charts that read their rows through recharts' dataKey strings draw their steps and points.
  const funnel = page.getByRole('region', { name: 'Funil de indicações' });
  for (const step of ['Compartilharam', 'Cadastraram', 'Confirmaram']) await expect(funnel.getByText(step, { exact: true })).toBeVisible();
  // One day of queue in the week: a dot per series (most waiting, average waiting, longest wait).
  await expect(page.getByRole('region', { name: 'Sala de espera (por dia)' }).locator('.recharts-line-dot')).toHaveCount(3);
  await adminSnap(page, 'painel');

  // CSV of the first chart: exactly the numbers drawn.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV: Cadastros e ativações por dia' }).click()]);
  expect(download.suggestedFilename()).toBe('cadastros-ativacoes_2021-06-01_2021-06-07.csv');
  const csv = readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Dia;Cadastros;Ativações');
  expect(lines.slice(1)).toEqual(Array.from({ length: 7 }, (_, d) => `2021-06-0${d + 1};${10 + 4 * d};${5 + 2 * d}`));
  const [funnelCsv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV: Funil de indicações' }).click()]);
  expect(readFileSync(await funnelCsv.path(), 'utf8')).toContain('Etapa;Pessoas\r\nCompartilharam;1\r\n');

  // A narrower range (the launch day): the waiting room per hour; the URL carries it.
  await page.getByLabel('De', { exact: true }).fill('2021-06-03');
  await page.getByLabel('Até', { exact: true }).fill('2021-06-03');
  await expect(page).toHaveURL(/de=2021-06-03&ate=2021-06-03/);
  await expect(card(page, 'total-cadastros')).toHaveText('18');
  await expect(page.getByRole('region', { name: 'Sala de espera (por hora)' })).toBeVisible();
  await adminSnap(page, 'painel-dia');
  await page.reload();
  await expect(card(page, 'total-cadastros')).toHaveText('18');

  // A range the server refuses is explained, not sent.
  await page.getByLabel('De', { exact: true }).fill('2021-01-01');
  await expect(page.getByRole('alert')).toHaveText('Escolha um intervalo de até 92 dias.');
  // The shortcuts end today.
  await page.getByRole('button', { name: '7 dias' }).click();
  await expect(page.getByRole('button', { name: '7 dias' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).not.toHaveURL(/de=2021/);
  await expect(card(page, 'total-cadastros')).toBeVisible();
});

test('the live view updates by itself: a login elsewhere shows up without reloading', async ({ page, request }) => {
  await loginStaff(page, 'admin', '/admin/painel');
  await page.getByRole('link', { name: 'Ao vivo' }).click();
  await expect(page).toHaveURL(/\/admin\/painel\/ao-vivo$/);
  await expect(page.getByRole('link', { name: 'Ao vivo' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Por período' })).not.toHaveAttribute('aria-current', 'page');
  for (const id of ['ao-vivo-fila', 'ao-vivo-admissoes', 'ao-vivo-logins', 'ao-vivo-resgates', 'ao-vivo-erros']) await expect(card(page, id)).toHaveText(/^\d+$/);
  const at = await card(page, 'ao-vivo-em').textContent();
  await page.evaluate(() => ((window as unknown as { withoutReload: boolean }).withoutReload = true));

  // The login elsewhere is what the counter counts, a session made by POST /api/auth/login: made
  // here through the API, as loginStaff() makes it, without a browser opening the back office for it.
  const elsewhere = await request.post('/api/auth/login', { data: { email: STAFF.marketing.email, senha: DEMO.senha } });
  expect(elsewhere.status()).toBe(200);

  await expect(card(page, 'ao-vivo-em')).not.toHaveText(at ?? '', { timeout: 12_000 });
  // Logins/min is a sliding 60 s window, and other spec files log in on this database too: the count
  // can fall between two reads (their logins leave the window), so only "the new login is in it" holds.
  await expect.poll(async () => Number(await card(page, 'ao-vivo-logins').textContent()), { timeout: 12_000 }).toBeGreaterThanOrEqual(1);
  expect(await page.evaluate(() => (window as unknown as { withoutReload?: boolean }).withoutReload)).toBe(true);
  await expect(page.getByRole('region', { name: 'Últimos 30 minutos' }).locator('.recharts-line')).toHaveCount(4);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV: Últimos 30 minutos' }).click()]);
  expect(readFileSync(await download.path(), 'utf8').trim().split('\r\n')).toHaveLength(31);
  await adminSnap(page, 'painel-ao-vivo');
});

test('support and operations have no dashboard: not in the menu, "sem permissão", and 403', async ({ browser }) => {
  for (const role of ['atendimento', 'operacao'] as const) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Straight to the dashboard's address: its menu is beside the refusal, and /admin was a page
    // load of its own only to read the menu.
    await loginStaff(page, role, '/admin/painel');
    expect(await menuItems(page)).not.toContain('Painel do lançamento');
    await expect(page.getByRole('alert').getByText('Sem permissão')).toBeVisible();
    expect((await adminApi(page, 'GET', '/api/admin/painel?de=2021-06-01&ate=2021-06-07')).status).toBe(403);
    expect((await adminApi(page, 'GET', '/api/admin/painel/ao-vivo')).status).toBe(403);
    await page.close();
  }
});
