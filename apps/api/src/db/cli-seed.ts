// pnpm seed: creates the demo accounts. Refuses to touch a production database unless
// SEED_DEMO=true says so explicitly.
import { loadConfig } from '../config.js';
import { resolveDatabase } from './database.js';
import { migrate } from './migrate.js';
import { createPrisma } from './prisma.js';
import { seedDemo } from './seed.js';

const config = loadConfig();
if (config.isProduction && process.env.SEED_DEMO !== 'true') {
  console.error('Recusado: em produção o seed de demonstração só roda com SEED_DEMO=true.');
  process.exit(1);
}
const db = await resolveDatabase(config, console.log);
const prisma = createPrisma(db.url);
try {
  await migrate(db.url, console.log);
  console.log(`${await seedDemo(prisma, config)} conta(s) de demonstração criada(s)`);
} finally {
  await prisma.$disconnect();
  await db.stop();
}
