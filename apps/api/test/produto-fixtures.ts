import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/prisma.js';
import { searchName } from '../src/features/produto/name-search.js';
import { createVerifiedEntry, type VerifiedPurchase } from '../src/features/produto/purchases-import.js';
import { bearer, createUser, login } from './support/factories.js';

// Factories for the product tests: unique data per call, since test files share one database.

/** A short token that appears in no other product name (letters only: it survives nomeParaBusca). */
export const uniqueToken = () =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)
    .padEnd(8, 'x');

export async function createProduct(
  prisma: Db,
  overrides: Partial<{ nome: string; categoria: string; subcategoria: string; ativo: boolean; moldura: string | null; numerosAtribuidos: number }> = {},
) {
  const name = overrides.nome ?? `Copo Térmico Teste ${uniqueToken()}`;
  return prisma.produto.create({
    data: {
      sku: `TESTE-${randomUUID()}`,
      nome: name,
      nomeBusca: searchName(name),
      categoria: overrides.categoria ?? 'Bar',
      subcategoria: overrides.subcategoria ?? 'Copo Térmico Cerveja 473ml',
      img: '/produtos/copo-termico-bar-preto.svg',
      imgAlternativa: '/produtos/copo-termico-bar-preto-2.svg',
      imagem3: '/produtos/copo-termico-bar-preto-3.svg',
      imagem4: '/produtos/copo-termico-bar-preto-4.svg',
      descricaoDetalhe: 'Parede dupla a vácuo.',
      tempoQuente: null,
      tempoGelado: 4,
      tempoComGelo: 12,
      moldura: overrides.moldura === undefined ? 'Clássica' : overrides.moldura,
      ativo: overrides.ativo ?? true,
      numerosAtribuidos: overrides.numerosAtribuidos ?? 0,
    },
  });
}

/** An active member with a live session. */
export async function createMember(app: FastifyInstance, prisma: Db) {
  const { usuario: user, email } = await createUser(prisma);
  const token = await login(app, email);
  return { usuario: user, email, token, headers: bearer(token) };
}

/** A verified purchase, as the import registers it (with legion numbers). */
export function createVerifiedPurchase(prisma: Db, c: Omit<VerifiedPurchase, 'codigoPedido' | 'dataCompra'> & { codigoPedido?: string; dataCompra?: string }) {
  return prisma.$transaction((tx) => createVerifiedEntry(tx, { dataCompra: '2025-05-10', codigoPedido: `PED-${randomUUID()}`, ...c }));
}

/** A member's own (not verified) entry straight in the database. */
export function createEntry(prisma: Db, userId: string, productId: number, data: Partial<{ quantidade: number; dataCompra: string; localCompra: string; presente: boolean }> = {}) {
  return prisma.produtoCliente.create({
    data: {
      usuarioId: userId,
      produtoId: productId,
      quantidade: data.quantidade ?? 1,
      dataCompra: new Date(`${data.dataCompra ?? '2025-01-15'}T00:00:00.000Z`),
      localCompra: data.localCompra ?? 'Amazon',
      presente: data.presente ?? false,
    },
  });
}
