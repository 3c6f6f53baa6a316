import { randomUUID } from 'node:crypto';
import type { LaunchRule } from '@legiao/contracts/lancamentos';
import type { Db } from '../src/db/prisma.js';
import type { TipoUsuario } from '../src/generated/prisma/enums.js';
import { createUser } from './support/factories.js';
import { createProduct } from './produto-fixtures.js';

// Factories for the launches' tests (docs/decisions/0047-launches.md): unique data per call, since
// test files share one database.

export const tag = () => randomUUID().replace(/-/g, '').slice(0, 10);

/** A seeded category (a new one would show in GET /api/produto/categoria, which other tests read whole). */
export const CATEGORY = 'Camping';

export async function member(prisma: Db, opts: { tipo?: TipoUsuario; ativo?: boolean; bloqueado?: boolean; activatedDaysAgo?: number } = {}) {
  const { usuario: user, email } = await createUser(prisma, { ativo: opts.ativo ?? true });
  const activatedAt = opts.activatedDaysAgo !== undefined ? new Date(Date.now() - opts.activatedDaysAgo * 86400_000) : user.ativadoEm;
  const updated = await prisma.usuario.update({
    where: { id: user.id },
    data: { tipo: opts.tipo ?? 'legionario', ativadoEm: activatedAt, ...(opts.activatedDaysAgo !== undefined ? { dataCadastro: activatedAt! } : {}), ...(opts.bloqueado ? { bloqueadoEm: new Date(), motivoBloqueio: 'teste' } : {}) },
  });
  return { ...updated, email };
}

/** A purchase verified by staff (not cancelled unless told). */
export function verifiedPurchase(prisma: Db, userId: string, productId: number, over: { canceladoEm?: Date; quantidade?: number; quantidadePresente?: number } = {}) {
  return prisma.produtoCliente.create({
    data: { usuarioId: userId, produtoId: productId, dataCompra: new Date('2026-05-10T00:00:00.000Z'), localCompra: 'Loja', produtoValidado: true, codigoPedido: `PED-${randomUUID()}`, origem: 'equipe', ...over },
  });
}

/** A ledger credit of `points` (a Compra on a verified entry of its own product of category `category`). */
export async function credit(prisma: Db, userId: string, points: number, productId: number) {
  const entry = await prisma.produtoCliente.create({ data: { usuarioId: userId, produtoId: productId, dataCompra: new Date('2026-05-10T00:00:00.000Z'), localCompra: 'Loja' } });
  await prisma.lancamento.create({ data: { usuarioId: userId, motivo: 'compra', valor: points, produtoClienteId: entry.id } });
}

/** A confirmed referral made by `userId`. */
export async function confirmedReferral(prisma: Db, userId: string) {
  const friend = await createUser(prisma);
  await prisma.indicacao.create({ data: { indicadorId: userId, indicadoId: friend.usuario.id, cpfDigest: tag(), emailDigest: tag(), status: 'confirmada', confirmadaEm: new Date() } });
}

/** Two fresh products of CATEGORY and one of another seeded category. */
export async function products(prisma: Db) {
  return { a: await createProduct(prisma, { categoria: CATEGORY }), b: await createProduct(prisma, { categoria: CATEGORY }), other: await createProduct(prisma, { categoria: 'Bar' }) };
}

const HOUR = 3600_000;

/** A launch straight in the database (published unless told), window around now by default. */
export async function launch(prisma: Db, opts: { regra?: LaunchRule; start?: Date; end?: Date; publicDate?: Date; status?: 'rascunho' | 'publicado' | 'arquivado'; cota?: number; sku?: string } = {}) {
  const start = opts.start ?? new Date(Date.now() - HOUR);
  const end = opts.end ?? new Date(start.getTime() + 48 * HOUR);
  const slug = `lanc-${tag()}`;
  return prisma.lancamentoProduto.create({
    data: {
      slug,
      nome: `Garrafa ${slug}`,
      urlImagem: '/banners/lancamento-desktop.svg',
      sobre: 'Nova garrafa.',
      cores: [{ nome: 'Areia', hex: '#c2b280' }],
      produtos: [],
      skus: [opts.sku ?? 'SKU-X'],
      acessoInicio: start,
      acessoFim: end,
      dataPublica: opts.publicDate ?? new Date(end.getTime() + 24 * HOUR),
      cotaPorMembro: opts.cota ?? 2,
      regra: (opts.regra ?? { condicoes: [] }) as object,
      status: opts.status ?? 'publicado',
    },
  });
}
