import type { FastifyInstance } from 'fastify';
import {
  GIFT_PLACE,
  PRODUCT_MSG,
  resolvePurchasePlace,
  type AddProduct,
  type EditProduct,
  type MemberProductGroup,
  type MEMBER_PRODUCT_LISTS,
  type MemberProductItem,
} from '@legiao/contracts';
import { badRequest, conflict, notFound } from '../../errors/app-error.js';
import { poolOf, Prisma } from '../../db/prisma.js';

// A member's products ("Minha coleção"): spec 001 sections 2.13-2.15, 3, 4, 5; spec 000 section 7.
// Every query is scoped by the member's id: another member's entry is simply "not found". A purchase
// the store cancelled (cancelado_em, ADR 0041) has left the collection: it is "not found" too.

export type MemberProductList = (typeof MEMBER_PRODUCT_LISTS)[number];

/** One entry with what its group shows; numeros are its legion numbers, ascending. */
interface Entry {
  id: string;
  produto_id: number;
  quantidade: number;
  /** 'YYYY-MM-DD' (a date column, read as text: no time zone to get wrong). */
  data_compra: string;
  local_compra: string;
  produto_validado: boolean;
  presente: boolean;
  quantidade_presente: number;
  nome: string;
  categoria: string;
  img: string;
  moldura: string | null;
  numeros: number[];
}

/** A date column as the wire's 'YYYY-MM-DD'. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const dayToDate = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** Today in Brazil (where the members are), as 'YYYY-MM-DD'. */
export const todayInBrazil = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

function toItem(e: Entry): MemberProductItem {
  return {
    id: e.id,
    quantidade: e.quantidade,
    dataCompra: e.data_compra,
    localCompra: e.local_compra,
    produtoValidado: e.produto_validado,
    presente: e.presente,
    compradoParaPresente: e.quantidade_presente > 0,
    quantidadePresente: e.quantidade_presente,
    legionario: e.numeros.length > 0,
    codigoLegionario: e.numeros[0] ?? null,
    codigosLegionario: e.numeros,
  };
}

/** Entries (newest first) to groups per product, ordered by each group's newest entry. */
function toGroups(entries: Entry[]): MemberProductGroup[] {
  const groups = new Map<number, MemberProductGroup>();
  for (const e of entries) {
    let g = groups.get(e.produto_id);
    if (!g) {
      g = { id: e.produto_id, nome: e.nome, categoria: e.categoria, img: e.img, moldura: e.moldura, produtos: [] };
      groups.set(e.produto_id, g);
    }
    g.produtos.push(toItem(e));
  }
  return [...groups.values()];
}

/** Verified and every unit bought to give away: the member no longer has it. */
const allGiftsVerified = (i: MemberProductItem) => i.produtoValidado && i.quantidadePresente >= i.quantidade;
const verifiedGift = (i: MemberProductItem) => i.produtoValidado && i.compradoParaPresente;

/**
 * - colecao: drops groups holding only verified entries bought (entirely) as gifts (spec 000 s. 7);
 * - presentes: keeps groups with at least one verified entry bought as a gift (spec 001 s. 2.15).
 * With one unit per entry both are exactly the spec's rules; docs/decisions/0007-catalogue-api.md.
 */
export function filterGroups(groups: MemberProductGroup[], list: MemberProductList) {
  if (list === 'colecao') return groups.filter((g) => !g.produtos.every(allGiftsVerified));
  if (list === 'presentes') return groups.filter((g) => g.produtos.some(verifiedGift));
  return groups;
}

/**
 * The member's entries, newest first, in one round trip (raw SQL: Prisma's nested select took
 * three to four times as long for 200 entries; bench/produtos.mjs).
 */
