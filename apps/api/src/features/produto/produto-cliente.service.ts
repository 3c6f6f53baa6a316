import type { FastifyInstance } from 'fastify';
import {
  LOCAL_PRESENTE,
  PRODUTO_MSG,
  resolveLocalCompra,
  type AdicionarProduto,
  type EditarProduto,
  type GrupoProdutoCliente,
  type LISTAS_PRODUTO_CLIENTE,
  type ProdutoClienteItem,
} from '@legiao/contracts';
import { badRequest, conflict, notFound } from '../../errors/app-error.js';
import { poolOf, Prisma } from '../../db/prisma.js';

// A member's products ("Minha coleção"): spec 001 sections 2.13-2.15, 3, 4, 5; spec 000 section 7.
// Every query is scoped by the member's id: another member's entry is simply "not found".

export type ListaProdutoCliente = (typeof LISTAS_PRODUTO_CLIENTE)[number];

/** One entry with what its group shows; numeros are its legion numbers, ascending. */
interface Entrada {
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
export const hojeNoBrasil = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

function toItem(e: Entrada): ProdutoClienteItem {
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
function toGrupos(entradas: Entrada[]): GrupoProdutoCliente[] {
  const grupos = new Map<number, GrupoProdutoCliente>();
  for (const e of entradas) {
    let g = grupos.get(e.produto_id);
    if (!g) {
      g = { id: e.produto_id, nome: e.nome, categoria: e.categoria, img: e.img, moldura: e.moldura, produtos: [] };
      grupos.set(e.produto_id, g);
    }
    g.produtos.push(toItem(e));
  }
  return [...grupos.values()];
}

/** Verified and every unit bought to give away: the member no longer has it. */
const todoPresenteVerificado = (i: ProdutoClienteItem) => i.produtoValidado && i.quantidadePresente >= i.quantidade;
const presenteVerificado = (i: ProdutoClienteItem) => i.produtoValidado && i.compradoParaPresente;

/**
 * - colecao: drops groups holding only verified entries bought (entirely) as gifts (spec 000 s. 7);
 * - presentes: keeps groups with at least one verified entry bought as a gift (spec 001 s. 2.15).
 * With one unit per entry both are exactly the spec's rules; docs/decisions/0007-catalogue-api.md.
 */
export function filterGrupos(grupos: GrupoProdutoCliente[], lista: ListaProdutoCliente) {
  if (lista === 'colecao') return grupos.filter((g) => !g.produtos.every(todoPresenteVerificado));
  if (lista === 'presentes') return grupos.filter((g) => g.produtos.some(presenteVerificado));
  return grupos;
}

/**
 * The member's entries, newest first, in one round trip (raw SQL: Prisma's nested select took
 * three to four times as long for 200 entries; bench/produtos.mjs).
 */
async function loadEntradas(app: FastifyInstance, usuarioId: string, produtoId?: number): Promise<Entrada[]> {
  // The legion numbers of all the member's entries in one grouped pass (a subquery per entry, or
  // a CTE the planner joined to the whole catalogue, took several times longer). Plain SQL on the
  // pg pool, a prepared statement per connection (docs/decisions/0017-api-speed.md).
  const { rows } = await poolOf(app.ctx.prisma).query<Entrada>({
    name: produtoId ? 'produto-cliente-grupo' : 'produto-cliente',
    values: produtoId ? [usuarioId, produtoId] : [usuarioId],
    text: `
    SELECT pc.id::text AS id, pc.produto_id, pc.quantidade, pc.data_compra::text AS data_compra, pc.local_compra, pc.produto_validado, pc.presente,
           pc.quantidade_presente, p.nome, p.categoria, p.img, p.moldura, COALESCE(n.numeros, '{}') AS numeros
    FROM produto_cliente pc
    JOIN produto p ON p.id = pc.produto_id
    LEFT JOIN (SELECT nl.produto_cliente_id, array_agg(nl.numero ORDER BY nl.numero) AS numeros
               FROM numero_legionario nl JOIN produto_cliente x ON x.id = nl.produto_cliente_id
               WHERE x.usuario_id = $1::uuid GROUP BY nl.produto_cliente_id) n ON n.produto_cliente_id = pc.id
    WHERE pc.usuario_id = $1::uuid ${produtoId ? 'AND pc.produto_id = $2' : ''}
    ORDER BY pc.data_compra DESC, pc.criado_em DESC, pc.id`,
  });
  return rows;
}

/** GET /produto/cliente */
export async function findCustomerProducts(app: FastifyInstance, usuarioId: string, opts: { lista: ListaProdutoCliente; idProduto?: number }) {
  return filterGrupos(toGrupos(await loadEntradas(app, usuarioId, opts.idProduto)), opts.lista);
}

async function findGrupo(app: FastifyInstance, usuarioId: string, produtoId: number): Promise<GrupoProdutoCliente> {
  const [grupo] = toGrupos(await loadEntradas(app, usuarioId, produtoId));
  if (!grupo) throw notFound(PRODUTO_MSG.produtoNaoEncontrado);
  return grupo;
}

/** POST /produto/cliente: a member's own, never verified, entry. */
export async function addCustomerProduct(app: FastifyInstance, usuarioId: string, input: AdicionarProduto) {
  const { prisma } = app.ctx;
  const produto = await prisma.produto.findUnique({ where: { id: input.idProduto }, select: { id: true, ativo: true } });
  if (!produto?.ativo) throw notFound(PRODUTO_MSG.produtoNaoEncontrado);
  const localCompra = resolveLocalCompra(input.localCompra, input.localCompraOutro);
  if (!localCompra) throw badRequest(PRODUTO_MSG.localObrigatorio);
  const entrada = await prisma.produtoCliente.create({
    data: {
      usuarioId,
      produtoId: produto.id,
      quantidade: input.quantidade ?? 1,
      dataCompra: dayToDate(input.dataCompra ?? hojeNoBrasil()),
      localCompra,
      presente: input.presente === true || localCompra === LOCAL_PRESENTE,
    },
    select: { id: true },
  });
  return { message: PRODUTO_MSG.cadastrado, id: entrada.id, grupo: await findGrupo(app, usuarioId, produto.id) };
}

async function findEntradaParaEditar(app: FastifyInstance, usuarioId: string, input: EditarProduto) {
  const where = input.id ? { id: input.id, usuarioId, produtoId: input.idProduto } : { usuarioId, produtoId: input.idProduto };
  const found = await app.ctx.prisma.produtoCliente.findMany({ where, take: 2 });
  if (found.length === 0) throw notFound(PRODUTO_MSG.produtoNaoEncontrado);
  if (found.length > 1) throw badRequest(PRODUTO_MSG.escolhaPedido, 'ESCOLHA_PEDIDO');
  return found[0]!;
}

/**
 * PUT /produto/cliente: a partial update. Verified entries belong to the brand's order: only the
 * gift quantity may change ('Comprei para presente', 0 to the order's quantity). Other entries take
 * place, date, quantity and the received-gift flag ('Ganhei de presente' as place sets it).
 */
export async function updateCustomerProduct(app: FastifyInstance, usuarioId: string, input: EditarProduto) {
  const atual = await findEntradaParaEditar(app, usuarioId, input);
  const localCompra = input.localCompra === undefined ? undefined : resolveLocalCompra(input.localCompra, input.localCompraOutro);
  if (localCompra === null) throw badRequest(PRODUTO_MSG.localObrigatorio);

  let data: Prisma.ProdutoClienteUpdateManyMutationInput;
  if (atual.produtoValidado) {
    const muda = (localCompra !== undefined && localCompra !== atual.localCompra) || (input.dataCompra !== undefined && input.dataCompra !== isoDay(atual.dataCompra)) || (input.quantidade !== undefined && input.quantidade !== atual.quantidade);
    if (muda) throw badRequest(PRODUTO_MSG.verificadoNaoAltera, 'PRODUTO_VERIFICADO');
    if (input.presente === true) throw badRequest(PRODUTO_MSG.presenteVerificado, 'PRODUTO_VERIFICADO');
    const quantidadePresente = input.quantidadePresente ?? (input.compradoParaPresente === undefined ? atual.quantidadePresente : input.compradoParaPresente ? atual.quantidade : 0);
    if (quantidadePresente > atual.quantidade) throw badRequest(PRODUTO_MSG.quantidadePresenteInvalida);
    data = { quantidadePresente };
  } else {
    if (input.compradoParaPresente === true || (input.quantidadePresente ?? 0) > 0) throw badRequest(PRODUTO_MSG.compradoParaPresenteSoVerificado, 'PRODUTO_NAO_VERIFICADO');
    const local = localCompra ?? atual.localCompra;
    data = {
      localCompra: local,
      quantidade: input.quantidade ?? atual.quantidade,
      dataCompra: input.dataCompra ? dayToDate(input.dataCompra) : atual.dataCompra,
      presente: local === LOCAL_PRESENTE ? true : (input.presente ?? atual.presente),
    };
  }
  // Guarded by the state the rules were checked against: a verification landing in between
  // (the import) makes this a no-op that answers 409 instead of editing a verified order.
  const { count } = await app.ctx.prisma.produtoCliente.updateMany({ where: { id: atual.id, usuarioId, produtoValidado: atual.produtoValidado }, data });
  if (count !== 1) throw conflict(PRODUTO_MSG.verificadoNaoAltera, 'PRODUTO_VERIFICADO');
  return { message: PRODUTO_MSG.atualizado, grupo: await findGrupo(app, usuarioId, atual.produtoId) };
}

/**
 * DELETE /produto/cliente/{id}: removes one non-verified entry. With todos=true, every entry of
 * that entry's product, and only when none is verified (spec 001 section 4).
 */
export async function removeCustomerProduct(app: FastifyInstance, usuarioId: string, id: string, todos: boolean) {
  const { prisma } = app.ctx;
  const entrada = await prisma.produtoCliente.findFirst({ where: { id, usuarioId }, select: { id: true, produtoId: true, produtoValidado: true } });
  if (!entrada) throw notFound(PRODUTO_MSG.produtoNaoEncontrado);
  const where = todos ? { usuarioId, produtoId: entrada.produtoId } : { id, usuarioId };
  if (await prisma.produtoCliente.count({ where: { ...where, produtoValidado: true } })) {
    throw conflict(PRODUTO_MSG.verificadoNaoRemove, 'PRODUTO_VERIFICADO');
  }
  // produtoValidado: false again in the delete itself: a verified entry is never removed, even
  // if the import verified one between the check and here.
  const { count } = await prisma.produtoCliente.deleteMany({ where: { ...where, produtoValidado: false } });
  return { message: PRODUTO_MSG.removido, removidos: count };
}
