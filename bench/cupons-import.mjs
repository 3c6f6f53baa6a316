// Code pool import through the real HTTP route (docs/decisions/0028-code-pools-and-images.md):
// a generated file of N codes (default 1,000,000) uploaded to POST /api/admin/cupons/beneficios/{id}/importacoes
// as a streamed multipart body, then confirmed and followed to the end; prints the time of each step
// and the API process's resident memory (sampled from /proc/<pid>/status every 100 ms, and VmHWM).
// While the confirmation runs, a probe takes a code from the same pool the way a redemption does
// (UPDATE ... FOR UPDATE SKIP LOCKED, then ROLLBACK) every 50 ms: its latency shows whether the
// import holds redemptions up. After it, a member redeems through the real route and gets an
// imported code; the same file uploaded again adds nothing.
// Usage: node bench/cupons-import.mjs [--linhas 1000000] [--porta 3560] [--banco legiao_bench_cupons]
// Runs the API from source (node --import tsx apps/api/src/server.ts) on a fresh database.
import { once } from 'node:events';
import { createWriteStream, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { loginAll, seedMembers } from './resgate-lib.mjs';
import { arg, follow, loadAverage, mb, secs as s, startOnFreshDb, uploadFile } from './upload-lib.mjs';

const LINES = Number(arg('linhas', 1_000_000));
const PORTA = Number(arg('porta', 3560));
const BANCO = arg('banco', 'legiao_bench_cupons');
const base = `http://127.0.0.1:${PORTA}`;

console.log(`load average antes: ${loadAverage()} (1/5/15 min), ${LINES.toLocaleString('pt-BR')} linhas`);

// The file: one code per line, sorted before the seed's codes (BENCH- < LEG10-), so the batches in
// flight sit at the head of the pool's free-code index, where a redemption starts looking.
const tag = randomUUID().slice(0, 6).toUpperCase();
const file = join(tmpdir(), `cupons-bench-${tag}.csv`);
{
  const out = createWriteStream(file);
  out.write('codigo\n');
  for (let i = 0; i < LINES; i++) if (!out.write(`BENCH-${tag}-${String(i).padStart(7, '0')}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}
const bytes = statSync(file).size;
console.log(`arquivo: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);

const { dbUrl, pid, rss, db, stop } = await startOnFreshDb(BANCO, PORTA);
try {
  const [token] = await loginAll(base, [{ email: 'admin@legiao.dev' }]).catch(async () => {
    throw new Error('login de admin@legiao.dev falhou (a semente da equipe existe?)');
  });
  const auth = { authorization: `Bearer ${token}` };
  const list = await (await fetch(`${base}/api/admin/cupons`, { headers: auth })).json();
  const benefit = list.find((b) => b.nome === 'Cupom 10% OFF') ?? list[0];
  const freeBefore = benefit.livres;
  await new Promise((r) => setTimeout(r, 1000));
  const rest = rss.status().VmRSS;
  console.log(`API pid ${pid}: RSS em repouso ${mb(rest)}; benefício "${benefit.nome}" com ${freeBefore} livres`);

  /** The file as a streamed multipart body; what comes after its last byte is the analysis statement. */
  const send = async () => {
    const { body, afterLastByteMs } = await uploadFile(`${base}/api/admin/cupons/beneficios/${benefit.id}/importacoes`, { headers: auth, file });
    return { ...body, _analiseMs: afterLastByteMs };
  };

  rss.phase = 'envio';
  let t0 = Date.now();
  const imp = await send();
  const tSent = Date.now() - t0;
  console.log(`envio + análise: ${s(tSent)} (análise depois do último byte: ${s(imp._analiseMs)}) -> novos ${imp.novos}, repetidos ${imp.duplicadosNoArquivo}, inválidos ${imp.invalidos}, já no estoque ${imp.jaNoEstoque}; RSS pico ${mb(rss.peaks.envio)}`);

  // The probe: a redemption's take, rolled back, every 50 ms while the confirmation runs.
  const probe = new pg.Client({ connectionString: dbUrl });
  await probe.connect();
  const latencies = [];
  let probing = true;
  const probeLoop = (async () => {
    while (probing) {
      const t = performance.now();
      await probe.query('BEGIN');
      await probe.query(
        `UPDATE cupom SET resgatado_em = now() WHERE id = (SELECT id FROM cupom WHERE beneficio_id = $1 AND opcao_id IS NULL AND resgatado_em IS NULL ORDER BY codigo LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING codigo`,
        [benefit.id],
      );
      await probe.query('ROLLBACK');
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();

  rss.phase = 'importacao';
  t0 = Date.now();
  const conf = await fetch(`${base}/api/admin/cupons/importacoes/${imp.id}/confirmar`, { method: 'POST', headers: auth });
  if (conf.status !== 202) throw new Error(`confirmar: ${conf.status} ${await conf.text()}`);
  const current = await follow(`${base}/api/admin/cupons/importacoes/${imp.id}`, {
    headers: auth,
    state: 'importando',
    everyMs: 500,
    progress: (c) => `${c.processados}/${c.preparados} (${c.importados} adicionados) em ${s(Date.now() - t0)}`,
  });
  const tImport = Date.now() - t0;
  probing = false;
  await probeLoop;
  await probe.end();
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
  console.log(`confirmação: ${current.estado} em ${s(tImport)}, ${current.importados} adicionados; RSS pico ${mb(rss.peaks.importacao)}`);
  console.log(`sonda de resgate durante a importação (${latencies.length} tomadas): p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, máx ${latencies.at(-1).toFixed(1)} ms`);

  const { rows } = await db.query(
    `SELECT (SELECT count(*)::int FROM cupom WHERE beneficio_id = $1 AND resgatado_em IS NULL) AS real, (SELECT SUM(livres)::int FROM cupom_estoque WHERE beneficio_id = $1) AS contador`,
    [benefit.id],
  );
  console.log(`estoque: ${rows[0].real} livres (contador ${rows[0].contador}), esperado ${freeBefore + LINES}: ${rows[0].real === freeBefore + LINES && rows[0].contador === rows[0].real ? 'OK' : 'DIFERENTE'}`);

  // A member redeems through the real route: the code comes from the import.
  const [member] = await seedMembers(db, `bench-cupons-${tag.toLowerCase()}`, 1, 5);
  const [tm] = await loginAll(base, [member]);
  const r = await fetch(`${base}/api/beneficio/resgate`, { method: 'POST', headers: { authorization: `Bearer ${tm}`, 'content-type': 'application/json' }, body: JSON.stringify({ idBeneficio: benefit.id }) });
  const redemption = await r.json();
  console.log(`resgate depois da importação: ${r.status} cupom ${redemption.cupom} (${String(redemption.cupom).startsWith(`BENCH-${tag}`) ? 'importado' : 'NÃO importado'})`);

  // The same file again: nothing new.
  rss.phase = 'reenvio';
  t0 = Date.now();
  const again = await send();
  console.log(`reenvio do mesmo arquivo: ${s(Date.now() - t0)} (análise ${s(again._analiseMs)}) -> novos ${again.novos}, já no estoque ${again.jaNoEstoque}, já resgatados ${again.jaResgatados}; RSS pico ${mb(rss.peaks.reenvio)}`);
  const { VmHWM } = rss.status();
  console.log(`RSS: repouso ${mb(rest)}, pico amostrado ${mb(rss.peak)} (envio ${mb(rss.peaks.envio)}, importação ${mb(rss.peaks.importacao)}, reenvio ${mb(rss.peaks.reenvio)}), VmHWM ${mb(VmHWM)} (desde o boot)`);
  console.log(`load average depois: ${loadAverage()}`);
} finally {
  await stop();
}
