import type { z } from 'zod';
import { CATALOGUE_MSG, CATALOGUE_CONSTANTS, type CatalogueOptions, type catalogueListQuerySchema, type ProductAdmin, type productAdminInputSchema } from '@legiao/contracts/admin/catalogo';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import { parseOrder } from '@legiao/contracts/admin/paging';
import type { Db } from '../../../db/prisma.js';
import { Prisma, type Produto } from '../../../generated/prisma/client.js';
import { conflict, notFound } from '../../../errors/app-error.js';
import { searchName } from '../../produto/name-search.js';

// Staff edit the catalogue members browse and pick from (ADR 0007). `produto` is in the content
// cache (ADR 0019); its legion-number counter is not staff's to touch (ADR 0006): no route writes
// numeros_atribuidos or numero_legionario, so the primary key (produto_id, numero) and the counter's
// row lock stay the only way numbers are handed out. ADR 0029.

type Tx = Prisma.TransactionClient;
type Input = z.output<typeof productAdminInputSchema>;
type Query = z.output<typeof catalogueListQuerySchema>;

const { LEGIAO_TOTAL: LEGION_TOTAL } = CATALOGUE_CONSTANTS;

export function toProductAdmin(p: Produto, entries: number): ProductAdmin {
  return {
    id: p.id,
    sku: p.sku,
    nome: p.nome,
    categoria: p.categoria,
    subcategoria: p.subcategoria,
    img: p.img,
    imgAlternativa: p.imgAlternativa,
    imagem3: p.imagem3,
    imagem4: p.imagem4,
    descricaoDetalhe: p.descricaoDetalhe,
    tempoQuente: p.tempoQuente,
    tempoGelado: p.tempoGelado,
    tempoComGelo: p.tempoComGelo,
    moldura: p.moldura,
    ativo: p.ativo,
    numerosAtribuidos: p.numerosAtribuidos,
    numerosRestantes: Math.max(0, LEGION_TOTAL - p.numerosAtribuidos),
    entradas: entries,
    atualizadoEm: p.atualizadoEm.toISOString(),
  };
}

const ORDERS: Record<string, keyof Prisma.ProdutoOrderByWithRelationInput> = { nome: 'nome', sku: 'sku', categoria: 'categoria', numerosAtribuidos: 'numerosAtribuidos', atualizadoEm: 'atualizadoEm' };

export async function listCatalogue(db: Db, q: Query): Promise<AdminPage<ProductAdmin>> {
  const words = q.q ? searchName(q.q).split(' ').filter(Boolean) : [];
  const where: Prisma.ProdutoWhereInput = {
    ...(q.categoria ? { categoria: q.categoria } : {}),
    ...(q.ativo ? { ativo: q.ativo === 'true' } : {}),
    ...(words.length ? { OR: [{ AND: words.map((w) => ({ nomeBusca: { contains: w } })) }, { sku: { contains: q.q, mode: 'insensitive' as const } }] } : {}),
  };
  const o = parseOrder(q.ordem);
  const orderBy: Prisma.ProdutoOrderByWithRelationInput[] = [o ? { [ORDERS[o.campo] ?? 'nome']: o.desc ? 'desc' : 'asc' } : { nome: 'asc' }, { id: 'asc' }];
  const [total, rows] = await Promise.all([
    db.produto.count({ where }),
    db.produto.findMany({ where, orderBy, skip: (q.pagina - 1) * q.porPagina, take: q.porPagina, include: { _count: { select: { entradas: true } } } }),
  ]);
  return { itens: rows.map((r) => toProductAdmin(r, r._count.entradas)), total, pagina: q.pagina, porPagina: q.porPagina };
}

export async function readProduct(db: Db | Tx, id: number): Promise<ProductAdmin> {
  const p = await db.produto.findUnique({ where: { id }, include: { _count: { select: { entradas: true } } } });
  if (!p) throw notFound(CATALOGUE_MSG.naoEncontrado);
  return toProductAdmin(p, p._count.entradas);
}

const data = (i: Input) => ({
  sku: i.sku,
  nome: i.nome,
  nomeBusca: searchName(i.nome),
  categoria: i.categoria,
  subcategoria: i.subcategoria,
  img: i.img,
  imgAlternativa: i.imgAlternativa ?? null,
  imagem3: i.imagem3 ?? null,
  imagem4: i.imagem4 ?? null,
  descricaoDetalhe: i.descricaoDetalhe,
  tempoQuente: i.tempoQuente ?? null,
  tempoGelado: i.tempoGelado ?? null,
  tempoComGelo: i.tempoComGelo ?? null,
  moldura: i.moldura ?? null,
  ativo: i.ativo,
});

/** SKUs are unique ignoring case (the purchase import matches them that way). */
async function checkSku(tx: Tx, sku: string, id?: number) {
  const other = await tx.produto.findFirst({ where: { sku: { equals: sku, mode: 'insensitive' }, ...(id ? { id: { not: id } } : {}) }, select: { id: true } });
  if (other) throw conflict(CATALOGUE_MSG.skuEmUso);
}

const uniqueViolated = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

export async function createProduct(tx: Tx, i: Input): Promise<ProductAdmin> {
  await checkSku(tx, i.sku);
  try {
    const p = await tx.produto.create({ data: data(i) });
    return toProductAdmin(p, 0);
  } catch (err) {
    if (uniqueViolated(err)) throw conflict(CATALOGUE_MSG.skuEmUso);
    throw err;
  }
}

async function lock(tx: Tx, id: number) {
  // FOR NO KEY UPDATE, as assignLegionNumbers takes: a staff edit and a verification queue on the row.
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM produto WHERE id = ${id} FOR NO KEY UPDATE`;
  if (!rows.length) throw notFound(CATALOGUE_MSG.naoEncontrado);
  return readProduct(tx, id);
}

export async function editProduct(tx: Tx, id: number, i: Input): Promise<{ antes: ProductAdmin; depois: ProductAdmin }> {
  const before = await lock(tx, id);
  await checkSku(tx, i.sku, id);
  try {
    await tx.produto.update({ where: { id }, data: data(i) });
  } catch (err) {
    if (uniqueViolated(err)) throw conflict(CATALOGUE_MSG.skuEmUso);
    throw err;
  }
  return { antes: before, depois: await readProduct(tx, id) };
}

export async function activateProduct(tx: Tx, id: number, active: boolean): Promise<{ antes: ProductAdmin; depois: ProductAdmin }> {
  const before = await lock(tx, id);
  await tx.produto.update({ where: { id }, data: { ativo: active } });
  return { antes: before, depois: await readProduct(tx, id) };
}

/** The choices of the members' "add a product" screen (lines of active products, as GET /produto/categoria), shown to staff. */
export async function catalogueOptions(db: Db): Promise<CatalogueOptions> {
  const lines = await db.produto.findMany({ where: { ativo: true }, distinct: ['categoria', 'subcategoria'], select: { categoria: true, subcategoria: true }, orderBy: [{ categoria: 'asc' }, { subcategoria: 'asc' }] });
  return {
    categorias: CATALOGUE_CONSTANTS.CATEGORIAS.map((category) => ({ categoria: category, subcategorias: lines.filter((l) => l.categoria === category).map((l) => l.subcategoria) })),
    molduras: [...CATALOGUE_CONSTANTS.MOLDURAS],
    locaisCompra: CATALOGUE_CONSTANTS.LOCAIS_COMPRA.map((l) => ({ value: l.value, label: l.label })),
    legiaoTotal: LEGION_TOTAL,
  };
}
