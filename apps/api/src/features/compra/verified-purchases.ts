import type pg from 'pg';
import { LEGION_TOTAL, POINTS } from '@legiao/contracts';
import type { Prisma } from '../../db/prisma.js';
import { prepared } from '../../db/prepared.js';

// Verified purchases, written once (docs/decisions/0006-legion-numbers.md, 0009-economy.md,
// 0041-store-integration.md). Whoever verifies a purchase (the back office's CSV import and the
// import CLI, the store's integration, a staff member on the member's page, a pending store order at
// the buyer's activation) hands this module a list of rows; it writes, set-based, in the caller's
// transaction:
// - the verified entries (produto_cliente), skipping an order and product already registered
//   (ON CONFLICT (codigo_pedido, produto_id) DO NOTHING: the brand has one order numbering);
// - the Compra credit of each entry (unique lancamento.produto_cliente_id: once);
// - the legion numbers of its pieces, in apply order per product, under the product row's lock
//   (taken after the entries are in, in id order, so concurrent verifications queue instead of
//   deadlocking, and only for the numbers);
// - the referral each buyer's first purchase was waiting for, confirmed with its credit (unique
//   lancamento.indicacao_id: once).
// Three statements after the lock, whatever the number of rows: no round trip per row.

/**
 * A verified purchase, as SQL over a produto_cliente alias: verified by the brand (import, integration
 * or staff) and not cancelled by the store. What confirms a referral (indicacao.service.ts) and what
 * the launches' rule counts (features/lancamentos/rule-engine.ts).
 */
export const verifiedPurchaseSql = (pc: string) => `${pc}.produto_validado AND ${pc}.cancelado_em IS NULL`;

/** Who verified a purchase (produto_cliente.origem). */
export type PurchaseOrigin = 'importacao' | 'integracao' | 'equipe';

/** One statement, its rows: on a pg connection (the import's, the integration's) or in a Prisma transaction. */
export interface Sql {
  rows<T = Record<string, unknown>>(text: string, params: unknown[]): Promise<T[]>;
}
/**
 * On a pg connection. `prepared`: each text named (db/prepared.ts), for the store's small calls, where
 * planning costs more than running; the CSV import's batches are thousands of rows, planned for their own bounds.
 */
export const sqlOn = (client: pg.ClientBase, opts: { prepared?: boolean } = {}): Sql => ({
  rows: async (text, params) => (await client.query(opts.prepared ? prepared(text, params) : { text, values: params })).rows,
});
export const sqlInTx = (tx: Prisma.TransactionClient): Sql => ({ rows: (text, params) => tx.$queryRawUnsafe(text, ...params) });

/**
 * The purchases to verify: a SELECT (with its parameters, $1..$n) whose rows have the columns
 *   id uuid                 the entry's id, chosen by the caller and new: an id found in produto_cliente
 *                           afterwards is an entry this call created (a skipped row's is not there)
 *   usuario_id uuid, produto_id int, quantidade int, quantidade_presente int, data date,
 *   pedido text             the order's code (codigo_pedido)
 *   local_compra text, pedido_loja_id uuid (null outside the store integration),
 *   ordem bigint            the apply order: earlier buyers first (legion numbers)
 */
export interface PurchaseSource {
  sql: string;
  params: unknown[];
}

/** A purchase given by value (one staff registration, createVerifiedEntry). */
export interface PurchaseRow {
  id: string;
  usuarioId: string;
  produtoId: number;
  quantidade: number;
  quantidadePresente?: number;
  /** 'YYYY-MM-DD' */
  data: string;
  pedido: string;
  localCompra: string;
  pedidoLojaId?: string | null;
}

/** Rows given by value, applied in the list's order (one JSON parameter: the same on pg and Prisma). */
export function purchaseRows(rows: PurchaseRow[]): PurchaseSource {
  return {
    sql: `SELECT r.id, r.usuario_id, r.produto_id, r.quantidade, r.quantidade_presente, r.data, r.pedido, r.local_compra, r.pedido_loja_id, r.ordem
            FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, usuario_id uuid, produto_id int, quantidade int, quantidade_presente int, data date,
                                                   pedido text, local_compra text, pedido_loja_id uuid, ordem bigint)`,
    params: [
      JSON.stringify(
        rows.map((r, i) => ({
          id: r.id,
          usuario_id: r.usuarioId,
          produto_id: r.produtoId,
          quantidade: r.quantidade,
          quantidade_presente: r.quantidadePresente ?? 0,
          data: r.data,
          pedido: r.pedido,
          local_compra: r.localCompra,
          pedido_loja_id: r.pedidoLojaId ?? null,
          ordem: i + 1,
        })),
      ),
    ],
  };
}

/** What one call changed. */
export interface PurchaseEffects {
  /** Entries created (the rest were registered already). */
  entradas: number;
  /** Compra credits written. */
  creditos: number;
  /** Legion numbers handed out. */
  numeros: number;
  /** Referrals confirmed (and credited). */
  indicacoes: number;
}

