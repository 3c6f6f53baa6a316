import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { FAQ_ADMIN_MSG, type faqInputSchema } from '@legiao/contracts/admin/faq';
import type { FaqItem } from '@legiao/contracts/faq';
import type { CategoriaFaq, Faq, Prisma } from '../../../generated/prisma/client.js';
import { badRequest, notFound } from '../../../errors/app-error.js';

// Staff edit the FAQ the home and the landing read (ADR 0012). `faq` is in the content cache with a
// NOTIFY trigger (ADR 0019): GET /Faq answers the change on every process at once. ADR 0029.

type Tx = Prisma.TransactionClient;
type Input = z.output<typeof faqInputSchema>;

export const toFaqAdmin = (f: Faq): FaqItem => ({ id: f.id, pergunta: f.pergunta, resposta: f.resposta, categoria: f.categoria, ativo: f.ativo, ordem: f.ordem });

async function nextOrder(tx: Tx, category: CategoriaFaq): Promise<number> {
  const r = await tx.faq.aggregate({ where: { categoria: category }, _max: { ordem: true } });
  return (r._max.ordem ?? 0) + 1;
}

async function lock(tx: Tx, id: number): Promise<Faq> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM faq WHERE id = ${id} FOR UPDATE`;
  if (!rows.length) throw notFound(FAQ_ADMIN_MSG.naoEncontrada);
  return tx.faq.findUniqueOrThrow({ where: { id } });
}

/** A new question goes to the end of its list. */
export async function createFaq(tx: Tx, i: Input): Promise<Faq> {
  return tx.faq.create({ data: { ...i, chave: `admin-${randomUUID()}`, ordem: await nextOrder(tx, i.categoria) } });
}

/** Moving a question to the other list puts it at that list's end. */
export async function editFaq(tx: Tx, id: number, i: Input): Promise<{ antes: Faq; depois: Faq }> {
  const before = await lock(tx, id);
  const order = before.categoria === i.categoria ? before.ordem : await nextOrder(tx, i.categoria);
  const after = await tx.faq.update({ where: { id }, data: { ...i, ordem: order } });
  return { antes: before, depois: after };
}

export async function removeFaq(tx: Tx, id: number): Promise<Faq> {
  const before = await lock(tx, id);
  await tx.faq.delete({ where: { id } });
  return before;
}

/**
 * Questions of one list in a new order: they take, in the order given, the places they held in
 * that list; the others keep theirs (a question added meanwhile on another screen stays put). The
 * list is renumbered 1..n; the table is locked against other writers for the transaction.
 */
export async function sortFaq(tx: Tx, category: CategoriaFaq, ids: number[]): Promise<{ antes: number[]; depois: number[] }> {
  await tx.$executeRawUnsafe('LOCK TABLE faq IN SHARE ROW EXCLUSIVE MODE');
  const all = await tx.faq.findMany({ where: { id: { in: ids } }, select: { id: true, categoria: true } });
  if (all.length !== ids.length) throw notFound(FAQ_ADMIN_MSG.naoEncontrada);
  if (all.some((f) => f.categoria !== category)) throw badRequest(FAQ_ADMIN_MSG.ordemOutraLista);
  const before = (await tx.faq.findMany({ where: { categoria: category }, orderBy: [{ ordem: 'asc' }, { id: 'asc' }], select: { id: true } })).map((f) => f.id);
  const moved = new Set(ids);
  const waitingRoom = [...ids];
  const after = before.map((id) => (moved.has(id) ? (waitingRoom.shift() as number) : id));
  await tx.$executeRaw`UPDATE faq AS t SET ordem = o.pos FROM unnest(${after}::int[]) WITH ORDINALITY AS o(id, pos) WHERE t.id = o.id AND t.ordem <> o.pos`;
  return { antes: before, depois: after };
}
