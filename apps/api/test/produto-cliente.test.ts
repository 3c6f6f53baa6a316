import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductResponseSchema, editProductResponseSchema, memberProductGroupsSchema, removeProductResponseSchema, type MemberProductGroup } from '@legiao/contracts';
import { todayInBrazil } from '../src/features/produto/member-product.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createVerifiedPurchase, createEntry, createMember, createProduct } from './produto-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (headers: Headers, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/produto/cliente', headers, payload: payload as object });
const put = (headers: Headers, payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/produto/cliente', headers, payload: payload as object });
const del = (headers: Headers, id: string, query = '') => t.app.inject({ method: 'DELETE', url: `/api/produto/cliente/${id}${query}`, headers });
const list = async (headers: Headers, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/produto/cliente${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return memberProductGroupsSchema.parse(res.json());
};
const entry = (id: string) => t.prisma.produtoCliente.findUnique({ where: { id } });

describe('POST /api/produto/cliente', () => {
  it("adds a non-verified entry dated today and answers 201 'Produto cadastrado com sucesso!' with the product's group", async () => {
    const m = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const res = await post(m.headers, { idProduto: p.id, localCompra: 'Amazon', presente: false });
    expect(res.statusCode, res.body).toBe(201);
    const body = addProductResponseSchema.parse(res.json());
    expect(body.message).toBe('Produto cadastrado com sucesso!');
    expect(body.grupo).toEqual({
      id: p.id,
      nome: p.nome,
      categoria: 'Bar',
      img: p.img,
      moldura: 'Clássica',
      produtos: [
        {
          id: body.id,
          quantidade: 1,
          dataCompra: todayInBrazil(),
          localCompra: 'Amazon',
          produtoValidado: false,
          presente: false,
          compradoParaPresente: false,
          quantidadePresente: 0,
          legionario: false,
          codigoLegionario: null,
          codigosLegionario: [],
        },
      ],
    });
    expect((await entry(body.id))!.usuarioId).toBe(m.usuario.id);
  });

  it('never lets a member verify a purchase, set legion numbers or add for someone else', async () => {
    const m = await createMember(t.app, t.prisma);
    const other = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const res = await post(m.headers, { idProduto: p.id, localCompra: 'Amazon', produtoValidado: true, legionario: true, codigoLegionario: 7, usuarioId: other.usuario.id, compradoParaPresente: true });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = addProductResponseSchema.parse(res.json());
    expect(await entry(id)).toMatchObject({ usuarioId: m.usuario.id, produtoValidado: false, quantidadePresente: 0, codigoPedido: null });
    expect(await t.prisma.numeroLegionario.count({ where: { produtoClienteId: id } })).toBe(0);
    expect(await list(other.headers)).toEqual([]);
  });

  it("replaces 'Outro' with the free text, and requires it: 'Informe onde você comprou.'", async () => {
    const m = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const res = await post(m.headers, { idProduto: p.id, localCompra: 'Outro', localCompraOutro: '  Feira de Gramado ', presente: false });
    expect(res.statusCode, res.body).toBe(201);
    expect(addProductResponseSchema.parse(res.json()).grupo.produtos[0]!.localCompra).toBe('Feira de Gramado');
    expectError(await post(m.headers, { idProduto: p.id, localCompra: 'Outro', presente: false }), 400, 'Informe onde você comprou.');
    expectError(await post(m.headers, { idProduto: p.id, localCompra: 'Outro', localCompraOutro: '   ' }), 400, 'Informe onde você comprou.');
    expectError(await post(m.headers, { idProduto: p.id, localCompra: '' }), 400, 'Informe onde você comprou.');
    expectError(await post(m.headers, { idProduto: p.id }), 400, 'Informe onde você comprou.');
    // A client that already replaced 'Outro' (spec 001 section 5) sends the text itself.
    const direct = addProductResponseSchema.parse((await post(m.headers, { idProduto: p.id, localCompra: 'Bazar da esquina' })).json());
    expect(direct.grupo.produtos.map((e) => e.localCompra).sort()).toEqual(['Bazar da esquina', 'Feira de Gramado']);
  });

  it("'Ganhei de presente' sets the gift flag; listed places keep their canonical spelling", async () => {
    const m = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const gift = addProductResponseSchema.parse((await post(m.headers, { idProduto: p.id, localCompra: 'Ganhei de presente', presente: false })).json());
    expect(await entry(gift.id)).toMatchObject({ presente: true, localCompra: 'Ganhei de presente' });
    const ml = addProductResponseSchema.parse((await post(m.headers, { idProduto: p.id, localCompra: 'mercado livre', presente: true })).json());
    expect(await entry(ml.id)).toMatchObject({ presente: true, localCompra: 'Mercado Livre' });
  });

  it("takes an order date as AAAA-MM-DD or dd/MM/aaaa; a missing or invalid one answers 'Data inválida'", async () => {
    const m = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const br = addProductResponseSchema.parse((await post(m.headers, { idProduto: p.id, localCompra: 'Magalu', dataCompra: '31/12/2024' })).json());
    expect(br.grupo.produtos.find((e) => e.id === br.id)!.dataCompra).toBe('2024-12-31');
    for (const purchaseDate of [null, '', 'ontem', '2025-02-30', '30/02/2025', '2999-01-01', '1900-01-01', 20250101]) {
      expectError(await post(m.headers, { idProduto: p.id, localCompra: 'Magalu', dataCompra: purchaseDate }), 400, 'Data inválida');
    }
    expect(await t.prisma.produtoCliente.count({ where: { usuarioId: m.usuario.id } })).toBe(1);
  });

  it("answers 404 for an unknown or withdrawn product and 400 'Escolha um produto.' without one", async () => {
    const m = await createMember(t.app, t.prisma);
    const inactive = await createProduct(t.prisma, { ativo: false });
    expectError(await post(m.headers, { idProduto: 2_000_000_000, localCompra: 'Amazon' }), 404, 'Produto não encontrado.');
    expectError(await post(m.headers, { idProduto: inactive.id, localCompra: 'Amazon' }), 404, 'Produto não encontrado.');
    expectError(await post(m.headers, { localCompra: 'Amazon' }), 400, 'Escolha um produto.');
    expectError(await post(m.headers, { idProduto: 'abc', localCompra: 'Amazon' }), 400, 'Escolha um produto.');
    expectError(await post(m.headers, { idProduto: 1, localCompra: 'Amazon', quantidade: 0 }), 400, 'Informe uma quantidade entre 1 e 99.');
    expect(await t.prisma.produtoCliente.count({ where: { usuarioId: m.usuario.id } })).toBe(0);
  });

  it('answers 401 without a session', async () => {
    const p = await createProduct(t.prisma);
    expectError(await post({}, { idProduto: p.id, localCompra: 'Amazon' }), 401);
  });
});

describe('GET /api/produto/cliente', () => {
  it('groups entries per product { id, nome, categoria, img, moldura, produtos[] }, newest first', async () => {
    const m = await createMember(t.app, t.prisma);
    const a = await createProduct(t.prisma, { categoria: 'Mate', moldura: 'Artista Joca Pampa' });
    const b = await createProduct(t.prisma);
    const a1 = await createEntry(t.prisma, m.usuario.id, a.id, { dataCompra: '2024-01-10' });
    const b1 = await createEntry(t.prisma, m.usuario.id, b.id, { dataCompra: '2024-06-01', localCompra: 'Ganhei de presente', presente: true });
    const a2 = await createEntry(t.prisma, m.usuario.id, a.id, { dataCompra: '2025-03-05', quantidade: 2 });
    const v = await createVerifiedPurchase(t.prisma, { usuarioId: m.usuario.id, produtoId: b.id, quantidade: 2, dataCompra: '2023-08-08' });

    const groups = await list(m.headers);
    expect(groups.map((g) => g.id)).toEqual([a.id, b.id]);
    expect(groups[0]).toMatchObject({ id: a.id, nome: a.nome, categoria: 'Mate', img: a.img, moldura: 'Artista Joca Pampa' });
    expect(groups[0]!.produtos.map((e) => e.id)).toEqual([a2.id, a1.id]);
    expect(groups[0]!.produtos[0]).toMatchObject({ quantidade: 2, dataCompra: '2025-03-05', localCompra: 'Amazon', produtoValidado: false });
    expect(groups[1]!.produtos.map((e) => e.id)).toEqual([b1.id, v.id]);
    expect(groups[1]!.produtos[0]).toMatchObject({ presente: true, localCompra: 'Ganhei de presente', legionario: false, codigoLegionario: null });
    expect(groups[1]!.produtos[1]).toMatchObject({ produtoValidado: true, localCompra: 'Site oficial', legionario: true, codigoLegionario: 1, codigosLegionario: [1, 2], quantidade: 2 });

    expect((await list(m.headers, `?idProduto=${b.id}`)).map((g) => g.id)).toEqual([b.id]);
    expect(await list((await createMember(t.app, t.prisma)).headers)).toEqual([]);
  });

  it('lista=colecao drops groups of verified entries bought entirely as gifts; lista=presentes keeps groups with a verified gift', async () => {
    const m = await createMember(t.app, t.prisma);
    const newOne = () => createProduct(t.prisma);
    const [giftOnly, verified, manual, mixed, partial, receivedGift] = [await newOne(), await newOne(), await newOne(), await newOne(), await newOne(), await newOne()];
    const purchase = (productId: number, quantity: number, giftQuantity: number) => createVerifiedPurchase(t.prisma, { usuarioId: m.usuario.id, produtoId: productId, quantidade: quantity, quantidadePresente: giftQuantity });
    await purchase(giftOnly.id, 1, 1); // bought for a gift and verified, and nothing else: given away
    await purchase(verified.id, 1, 0);
    await createEntry(t.prisma, m.usuario.id, manual.id);
    await purchase(mixed.id, 1, 1);
    await createEntry(t.prisma, m.usuario.id, mixed.id); // also owns one
    await purchase(partial.id, 3, 1); // kept two of three
    await createEntry(t.prisma, m.usuario.id, receivedGift.id, { localCompra: 'Ganhei de presente', presente: true }); // received, not bought as a gift

    const ids = async (q: string) => (await list(m.headers, q)).map((g) => g.id).sort();
    const all = [giftOnly, verified, manual, mixed, partial, receivedGift].map((p) => p.id).sort();
    expect(await ids('')).toEqual(all);
    expect(await ids('?lista=todos')).toEqual(all);
    expect(await ids('?lista=colecao')).toEqual([verified, manual, mixed, partial, receivedGift].map((p) => p.id).sort());
    expect(await ids('?lista=presentes')).toEqual([giftOnly, mixed, partial].map((p) => p.id).sort());
    const [group] = await list(m.headers, `?lista=presentes&idProduto=${partial.id}`);
    expect(group!.produtos[0]).toMatchObject({ quantidade: 3, quantidadePresente: 1, compradoParaPresente: true, produtoValidado: true });
  });

  it('answers 400 for an unknown list and 401 without a session', async () => {
    const m = await createMember(t.app, t.prisma);
    expectError(await t.app.inject({ method: 'GET', url: '/api/produto/cliente?lista=outra', headers: m.headers }), 400);
    expectError(await t.app.inject({ method: 'GET', url: '/api/produto/cliente' }), 401);
  });
});

describe('PUT /api/produto/cliente', () => {
  it("edits a member's own entry (place, date, quantity, gift flag) and answers the group", async () => {
    const m = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const e = await createEntry(t.prisma, m.usuario.id, p.id);
    const res = await put(m.headers, { id: e.id, idProduto: p.id, localCompra: 'Outro', localCompraOutro: 'Loja do aeroporto', dataCompra: '2024-11-29', quantidade: 3, presente: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = editProductResponseSchema.parse(res.json());
    expect(body.message).toBe('Produto atualizado com sucesso!');
    expect(body.grupo.produtos).toEqual([expect.objectContaining({ id: e.id, localCompra: 'Loja do aeroporto', dataCompra: '2024-11-29', quantidade: 3, presente: true, produtoValidado: false })]);
  });

  it("edits the only entry when no id is sent (single-product edit sends quantity 1), and asks which one when there are several", async () => {
    const m = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const e = await createEntry(t.prisma, m.usuario.id, p.id);
    const res = await put(m.headers, { idProduto: p.id, localCompra: 'Ganhei de presente', quantidade: 1, presente: false, compradoParaPresente: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entry(e.id)).toMatchObject({ localCompra: 'Ganhei de presente', presente: true, quantidade: 1 });
    await createEntry(t.prisma, m.usuario.id, p.id);
    const body = expectError(await put(m.headers, { idProduto: p.id, presente: false }), 400, 'Este produto tem mais de um pedido: escolha qual deseja alterar.');
    expect(body.errors[0]!.code).toBe('ESCOLHA_PEDIDO');
  });

  it("answers 'Data inválida' for a missing or invalid order date and changes nothing", async () => {
    const m = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const e = await createEntry(t.prisma, m.usuario.id, p.id, { dataCompra: '2024-02-02' });
    for (const purchaseDate of [null, '', '2024-13-01', '29/02/2023']) {
      expectError(await put(m.headers, { id: e.id, idProduto: p.id, dataCompra: purchaseDate, quantidade: 5 }), 400, 'Data inválida');
    }
    expect(await entry(e.id)).toEqual(e);
  });

  it('lets a verified entry only take a gift quantity from 0 to its quantity', async () => {
    const m = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const v = await createVerifiedPurchase(t.prisma, { usuarioId: m.usuario.id, produtoId: p.id, quantidade: 3 });

    const all = editProductResponseSchema.parse((await put(m.headers, { id: v.id, idProduto: p.id, compradoParaPresente: true })).json());
    expect(all.grupo.produtos[0]).toMatchObject({ quantidadePresente: 3, compradoParaPresente: true, produtoValidado: true });
    const two = editProductResponseSchema.parse((await put(m.headers, { id: v.id, idProduto: p.id, quantidadePresente: 2 })).json());
    expect(two.grupo.produtos[0]).toMatchObject({ quantidadePresente: 2, compradoParaPresente: true });
    const none = editProductResponseSchema.parse((await put(m.headers, { id: v.id, idProduto: p.id, compradoParaPresente: false })).json());
    expect(none.grupo.produtos[0]).toMatchObject({ quantidadePresente: 0, compradoParaPresente: false });
    // Sending the order's own values back is fine.
    expect((await put(m.headers, { id: v.id, idProduto: p.id, quantidade: 3, localCompra: 'Site oficial', dataCompra: '2025-05-10', quantidadePresente: 1 })).statusCode).toBe(200);

    const before = await entry(v.id);
    expectError(await put(m.headers, { id: v.id, idProduto: p.id, quantidadePresente: 4 }), 400, 'A quantidade de presentes deve ficar entre 0 e a quantidade do pedido.');
    expectError(await put(m.headers, { id: v.id, idProduto: p.id, quantidadePresente: -1 }), 400, 'A quantidade de presentes deve ficar entre 0 e a quantidade do pedido.');
    expectError(await put(m.headers, { id: v.id, idProduto: p.id, quantidade: 5 }), 400, 'Compras verificadas só podem ser marcadas como presente.');
    expectError(await put(m.headers, { id: v.id, idProduto: p.id, localCompra: 'Amazon' }), 400, 'Compras verificadas só podem ser marcadas como presente.');
    expectError(await put(m.headers, { id: v.id, idProduto: p.id, dataCompra: '2025-01-01' }), 400, 'Compras verificadas só podem ser marcadas como presente.');
    expectError(await put(m.headers, { id: v.id, idProduto: p.id, presente: true }), 400, "Compras verificadas não podem ser marcadas como 'Ganhei de presente'.");
    expect((await put(m.headers, { id: v.id, idProduto: p.id, produtoValidado: false })).statusCode).toBe(200); // ignored
    expect(await entry(v.id)).toMatchObject({ ...before, atualizadoEm: expect.any(Date) });
  });

  it("refuses 'Comprei para presente' on a non-verified entry", async () => {
    const m = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const e = await createEntry(t.prisma, m.usuario.id, p.id);
    expectError(await put(m.headers, { id: e.id, idProduto: p.id, compradoParaPresente: true }), 400, "Só compras verificadas podem ser marcadas como 'Comprei para presente'.");
    expectError(await put(m.headers, { id: e.id, idProduto: p.id, quantidadePresente: 1 }), 400, "Só compras verificadas podem ser marcadas como 'Comprei para presente'.");
    expect((await entry(e.id))!.quantidadePresente).toBe(0);
  });

  it('answers 404 when the id and idProduto disagree, and 401 without a session', async () => {
    const m = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const q = await createProduct(t.prisma);
    const e = await createEntry(t.prisma, m.usuario.id, p.id);
    expectError(await put(m.headers, { id: e.id, idProduto: q.id, quantidade: 2 }), 404, 'Produto não encontrado.');
    expectError(await put(m.headers, { id: 'nao-e-uuid', idProduto: p.id }), 400);
    expectError(await put({}, { id: e.id, idProduto: p.id, quantidade: 2 }), 401);
    expect((await entry(e.id))!.quantidade).toBe(1);
  });
});

describe('DELETE /api/produto/cliente/{id}', () => {
  it("removes a non-verified entry: 'Produto removido com sucesso!'", async () => {
    const m = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const e = await createEntry(t.prisma, m.usuario.id, p.id);
    const keep = await createEntry(t.prisma, m.usuario.id, p.id);
    const res = await del(m.headers, e.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(removeProductResponseSchema.parse(res.json())).toEqual({ message: 'Produto removido com sucesso!', removidos: 1 });
    expect(await entry(e.id)).toBeNull();
    expect(await entry(keep.id)).not.toBeNull();
    expectError(await del(m.headers, e.id), 404, 'Produto não encontrado.');
  });

  it('never removes a verified entry; in the order list a non-verified sibling still can be removed', async () => {
    const m = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const v = await createVerifiedPurchase(t.prisma, { usuarioId: m.usuario.id, produtoId: p.id, quantidade: 1 });
    const e = await createEntry(t.prisma, m.usuario.id, p.id);
    const body = expectError(await del(m.headers, v.id), 409, 'Produtos com compra verificada não podem ser removidos.');
    expect(body.errors[0]!.code).toBe('PRODUTO_VERIFICADO');
    expectError(await del(m.headers, e.id, '?todos=true'), 409, 'Produtos com compra verificada não podem ser removidos.');
    expect(await t.prisma.produtoCliente.count({ where: { usuarioId: m.usuario.id } })).toBe(2);
    expect((await del(m.headers, e.id)).statusCode).toBe(200);
    expect(await entry(v.id)).not.toBeNull();
    expect(await t.prisma.numeroLegionario.count({ where: { produtoClienteId: v.id } })).toBe(1);
  });

  it("todos=true removes every entry of that product (and only that product's) when none is verified", async () => {
    const m = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const q = await createProduct(t.prisma);
    const [e1] = await Promise.all([createEntry(t.prisma, m.usuario.id, p.id), createEntry(t.prisma, m.usuario.id, p.id)]);
    const other = await createEntry(t.prisma, m.usuario.id, q.id);
    const res = await del(m.headers, e1.id, '?todos=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(removeProductResponseSchema.parse(res.json()).removidos).toBe(2);
    expect((await list(m.headers)).map((g) => g.id)).toEqual([q.id]);
    expect(await entry(other.id)).not.toBeNull();
  });

  it('answers 400 for a malformed id and 401 without a session', async () => {
    const m = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const e = await createEntry(t.prisma, m.usuario.id, p.id);
    expectError(await del(m.headers, 'abc'), 400);
    expectError(await del({}, e.id), 401);
    expect(await entry(e.id)).not.toBeNull();
  });
});

describe("another member's entries", () => {
  async function twoMembers() {
    const owner = await createMember(t.app, t.prisma);
    const intruder = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const e = await createEntry(t.prisma, owner.usuario.id, p.id, { dataCompra: '2024-04-04' });
    const v = await createVerifiedPurchase(t.prisma, { usuarioId: owner.usuario.id, produtoId: p.id, quantidade: 2 });
    const snapshot = async () => t.prisma.produtoCliente.findMany({ where: { usuarioId: owner.usuario.id }, orderBy: { id: 'asc' }, include: { numerosLegionario: true } });
    return { owner: owner, intruder: intruder, p, e, v, snapshot, before: await snapshot() };
  }

  it('GET never shows them, with or without idProduto, in any list', async () => {
    const { intruder: intruder, p } = await twoMembers();
    for (const q of ['', '?lista=colecao', '?lista=presentes', `?idProduto=${p.id}`]) expect(await list(intruder.headers, q)).toEqual([]);
  });

  it('PUT answers 404 by id or by idProduto, and changes nothing', async () => {
    const { intruder: intruder, p, e, v, snapshot, before } = await twoMembers();
    expectError(await put(intruder.headers, { id: e.id, idProduto: p.id, quantidade: 9, localCompra: 'Amazon' }), 404, 'Produto não encontrado.');
    expectError(await put(intruder.headers, { id: v.id, idProduto: p.id, compradoParaPresente: true }), 404, 'Produto não encontrado.');
    expectError(await put(intruder.headers, { idProduto: p.id, quantidade: 9 }), 404, 'Produto não encontrado.');
    expect(await snapshot()).toEqual(before);
  });

  it('DELETE answers 404, also with todos=true, and removes nothing', async () => {
    const { intruder: intruder, e, v, snapshot, before } = await twoMembers();
    expectError(await del(intruder.headers, e.id), 404, 'Produto não encontrado.');
    expectError(await del(intruder.headers, e.id, '?todos=true'), 404, 'Produto não encontrado.');
    expectError(await del(intruder.headers, v.id), 404, 'Produto não encontrado.');
    expect(await snapshot()).toEqual(before);
  });

  it("POST only ever adds to the caller's own collection", async () => {
    const { owner: owner, intruder: intruder, p, snapshot, before } = await twoMembers();
    const res = await post(intruder.headers, { idProduto: p.id, localCompra: 'Amazon', usuarioId: owner.usuario.id });
    expect(res.statusCode).toBe(201);
    expect(await snapshot()).toEqual(before);
    expect((await list(intruder.headers)).flatMap((g) => g.produtos)).toHaveLength(1);
  });
});

describe('one group shape everywhere', () => {
  it('POST, PUT and GET answer the same group for the same product', async () => {
    const m = await createMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const added = addProductResponseSchema.parse((await post(m.headers, { idProduto: p.id, localCompra: 'Submarino' })).json()).grupo;
    const [listed] = await list(m.headers);
    const edited: MemberProductGroup = editProductResponseSchema.parse((await put(m.headers, { idProduto: p.id })).json()).grupo;
    expect(listed).toEqual(added);
    expect(edited).toEqual(added);
  });
});
