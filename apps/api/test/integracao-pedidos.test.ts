import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS, REQUEST_MSG } from '@legiao/contracts';
import { INTEGRATION_MSG } from '@legiao/contracts/integracao/constants';
import { orderBatchResponseSchema, orderStatusSchema, ORDERS_MSG, type OrderResult } from '@legiao/contracts/integracao/pedidos';
import { openSession } from '../src/features/auth/session.service.js';
import { issueAccountLink } from '../src/features/auth/account-links.js';
import { anonymiseAccount } from '../src/features/lgpd/deletion.service.js';
import { digest } from '../src/lib/secrets.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { randomCpf } from './support/cpf.js';
import { bearer, createUser, expectError, uniqueEmail } from './support/factories.js';
import { createApiClient } from './support/integration-client.js';
import { createMember, createProduct, createVerifiedPurchase } from './produto-fixtures.js';

// POST /api/integracao/v1/pedidos (docs/decisions/0041-store-integration.md): each outcome of an
// order (applied, pending then applied at activation, received again, conflict, refused field by
// field), with the effects of the one purchases module (entries, legion numbers, credit, referral,
// achievements), and the guards (scope, key, session token).

let t: TestApp;
let shop: Awaited<ReturnType<typeof createApiClient>>;
beforeAll(async () => {
  t = await buildTestApp();
  shop = await createApiClient(t.prisma, ['pedidos:enviar']);
});
afterAll(() => t.close());

const URL = '/api/integracao/v1/pedidos';
const send = (pedidos: unknown, headers: Record<string, string> = shop.headers) => t.app.inject({ method: 'POST', url: URL, headers, payload: { pedidos } });
async function sendOk(pedidos: unknown[]): Promise<OrderResult[]> {
  const res = await send(pedidos);
  expect(res.statusCode, res.body).toBe(200);
  return orderBatchResponseSchema.parse(res.json()).pedidos;
}
const orderId = () => `LOJA-${randomUUID().slice(0, 13)}`;
/** An order as the store sends it (fields overridden or added by the test). */
type TestOrder = { pedido: string; itens: { sku: string; quantidade: number; quantidadePresente?: number }[]; [field: string]: unknown };
const order = (over: Record<string, unknown>): TestOrder => ({ itens: [], pedido: orderId(), data: '2026-03-14', canal: 'Site oficial', estado: 'pago', ...over });
const situations = (r: OrderResult[]) => r.map((o) => o.situacao);

/** What the economy holds for these members: entries (and cancelled ones), credits, legion numbers, balance. */
async function snapshot(ids: string[]) {
  const [entries, ledger, numbers, points, orders] = await Promise.all([
    t.prisma.produtoCliente.count({ where: { usuarioId: { in: ids } } }),
    t.prisma.lancamento.count({ where: { usuarioId: { in: ids } } }),
    t.prisma.numeroLegionario.count({ where: { produtoCliente: { usuarioId: { in: ids } } } }),
    t.prisma.lancamento.aggregate({ where: { usuarioId: { in: ids } }, _sum: { valor: true } }),
    t.prisma.pedidoLoja.count({ where: { usuarioId: { in: ids } } }),
  ]);
  return { entradas: entries, lancamentos: ledger, numeros: numbers, pontos: points._sum.valor ?? 0, pedidos: orders };
}

