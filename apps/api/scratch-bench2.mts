import pg from 'pg';
import { countEligible, decide } from './src/features/lancamentos/rule-engine.js';
const pool = new pg.Pool({ connectionString: 'postgresql://postgres@127.0.0.1:5432/legiao_launch_bench' });
const ctx = { now: new Date(), foundersUntil: new Date('2027-01-01') };
const rules: any[] = [
  { condicoes: [] },
  { condicoes: [{ tipo: 'legionarioAtivo' }, { tipo: 'comprasVerificadas', minimo: 2 }, { tipo: 'possuiCategoria', categoria: 'Camping' }, { tipo: 'saldoMinimo', minimo: 2 }, { tipo: 'conquista', chave: 'veterano' }, { tipo: 'incluirColaboradores' }] },
  { condicoes: [{ tipo: 'conquista', chave: 'mestre' }, { tipo: 'conquista', chave: 'recrutador' }, { tipo: 'possuiProduto', produtoId: 3 }, { tipo: 'incluirLeads' }] },
];
for (const rule of rules) for (let i = 0; i < 2; i++) { const t0 = performance.now(); const n = await countEligible(pool, rule, ctx); console.log('count', rule.condicoes.length, 'conditions:', n, (performance.now() - t0).toFixed(1), 'ms'); }
const { rows } = await pool.query('SELECT email FROM usuario ORDER BY random() LIMIT 300');
for (const rule of rules.slice(1)) {
  const t0 = performance.now();
  for (const r of rows) await decide(pool, rule, { email: r.email }, ctx, { launchId: '00000000-0000-4000-8000-000000000000' });
  console.log('decide by e-mail: mean', ((performance.now() - t0) / rows.length).toFixed(2), 'ms');
}
await pool.end();
