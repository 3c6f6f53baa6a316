import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from '@playwright/test';
import { e2eDatabaseUrl } from './database';
import { API_DIR } from './env';

// A hard bounce on record for a member's address (usuario.email_devolvido_em), as the bounce intake
// leaves it (POST /api/integracao/v1/emails/devolucoes, docs/decisions/0049-launch-alert-waves.md):
// written here in SQL, since reaching it through the intake would take a launch, an alert sent and the
// relay's signed VERP address, all of them another spec's subject (the API's integration tests do it).

const requireFromApi = createRequire(path.join(API_DIR, 'package.json'));
type PgClient = { connect(): Promise<unknown>; query(sql: string, values?: unknown[]): Promise<{ rowCount: number | null; rows: Record<string, unknown>[] }>; end(): Promise<void> };
type PgModule = { Client: new (opts: { connectionString: string }) => PgClient };

async function withDatabase<T>(run: (client: PgClient) => Promise<T>): Promise<T> {
  const pg = requireFromApi('pg') as PgModule;
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Marks the address of the account `email` as bounced now. */
export const markEmailBounced = (email: string) =>
  withDatabase(async (client) => {
    const res = await client.query(`UPDATE usuario SET email_devolvido_em = now() WHERE email = $1`, [email]);
    expect(res.rowCount, `devolução de ${email}`).toBe(1);
  });

/** Whether the account `email` has a bounce on record. */
export const hasBounceOnRecord = (email: string) =>
  withDatabase(async (client) => (await client.query(`SELECT email_devolvido_em IS NOT NULL AS marked FROM usuario WHERE email = $1`, [email])).rows[0]?.marked === true);
