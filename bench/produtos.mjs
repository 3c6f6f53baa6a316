// "Minha coleção" and the catalogue under load, 100 concurrent connections:
// 1. GET /api/produto/cliente for a member with 200 entries (60 products, a third verified with
//    legion numbers);
// 2. GET /api/produto/busca over a catalogue of 5,000+ products (several queries in rotation:
//    words, words + category, category + subcategory, a word no product has);
// 3. for reference, GET /api/produto/?page=1&pageSize=1000 (the add-product screen's list) and
//    GET /api/usuario/logged (the smallest authenticated call: how busy the machine is).
// Usage: node bench/produtos.mjs   (local PostgreSQL; BENCH_PG_URL, DURATION, CONNECTIONS)
import bcrypt from 'bcrypt';
import pg from 'pg';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { fmt, load, PG_BASE, startApi } from './lib.mjs';

// Its own database (5,000 extra products would skew the other benches) and a free port.
const DB_NAME = 'legiao_bench_produtos';
const DB_URL = `${PG_BASE}/${DB_NAME}`;
const PORT = await new Promise((resolve) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const PRODUCTS = 5000;
const ENTRIES = 200;
const EMAIL = 'bench.colecao@legiao.dev';
const PASSWORD = 'Legiao@2025';

// Same rule as apps/api/src/features/produto/name-search.ts.
const searchName = (s) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

const LINES = [
  ['Bar', 'Copo Térmico Cerveja 473ml'],
  ['Bar', 'Copo Long Drink 650ml'],
  ['Café', 'Caneca Térmica 350ml'],
  ['Café', 'Copo Café To Go 300ml'],
  ['Hidratação', 'Garrafa Térmica 750ml'],
  ['Hidratação', 'Tumbler com Canudo 900ml'],
  ['Camping', 'Caneca Camping 400ml'],
  ['Camping', 'Garrafa Camping 1,5L'],
  ['Youth', 'Garrafinha Kids 400ml'],
  ['Mate', 'Cuia Térmica 250ml'],
];
const COLORS = ['Preto', 'Branco', 'Azul', 'Verde', 'Rosa', 'Lilás', 'Areia', 'Grafite', 'Vermelho', 'Laranja', 'Turquesa', 'Amarelo'];

/** 5,000 synthetic products (sku BENCH-nnnnn), inserted once. */
async function seedCatalogue(c) {
  const n = PRODUCTS;
  const rows = Array.from({ length: n }, (_, i) => {
    const [category, subcategory] = LINES[i % LINES.length];
    const name = `${subcategory} ${COLORS[Math.floor(i / LINES.length) % COLORS.length]} Edição ${String(i + 1).padStart(4, '0')}`;
    return { sku: `BENCH-${String(i + 1).padStart(5, '0')}`, nome: name, categoria: category, subcategoria: subcategory };
  });
  for (let i = 0; i < rows.length; i += 1000) {
    const b = rows.slice(i, i + 1000);
    await c.query(
      `INSERT INTO produto (sku, nome, nome_busca, categoria, subcategoria, img, descricao_detalhe, moldura, atualizado_em)
       SELECT s, n, nb, c, sc, '/produtos/copo-termico-bar-preto.svg', 'Produto de carga para o benchmark.', 'Clássica', now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS t(s, n, nb, c, sc)
       ON CONFLICT (sku) DO NOTHING`,
      [b.map((r) => r.sku), b.map((r) => r.nome), b.map((r) => searchName(r.nome)), b.map((r) => r.categoria), b.map((r) => r.subcategoria)],
    );
  }
  await c.query('ANALYZE produto');
}

/** The bench member and exactly 200 entries: 60 products, every third entry verified and numbered. */
async function seedMember(c) {
  const passwordHash = await bcrypt.hash(PASSWORD, 4);
  await c.query(
    `INSERT INTO usuario (id, email, senha_hash, nome, ativo, hash, data_atualizacao) VALUES (gen_random_uuid(), $1, $2, 'Bench Coleção', true, gen_random_uuid(), now())
     ON CONFLICT (email) DO UPDATE SET senha_hash = EXCLUDED.senha_hash, ativo = true`,
    [EMAIL, passwordHash],
  );
  const { rows: [u] } = await c.query('SELECT id FROM usuario WHERE email = $1', [EMAIL]);
  await c.query('BEGIN');
  await c.query('DELETE FROM produto_cliente WHERE usuario_id = $1', [u.id]);
  const { rows: products } = await c.query("SELECT id FROM produto WHERE sku LIKE 'BENCH-%' ORDER BY id LIMIT 60");
  for (let i = 0; i < ENTRIES; i++) {
    const productId = products[i % products.length].id;
    const verified = i % 3 === 0;
    const quantity = 1 + (i % 2);
    const { rows: [e] } = await c.query(
      `INSERT INTO produto_cliente (id, usuario_id, produto_id, quantidade, data_compra, local_compra, produto_validado, quantidade_presente, codigo_pedido, atualizado_em)
       VALUES (gen_random_uuid(), $1, $2, $3, DATE '2025-01-01' + ($4 || ' days')::interval, $5, $6, $7, $8, now()) RETURNING id`,
      [u.id, productId, quantity, i, verified ? 'Site oficial' : 'Amazon', verified, verified && i % 4 === 0 ? 1 : 0, verified ? `BENCH-${u.id.slice(0, 8)}-${i}` : null],
    );
    if (verified) {
      const { rows: [p] } = await c.query('UPDATE produto SET numeros_atribuidos = LEAST(numeros_atribuidos + $2, 1913) WHERE id = $1 RETURNING numeros_atribuidos', [productId, quantity]);
      for (let k = 0; k < quantity && p.numeros_atribuidos - k >= 1; k++) {
        await c.query('INSERT INTO numero_legionario (produto_id, numero, produto_cliente_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [productId, p.numeros_atribuidos - k, e.id]);
      }
    }
  }
  await c.query('COMMIT');
  await c.query('ANALYZE produto_cliente');
  await c.query('ANALYZE numero_legionario');
}

const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
await admin.connect();
if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME])).rowCount) await admin.query(`CREATE DATABASE ${DB_NAME}`);
await admin.end();
// The API migrates the database on start; the data goes in once the tables exist. The waiting
// room gates logins: this bench is about the collection and the catalogue.
const api = await startApi(PORT, { DATABASE_URL: DB_URL, FILA_ENABLED: 'false' });
try {
  const c = new pg.Client({ connectionString: DB_URL });
  await c.connect();
  await seedCatalogue(c);
  await seedMember(c);
  const { rows: [{ n }] } = await c.query('SELECT count(*)::int AS n FROM produto WHERE ativo');
  await c.end();

  const res = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, senha: PASSWORD }) });
  const loginBody = await res.json();
  if (!res.ok) throw new Error(`login falhou: ${res.status} ${JSON.stringify(loginBody)}`);
  const { token } = loginBody;
  const base = `http://127.0.0.1:${PORT}`;
  const groups = await (await fetch(`${base}/api/produto/cliente`, { headers: { authorization: `Bearer ${token.token}` } })).json();
  const entries = groups.reduce((acc, g) => acc + g.produtos.length, 0);

  const customer = await load({ url: `${base}/api/produto/cliente`, headers: { authorization: `Bearer ${token.token}` }, connections: CONNECTIONS, duration: DURATION });
  const consultas = [
    '/api/produto/busca?q=copo%20termico%20preto',
    '/api/produto/busca?q=garrafa%20750&categoria=Hidrata%C3%A7%C3%A3o',
    '/api/produto/busca?q=edicao%200042',
    '/api/produto/busca?categoria=Mate&subcategoria=Cuia%20T%C3%A9rmica%20250ml',
    '/api/produto/busca?q=cuia%20lilas&categoria=TODOS&subcategoria=TODOS',
    '/api/produto/busca?q=inexistente',
  ];
  const search = await load({ url: base, requests: consultas.map((path) => ({ method: 'GET', path })), connections: CONNECTIONS, duration: DURATION });
  const list = await load({ url: `${base}/api/produto/?page=1&pageSize=1000`, connections: CONNECTIONS, duration: DURATION });
  const logged = await load({ url: `${base}/api/usuario/logged`, headers: { authorization: `Bearer ${token.token}` }, connections: CONNECTIONS, duration: DURATION });

  const line = (label, r) => `${label.padEnd(52)} ${fmt(r.rps).padStart(8)} req/s   p95 ${fmt(r.p95).padStart(7)} ms   p99 ${fmt(r.p99).padStart(7)} ms   não-2xx ${r.non2xx}   erros ${r.errors}`;
  console.log(`${CONNECTIONS} conexões, ${DURATION}s cada; catálogo com ${n} produtos ativos; membro com ${entries} entradas em ${groups.length} grupos`);
  console.log(line(`GET /api/produto/cliente (${entries} entradas)`, customer));
  console.log(line(`GET /api/produto/busca (${consultas.length} consultas em rodízio)`, search));
  console.log(line('GET /api/produto/?page=1&pageSize=1000 (referência)', list));
  console.log(line('GET /api/usuario/logged (referência)', logged));
  console.log(`carga da máquina (1 min): ${fmt(loadavg()[0], 2)}`);
} finally {
  await api.stop();
}
