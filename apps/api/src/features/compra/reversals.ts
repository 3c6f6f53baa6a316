import type { Sql } from './verified-purchases.js';

// Cancelled and refunded orders (docs/decisions/0041-store-integration.md). Nothing is deleted:
// - the order's verified entries get cancelado_em: they leave the member's collection, counts and
//   achievements; their legion numbers stay with them, retired (the counter never goes back, so a
//   number is never handed out twice);
// - each entry's Compra credit is reversed by a new ledger entry (motivo 'estorno', estorno_de_id
//   naming it; unique, so a credit is reversed once);
// - a referral confirmed for a friend who has no verified purchase left is 'estornada' and its
//   credit reversed the same way; it is never confirmed again (buying and cancelling cannot farm
//   points).
// A balance already spent goes negative: redemptions then need a balance that covers them.

export interface Reversal {
  /** Entries cancelled now. */
  entradas: number;
  /** Ledger reversals written (purchase and referral credits). */
  estornos: number;
  /** Referrals reversed. */
  indicacoes: number;
}

/**
 * Cancels every verified entry of these order codes (whoever registered them: the store's order id
 * is the brand's, the CSV import's too) and reverses what they earned, in the caller's transaction.
 * Safe to repeat: entries already cancelled and credits already reversed are skipped.
 */
export async function reverseOrders(sql: Sql, orderCodes: string[]): Promise<Reversal> {
  if (!orderCodes.length) return { entradas: 0, estornos: 0, indicacoes: 0 };
  const [purchases] = await sql.rows<{ entradas: number; estornos: number; usuarios: string[] }>(
    `WITH c AS (
       UPDATE produto_cliente pc SET cancelado_em = now() AT TIME ZONE 'UTC', atualizado_em = now() AT TIME ZONE 'UTC'
        WHERE pc.codigo_pedido IN (SELECT jsonb_array_elements_text($1::jsonb)) AND pc.produto_validado AND pc.cancelado_em IS NULL
       RETURNING pc.id, pc.usuario_id),
          r AS (
       INSERT INTO lancamento (id, usuario_id, motivo, valor, estorno_de_id)
       SELECT gen_random_uuid(), l.usuario_id, 'estorno', -l.valor, l.id FROM lancamento l JOIN c ON l.produto_cliente_id = c.id
       ON CONFLICT DO NOTHING RETURNING 1)
     SELECT (SELECT count(*) FROM c)::int AS entradas, (SELECT count(*) FROM r)::int AS estornos,
            ARRAY(SELECT DISTINCT c.usuario_id::text FROM c) AS usuarios`,
    [JSON.stringify(orderCodes)],
  );
  if (!purchases || purchases.entradas === 0) return { entradas: 0, estornos: 0, indicacoes: 0 };
  // A statement of its own: it must see the cancellations above.
  const [referrals] = await sql.rows<{ indicacoes: number; estornos: number }>(
    `WITH e AS (
       UPDATE indicacao i SET status = 'estornada'
        WHERE i.indicado_id IN (SELECT (jsonb_array_elements_text($1::jsonb))::uuid) AND i.status = 'confirmada'
          AND NOT EXISTS (SELECT 1 FROM produto_cliente pc WHERE pc.usuario_id = i.indicado_id AND pc.produto_validado AND pc.cancelado_em IS NULL)
       RETURNING i.id),
          r AS (
       INSERT INTO lancamento (id, usuario_id, motivo, valor, estorno_de_id)
       SELECT gen_random_uuid(), l.usuario_id, 'estorno', -l.valor, l.id FROM lancamento l JOIN e ON l.indicacao_id = e.id
       ON CONFLICT DO NOTHING RETURNING 1)
     SELECT (SELECT count(*) FROM e)::int AS indicacoes, (SELECT count(*) FROM r)::int AS estornos`,
    [JSON.stringify(purchases.usuarios)],
  );
  return { entradas: purchases.entradas, estornos: purchases.estornos + (referrals?.estornos ?? 0), indicacoes: referrals?.indicacoes ?? 0 };
}
