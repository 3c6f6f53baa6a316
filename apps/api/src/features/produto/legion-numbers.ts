import { LEGION_TOTAL } from '@legiao/contracts';
import type { Prisma } from '../../generated/prisma/client.js';

/**
 * Hands the next legion numbers of a product to the pieces of one verified entry, inside the
 * caller's transaction (docs/decisions/0006-legion-numbers.md):
 * - each product has one numbered series, 1 to 1913, given out in verification order;
 * - each verified piece (unit) takes the next free number while the series lasts; pieces verified
 *   after the 1913th are not numbered;
 * - the product row is locked (FOR NO KEY UPDATE) while its counter moves, so concurrent imports
 *   queue up and numbers come out consecutive; that lock doesn't conflict with the key-share lock
 *   every insert of an entry takes on its product (foreign key), so members adding products are
 *   never blocked and the two can't deadlock; the (produto_id, numero) primary key and the 1..1913 CHECK
 *   make a duplicate or out-of-range number impossible even if this code were wrong.
 * Numbers are never reused: the counter only grows, even when an entry or a member is deleted.
 * Returns the numbers given (possibly none).
 */
export async function assignLegionNumbers(tx: Prisma.TransactionClient, productId: number, memberProductId: string, pieces: number): Promise<number[]> {
  const [row] = await tx.$queryRaw<{ numeros_atribuidos: number }[]>`SELECT numeros_atribuidos FROM produto WHERE id = ${productId} FOR NO KEY UPDATE`;
  if (!row) throw new Error(`produto ${productId} não existe`);
  const before = row.numeros_atribuidos;
  const n = Math.max(0, Math.min(pieces, LEGION_TOTAL - before));
  if (n === 0) return [];
  const numbers = Array.from({ length: n }, (_, i) => before + 1 + i);
  await tx.produto.update({ where: { id: productId }, data: { numerosAtribuidos: before + n } });
  await tx.numeroLegionario.createMany({ data: numbers.map((number) => ({ produtoId: productId, numero: number, produtoClienteId: memberProductId })) });
  return numbers;
}
