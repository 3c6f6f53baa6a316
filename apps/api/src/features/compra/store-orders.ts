import type { Db } from '../../db/prisma.js';
import { applyVerifiedPurchases, sqlInTx, type PurchaseEffects, type PurchaseSource, type Sql } from './verified-purchases.js';

// The store's orders as verified purchases (docs/decisions/0041-store-integration.md): the items of
// kept orders (pedido_loja, pedido_loja_item) are the rows the purchases module applies, and an
// order kept 'pendente' (nobody had an active account with its e-mail or CPF) is applied, in full,
// by whatever makes such an account: the activation link, a social sign-up, a CPF given later.

/**
 * The items of these orders as purchases: each entry's id derived from its order and product (new
 * for a new order row), the order's channel as the purchase place, earlier purchases first.
 */
export function storeOrderRows(orderIds: string[]): PurchaseSource {
  return {
    sql: `SELECT md5(o.id::text || ':' || i.produto_id)::uuid AS id, o.usuario_id, i.produto_id, i.quantidade, i.quantidade_presente,
                 o.data_compra AS data, o.pedido, o.canal AS local_compra, o.id AS pedido_loja_id,
                 row_number() OVER (ORDER BY o.data_compra, o.recebido_em, o.pedido, i.produto_id) AS ordem
            FROM pedido_loja o JOIN pedido_loja_item i ON i.pedido_loja_id = o.id
           WHERE o.id IN (SELECT (jsonb_array_elements_text($1::jsonb))::uuid)`,
    params: [JSON.stringify(orderIds)],
  };
}

export interface Buyer {
  id: string;
  email: string;
  cpf: string | null;
}

/**
 * Applies the pending orders of this e-mail or CPF to the account, in the caller's transaction (the
 * one that makes the account active, or gives it its CPF). Each order is taken under its row lock
 * and only while still pending, so two paths at once (this and the integration's own re-check)
 * apply it once. Answers the applied orders' ids.
 */
export async function applyPendingOrders(sql: Sql, buyer: Buyer): Promise<{ pedidos: string[]; efeitos: PurchaseEffects | null }> {
  const orders = await sql.rows<{ id: string }>(
    `SELECT id::text FROM pedido_loja WHERE situacao = 'pendente' AND (email = $1 OR cpf = $2) ORDER BY data_compra, recebido_em, pedido FOR UPDATE`,
    [buyer.email, buyer.cpf],
  );
  if (!orders.length) return { pedidos: [], efeitos: null };
  const ids = orders.map((o) => o.id);
  await sql.rows(
    `UPDATE pedido_loja SET situacao = 'aplicado', usuario_id = $2::uuid, aplicado_em = now() AT TIME ZONE 'UTC'
      WHERE id IN (SELECT (jsonb_array_elements_text($1::jsonb))::uuid) RETURNING 1`,
    [JSON.stringify(ids), buyer.id],
  );
  return { pedidos: ids, efeitos: await applyVerifiedPurchases(sql, storeOrderRows(ids), 'integracao') };
}

/**
 * After the transaction that activated an account (or gave it its CPF) committed: its pending
 * orders once more, in a transaction of their own. An order the store sent while that transaction
 * was running was not visible to it; the integration re-checks its own pending orders after its
 * commit too, so one of the two always sees the other (ADR 0041). Usually finds nothing.
 */
export async function applyPendingOrdersAfterCommit(prisma: Db, buyer: Buyer, log: (err: unknown) => void): Promise<void> {
  try {
    await prisma.$transaction((tx) => applyPendingOrders(sqlInTx(tx), buyer));
  } catch (err) {
    // The member's action succeeded; the integration's re-check (or the next activation path) catches up.
    log(err);
  }
}
