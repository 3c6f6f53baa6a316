// pnpm --filter @legiao/api run import:compras <arquivo.csv> [--dry-run]
// Registers the brand's verified purchases from a CSV of orders (header, ';' or ','):
//   pedido;email;cpf;produto;quantidade;dataCompra
//   10452;ana@exemplo.com;;HID-GARRAFA750-PRETO;1;2025-03-14
// produto is the SKU or the catalogue id; email or cpf names the member; dataCompra is
// AAAA-MM-DD or dd/MM/aaaa. Safe to re-run: (pedido, produto) already registered is skipped.
// Exit code 1 when a line is invalid; lines of members not registered yet are listed as pending.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LEGION_TOTAL } from '@legiao/contracts';
import { loadConfig } from '../../config.js';
import { resolveDatabase } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { createPrisma } from '../../db/prisma.js';
import { importPurchases, type LineResult } from './purchases-import.js';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('uso: pnpm --filter @legiao/api run import:compras <arquivo.csv> [--dry-run]');
  process.exit(2);
}
// pnpm runs the script inside apps/api: a relative path is taken from where the command was typed.
const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
const text = readFileSync(path, 'utf8');

const describe = (r: LineResult) => {
  switch (r.status) {
    case 'criada':
      return `linha ${r.linha}: criada (pedido ${r.pedido}, produto ${r.produto})${r.numeros.length ? `, números ${r.numeros.map((n) => `${n}/${LEGION_TOTAL}`).join(', ')}` : dryRun ? '' : ', sem número (série esgotada)'}`;
    case 'existente':
      return `linha ${r.linha}: já registrada (pedido ${r.pedido}, produto ${r.produto})`;
    case 'pendente':
      return `linha ${r.linha}: pendente, ${r.motivo} (pedido ${r.pedido}, produto ${r.produto})`;
    case 'invalida':
      return `linha ${r.linha}: inválida, ${r.motivo}`;
  }
};

const config = loadConfig();
const db = await resolveDatabase(config, console.log);
const prisma = createPrisma(db.url, 2);
let exitCode = 0;
try {
  await migrate(db.url, console.log);
  const results = await importPurchases(prisma, text, { dryRun });
  for (const r of results) console.log(describe(r));
  const n = (s: LineResult['status']) => results.filter((r) => r.status === s).length;
  console.log(`${dryRun ? '[simulação] ' : ''}${n('criada')} criada(s), ${n('existente')} já registrada(s), ${n('pendente')} pendente(s), ${n('invalida')} inválida(s)`);
  if (n('invalida')) exitCode = 1;
} finally {
  await prisma.$disconnect();
  await db.stop();
}
process.exit(exitCode);