async function loadEntries(app: FastifyInstance, userId: string, productId?: number): Promise<Entry[]> {
  // The legion numbers of all the member's entries in one grouped pass (a subquery per entry, or
  // a CTE the planner joined to the whole catalogue, took several times longer). Plain SQL on the
  // pg pool, a prepared statement per connection (docs/decisions/0017-api-speed.md).
  const { rows } = await poolOf(app.ctx.prisma).query<Entry>({
    name: productId ? 'produto-cliente-grupo' : 'produto-cliente',
    values: productId ? [userId, productId] : [userId],
    text: `
    SELECT pc.id::text AS id, pc.produto_id, pc.quantidade, pc.data_compra::text AS data_compra, pc.local_compra, pc.produto_validado, pc.presente,
           pc.quantidade_presente, p.nome, p.categoria, p.img, p.moldura, COALESCE(n.numeros, '{}') AS numeros
    FROM produto_cliente pc
    JOIN produto p ON p.id = pc.produto_id
    LEFT JOIN (SELECT nl.produto_cliente_id, array_agg(nl.numero ORDER BY nl.numero) AS numeros
               FROM numero_legionario nl JOIN produto_cliente x ON x.id = nl.produto_cliente_id
               WHERE x.usuario_id = $1::uuid AND x.cancelado_em IS NULL GROUP BY nl.produto_cliente_id) n ON n.produto_cliente_id = pc.id
    WHERE pc.usuario_id = $1::uuid AND pc.cancelado_em IS NULL ${productId ? 'AND pc.produto_id = $2' : ''}
    ORDER BY pc.data_compra DESC, pc.criado_em DESC, pc.id`,
  });
  return rows;
}

/** GET /produto/cliente */
export async function findCustomerProducts(app: FastifyInstance, userId: string, opts: { lista: MemberProductList; idProduto?: number }) {
  return filterGroups(toGroups(await loadEntries(app, userId, opts.idProduto)), opts.lista);
}

async function findGroup(app: FastifyInstance, userId: string, productId: number): Promise<MemberProductGroup> {
  const [group] = toGroups(await loadEntries(app, userId, productId));
  if (!group) throw notFound(PRODUCT_MSG.produtoNaoEncontrado);
  return group;
}

/** POST /produto/cliente: a member's own, never verified, entry. */
export async function addCustomerProduct(app: FastifyInstance, userId: string, input: AddProduct) {
  const { prisma } = app.ctx;
  const product = await prisma.produto.findUnique({ where: { id: input.idProduto }, select: { id: true, ativo: true } });
  if (!product?.ativo) throw notFound(PRODUCT_MSG.produtoNaoEncontrado);
  const purchasePlace = resolvePurchasePlace(input.localCompra, input.localCompraOutro);
  if (!purchasePlace) throw badRequest(PRODUCT_MSG.localObrigatorio);
  const entry = await prisma.produtoCliente.create({
    data: {
      usuarioId: userId,
      produtoId: product.id,
      quantidade: input.quantidade ?? 1,
      dataCompra: dayToDate(input.dataCompra ?? todayInBrazil()),
      localCompra: purchasePlace,
      presente: input.presente === true || purchasePlace === GIFT_PLACE,
    },
    select: { id: true },
  });
  return { message: PRODUCT_MSG.cadastrado, id: entry.id, grupo: await findGroup(app, userId, product.id) };
}

async function findEntryForEdit(app: FastifyInstance, userId: string, input: EditProduct) {
  const where = input.id ? { id: input.id, usuarioId: userId, produtoId: input.idProduto, canceladoEm: null } : { usuarioId: userId, produtoId: input.idProduto, canceladoEm: null };
  const found = await app.ctx.prisma.produtoCliente.findMany({ where, take: 2 });
  if (found.length === 0) throw notFound(PRODUCT_MSG.produtoNaoEncontrado);
  if (found.length > 1) throw badRequest(PRODUCT_MSG.escolhaPedido, 'ESCOLHA_PEDIDO');
  return found[0]!;
}

/**
 * PUT /produto/cliente: a partial update. Verified entries belong to the brand's order: only the
 * gift quantity may change ('Comprei para presente', 0 to the order's quantity). Other entries take
 * place, date, quantity and the received-gift flag ('Ganhei de presente' as place sets it).
 */
