// Crash test: kills the API process with SIGKILL in the middle of a redemption load, restarts it,
// and checks that nothing was lost or counted twice:
// - every handed-out code has its redemption and its ledger debit, and every debit its code;
// - every 201 a client received is in the database (acknowledged = durable);
// - a request whose answer was lost in the crash, retried with the same Idempotency-Key after the
//   restart, either replays the redemption that committed before the kill or redeems now; never both;
// - no balance ever went below zero; no transaction was left open in PostgreSQL.
// Usage: node bench/resgate-kill.mjs   (local PostgreSQL; BENCH_PG_URL, ROUNDS, WORKERS, SALDO)
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { fmt, startApi } from './lib.mjs';
import { checkInvariants, ensureDb, freePort, invariantsOk, loginAll, seedBenefit, seedMembers } from './resgate-lib.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WORKERS = Number(process.env.WORKERS ?? 50);
// Per member: runs out during the test (in its second round on this machine), so the first
// kills land among redemptions that write, and refusals for balance and "never below zero" are
// exercised too. (It was 4, spent in the first second once a redemption became one round trip.)
const BALANCE = Number(process.env.SALDO ?? 12);

const DB_URL = await ensureDb('legiao_bench_resgate_kill');
const PORT = await freePort();
const base = `http://127.0.0.1:${PORT}`;
const env = { DATABASE_URL: DB_URL, FILA_ENABLED: 'false' };
let api = await startApi(PORT, env);
const c = new pg.Client({ connectionString: DB_URL });
await c.connect();

const members = await seedMembers(c, `bench-kill-${randomUUID().slice(0, 6)}`, WORKERS, BALANCE);
const benefit = await seedBenefit(c, 5000);
let tokens = await loginAll(base, members);

/** Every request made: its key, member, outcome ('ok' with the code, 'recusado' with the status, or 'perdido'). */
const requests = [];

async function redeem(i, key) {
  try {
    const res = await fetch(`${base}/api/beneficio/resgate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ idBeneficio: benefit.id }),
    });
    const body = await res.json();
    return res.status === 201 ? { status: 'ok', cupom: body.cupom, replay: res.headers.get('idempotent-replayed') === 'true' } : { status: 'recusado', http: res.status, code: body.errors?.[0]?.code };
  } catch {
    return { status: 'perdido' }; // connection reset: the process died with the request in flight
  }
}

let stopApi = false;
async function worker(i) {
  while (!stopApi) {
    const p = { i, chave: randomUUID() };
    requests.push(p);
    Object.assign(p, await redeem(i, p.chave));
    if (p.status === 'perdido') return;
  }
}

const rounds = [];
for (let r = 1; r <= ROUNDS; r++) {
  stopApi = false;
  const before = requests.length;
  const workers = Array.from({ length: WORKERS }, (_, i) => worker(i));
  const wait = 400 + Math.floor(Math.random() * 800);
  await new Promise((res) => setTimeout(res, wait));
  const inFlight = requests.filter((p) => !p.status).length;
  // Transactions the API has open in PostgreSQL right now: the kill lands in the middle of them.
  const { rows: [openAtKill] } = await c.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND xact_start IS NOT NULL AND pid <> pg_backend_pid()");
  api.child.kill('SIGKILL');
  await new Promise((res) => api.child.once('exit', res));
  stopApi = true;
  await Promise.all(workers);
  // What PostgreSQL still holds from the dead process, once it noticed the closed sockets.
  await new Promise((res) => setTimeout(res, 300));
  const { rows: [open] } = await c.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%' AND pid <> pg_backend_pid()");
  api = await startApi(PORT, env);
  tokens = await loginAll(base, members); // sessions survive a restart; a fresh login is just simpler
  const forRound = requests.slice(before);
  const lost = forRound.filter((p) => p.status === 'perdido');
  // Retry each lost request with its own key.
  let replays = 0;
  let newOnes = 0;
  let refusedWithoutRetry = 0;
  for (const p of lost) {
    const again = await redeem(p.i, p.chave);
    if (again.status === 'ok') {
      p.retry = again;
      if (again.replay) replays++;
      else newOnes++;
    } else refusedWithoutRetry++;
  }
  rounds.push({ rodada: r, msAteKill: wait, pedidos: forRound.length, emVooNoKill: inFlight, transacoesNoKill: openAtKill.n, ok: forRound.filter((p) => p.status === 'ok').length, recusados: forRound.filter((p) => p.status === 'recusado').length, perdidos: lost.length, replays, novos: newOnes, recusadosNoRetry: refusedWithoutRetry, transacoesAbertasAposKill: open.n });
}

// Acknowledged = durable: every code a client got (first answer or retry) is in the database, once.
const received = requests.flatMap((p) => [p.status === 'ok' ? p.cupom : null, p.retry?.cupom ?? null]).filter(Boolean);
const { rows } = await c.query('SELECT c.codigo, r.chave_idempotencia FROM resgate r JOIN cupom c ON c.id = r.cupom_id WHERE r.beneficio_id = $1', [benefit.id]);
const noBanco = new Map(rows.map((x) => [x.codigo, x.chave_idempotencia]));
const lostAcks = received.filter((code) => !noBanco.has(code)).length;
// A key never produced two redemptions (unique (usuario_id, chave)) and a replay answered the committed code.
const keyByCode = new Map(requests.flatMap((p) => [p.cupom, p.retry?.cupom].filter(Boolean).map((code) => [code, p.chave])));
const codeWithOtherKey = [...keyByCode].filter(([code, key]) => noBanco.get(code) !== key).length;
const withoutOwner = [...noBanco.keys()].filter((code) => !keyByCode.has(code)).length;
const inv = await checkInvariants(c, benefit.id, members.map((m) => m.id));

console.table(rounds);
console.log(`códigos recebidos pelos clientes: ${received.length}; no banco: ${noBanco.size}; recebidos mas ausentes no banco: ${lostAcks}; código com chave diferente: ${codeWithOtherKey}`);
console.log(`resgates no banco cuja resposta nenhum cliente recebeu (commit antes do kill, retry não feito): ${withoutOwner}`);
console.log(`invariantes: ${JSON.stringify(inv)} => ${invariantsOk(inv) ? 'OK' : 'VIOLADAS'}`);
console.log(`resumo: ${rounds.length} kills, ${fmt(rounds.reduce((a, x) => a + x.perdidos, 0), 0)} pedidos sem resposta, ${fmt(rounds.reduce((a, x) => a + x.replays, 0), 0)} já tinham sido gravados (replay), ${fmt(rounds.reduce((a, x) => a + x.novos, 0), 0)} não (resgatados no retry)`);
if (!invariantsOk(inv) || lostAcks || codeWithOtherKey) process.exitCode = 1;
await c.end();
await api.stop();
