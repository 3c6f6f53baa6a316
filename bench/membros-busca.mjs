// The back office's member search on a million members (issue 17 item 1;
// docs/decisions/0031-back-office-members.md): GET /api/admin/membros through the real HTTP route
// (session, permission, the search's SQL on the trigram indexes), per kind of search, p50/p95.
// Seeds 1,000,000 members in SQL (generate_series) into its own database, 100,000 of them with a
// verified product and a legion number; the search's indexes are dropped for the load and created
// again after it (the same definitions the migration makes), then ANALYZE.
// Usage: node bench/membros-busca.mjs [--membros 1000000] [--porta 3710] [--banco legiao_bench_membros] [--vezes 200] [--reusar]
// --reusar: measure again on the database a previous run seeded (the API migrates it at start).
import { loadavg } from 'node:os';
import pg from 'pg';
import { PG_BASE, root } from './lib.mjs';
import { freshDb, startApiAt } from './resgate-lib.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const MEMBERS = Number(arg('membros', 1_000_000));
const PORTA = Number(arg('porta', 3710));
const BANCO = arg('banco', 'legiao_bench_membros');
const TIMES = Number(arg('vezes', 200));
const base = `http://127.0.0.1:${PORTA}`;

const [l1, l5, l15] = loadavg();
console.log(`load average antes: ${l1.toFixed(2)} / ${l5.toFixed(2)} / ${l15.toFixed(2)} (1/5/15 min), ${MEMBERS.toLocaleString('pt-BR')} membros, ${TIMES} buscas por tipo`);

const REUSE = process.argv.includes('--reusar');
const dbUrl = REUSE ? `${PG_BASE}/${BANCO}` : await freshDb(BANCO);
const api = await startApiAt(root, PORTA, { DATABASE_URL: dbUrl, JWT_SECRET: 'legiao-bench-secret-0123456789-abcdefghijklmnop', LOG_LEVEL: 'warn', WORKERS: '1' });
// The API must not outlive the bench, whatever ends it.
process.on('exit', () => api.child.kill('SIGTERM'));
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();

const NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabela', 'João', 'Karina', 'Lucas', 'Mariana', 'Nicolas', 'Olívia', 'Paulo', 'Quésia', 'Rafael', 'Sofia', 'Tiago'];
const SURNAMES = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa'];
const arr = (a) => `ARRAY[${a.map((x) => `'${x}'`).join(',')}]`;
// Member i: a first name, two surnames and a word of its own (so a name part can be rare or common),
// e-mail membro<i>.<word>@bench.legiao.dev, CPF = 11 digits spread over the range (unique per i).
const word = (i) => `md5(${i}::text || 'p')`;
let load = 0;
let tIndices = 0;
if (!REUSE) {
const t0 = Date.now();
const indices = (await db.query("SELECT indexdef FROM pg_indexes WHERE indexname IN ('usuario_nome_trgm_idx', 'usuario_email_trgm_idx', 'usuario_cpf_trgm_idx', 'numero_legionario_numero_idx')")).rows.map((r) => r.indexdef);
if (indices.length !== 4) throw new Error(`índices da busca: esperava 4, achei ${indices.length}`);
await db.query('DROP INDEX usuario_nome_trgm_idx, usuario_email_trgm_idx, usuario_cpf_trgm_idx, numero_legionario_numero_idx');
const LOTE = 100_000;
for (let from = 1; from <= MEMBERS; from += LOTE) {
  const until = Math.min(MEMBERS, from + LOTE - 1);
  await db.query(`
    INSERT INTO usuario (id, hash, email, nome, cpf, celular, ativo, ativado_em, tipo, data_cadastro, data_atualizacao)
    SELECT gen_random_uuid(), gen_random_uuid(),
           'membro' || i || '.' || substr(${word('i')}, 1, 6) || '@bench.legiao.dev',
           (${arr(NAMES)})[1 + i % 20] || ' ' || (${arr(SURNAMES)})[1 + (i / 20) % 20] || ' ' || (${arr(SURNAMES)})[1 + (i / 400) % 20] || ' ' || initcap(substr(${word('i')}, 1, 8)),
           lpad(((i::bigint * 9973) % 100000000000)::text, 11, '0'),
           '119' || lpad((i % 100000000)::text, 8, '0'),
           i % 10 <> 0, now(), 'legionario', now() - (i || ' minutes')::interval, now()
      FROM generate_series(${from}, ${until}) i`);
  process.stdout.write(`\rmembros: ${until.toLocaleString('pt-BR')}`);
}
console.log();
// 100,000 members with a verified purchase of one product and a legion number 1..1913 of one of 60 products.
await db.query(`INSERT INTO produto (sku, nome, nome_busca, categoria, subcategoria, img, descricao_detalhe, atualizado_em)
  SELECT 'BENCH-' || p, 'Produto ' || p, 'produto ' || p, 'copos', 'termicos', '/x.png', 'x', now() FROM generate_series(1, 60) p`);
await db.query(`
  WITH m AS (SELECT id, row_number() OVER (ORDER BY email) AS n FROM usuario WHERE email LIKE '%@bench.legiao.dev' ORDER BY email LIMIT 100000),
       pc AS (
         INSERT INTO produto_cliente (id, usuario_id, produto_id, data_compra, local_compra, produto_validado, atualizado_em)
         SELECT gen_random_uuid(), m.id, (SELECT id FROM produto WHERE sku = 'BENCH-' || (1 + m.n % 60)), current_date, 'Loja', true, now() FROM m
         RETURNING id, produto_id)
  INSERT INTO numero_legionario (produto_id, numero, produto_cliente_id)
  SELECT produto_id, row_number() OVER (PARTITION BY produto_id ORDER BY id), id FROM pc`);
load = Date.now() - t0;
const t1 = Date.now();
for (const def of indices) await db.query(def);
tIndices = Date.now() - t1;
}
await db.query('ANALYZE usuario; ANALYZE numero_legionario; ANALYZE produto_cliente');
const total = (await db.query('SELECT count(*)::int AS n FROM usuario')).rows[0].n;
if (REUSE) console.log(`base reaproveitada: ${total.toLocaleString('pt-BR')} contas`);
else console.log(`carga: ${(load / 1000).toFixed(1)} s; índices da busca: ${(tIndices / 1000).toFixed(1)} s; ${total.toLocaleString('pt-BR')} contas`);

