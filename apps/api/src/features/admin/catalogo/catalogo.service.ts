import type { z } from 'zod';
import { CATALOGO_MSG, CATALOGO_CONSTANTES, type CatalogoOpcoes, type catalogoListQuerySchema, type ProdutoAdmin, type produtoAdminInputSchema } from '@legiao/contracts/admin/catalogo';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import { parseOrdem } from '@legiao/contracts/admin/paging';
import type { Db } from '../../../db/prisma.js';
import { Prisma, type Produto } from '../../../generated/prisma/client.js';
import { conflict, notFound } from '../../../errors/app-error.js';
import { nomeParaBusca } from '../../produto/nome-busca.js';

// Staff edit the catalogue members browse and pick from (ADR 0007). `produto` is in the content
// cache (ADR 0019); its legion-number counter is not staff's to touch (ADR 0006): no route writes
// numeros_atribuidos or numero_legionario, so the primary key (produto_id, numero) and the counter's
// row lock stay the only way numbers are handed out. ADR 0029.

type Tx = Prisma.TransactionClient;
type Input = z.output<typeof produtoAdminInputSchema>;
type Query = z.output<typeof catalogoListQuerySchema>;

const { LEGIAO_TOTAL } = CATALOGO_CONSTANTES;

export function toProdutoAdmin(p: Produto, entradas: number): ProdutoAdmin {
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
    numerosRestantes: Math.max(0, LEGIAO_TOTAL - p.numerosAtribuidos),
    entradas,
    atualizadoEm: p.atualizadoEm.toISOString(),
  };
}

const ORDENS: Record<string, keyof Prisma.ProdutoOrderByWithRelationInput> = { nome: 'nome', sku: 'sku', categoria: 'categoria', numerosAtribuidos: 'numerosAtribuidos', atualizadoEm: 'atualizadoEm' };

export async function listarCatalogo(db: Db, q: Query): Promise<AdminPage<ProdutoAdmin>> {
  const palavras = q.q ? nomeParaBusca(q.q).split(' ').filter(Boolean) : [];
  const where: Prisma.ProdutoWhereInput = {
    ...(q.categoria ? { categoria: q.categoria } : {}),
    ...(q.ativo ? { ativo: q.ativo === 'true' } : {}),
    ...(palavras.length ? { OR: [{ AND: palavras.map((w) => ({ nomeBusca: { contains: w } })) }, { sku: { contains: q.q, mode: 'insensitive' as const } }] } : {}),
  };
  const o = parseOrdem(q.ordem);
  const orderBy: Prisma.ProdutoOrderByWithRelationInput[] = [o ? { [ORDENS[o.campo] ?? 'nome']: o.desc ? 'desc' : 'asc' } : { nome: 'asc' }, { id: 'asc' }];
  const [total, rows] = await Promise.all([
    db.produto.count({ where }),
    db.produto.findMany({ where, orderBy, skip: (q.pagina - 1) * q.porPagina, take: q.porPagina, include: { _count: { select: { entradas: true } } } }),
  ]);
  return { itens: rows.map((r) => toProdutoAdmin(r, r._count.entradas)), total, pagina: q.pagina, porPagina: q.porPagina };
}

export async function lerProduto(db: Db | Tx, id: number): Promise<ProdutoAdmin> {
  const p = await db.produto.findUnique({ where: { id }, include: { _count: { select: { entradas: true } } } });
  if (!p) throw notFound(CATALOGO_MSG.naoEncontrado);
  return toProdutoAdmin(p, p._count.entradas);
}

const dados = (i: Input) => ({
  sku: i.sku,
  nome: i.nome,
  nomeBusca: nomeParaBusca(i.nome),
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
async function checarSku(tx: Tx, sku: string, id?: number) {
  const outro = await tx.produto.findFirst({ where: { sku: { equals: sku, mode: 'insensitive' }, ...(id ? { id: { not: id } } : {}) }, select: { id: true } });
  if (outro) throw conflict(CATALOGO_MSG.skuEmUso);
}

const unicoViolado = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

export async function criarProduto(tx: Tx, i: Input): Promise<ProdutoAdmin> {
  await checarSku(tx, i.sku);
  try {
    const p = await tx.produto.create({ data: dados(i) });
    return toProdutoAdmin(p, 0);
  } catch (err) {
    if (unicoViolado(err)) throw conflict(CATALOGO_MSG.skuEmUso);
    throw err;
  }
}

async function lock(tx: Tx, id: number) {
  // FOR NO KEY UPDATE, as assignLegionNumbers takes: a staff edit and a verification queue on the row.
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM produto WHERE id = ${id} FOR NO KEY UPDATE`;
  if (!rows.length) throw notFound(CATALOGO_MSG.naoEncontrado);
  return lerProduto(tx, id);
}

export async function editarProduto(tx: Tx, id: number, i: Input): Promise<{ antes: ProdutoAdmin; depois: ProdutoAdmin }> {
  const antes = await lock(tx, id);
  await checarSku(tx, i.sku, id);
  try {
    await tx.produto.update({ where: { id }, data: dados(i) });
  } catch (err) {
    if (unicoViolado(err)) throw conflict(CATALOGO_MSG.skuEmUso);
    throw err;
  }
  return { antes, depois: await lerProduto(tx, id) };
}

export async function ativarProduto(tx: Tx, id: number, ativo: boolean): Promise<{ antes: ProdutoAdmin; depois: ProdutoAdmin }> {
  const antes = await lock(tx, id);
  await tx.produto.update({ where: { id }, data: { ativo } });
  return { antes, depois: await lerProduto(tx, id) };
}

/** The choices of the members' "add a product" screen (lines of active products, as GET /produto/categoria), shown to staff. */
export async function opcoesCatalogo(db: Db): Promise<CatalogoOpcoes> {
  const linhas = await db.produto.findMany({ where: { ativo: true }, distinct: ['categoria', 'subcategoria'], select: { categoria: true, subcategoria: true }, orderBy: [{ categoria: 'asc' }, { subcategoria: 'asc' }] });
  return {
    categorias: CATALOGO_CONSTANTES.CATEGORIAS.map((categoria) => ({ categoria, subcategorias: linhas.filter((l) => l.categoria === categoria).map((l) => l.subcategoria) })),
    molduras: [...CATALOGO_CONSTANTES.MOLDURAS],
    locaisCompra: CATALOGO_CONSTANTES.LOCAIS_COMPRA.map((l) => ({ value: l.value, label: l.label })),
    legiaoTotal: LEGIAO_TOTAL,
  };
}
