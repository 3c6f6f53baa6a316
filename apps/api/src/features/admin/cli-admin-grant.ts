// pnpm --filter @legiao/api run admin:grant <email> [--revogar]
// Gives an existing account the back office's admin role (every /api/admin route; docs/decisions/0027), or takes the
// role back. The way to create the first administrator: the roles screen needs one already. Audited.
import pg from 'pg';
import { loadConfig } from '../../config.js';
import { resolveDatabase } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { createPrisma } from '../../db/prisma.js';
import { setAdmin } from './admin-grant.js';

const args = process.argv.slice(2).filter((a) => a !== '--');
const revoke = args.includes('--revogar');
const email = args.find((a) => !a.startsWith('--'));
if (!email || !email.includes('@')) {
  console.error('Uso: pnpm --filter @legiao/api run admin:grant <email> [--revogar]');
  process.exit(2);
}

const config = loadConfig();

/** Without DATABASE_URL, the embedded database of a running server if there is one, else our own. */
async function openDatabase() {
  if (!config.databaseUrl) {
    const url = `postgresql://postgres:postgres@127.0.0.1:${config.embeddedPg.port}/legiao`;
    const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await probe.connect();
      await probe.end();
      return { url, stop: async () => {} };
    } catch {
      // not running: start it below
    }
  }
  return resolveDatabase(config, console.log);
}

const db = await openDatabase();
const prisma = createPrisma(db.url, 1);
let code = 0;
try {
  await migrate(db.url, console.log);
  const result = await setAdmin(prisma, email, !revoke);
  const messages = {
    concedido: `${email} agora é administrador.`,
    revogado: `${email} não é mais administrador.`,
    'sem-mudanca': revoke ? `${email} já não era administrador.` : `${email} já era administrador.`,
    'conta-inexistente': `Nenhuma conta com o e-mail ${email}. Cadastre a conta primeiro.`,
  };
  (result === 'conta-inexistente' ? console.error : console.log)(messages[result]);
  if (result === 'conta-inexistente') code = 1;
} finally {
  await prisma.$disconnect();
  await db.stop();
}
process.exit(code);
