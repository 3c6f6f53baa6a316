import type { FaqItem } from '@legiao/contracts/faq';
import type { Db } from '../../db/prisma.js';

// The FAQ (spec 000 section 2, spec 001 sections 2.2, 3): kept in the database, seeded
// (seed-engajamento.ts), read by the home ('faq') and the landing page ('duvidas').
// docs/decisions/0012-banners-faq.md

/** Entries of every category, by categoria then ordem; ativo undefined = all of them. */
export async function listFaq(prisma: Db, filter: { ativo?: boolean }): Promise<FaqItem[]> {
  const rows = await prisma.faq.findMany({
    where: filter.ativo === undefined ? {} : { ativo: filter.ativo },
    orderBy: [{ categoria: 'asc' }, { ordem: 'asc' }, { id: 'asc' }],
  });
  return rows.map((f) => ({ id: f.id, pergunta: f.pergunta, resposta: f.resposta, categoria: f.categoria, ativo: f.ativo, ordem: f.ordem }));
}
