// pnpm migrate: applies pending migrations to DATABASE_URL (or the embedded database).
import { loadConfig } from '../config.js';
import { resolveDatabase } from './database.js';
import { migrate } from './migrate.js';

const config = loadConfig();
const db = await resolveDatabase(config, console.log);
try {
  const applied = await migrate(db.url, console.log);
  console.log(applied.length ? `${applied.length} migração(ões) aplicada(s)` : 'banco já atualizado');
} finally {
  await db.stop();
}