describe('applied orders', () => {
  it('verify purchases with legion numbers in purchase order, credit them, confirm the waiting referral, and move achievements', async () => {
    const p = await createProduct(t.prisma, { numerosAtribuidos: 10 });
    const q = await createProduct(t.prisma, { numerosAtribuidos: 500 });
    const referrer = await createUser(t.prisma);
    const friend = await createMember(t.app, t.prisma);
    const early = await createUser(t.prisma);
    await t.prisma.indicacao.create({ data: { indicadorId: referrer.usuario.id, indicadoId: friend.usuario.id, cpfDigest: `c-${randomUUID()}`, emailDigest: `e-${randomUUID()}` } });
    const before = await snapshot([friend.usuario.id, early.usuario.id, referrer.usuario.id]);
    // Order ids that sort against the dates: the numbers must follow the dates.
    const a = order({ pedido: `A-${orderId()}`, email: friend.email.toUpperCase(), data: '2026-03-14T15:20:00-03:00', itens: [{ sku: p.sku.toLowerCase(), quantidade: 2, quantidadePresente: 1 }, { sku: q.sku, quantidade: 1 }] });
    // By CPF, with punctuation; bought earlier: the lower numbers are this buyer's.
    const cpf = early.usuario.cpf!;
    const b = order({ pedido: `B-${orderId()}`, cpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`, data: '2026-03-10', canal: 'Loja Shopping Iguatemi', itens: [{ sku: p.sku, quantidade: 1 }] });

    const results = await sendOk([a, b]);
    expect(results).toEqual([
      { indice: 0, pedido: a.pedido, situacao: 'aplicado', erros: [] },
      { indice: 1, pedido: b.pedido, situacao: 'aplicado', erros: [] },
    ]);
    // Three entries, each credited; the referral confirmed and its referrer credited.
    expect(await snapshot([friend.usuario.id, early.usuario.id, referrer.usuario.id])).toEqual({
      entradas: before.entradas + 3,
      lancamentos: before.lancamentos + 4,
      numeros: before.numeros + 4,
      pontos: before.pontos + 3 * POINTS.compra + POINTS.indicacao,
      pedidos: 2,
    });
    const entries = await t.prisma.produtoCliente.findMany({ where: { codigoPedido: { in: [a.pedido, b.pedido] } }, include: { numerosLegionario: true, pedidoLoja: true } });
    for (const e of entries) expect(e).toMatchObject({ produtoValidado: true, origem: 'integracao', canceladoEm: null, pedidoLojaId: e.pedidoLoja!.id });
    const friendP = entries.find((e) => e.usuarioId === friend.usuario.id && e.produtoId === p.id)!;
    expect(friendP).toMatchObject({ quantidade: 2, quantidadePresente: 1, localCompra: 'Site oficial' });
    expect(friendP.dataCompra.toISOString().slice(0, 10)).toBe('2026-03-14');
    expect(entries.find((e) => e.usuarioId === early.usuario.id)).toMatchObject({ localCompra: 'Loja Shopping Iguatemi' });
    // Earlier buyer first: 11 for the 10/03 order, 12 and 13 for the 14/03 one.
    const nums = await t.prisma.numeroLegionario.findMany({ where: { produtoId: p.id }, include: { produtoCliente: { select: { usuarioId: true } } }, orderBy: { numero: 'asc' } });
    expect(nums.map((n) => [n.numero, n.produtoCliente.usuarioId])).toEqual([
      [11, early.usuario.id],
      [12, friend.usuario.id],
      [13, friend.usuario.id],
    ]);
    expect(await t.prisma.indicacao.findUniqueOrThrow({ where: { indicadoId: friend.usuario.id } })).toMatchObject({ status: 'confirmada' });
    // Achievements follow the rows: two products on the shelf, number 12 the lowest.
    const ach = await t.app.inject({ method: 'GET', url: '/api/conquista', headers: friend.headers });
    expect(ach.json()).toMatchObject({ numeroLegionario: 12, progresso: { produtosNaColecao: 2 } });
    const collection = await t.app.inject({ method: 'GET', url: '/api/produto/cliente', headers: friend.headers });
    expect(collection.json().map((g: { id: number }) => g.id).sort()).toEqual([p.id, q.id].sort());

    // GET: where the order stands, never who bought it.
    const status = await t.app.inject({ method: 'GET', url: `${URL}/${encodeURIComponent(a.pedido)}`, headers: shop.headers });
    expect(status.statusCode, status.body).toBe(200);
    const s = orderStatusSchema.parse(status.json());
    expect(s).toMatchObject({ pedido: a.pedido, situacao: 'aplicado', estado: 'pago', canal: 'Site oficial', data: '2026-03-14', canceladoEm: null });
    expect(s.itens).toEqual(expect.arrayContaining([{ sku: p.sku.toUpperCase(), quantidade: 2, quantidadePresente: 1 }]));
    expect(status.body).not.toContain(friend.email);
    expectError(await t.app.inject({ method: 'GET', url: `${URL}/NAO-EXISTE-${randomUUID()}`, headers: shop.headers }), 404, ORDERS_MSG.naoEncontrado);
  });

  it('one refused order does not hold up the others', async () => {
    const p = await createProduct(t.prisma);
    const u = await createUser(t.prisma);
    const good = order({ email: u.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    const results = await sendOk([order({ email: u.email, itens: [{ sku: `NAO-EXISTE-${randomUUID()}`, quantidade: 1 }] }), good]);
    expect(situations(results)).toEqual(['recusado', 'aplicado']);
    expect(await t.prisma.produtoCliente.count({ where: { usuarioId: u.usuario.id } })).toBe(1);
  });
});

describe('orders before sign-up', () => {
  it('are kept pending and applied in full when an account with that e-mail is activated', async () => {
    const p = await createProduct(t.prisma);
    const email = uniqueEmail('comprou-antes');
    const o = order({ email, itens: [{ sku: p.sku, quantidade: 2 }] });
    expect(situations(await sendOk([o]))).toEqual(['pendente']);
    expect(await t.prisma.pedidoLoja.findUniqueOrThrow({ where: { pedido: o.pedido } })).toMatchObject({ situacao: 'pendente', email, usuarioId: null });
    expect(await t.prisma.produtoCliente.count({ where: { codigoPedido: o.pedido } })).toBe(0);
    // An account created but not activated yet (its e-mail is not proven): still pending.
    const u = await createUser(t.prisma, { email, ativo: false });
    expect(situations(await sendOk([order({ email, itens: [{ sku: p.sku, quantidade: 1 }] })]))).toEqual(['pendente']);

    const { secret } = await t.prisma.$transaction((tx) => issueAccountLink(tx, u.usuario.id, 'ativacao'));
    const res = await t.app.inject({ method: 'POST', url: '/api/usuario/ativar-conta', payload: { hash: secret } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await snapshot([u.usuario.id])).toMatchObject({ entradas: 2, numeros: 3, pontos: 2 * POINTS.compra, pedidos: 2 });
    expect(await t.prisma.pedidoLoja.findUniqueOrThrow({ where: { pedido: o.pedido } })).toMatchObject({ situacao: 'aplicado', usuarioId: u.usuario.id, aplicadoEm: expect.any(Date) });
    const status = await t.app.inject({ method: 'GET', url: `${URL}/${o.pedido}`, headers: shop.headers });
    expect(status.json()).toMatchObject({ situacao: 'aplicado' });
    // The same order again: received, nothing more.
    expect(situations(await sendOk([o]))).toEqual(['recebido']);
    expect(await snapshot([u.usuario.id])).toMatchObject({ entradas: 2, pontos: 2 * POINTS.compra });
  });

  it('by CPF too, and when a social account gives its CPF later', async () => {
    const p = await createProduct(t.prisma);
    const cpf = randomCpf();
    const o = order({ cpf, itens: [{ sku: p.sku, quantidade: 1 }] });
    expect(situations(await sendOk([o]))).toEqual(['pendente']);
    const u = await createUser(t.prisma, { cpf, ativo: false });
    const { secret } = await t.prisma.$transaction((tx) => issueAccountLink(tx, u.usuario.id, 'ativacao'));
    expect((await t.app.inject({ method: 'POST', url: '/api/usuario/ativar-conta', payload: { hash: secret } })).statusCode).toBe(200);
    expect(await snapshot([u.usuario.id])).toMatchObject({ entradas: 1, pontos: POINTS.compra });

    // A social account (active, no CPF yet): the order waits for the CPF.
    const social = await createUser(t.prisma, { cpf: null, social: true });
    const cpf2 = randomCpf();
    const o2 = order({ cpf: cpf2, itens: [{ sku: p.sku, quantidade: 1 }] });
    expect(situations(await sendOk([o2]))).toEqual(['pendente']);
    const token = (await openSession(t.app, social.usuario.id, {})).token.token;
    const put = await t.app.inject({ method: 'PUT', url: '/api/usuario', headers: bearer(token), payload: { nome: 'Social', celular: '11987654321', cpf: cpf2 } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().saldo).toBe(POINTS.compra);
    expect(await t.prisma.pedidoLoja.findUniqueOrThrow({ where: { pedido: o2.pedido } })).toMatchObject({ situacao: 'aplicado', usuarioId: social.usuario.id });
  });

  it('and when an active member confirms a change to the e-mail the order names', async () => {
    const p = await createProduct(t.prisma);
    const u = await createUser(t.prisma);
    const newEmail = uniqueEmail('email-novo');
    const o = order({ email: newEmail, itens: [{ sku: p.sku, quantidade: 1 }] });
    expect(situations(await sendOk([o]))).toEqual(['pendente']);
    const secret = `troca-${randomUUID()}`;
    await t.prisma.alteracaoEmail.create({ data: { usuarioId: u.usuario.id, novoEmail: newEmail, secretHash: digest(secret), expiraEm: new Date(Date.now() + 3600_000) } });
    const res = await t.app.inject({ method: 'POST', url: '/api/usuario/confirmar-email', payload: { hash: secret } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await snapshot([u.usuario.id])).toMatchObject({ entradas: 1, pontos: POINTS.compra, pedidos: 1 });
    expect(await t.prisma.pedidoLoja.findUniqueOrThrow({ where: { pedido: o.pedido } })).toMatchObject({ situacao: 'aplicado', usuarioId: u.usuario.id });
  });
});

describe('an account deleted (LGPD)', () => {
  it('leaves its orders without the e-mail and CPF; the store retrying one still gets recebido', async () => {
    const p = await createProduct(t.prisma);
    const u = await createUser(t.prisma);
    const o = order({ email: u.email, cpf: u.usuario.cpf, itens: [{ sku: p.sku, quantidade: 1 }] });
    expect(situations(await sendOk([o]))).toEqual(['aplicado']);
    const other = await createUser(t.prisma);
    const kept = order({ email: other.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    await sendOk([kept]);

    await anonymiseAccount(t.app, await t.prisma.usuario.findUniqueOrThrow({ where: { id: u.usuario.id } }));
    const row = await t.prisma.pedidoLoja.findUniqueOrThrow({ where: { pedido: o.pedido } });
    expect(row).toMatchObject({ email: null, cpf: null, situacao: 'aplicado', usuarioId: u.usuario.id });
    expect(JSON.stringify(row.corpo)).not.toContain(u.email);
    expect(JSON.stringify(row.corpo)).not.toContain(u.usuario.cpf!);
    expect(row.corpo).toMatchObject({ pedido: o.pedido });
    // Another member's order keeps its buyer.
    expect(await t.prisma.pedidoLoja.findUniqueOrThrow({ where: { pedido: kept.pedido } })).toMatchObject({ email: other.email });
    expect(situations(await sendOk([o]))).toEqual(['recebido']);
    expect(await t.prisma.produtoCliente.count({ where: { codigoPedido: o.pedido } })).toBe(1);
  });
});

describe('the same order again', () => {
  it('with the same content answers recebido and changes nothing', async () => {
    const p = await createProduct(t.prisma);
    const u = await createUser(t.prisma);
    const o = order({ email: u.email, itens: [{ sku: p.sku, quantidade: 2 }, { sku: (await createProduct(t.prisma)).sku, quantidade: 1 }] });
    expect(situations(await sendOk([o]))).toEqual(['aplicado']);
    const once = await snapshot([u.usuario.id]);
    const counter = (await t.prisma.produto.findUniqueOrThrow({ where: { id: p.id } })).numerosAtribuidos;
    // The same order, written differently (items in another order, SKU in lower case, e-mail in upper case).
    const again = { ...o, email: u.email.toUpperCase(), itens: [...o.itens].reverse().map((i) => ({ ...i, sku: i.sku.toLowerCase() })) };
    expect(await sendOk([again])).toEqual([{ indice: 0, pedido: o.pedido, situacao: 'recebido', erros: [] }]);
    expect(await snapshot([u.usuario.id])).toEqual(once);
    expect((await t.prisma.produto.findUniqueOrThrow({ where: { id: p.id } })).numerosAtribuidos).toBe(counter);
  });

  it('with other content is a conflict naming the fields: 409 alone, conflito in a batch', async () => {
    const p = await createProduct(t.prisma);
    const u = await createUser(t.prisma);
    const o = order({ email: u.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    await sendOk([o]);
    const once = await snapshot([u.usuario.id]);
    const changed = { ...o, data: '2026-03-15', itens: [{ sku: p.sku, quantidade: 3 }] };
    const res = await send([changed]);
    expectError(res, 409);
    const body = res.json() as { errors: { message: string; code: string }[]; pedidos: OrderResult[] };
    expect(body.errors[0]).toMatchObject({ code: 'PEDIDO_CONFLITO', message: expect.stringContaining(ORDERS_MSG.conflitoUnico) });
    expect(body.pedidos[0]).toMatchObject({ situacao: 'conflito' });
    expect(body.pedidos[0]!.erros.map((e) => e.campo)).toEqual(['data', 'itens']);
    expect(body.pedidos[0]!.erros[0]!.mensagem).toContain('2026-03-14');
    expect(body.pedidos[0]!.erros[1]!.mensagem).toContain(`1× ${p.sku.toUpperCase()}`);
    // In a batch with another order: 200, the other one goes on.
    const other = order({ email: u.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    const results = await sendOk([{ ...o, canal: 'Outro canal' }, other]);
    expect(situations(results)).toEqual(['conflito', 'aplicado']);
    expect(results[0]!.erros).toEqual([{ campo: 'canal', mensagem: expect.stringContaining('"Site oficial"') }]);
    expect(await snapshot([u.usuario.id])).toMatchObject({ entradas: once.entradas + 1, pontos: once.pontos + POINTS.compra });
  });

  it('twice in one call: the second is refused', async () => {
    const p = await createProduct(t.prisma);
    const u = await createUser(t.prisma);
    const o = order({ email: u.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    const results = await sendOk([o, { ...o, estado: 'cancelado' }]);
    expect(results[1]).toEqual({ indice: 1, pedido: o.pedido, situacao: 'recusado', erros: [{ campo: 'pedido', mensagem: ORDERS_MSG.pedidoRepetido }] });
    expect(results[0]!.situacao).toBe('aplicado');
  });
});

describe('bad input', () => {
  it('refuses each bad order alone, field by field in Portuguese, and keeps nothing of it', async () => {
    const p = await createProduct(t.prisma);
    const u = await createUser(t.prisma);
    const base = () => order({ email: u.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...base(), pedido: '' }, { pedido: ORDERS_MSG.pedido }],
      [{ ...base(), pedido: 'P'.repeat(81) }, { pedido: ORDERS_MSG.pedido }],
      [{ ...base(), email: undefined }, { email: ORDERS_MSG.emailOuCpf }],
      [{ ...base(), email: 'nao-e-email' }, { email: ORDERS_MSG.email }],
      [{ ...base(), cpf: '123.456.789-00' }, { cpf: ORDERS_MSG.cpf }],
      [{ ...base(), data: '31/02/2026' }, { data: ORDERS_MSG.data }],
      [{ ...base(), data: '2026-02-30' }, { data: ORDERS_MSG.data }],
      [{ ...base(), data: tomorrow }, { data: ORDERS_MSG.dataFutura }],
      [{ ...base(), data: '1949-12-31' }, { data: ORDERS_MSG.dataAntiga }],
      [{ ...base(), canal: '  ' }, { canal: ORDERS_MSG.canal }],
      [{ ...base(), canal: 'C'.repeat(61) }, { canal: ORDERS_MSG.canal }],
      [{ ...base(), itens: [] }, { itens: ORDERS_MSG.itens }],
      [{ ...base(), itens: Array.from({ length: 101 }, (_, i) => ({ sku: `X${i}`, quantidade: 1 })) }, { itens: ORDERS_MSG.itens }],
      [{ ...base(), itens: [{ sku: p.sku, quantidade: 0 }] }, { 'itens[0].quantidade': ORDERS_MSG.quantidade }],
      [{ ...base(), itens: [{ sku: p.sku, quantidade: 100 }] }, { 'itens[0].quantidade': ORDERS_MSG.quantidade }],
      [{ ...base(), itens: [{ sku: p.sku, quantidade: '2' }] }, { 'itens[0].quantidade': ORDERS_MSG.quantidade }],
      [{ ...base(), itens: [{ sku: p.sku, quantidade: 2, quantidadePresente: 3 }] }, { 'itens[0].quantidadePresente': ORDERS_MSG.quantidadePresente }],
      [{ ...base(), itens: [{ sku: p.sku, quantidade: 1 }, { sku: p.sku.toLowerCase(), quantidade: 1 }] }, { 'itens[1].sku': ORDERS_MSG.skuRepetido }],
      [{ ...base(), itens: [{ quantidade: 1 }] }, { 'itens[0].sku': ORDERS_MSG.sku }],
      [{ ...base(), itens: [{ sku: 'NAO-EXISTE-1', quantidade: 1 }] }, { 'itens[0].sku': ORDERS_MSG.skuDesconhecido('NAO-EXISTE-1') }],
      [{ ...base(), estado: 'devolvido' }, { estado: ORDERS_MSG.estado }],
      [{ ...base(), canal: 'Loja\u0000' }, { canal: REQUEST_MSG.caractereInvalido }],
    ];
    const results = await sendOk(cases.map(([o]) => o));
    results.forEach((r, i) => {
      expect(r.situacao, JSON.stringify(cases[i]![0]).slice(0, 200)).toBe('recusado');
      expect(Object.fromEntries(r.erros.map((e) => [e.campo, e.mensagem])), `case ${i}`).toEqual(cases[i]![1]);
    });
    expect(results[0]!.pedido).toBeNull();
    expect(results[3]!.pedido).toBe(cases[3]![0].pedido);
    // Nothing kept, nothing credited.
    expect(await t.prisma.pedidoLoja.count({ where: { pedido: { in: cases.map(([o]) => String(o.pedido)) } } })).toBe(0);
    expect(await snapshot([u.usuario.id])).toMatchObject({ entradas: 0, lancamentos: 0 });
  });

  it('refuses the e-mail and CPF of two different members, and an order id another member holds', async () => {
    const p = await createProduct(t.prisma);
    const [a, b] = await Promise.all([createUser(t.prisma), createUser(t.prisma)]);
    const held = orderId();
    await createVerifiedPurchase(t.prisma, { usuarioId: a.usuario.id, produtoId: p.id, quantidade: 1, codigoPedido: held });
    const results = await sendOk([order({ email: a.email, cpf: b.usuario.cpf, itens: [{ sku: p.sku, quantidade: 1 }] }), order({ pedido: held, email: b.email, itens: [{ sku: p.sku, quantidade: 1 }] })]);
    expect(results.map((r) => r.erros)).toEqual([[{ campo: 'cpf', mensagem: ORDERS_MSG.membrosDiferentes }], [{ campo: 'pedido', mensagem: ORDERS_MSG.outroMembro }]]);
    expect(await snapshot([b.usuario.id])).toMatchObject({ entradas: 0, lancamentos: 0 });
  });

  it('refuses a malformed call as a whole with 400: not a list, empty, over 1,000, no body', async () => {
    const u = await createUser(t.prisma);
    const p = await createProduct(t.prisma);
    const one = () => order({ email: u.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    const many = Array.from({ length: 1001 }, one);
    expectError(await send(many), 400, ORDERS_MSG.envelope);
    expectError(await send([]), 400, ORDERS_MSG.envelope);
    expectError(await send('pedidos'), 400, ORDERS_MSG.envelope);
    expectError(await t.app.inject({ method: 'POST', url: URL, headers: shop.headers, payload: [one()] }), 400, ORDERS_MSG.envelope);
    expectError(await t.app.inject({ method: 'POST', url: URL, headers: shop.headers }), 400, ORDERS_MSG.envelope);
    expectError(await t.app.inject({ method: 'POST', url: URL, headers: { ...shop.headers, 'content-type': 'application/json' }, payload: '{"pedidos": [' }), 400);
    expectError(await t.app.inject({ method: 'POST', url: URL, headers: { ...shop.headers, 'idempotency-key': 'curta' }, payload: { pedidos: [one()] } }), 400, ORDERS_MSG.chaveIdempotencia);
    expect(await snapshot([u.usuario.id])).toMatchObject({ entradas: 0, pedidos: 0 });
    // 1,000 is allowed.
    const results = await sendOk(many.slice(0, 1000));
    expect(results).toHaveLength(1000);
    expect(new Set(situations(results))).toEqual(new Set(['aplicado']));
  });
});

describe('who may call', () => {
  it('needs the pedidos:enviar scope (403), a key (401): a member or staff session token is refused', async () => {
    const p = await createProduct(t.prisma);
    const u = await createUser(t.prisma);
    const o = order({ email: u.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    const coupons = await createApiClient(t.prisma, ['cupons:usar']);
    expectError(await send([o], coupons.headers), 403, INTEGRATION_MSG.escopoAusente);
    expectError(await t.app.inject({ method: 'GET', url: `${URL}/${o.pedido}`, headers: coupons.headers }), 403, INTEGRATION_MSG.escopoAusente);
    const member = await createMember(t.app, t.prisma);
    expectError(await send([o], member.headers), 401, INTEGRATION_MSG.chaveInvalida);
    await t.prisma.usuario.update({ where: { id: member.usuario.id }, data: { admin: true } });
    expectError(await send([o], member.headers), 401, INTEGRATION_MSG.chaveInvalida);
    expectError(await send([o], {}), 401, INTEGRATION_MSG.chaveAusente);
    // The key with its last character changed (to another one: a key may end in x).
    const forged = `${shop.key.slice(0, -1)}${shop.key.endsWith('x') ? 'y' : 'x'}`;
    expectError(await send([o], { authorization: `Bearer ${forged}` }), 401, INTEGRATION_MSG.chaveInvalida);
    expect(await t.prisma.pedidoLoja.count({ where: { pedido: o.pedido } })).toBe(0);
    // And the key is no session: refused on a member's call.
    expectError(await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: shop.headers }), 401);
  });
});
