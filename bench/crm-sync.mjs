// Issue 30 section 6 (docs/decisions/0045-crm-personal-data.md): a CRM's first sync.
// 1. MEMBERS (100,000) activated members (seeded in SQL, each with a verified product and its credit)
//    copied through GET /api/integracao/v1/membros/sincronizacao, pages of 1,000, following
//    proximoCursor until temMais is false: members/s, and every member exactly once. Beside it, in the
//    same round, the reference issue 30 names: the back office's CSV export of the same members
//    (GET /api/admin/membros/exportacao.csv by an administrator, no filter: the whole file downloaded
//    and timed, rows/s, each member exactly once) and the ratio sync/CSV; and the physical reference:
//    a plain keyset SELECT of the same columns (the balance and the collection's count included) in
//    pages of 1,000 over one pg connection: rows/s, and the ratio sync/SELECT.
// 2. The member home (bench/home.mjs's calls, HOME_MEMBERS connections, one member each) alone for
//    HOME_S seconds, then while the sync runs from the start: pages/s and the ratio (aim >= 0.9).
// RUNS rounds (5 by default): medians, and the load average before each measure.
// Usage: pnpm build && node bench/crm-sync.mjs   (MEMBERS, HOME_MEMBERS (50), HOME_S (20), RUNS, BENCH_PG_URL,
//        BENCH_DB (legiao_bench_crm, made anew))
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PG_BASE } from './lib.mjs';
import { freePort, loginAll, seedMembers } from './resgate-lib.mjs';
import { createStoreClient, freshDb, homeLoad, int, killEverything, loadAverage, login, median, startApi, waitForQuiet } from './integracao-lib.mjs';

const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const HOME_MEMBERS = Number(process.env.HOME_MEMBERS ?? 50);
const HOME_S = Number(process.env.HOME_S ?? 20);
const RUNS = Number(process.env.RUNS ?? 5);
const PAGE = 1000;
const logDir = mkdtempSync(join(tmpdir(), 'legiao-bench-crm-'));
const failures = [];
const expect = (what, ok, detail = '') => {
  console.log(`  ${ok ? '✓' : '✗'} ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures.push(what);
};

/** The seeded members, set-based: activated legionários with one verified product and its credit. */
async function seed(db) {
  await db.query(
    `INSERT INTO usuario (id, email, senha_hash, nome, cpf, celular, cep, endereco, numero, cidade, uf, data_nascimento, genero, perfil, tipo, ativo, ativado_em, opt_in_email, hash, data_atualizacao)
     SELECT gen_random_uuid(), 'crm-' || g || '@bench.legiao.dev', 'x', 'Membro CRM ' || g, lpad((60000000000 + g)::text, 11, '0'), '11987654321', '01310100',
            'Avenida Paulista', '1000', 'São Paulo', 'SP', '1990-01-01', 'outro', 'outsider', 'legionario', true, now(), g % 3 = 0, gen_random_uuid(), now()
       FROM generate_series(1, $1::int) g`,
    [MEMBERS],
  );
  await db.query(
    `WITH p AS (SELECT id FROM produto ORDER BY id LIMIT 1),
          e AS (INSERT INTO produto_cliente (id, usuario_id, produto_id, data_compra, local_compra, atualizado_em)
                SELECT gen_random_uuid(), u.id, p.id, '2025-01-01', 'Site oficial', now() FROM usuario u, p WHERE u.email LIKE 'crm-%@bench.legiao.dev'
                RETURNING id, usuario_id)
     INSERT INTO lancamento (id, usuario_id, motivo, valor, produto_cliente_id) SELECT gen_random_uuid(), usuario_id, 'compra', 100, id FROM e`,
  );
  await db.query('ANALYZE usuario; ANALYZE produto_cliente; ANALYZE lancamento');
}

/** The whole sync through the API; the ids seen, in order. */
async function syncAll(base, key) {
  const seen = [];
  let cursor;
  let pages = 0;
  const started = performance.now();
  for (;;) {
    const url = `${base}/api/integracao/v1/membros/sincronizacao?limite=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(body)}`);
    for (const m of body.membros) seen.push(m.id);
    pages++;
    cursor = body.proximoCursor;
    if (!body.temMais) break;
  }
  return { seen, pages, seconds: (performance.now() - started) / 1000 };
}

/** The physical reference: the same columns by a keyset SELECT, pages of 1,000, one connection. */
async function selectAll(db) {
  let last = '00000000-0000-0000-0000-000000000000';
  let rows = 0;
  const started = performance.now();
  for (;;) {
    const { rows: page } = await db.query(
      `SELECT u.id, u.email, u.nome, u.tipo, u.ativo, u.opt_in_email, u.opt_in_sms, u.opt_in_whatsapp, u.data_atualizacao,
              (SELECT coalesce(sum(l.valor), 0) FROM lancamento l WHERE l.usuario_id = u.id) AS saldo,
              (SELECT count(*) FROM produto_cliente pc WHERE pc.usuario_id = u.id) AS produtos
         FROM usuario u WHERE u.id > $1 AND u.ativado_em IS NOT NULL ORDER BY u.id LIMIT ${PAGE}`,
      [last],
    );
    rows += page.length;
    if (page.length < PAGE) break;
    last = page[page.length - 1].id;
  }
  return { rows, seconds: (performance.now() - started) / 1000 };
}

/** The expected header of the back office's members CSV (packages/contracts MEMBER_EXPORT_COLUMNS). */
const CSV_HEADER = 'id;email;nome;tipo;ativo;data_cadastro;ativado_em;consentimento_email;consentimento_sms;consentimento_whatsapp;saldo;produtos';

/**
 * The back office's CSV export of every member (no filter), as a browser downloads it: timed from
 * the request to the file's last byte; the ids of its rows, in order (the bench's names hold no line
 * break, so a line is a row).
 */
async function csvAll(base, adminToken) {
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/membros/exportacao.csv`, { headers: { authorization: `Bearer ${adminToken}` } });
  if (res.status !== 200) throw new Error(`GET exportacao.csv: ${res.status} ${await res.text()}`);
  const decoder = new TextDecoder(); // drops the BOM
  const ids = [];
  let header;
  let rest = '';
  let bytes = 0;
  const take = (line) => {
    if (header === undefined) header = line;
    else ids.push(line.slice(0, line.indexOf(';')));
  };
  for await (const chunk of res.body) {
    bytes += chunk.length;
    rest += decoder.decode(chunk, { stream: true });
    const lines = rest.split('\r\n');
    rest = lines.pop();
    for (const line of lines) take(line);
  }
  rest += decoder.decode();
  if (rest) take(rest);
  return { ids, header, bytes, seconds: (performance.now() - started) / 1000 };
}

