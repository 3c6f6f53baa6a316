import type { Config } from '../config.js';
import { startEmbeddedPostgres } from './embedded/index.js';

/** The configured database, or an embedded PostgreSQL when DATABASE_URL is unset. */
export async function resolveDatabase(config: Config, log: (m: string) => void) {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  log('DATABASE_URL não definido: usando PostgreSQL embutido');
  return startEmbeddedPostgres({ dir: config.embeddedPg.dir, port: config.embeddedPg.port, log });
}