export async function updateCustomerProduct(app: FastifyInstance, userId: string, input: EditProduct) {
  const current = await findEntryForEdit(app, userId, input);
  const purchasePlace = input.localCompra === undefined ? undefined : resolvePurchasePlace(input.localCompra, input.localCompraOutro);
  if (purchasePlace === null) throw badRequest(PRODUCT_MSG.localObrigatorio);

  let data: Prisma.ProdutoClienteUpdateManyMutationInput;
  if (current.produtoValidado) {
    const changes = (purchasePlace !== undefined && purchasePlace !== current.localCompra) || (input.dataCompra !== undefined && input.dataCompra !== isoDay(current.dataCompra)) || (input.quantidade !== undefined && input.quantidade !== current.quantidade);
    if (changes) throw badRequest(PRODUCT_MSG.verificadoNaoAltera, 'PRODUTO_VERIFICADO');
    if (input.presente === true) throw badRequest(PRODUCT_MSG.presenteVerificado, 'PRODUTO_VERIFICADO');
    const giftQuantity = input.quantidadePresente ?? (input.compradoParaPresente === undefined ? current.quantidadePresente : input.compradoParaPresente ? current.quantidade : 0);
    if (giftQuantity > current.quantidade) throw badRequest(PRODUCT_MSG.quantidadePresenteInvalida);
    data = { quantidadePresente: giftQuantity };
  } else {
    if (input.compradoParaPresente === true || (input.quantidadePresente ?? 0) > 0) throw badRequest(PRODUCT_MSG.compradoParaPresenteSoVerificado, 'PRODUTO_NAO_VERIFICADO');
    const local = purchasePlace ?? current.localCompra;
    data = {
      localCompra: local,
      quantidade: input.quantidade ?? current.quantidade,
      dataCompra: input.dataCompra ? dayToDate(input.dataCompra) : current.dataCompra,
      presente: local === GIFT_PLACE ? true : (input.presente ?? current.presente),
    };
  }
  // Guarded by the state the rules were checked against: a verification landing in between
  // (the import) makes this a no-op that answers 409 instead of editing a verified order.
  const { count } = await app.ctx.prisma.produtoCliente.updateMany({ where: { id: current.id, usuarioId: userId, produtoValidado: current.produtoValidado }, data });
  if (count !== 1) throw conflict(PRODUCT_MSG.verificadoNaoAltera, 'PRODUTO_VERIFICADO');
  return { message: PRODUCT_MSG.atualizado, grupo: await findGroup(app, userId, current.produtoId) };
}

/**
 * DELETE /produto/cliente/{id}: removes one non-verified entry. With todos=true, every entry of
 * that entry's product, and only when none is verified (spec 001 section 4).
 */
export async function removeCustomerProduct(app: FastifyInstance, userId: string, id: string, all: boolean) {
  const { prisma } = app.ctx;
  const entry = await prisma.produtoCliente.findFirst({ where: { id, usuarioId: userId, canceladoEm: null }, select: { id: true, produtoId: true, produtoValidado: true } });
  if (!entry) throw notFound(PRODUCT_MSG.produtoNaoEncontrado);
  const where = all ? { usuarioId: userId, produtoId: entry.produtoId } : { id, usuarioId: userId };
  // A cancelled verified entry is no longer the member's (and is never deleted either: it keeps the record).
  if (await prisma.produtoCliente.count({ where: { ...where, produtoValidado: true, canceladoEm: null } })) {
    throw conflict(PRODUCT_MSG.verificadoNaoRemove, 'PRODUTO_VERIFICADO');
  }
  // produtoValidado: false again in the delete itself: a verified entry is never removed, even
  // if the import verified one between the check and here.
  const { count } = await prisma.produtoCliente.deleteMany({ where: { ...where, produtoValidado: false } });
  return { message: PRODUCT_MSG.removido, removidos: count };
}