let api;
let db;
try {
  console.log(`== Sincronização de um CRM: ${int(MEMBERS)} membros, páginas de ${PAGE}; ${RUNS} rodada(s) ==`);
  console.log(`load average no início: ${loadAverage()}`);
  const dbUrl = await freshDb(PG_BASE, process.env.BENCH_DB ?? 'legiao_bench_crm');
  api = await startApi({ port: await freePort(), dbUrl, logFile: join(logDir, 'api.log') });
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  await seed(db);
  const admin = await login(api.base, 'admin@legiao.dev');
  const client = await createStoreClient(api.base, admin, { name: 'Bench CRM', scopes: ['membros:dados'], perMinute: 100_000 });
  const homeMembers = await seedMembers(db, 'bench-crm-home', HOME_MEMBERS, 5);
  const tokens = await loginAll(api.base, homeMembers);
  const profiles = await Promise.all(tokens.map(async (token) => ({ token, ...(await (await fetch(`${api.base}/api/usuario/logged`, { headers: { authorization: `Bearer ${token}` } })).json()) })));
  // The sync holds the accounts that were ever activated (ADR 0045): the home's members too.
  await db.query('UPDATE usuario SET ativado_em = now() WHERE ativo AND ativado_em IS NULL');
  const { rows: [{ n: expectedNow }] } = await db.query('SELECT count(*)::int AS n FROM usuario WHERE ativado_em IS NOT NULL');
  // The CSV holds every account not anonymised (ADR 0045): here the same members, unless the seed
  // left an account never activated.
  const { rows: [{ n: expectedCsv }] } = await db.query('SELECT count(*)::int AS n FROM usuario WHERE excluido_em IS NULL');
  // One pass of each before measuring: the first warms the caches and the JIT (every side gets one).
  const warm = await syncAll(api.base, client.key);
  await selectAll(db);
  const warmCsv = await csvAll(api.base, admin);
  expect('o CSV: o cabeçalho do contrato', warmCsv.header === CSV_HEADER, warmCsv.header);
  const synced = new Set(warm.seen);
  expect('o CSV tem os membros da sincronização', warmCsv.ids.filter((id) => synced.has(id)).length === synced.size, `${int(expectedCsv)} contas no CSV, ${int(expectedNow)} na sincronização`);

  const rounds = [];
  for (let run = 1; run <= RUNS; run++) {
    console.log(`\n-- rodada ${run} --`);
    await waitForQuiet(`a sincronização (rodada ${run})`);
    const sync = await syncAll(api.base, client.key);
    const unique = new Set(sync.seen).size;
    expect('cada membro exatamente uma vez', sync.seen.length === expectedNow && unique === expectedNow, `${int(sync.seen.length)} linhas, ${int(unique)} distintas, ${int(expectedNow)} esperadas`);
    await waitForQuiet(`o SELECT de referência (rodada ${run})`);
    const ref = await selectAll(db);
    await waitForQuiet(`o CSV do back office (rodada ${run})`);
    const csv = await csvAll(api.base, admin);
    const csvUnique = new Set(csv.ids).size;
    expect('o CSV: cada conta exatamente uma vez', csv.ids.length === expectedCsv && csvUnique === expectedCsv, `${int(csv.ids.length)} linhas, ${int(csvUnique)} distintas, ${int(expectedCsv)} esperadas`);
    const syncRate = sync.seen.length / sync.seconds;
    const refRate = ref.rows / ref.seconds;
    const csvRate = csv.ids.length / csv.seconds;
    console.log(`  API: ${int(syncRate)} membros/s (${sync.pages} páginas em ${sync.seconds.toFixed(1)} s); SELECT: ${int(refRate)} linhas/s (${ref.seconds.toFixed(1)} s); razão ${(syncRate / refRate).toFixed(2)}`);
    console.log(`  CSV do back office: ${int(csvRate)} linhas/s (${(csv.bytes / 1e6).toFixed(1)} MB em ${csv.seconds.toFixed(1)} s); razão sincronização/CSV ${(syncRate / csvRate).toFixed(2)}`);

    await waitForQuiet(`a home sozinha (rodada ${run})`);
    const alone = await homeLoad(api.base, profiles, { duration: HOME_S }).result;
    await waitForQuiet(`a home durante a sincronização (rodada ${run})`);
    // The home for as long as alone, while the CRM syncs from the start again and again, back to back.
    const home = homeLoad(api.base, profiles, { duration: HOME_S });
    let homeDone = false;
    const homeResult = home.result.finally(() => (homeDone = true));
    const syncs = [];
    while (!homeDone) syncs.push(await syncAll(api.base, client.key));
    const loaded = await homeResult;
    const during = { seen: { length: syncs.reduce((s, x) => s + x.seen.length, 0) }, seconds: syncs.reduce((s, x) => s + x.seconds, 0) };
    console.log(
      `  home sozinha ${alone.pages.toFixed(1)} páginas/s (p95 ${alone.p95.toFixed(0)} ms), durante a sincronização ${loaded.pages.toFixed(1)} (p95 ${loaded.p95.toFixed(0)} ms; ${syncs.length} sincronização(ões) completas, ${int(during.seen.length / during.seconds)} membros/s): razão ${(loaded.pages / alone.pages).toFixed(2)}`,
    );
    expect('a home: toda chamada respondida 2xx', alone.non2xx + alone.errors + loaded.non2xx + loaded.errors === 0, `não-2xx ${alone.non2xx}+${loaded.non2xx}, erros ${alone.errors}+${loaded.errors}`);
    rounds.push({ syncRate, refRate, ratio: syncRate / refRate, csvRate, csvRatio: syncRate / csvRate, home: loaded.pages / alone.pages, duringRate: during.seen.length / during.seconds });
  }
  const m = (k) => median(rounds.map((r) => r[k]));
  console.log(`\n== Medianas de ${RUNS} ==`);
  console.log(`  sincronização: ${int(m('syncRate'))} membros/s; SELECT de referência: ${int(m('refRate'))} linhas/s; razão ${m('ratio').toFixed(2)}`);
  console.log(`  CSV do back office: ${int(m('csvRate'))} linhas/s; razão sincronização/CSV ${m('csvRatio').toFixed(2)}`);
  console.log(`  sincronização com a home em carga: ${int(m('duringRate'))} membros/s`);
  console.log(`  home durante a sincronização / sozinha: ${m('home').toFixed(2)} (meta >= 0.9: ${m('home') >= 0.9 ? 'atingida' : 'NÃO atingida'})`);
} catch (err) {
  console.error(err);
  failures.push(`erro: ${err.message}`);
  killEverything();
} finally {
  await db?.end().catch(() => {});
  await api?.stop();
}
console.log(`\nload average no fim: ${loadAverage()}`);
console.log(failures.length ? `✗ ${failures.length} verificação(ões) falharam: ${failures.join('; ')}` : 'todas as verificações OK');
if (!failures.length) rmSync(logDir, { recursive: true, force: true });
else console.log(`logs da API: ${logDir}`);
process.exitCode = failures.length ? 1 : 0;
