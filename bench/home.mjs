// Every call the member home makes (spec 000 section 7), at 200 concurrent members, each connection
// its own member (own token, own hashes). First each call alone (req/s, p95), then whole pages: each
// connection runs the home's calls in a loop; pages/s = requests/s / calls per page.
// Usage: node bench/home.mjs   (local PostgreSQL; BENCH_PG_URL, CONNECTIONS=200, DURATION=10)
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { fmt, startApi } from './lib.mjs';
import { ensureDb, freePort, loginAll, seedMembros } from './resgate-lib.mjs';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 200);
const DURATION = Number(process.env.DURATION ?? 10);

const DB_URL = await ensureDb('legiao_bench_home');
const PORT = await freePort();
const base = `http://127.0.0.1:${PORT}`;
const api = await startApi(PORT, { DATABASE_URL: DB_URL, FILA_ENABLED: 'false' });
const c = new pg.Client({ connectionString: DB_URL });
await c.connect();

/** The home's calls for one member, in the order the page makes them. */
const chamadas = (m) => [
  '/api/usuario/logged',
  '/api/banner',
  '/api/bannersite/ativos',
  '/api/Conquista',
  '/api/produto/cliente',
  '/api/beneficio',
  '/api/indicacao',
  '/api/indicacao/codigo',
  `/api/BannerSite/recomendacao/?hash=${m.hashUsuario}`,
  '/api/Faq?ativo=true',
  ...(m.hashPesquisaSatisfacao ? [`/api/satisfacao?hash=${m.hashPesquisaSatisfacao}`] : []),
];

const p95 = (r) => r.latency.p90 + ((r.latency.p97_5 - r.latency.p90) * 5) / 7.5;

try {
  const membros = await seedMembros(c, `bench-home-${randomUUID().slice(0, 6)}`, CONNECTIONS, 5);
  const tokens = await loginAll(base, membros);
  const perfis = await Promise.all(
    tokens.map(async (token) => ({ token, ...(await (await fetch(`${base}/api/usuario/logged`, { headers: { authorization: `Bearer ${token}` } })).json()) })),
  );
  const rodar = async (montar) => {
    let proximo = 0;
    return autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      timeout: 30,
      setupClient: (client) => {
        const m = perfis[proximo++ % perfis.length];
        client.setHeaders({ authorization: `Bearer ${m.token}` });
        client.setRequests(montar(m).map((path) => ({ method: 'GET', path })));
      },
    });
  };

  console.log(`Home: ${CONNECTIONS} membros simultâneos, ${DURATION}s por medida, carga média antes ${loadavg()[0].toFixed(2)}`);
  const linhas = [];
  for (const [i, exemplo] of chamadas(perfis[0]).entries()) {
    const r = await rodar((m) => [chamadas(m)[i]]);
    linhas.push(`  GET ${exemplo.split('?')[0].padEnd(34)} ${fmt(r.requests.average).padStart(7)} req/s  p50 ${fmt(r.latency.p50).padStart(6)} ms  p95 ${fmt(p95(r)).padStart(6)} ms  não-2xx ${r.non2xx}  erros ${r.errors}`);
  }
  console.log(linhas.join('\n'));

  const pagina = await rodar(chamadas);
  const porPagina = chamadas(perfis[0]).length;
  console.log(
    `Página inteira (${porPagina} chamadas em sequência por membro): ${fmt(pagina.requests.average / porPagina)} páginas/s, ` +
      `p95 por chamada ${fmt(p95(pagina))} ms, não-2xx ${pagina.non2xx}, erros ${pagina.errors}`,
  );
} finally {
  await c.end();
  await api.stop();
}
