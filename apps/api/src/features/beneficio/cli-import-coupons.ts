// Imports a pool of coupon codes into a benefit (lista mode): one code per line (or the first
// column of a CSV; a header line named codigo/cupom/code is skipped).
// Usage: pnpm --filter @legiao/api exec tsx src/features/beneficio/cli-import-coupons.ts <chave-ou-id> <arquivo> [--opcao <id>]
// The same path as the back office's upload (docs/decisions/0028-code-pools-and-images.md): the file
// is streamed into staging, analysed, and its new codes added in batches; memory stays flat for any
// size. Idempotent: codes already present are skipped. Audited with no author and request id 'cli'.
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { loadConfig } from '../../config.js';
import { resolveDatabase } from '../../db/database.js';
import { createPrisma } from '../../db/prisma.js';
import { AppError } from '../../errors/app-error.js';
import { confirmImport, getImport, runningImport, stageImport } from '../admin/cupons/coupons-import.service.js';

const [target, file, ...rest] = process.argv.slice(2);
const optionIdx = rest.indexOf('--opcao');
const option = optionIdx >= 0 ? Number(rest[optionIdx + 1]) : undefined;
if (!target || !file || (option !== undefined && !Number.isInteger(option))) {
  console.error('uso: cli-import-cupons.ts <chave-ou-id-do-beneficio> <arquivo> [--opcao <id>]');
  process.exit(1);
}

const config = loadConfig();
const db = await resolveDatabase(config, console.log);
const prisma = createPrisma(db.url);
const actor = { id: null, requestId: 'cli' };
try {
  const b = await prisma.beneficio.findFirst({ where: /^\d+$/.test(target) ? { id: Number(target) } : { chave: target }, select: { id: true } });
  if (!b) throw new AppError('NOT_FOUND', `benefício não encontrado: ${target}`);
  const imp = await stageImport(prisma, { benefitId: b.id, optionId: option, fileName: basename(file), file: createReadStream(file), maxBytes: Number.MAX_SAFE_INTEGER }, actor);
  console.log(
    `${imp.linhas} linha(s): ${imp.novos} nova(s), ${imp.duplicadosNoArquivo} repetida(s) no arquivo, ${imp.jaNoEstoque + imp.jaResgatados} já no benefício, ${imp.emOutroBeneficio} em outro benefício, ${imp.invalidos} inválida(s)`,
  );
  for (const l of imp.exemplosInvalidos) console.log(`  inválida (linha ${l.linha}): ${l.texto}`);
  let imported = 0;
  if (imp.novos > 0) {
    await confirmImport(prisma, imp.id, actor, (err) => console.error(err));
    await runningImport(imp.id);
    const end = await getImport(prisma, imp.id);
    if (end.estado !== 'concluido') throw new AppError('INTERNAL', end.erro ?? 'a importação parou');
    imported = end.importados;
  }
  console.log(`${imported} código(s) importado(s)`);
  process.exitCode = imp.invalidos ? 1 : 0;
} catch (err) {
  if (!(err instanceof AppError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await prisma.$disconnect();
  await db.stop();
}
