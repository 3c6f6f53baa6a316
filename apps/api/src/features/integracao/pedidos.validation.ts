import { createHash } from 'node:crypto';
import { rejectingControlCharacters } from '@legiao/contracts';
import { fieldPath, orderSchema, ORDERS_MSG, type Order, type OrderError } from '@legiao/contracts/integracao/pedidos';

// Each order of a call on its own (docs/decisions/0041-store-integration.md): checked with the
// contract's zod schema (Portuguese messages, field by field), reduced to its canonical content, and
// compared with what was received before under the same order id.

const checked = rejectingControlCharacters(orderSchema);

export type ParsedOrder = { index: number; pedido: string | null; errors: OrderError[]; order?: undefined } | { index: number; pedido: string; errors: []; order: Order };

/** The order id as the answer names it, even when the order is refused. */
const rawId = (raw: unknown) => {
  const id = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).pedido : undefined;
  return typeof id === 'string' && id.trim() ? id.trim().slice(0, 80) : null;
};

/** One order: valid (with its parsed value) or its errors, one per field (the first for each). */
export function parseOrder(raw: unknown, index: number): ParsedOrder {
  const r = checked.safeParse(raw);
  if (r.success) return { index, pedido: r.data.pedido, errors: [], order: r.data };
  const errors = new Map<string, string>();
  for (const issue of r.error.issues) {
    const field = fieldPath(issue.path);
    if (!errors.has(field)) errors.set(field, issue.message);
  }
  return { index, pedido: rawId(raw), errors: [...errors].map(([field, message]) => ({ campo: field, mensagem: message })) };
}

/** What makes an order itself: everything but its state (paid -> cancelled is the same order changing). */
export interface CanonicalOrder {
  email: string | null;
  cpf: string | null;
  data: string;
  canal: string;
  /** By upper-cased SKU, sorted. */
  itens: { sku: string; quantidade: number; quantidadePresente: number }[];
}

export function canonical(o: Order): CanonicalOrder {
  return {
    email: o.email ?? null,
    cpf: o.cpf ?? null,
    data: o.data,
    canal: o.canal,
    itens: o.itens.map((i) => ({ sku: i.sku.toUpperCase(), quantidade: i.quantidade, quantidadePresente: i.quantidadePresente })).sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0)),
  };
}

/** The SHA-256 of the canonical content (pedido_loja.conteudo): equal content, equal digest. */
export function contentDigest(c: CanonicalOrder): string {
  return createHash('sha256').update(JSON.stringify([c.email, c.cpf, c.data, c.canal, c.itens.map((i) => [i.sku, i.quantidade, i.quantidadePresente])])).digest('hex');
}

const itemsText = (items: CanonicalOrder['itens']) => items.map((i) => `${i.quantidade}× ${i.sku}${i.quantidadePresente ? ` (${i.quantidadePresente} para presente)` : ''}`).join(', ');

/**
 * The fields where an order differs from the one received before under its id, each with a message.
 * The buyer's e-mail and CPF are named, never shown (the other client may not be this one).
 */
export function differences(before: CanonicalOrder, now: CanonicalOrder): OrderError[] {
  const out: OrderError[] = [];
  if (before.email !== now.email) out.push({ campo: 'email', mensagem: ORDERS_MSG.diferente('o e-mail de quem comprou') });
  if (before.cpf !== now.cpf) out.push({ campo: 'cpf', mensagem: ORDERS_MSG.diferente('o CPF de quem comprou') });
  if (before.data !== now.data) out.push({ campo: 'data', mensagem: ORDERS_MSG.diferente(`a data (antes ${before.data})`) });
  if (before.canal !== now.canal) out.push({ campo: 'canal', mensagem: ORDERS_MSG.diferente(`o canal (antes "${before.canal}")`) });
  if (itemsText(before.itens) !== itemsText(now.itens)) out.push({ campo: 'itens', mensagem: ORDERS_MSG.diferente(`os itens (antes ${itemsText(before.itens)})`) });
  return out;
}
