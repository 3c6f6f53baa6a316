// Back-office import of verified purchases through the real HTTP routes
// (docs/decisions/0032-back-office-imports.md): a generated CSV of N rows (default 100,000) with its
// members seeded in SQL in a database of its own, uploaded as a streamed multipart body (mapping
// field + file) to POST /api/admin/importacoes?tipo=compras (the dry run), applied with
// POST /api/admin/importacoes/{id}/aplicar and followed to the end; then the same file again (the
// dry run must find nothing new). Prints the load average first, the time of each step and the API
// process's resident memory (sampled from /proc/<pid>/status every 100 ms, and VmHWM).
// Usage: node bench/importacoes.mjs [--linhas 100000] [--membros 50000] [--porta 3760] [--banco legiao_test_boe_bench]
import { once } from 'node:events';
import { createWriteStream, statSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { loginAll } from './resgate-lib.mjs';
import { arg, follow, loadAverage, mb, secs as s, startOnFreshDb, uploadFile } from './upload-lib.mjs';

const LINES = Number(arg('linhas', 100_000));
const MEMBERS = Number(arg('membros', 50_000));
const PORTA = Number(arg('porta', 3760));
const BANCO = arg('banco', 'legiao_test_boe_bench');
const base = `http://127.0.0.1:${PORTA}`;

console.log(`load average antes: ${loadAverage()} (1/5/15 min), ${LINES.toLocaleString('pt-BR')} linhas, ${MEMBERS.toLocaleString('pt-BR')} membros`);

const { pid, rss, db, stop } = await startOnFreshDb(BANCO, PORTA);
const tag = randomUUID().slice(0, 6);
const file = join(tmpdir(), `importacoes-bench-${tag}.csv`);
try {
  // Members in SQL (the demo seed ran at boot): active, e-mail and a fake unique CPF; one referral
  // waiting for a purchase per 10 members, referred by the member before.
  let t0 = Date.now();
  await db.query(
    `INSERT INTO usuario (id, email, senha_hash, nome, cpf, celular, cep, endereco, numero, cidade, uf, data_nascimento, genero, perfil, tipo, ativo, hash, data_atualizacao)
     SELECT gen_random_uuid(), 'bench-imp-' || g || '@bench.legiao.dev', 'x', 'Membro Bench', lpad((80000000000 + g)::text, 11, '0'), '11987654321', '01310100',
            'Avenida Paulista', '1000', 'São Paulo', 'SP', '1990-01-01', 'outro', 'outsider', 'legionario', true, gen_random_uuid(), now()
       FROM generate_series(1, $1::int) g`,
    [MEMBERS],
  );
  await db.query(
    `INSERT INTO indicacao (id, indicador_id, indicado_id, cpf_digest, email_digest)
     SELECT gen_random_uuid(), a.id, b.id, 'bench-c-' || g, 'bench-e-' || g
       FROM generate_series(10, $1::int, 10) g
       JOIN usuario a ON a.email = 'bench-imp-' || (g - 1) || '@bench.legiao.dev'
       JOIN usuario b ON b.email = 'bench-imp-' || g || '@bench.legiao.dev'`,
    [MEMBERS],
  );
  await db.query('ANALYZE usuario; ANALYZE indicacao');
  const { rows: products } = await db.query('SELECT sku FROM produto ORDER BY id');
  console.log(`semente: ${MEMBERS} membros e ${Math.floor(MEMBERS / 10)} indicações pendentes em ${s(Date.now() - t0)}; ${products.length} produtos no catálogo`);

  // The file: one order and product per line; 1% of members unknown, 0.5% bad quantities.
  {
    const out = createWriteStream(file);
    out.write('Pedido;E-mail;SKU;Qtd;Data\n');
    for (let i = 0; i < LINES; i++) {
      const member = i % 100 === 7 ? `fora-${i}@bench.legiao.dev` : `bench-imp-${1 + (i % MEMBERS)}@bench.legiao.dev`;
      const quantity = i % 200 === 3 ? 'x' : String(1 + (i % 3));
      const day = String(1 + (i % 28)).padStart(2, '0');
      const line = `BI-${tag}-${i};${member};${products[i % products.length].sku};${quantity};${day}/03/2025\n`;
      if (!out.write(line)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
  }
  const bytes = statSync(file).size;
  console.log(`arquivo: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);

  const [token] = await loginAll(base, [{ email: 'operacao@legiao.dev' }]);
  const auth = { authorization: `Bearer ${token}` };
  await new Promise((r) => setTimeout(r, 1000));
  const rest = rss.status().VmRSS;
  console.log(`API pid ${pid}: RSS em repouso ${mb(rest)}`);

  const mapping = JSON.stringify({ pedido: 'Pedido', email: 'E-mail', produto: 'SKU', quantidade: 'Qtd', dataCompra: 'Data' });
  /** Mapping field, then the file streamed from disk. */
  const send = async () => {
    const { body, afterLastByteMs } = await uploadFile(`${base}/api/admin/importacoes?tipo=compras`, { headers: auth, fields: { mapeamento: mapping }, file });
    return { ...body, _depoisMs: afterLastByteMs };
  };

  rss.phase = 'simulacao';
  t0 = Date.now();
  const imp = await send();
  const tYes = Date.now() - t0;
  const c = imp.simulacao;
  console.log(
    `envio + simulação: ${s(tYes)} (depois do último byte: ${s(imp._depoisMs)}) -> novas ${c.novas}, pendentes ${c.pendentes}, recusadas ${c.recusadas}, indicações ${c.indicacoes}, pontos ${c.pontos}, números ${c.numeros}; RSS pico ${mb(rss.peaks.simulacao)}`,
  );

  rss.phase = 'aplicacao';
  t0 = Date.now();
  const ap = await fetch(`${base}/api/admin/importacoes/${imp.id}/aplicar`, { method: 'POST', headers: auth });
  if (ap.status !== 202) throw new Error(`aplicar: ${ap.status} ${await ap.text()}`);
  const current = await follow(`${base}/api/admin/importacoes/${imp.id}`, {
    headers: auth,
    state: 'aplicando',
    everyMs: 250,
    progress: (c) => `${c.processados}/${c.total} em ${s(Date.now() - t0)}`,
  });
  const tAp = Date.now() - t0;
  const r = current.resultado;
  console.log(`aplicação: ${current.estado} em ${s(tAp)} -> ${r.novas} compras, ${r.indicacoes} indicações, ${r.pontos} pontos, ${r.numeros} números; RSS pico ${mb(rss.peaks.aplicacao)}`);
  console.log(`total (envio + simulação + aplicação): ${s(tYes + tAp)}`);

  const { rows } = await db.query(
    `SELECT (SELECT count(*)::int FROM produto_cliente WHERE codigo_pedido LIKE $1) AS entradas,
            (SELECT count(*)::int FROM lancamento l JOIN produto_cliente pc ON pc.id = l.produto_cliente_id WHERE pc.codigo_pedido LIKE $1) AS creditos`,
    [`BI-${tag}-%`],
  );
  console.log(`banco: ${rows[0].entradas} entradas, ${rows[0].creditos} créditos de compra (esperado ${c.novas} e ${c.novas}): ${rows[0].entradas === c.novas && rows[0].creditos === c.novas ? 'OK' : 'DIFERENTE'}`);

  rss.phase = 'reenvio';
  t0 = Date.now();
  const again = await send();
  console.log(`reenvio do mesmo arquivo: ${s(Date.now() - t0)} -> novas ${again.simulacao.novas}, já registradas ${again.simulacao.existentes}, pontos ${again.simulacao.pontos}; RSS pico ${mb(rss.peaks.reenvio)}`);
  const { VmHWM } = rss.status();
  console.log(`RSS: repouso ${mb(rest)}, pico amostrado ${mb(rss.peak)} (simulação ${mb(rss.peaks.simulacao)}, aplicação ${mb(rss.peaks.aplicacao)}, reenvio ${mb(rss.peaks.reenvio)}), VmHWM ${mb(VmHWM)} (desde o boot)`);
  console.log(`load average depois: ${loadAverage()}`);
} finally {
  rmSync(file, { force: true });
  await stop();
}