// Staff session (the seed's atendimento account).
const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'atendimento@legiao.dev', senha: 'Legiao@2025' }) });
if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
const headers = { authorization: `Bearer ${(await login.json()).token.token}` };

// Inputs per kind, drawn from the seeded rows (and a common name, the worst case).
const sample = (await db.query(`SELECT u.nome, u.email, u.cpf, u.hash::text AS hash FROM usuario u TABLESAMPLE SYSTEM (1) WHERE u.email LIKE '%@bench.legiao.dev' LIMIT ${TIMES}`)).rows;
const numbers = (await db.query(`SELECT numero FROM numero_legionario ORDER BY random() LIMIT ${TIMES}`)).rows.map((r) => String(r.numero));
const fmt = (c) => `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`;
const kinds = {
  'nome (palavra rara)': sample.map((r) => r.nome.split(' ').at(-1)),
  'nome (sobrenome comum)': sample.map((_, i) => SURNAMES[i % 20]),
  'e-mail (parte)': sample.map((r) => r.email.split('@')[0]),
  'e-mail (inteiro)': sample.map((r) => r.email),
  'CPF inteiro (com pontos)': sample.map((r) => fmt(r.cpf)),
  'CPF parte (6 dígitos)': sample.map((r) => `${r.cpf.slice(3, 6)}.${r.cpf.slice(6, 9)}`),
  'número de legião': numbers,
  'código de indicação': sample.map((r) => r.hash),
};

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
console.log('\ntipo                          p50 ms   p95 ms   máx ms   achados (mediana)');
for (const [kind, entries] of Object.entries(kinds)) {
  const ms = [];
  const found = [];
  for (const search of entries) {
    const t = performance.now();
    const res = await fetch(`${base}/api/admin/membros?busca=${encodeURIComponent(search)}`, { headers });
    const body = await res.json();
    ms.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${kind} "${search}": ${res.status} ${JSON.stringify(body)}`);
    found.push(body.total);
  }
  ms.sort((a, b) => a - b);
  found.sort((a, b) => a - b);
  console.log(`${kind.padEnd(30)}${pct(ms, 50).toFixed(1).padStart(6)}   ${pct(ms, 95).toFixed(1).padStart(6)}   ${ms.at(-1).toFixed(1).padStart(6)}   ${pct(found, 50)}${found.at(-1) >= 1000 ? ' (contagem para em 1000)' : ''}`);
}
const [a1, a5, a15] = loadavg();
console.log(`\nload average depois: ${a1.toFixed(2)} / ${a5.toFixed(2)} / ${a15.toFixed(2)}`);
await db.end();
await api.stop();
process.exit(0);
