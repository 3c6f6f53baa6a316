// Redemptions under load: 100 concurrent members (one connection each, each with its own token)
// redeem a benefit whose pool holds 10,000 codes, until the pool is empty. Prints redemptions per
// second, p50/p95/p99, and then checks in SQL that every code went to exactly one redemption with
// exactly one debit. For reference, GET /api/beneficio (the list, per member) and GET /api/usuario/logged
// (how busy the machine is) at the same concurrency.
// Usage: node bench/resgate.mjs   (local PostgreSQL; BENCH_PG_URL, CODIGOS, CONNECTIONS, DURATION)
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { fmt, startApi } from './lib.mjs';
import { checkInvariants, ensureDb, freePort, invariantesOk, loginAll, seedBeneficio, seedMembros } from './resgate-lib.mjs';

const CODIGOS = Number(process.env.CODIGOS ?? 10_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const DURATION = Number(process.env.DURATION ?? 10);

const DB_URL = await ensureDb('legiao_bench_resgate');
const PORT = await freePort();
const base = `http://127.0.0.1:${PORT}`;
// The API migrates the database on start; the data goes in once the tables exist.
const api = await startApi(PORT, { DATABASE_URL: DB_URL, FILA_ENABLED: 'false' });
const c = new pg.Client({ connectionString: DB_URL });
await c.connect();
try {
  // Fresh members each run, so the list below always shows members with ~100 redemptions each.
  const membros = await seedMembros(c, `bench-resgate-${randomUUID().slice(0, 6)}`, CONNECTIONS, 1_000_000);
  const beneficio = await seedBeneficio(c, CODIGOS);
  const tokens = await loginAll(base, membros);

  // One member per connection; every request a new Idempotency-Key (so the replay lookup is paid too).
  let proximo = 0;
  const percentis = (r) => ({ p50: r.latency.p50, p95: r.latency.p90 + ((r.latency.p97_5 - r.latency.p90) * 5) / 7.5, p99: r.latency.p99 });
  const t0 = Date.now();
  const resgate = await autocannon({
    url: `${base}/api/beneficio/resgate`,
    connections: CONNECTIONS,
    amount: CODIGOS,
    timeout: 30,
    setupClient: (client) => client.setHeaders({ authorization: `Bearer ${tokens[proximo++ % tokens.length]}`, 'content-type': 'application/json' }),
    requests: [{ method: 'POST', body: JSON.stringify({ idBeneficio: beneficio.id }), setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }) }],
  });
  const segundos = (Date.now() - t0) / 1000;
  const r = percentis(resgate);
  const inv = await checkInvariants(c, beneficio.id, membros.map((m) => m.id));

  proximo = 0;
  const lista = await autocannon({
    url: `${base}/api/beneficio`,
    connections: CONNECTIONS,
    duration: DURATION,
    setupClient: (client) => client.setHeaders({ authorization: `Bearer ${tokens[proximo++ % tokens.length]}` }),
  });
  const l = percentis(lista);
  // How busy the machine is: the smallest authenticated call, same concurrency.
  proximo = 0;
  const logged = await autocannon({ url: `${base}/api/usuario/logged`, connections: CONNECTIONS, duration: DURATION, setupClient: (client) => client.setHeaders({ authorization: `Bearer ${tokens[proximo++ % tokens.length]}` }) });
  const g = percentis(logged);

  console.log(`${CONNECTIONS} membros simultâneos (uma conexão cada), pool de ${CODIGOS} códigos, valor 1 ponto, Idempotency-Key nova por pedido`);
  console.log(
    `POST /api/beneficio/resgate: ${resgate.requests.total} pedidos em ${fmt(segundos)} s = ${fmt(resgate.requests.total / segundos)} resgates/s; ` +
      `p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, p99 ${fmt(r.p99)} ms; 2xx ${resgate['2xx']}, não-2xx ${resgate.non2xx}, erros ${resgate.errors}`,
  );
  console.log(`GET /api/beneficio (membro com ~${Math.round(CODIGOS / CONNECTIONS)} resgates, referência, ${DURATION}s): ${fmt(lista.requests.average)} req/s, p95 ${fmt(l.p95)} ms, não-2xx ${lista.non2xx}`);
  console.log(`GET /api/usuario/logged (referência, ${DURATION}s): ${fmt(logged.requests.average)} req/s, p95 ${fmt(g.p95)} ms, não-2xx ${logged.non2xx}`);
  console.log(`invariantes: ${JSON.stringify(inv)} => ${invariantesOk(inv) ? 'OK' : 'VIOLADAS'}`);
  console.log(`carga da máquina (1 min): ${fmt(loadavg()[0], 2)}`);
  if (!invariantesOk(inv) || inv.codigosEntregues !== resgate['2xx']) process.exitCode = 1;
} finally {
  await c.end();
  await api.stop();
}
