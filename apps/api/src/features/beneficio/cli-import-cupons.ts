// Imports a pool of coupon codes into a benefit (lista mode): one code per line (or the first
// column of a CSV; a header line that isn't a code is reported as invalid and skipped).
// Usage: pnpm --filter @legiao/api exec tsx src/features/beneficio/cli-import-cupons.ts <chave-ou-id> <arquivo> [--opcao <id>]
// Idempotent: codes already present are skipped. docs/decisions/0009-economy.md
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../config.js';
import { resolveDatabase } from '../../db/database.js';
import { createPrisma } from '../../db/prisma.js';
import { ImportacaoInvalida, importarCupons } from './cupons.service.js';

const [alvo, arquivo, ...resto] = process.argv.slice(2);
const opcaoIdx = resto.indexOf('--opcao');
const opcao = opcaoIdx >= 0 ? Number(resto[opcaoIdx + 1]) : undefined;
if (!alvo || !arquivo || (opcao !== undefined && !Number.isInteger(opcao))) {
  console.error('uso: cli-import-cupons.ts <chave-ou-id-do-beneficio> <arquivo> [--opcao <id>]');
  process.exit(1);
}
const codigos = readFileSync(arquivo, 'utf8')
  .replace(/^\uFEFF/, '')
  .split(/\r?\n/)
  .map((l) => (l.split(/[;,]/)[0] ?? '').replace(/^"|"$/g, '').trim())
  .filter(Boolean);

const config = loadConfig();
const db = await resolveDatabase(config, console.log);
const prisma = createPrisma(db.url);
try {
  const r = await importarCupons(prisma, { beneficio: /^\d+$/.test(alvo) ? Number(alvo) : alvo, opcao }, codigos);
  console.log(`${r.importados} código(s) importado(s), ${r.repetidos} já existente(s), ${r.invalidos.length} inválido(s)`);
  for (const c of r.invalidos.slice(0, 20)) console.log(`  inválido: ${c}`);
  process.exitCode = r.invalidos.length ? 1 : 0;
} catch (err) {
  if (!(err instanceof ImportacaoInvalida)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await prisma.$disconnect();
  await db.stop();
}
