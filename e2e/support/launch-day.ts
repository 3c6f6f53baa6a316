import { createRequire } from 'node:module';
import path from 'node:path';
import { API_DIR } from './env';
import { e2eDatabaseUrl } from './database';

// The launch day's browser tests (admin-lancamento-dia*.spec.ts) seed what a launch day leaves in the
// database (views, accesses, alerts sent by the sender that is off in the tests) straight in SQL:
// the client, and the launch those rows hang on.

export type PgClient = { connect(): Promise<unknown>; query(sql: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>; end(): Promise<void> };

const requireFromApi = createRequire(path.join(API_DIR, 'package.json'));

/** `fn` in one transaction on the e2e database (the API's own `pg`): committed, or rolled back and thrown. */
export async function inE2eTransaction<T>(fn: (client: PgClient) => Promise<T>): Promise<T> {
  const pg = requireFromApi('pg') as { Client: new (o: { connectionString: string }) => PgClient };
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/**
 * A product off the shelf and a published launch of it whose early access opened 10 minutes ago (for
 * two days, public a day later, allowance 2), eligible to whoever owns the product.
 */
export async function insertOpenLaunch(client: PgClient, o: { sku: string; name: string; slug: string; category: string }): Promise<{ launchId: string; productId: number; opensAt: unknown }> {
  const product = await client.query(
    `INSERT INTO produto (sku, nome, nome_busca, categoria, subcategoria, img, descricao_detalhe, ativo, atualizado_em)
     VALUES ($1, $2, lower($2), $3, 'Térmicas', '/produtos/garrafa.svg', 'Lançamento.', false, now()) RETURNING id`,
    [o.sku, o.name, o.category],
  );
  const productId = product.rows[0]!.id as number;
  const launch = await client.query(
    `INSERT INTO lancamento_produto (id, slug, nome, url_imagem, skus, acesso_inicio, acesso_fim, data_publica, cota_por_membro, regra, status, atualizado_em)
     VALUES (gen_random_uuid(), $1, $2, '/banners/lancamento-desktop.svg', ARRAY[$3], now() - interval '10 minutes', now() + interval '2 days', now() + interval '3 days', 2, $4, 'publicado', now())
     RETURNING id::text AS id, acesso_inicio`,
    [o.slug, o.name, o.sku, JSON.stringify({ condicoes: [{ tipo: 'possuiProduto', produtoId: productId }] })],
  );
  return { launchId: launch.rows[0]!.id as string, productId, opensAt: launch.rows[0]!.acesso_inicio };
}