/**
 * Verifies the source's purchases in the caller's transaction (see the file's comment). The source
 * is read three times: a SELECT over a staged table or a small JSON list costs less than carrying
 * the rows through Node.
 */
export async function applyVerifiedPurchases(sql: Sql, source: PurchaseSource, origin: PurchaseOrigin): Promise<PurchaseEffects> {
  const n = source.params.length;
  const p = (i: number) => `$${n + i}`;
  await sql.rows(
    `WITH ins AS (
       INSERT INTO produto_cliente (id, usuario_id, produto_id, quantidade, data_compra, local_compra, produto_validado, quantidade_presente, codigo_pedido, origem, pedido_loja_id, atualizado_em)
       SELECT s.id, s.usuario_id, s.produto_id, s.quantidade, s.data, s.local_compra, true, s.quantidade_presente, s.pedido, ${p(1)}::origem_compra, s.pedido_loja_id, now() AT TIME ZONE 'UTC'
         FROM (${source.sql}) s ORDER BY s.ordem
       ON CONFLICT (codigo_pedido, produto_id) DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [...source.params, origin],
  );
  // Then the product rows, in id order: the legion-number counters move under this lock, held to the
  // caller's commit. Taken only now, so that concurrent verifications (the store's batches) insert
  // their entries side by side and queue only for the numbers.
  await sql.rows(`SELECT id FROM produto WHERE id IN (SELECT s.produto_id FROM (${source.sql}) s) ORDER BY id FOR NO KEY UPDATE`, source.params);
  // The rows whose entry exists now were created above (their ids are new): everything else follows
  // from them in one statement. Each row's entry is looked up by its id (LATERAL ... LIMIT 1: one
  // index probe per row, whatever the planner thinks of the source's size; as a plain EXISTS it
  // hashed the whole of produto_cliente when it misjudged the source, ~50 ms a batch at 200,000
  // entries). Numbers: each entry's pieces continue its product's counter in apply order (a running
  // sum per product), up to LEGION_TOTAL; the counter moves by every piece.
  const [effects] = await sql.rows<PurchaseEffects>(
    `WITH b AS (SELECT s.* FROM (${source.sql}) s JOIN LATERAL (SELECT 1 FROM produto_cliente pc WHERE pc.id = s.id LIMIT 1) created ON true),
          credito AS (
            INSERT INTO lancamento (id, usuario_id, motivo, valor, produto_cliente_id)
            SELECT gen_random_uuid(), b.usuario_id, 'compra', ${p(1)}::int, b.id FROM b
            ON CONFLICT DO NOTHING RETURNING 1),
          c AS (
            SELECT b.id, b.produto_id, b.quantidade,
                   p.numeros_atribuidos + sum(b.quantidade) OVER (PARTITION BY b.produto_id ORDER BY b.ordem, b.id) - b.quantidade AS antes
              FROM b JOIN produto p ON p.id = b.produto_id),
          numeros AS (
            INSERT INTO numero_legionario (produto_id, numero, produto_cliente_id)
            SELECT c.produto_id, c.antes + g, c.id FROM c, generate_series(1, c.quantidade) g WHERE c.antes + g <= ${p(2)}::int
            RETURNING 1),
          contador AS (
            UPDATE produto p SET numeros_atribuidos = LEAST(${p(2)}::int, p.numeros_atribuidos + s.pecas)
              FROM (SELECT produto_id, sum(quantidade)::int AS pecas FROM b GROUP BY produto_id) s
             WHERE p.id = s.produto_id RETURNING 1),
          confirmadas AS (
            UPDATE indicacao i SET status = 'confirmada', confirmada_em = now() AT TIME ZONE 'UTC'
             WHERE i.indicado_id IN (SELECT usuario_id FROM b) AND i.status = 'pendente' AND i.indicador_id IS NOT NULL
               AND EXISTS (SELECT 1 FROM usuario u WHERE u.id = i.indicado_id AND u.ativo)
            RETURNING i.id, i.indicador_id),
          indicacao AS (
            INSERT INTO lancamento (id, usuario_id, motivo, valor, indicacao_id)
            SELECT gen_random_uuid(), c.indicador_id, 'indicacao', ${p(3)}::int, c.id FROM confirmadas c
            ON CONFLICT DO NOTHING RETURNING 1)
     SELECT (SELECT count(*) FROM b)::int AS entradas, (SELECT count(*) FROM credito)::int AS creditos,
            (SELECT count(*) FROM numeros)::int AS numeros, (SELECT count(*) FROM indicacao)::int AS indicacoes,
            (SELECT count(*) FROM contador)::int AS produtos`,
    [...source.params, POINTS.compra, LEGION_TOTAL, POINTS.indicacao],
  );
  return { entradas: effects!.entradas, creditos: effects!.creditos, numeros: effects!.numeros, indicacoes: effects!.indicacoes };
}
