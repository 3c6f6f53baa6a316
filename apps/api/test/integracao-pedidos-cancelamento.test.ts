import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingPoints, POINTS, statementResponseSchema } from '@legiao/contracts';
import { orderBatchResponseSchema, ORDERS_MSG, type OrderResult } from '@legiao/contracts/integracao/pedidos';
import { issueAccountLink } from '../src/features/auth/account-links.js';
import { importPurchases } from '../src/features/produto/purchases-import.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login, uniqueEmail } from './support/factories.js';
import { createApiClient } from './support/integration-client.js';
import { createBenefit, createEconomyMember } from './beneficio-fixtures.js';
import { createProduct, createVerifiedPurchase } from './produto-fixtures.js';
import { createStaffByRole } from './support/staff.js';

// Cancelled and refunded store orders (docs/decisions/0041-store-integration.md): new ledger entries
// take back the purchase credit and the referral the order alone confirmed; nothing is deleted; the
// entry leaves the collection and its legion numbers are retired; a spent balance goes negative.

let t: TestApp;
let shop: Awaited<ReturnType<typeof createApiClient>>;
beforeAll(async () => {
  t = await buildTestApp();
  shop = await createApiClient(t.prisma, ['pedidos:enviar']);
});
afterAll(() => t.close());

const URL = '/api/integracao/v1/pedidos';
async function sendOk(pedidos: unknown[]): Promise<OrderResult[]> {
  const res = await t.app.inject({ method: 'POST', url: URL, headers: shop.headers, payload: { pedidos } });
  expect(res.statusCode, res.body).toBe(200);
  return orderBatchResponseSchema.parse(res.json()).pedidos;
}
/** An order as the store sends it (fields overridden or added by the test). */
type TestOrder = { pedido: string; itens: { sku: string; quantidade: number; quantidadePresente?: number }[]; [field: string]: unknown };
const order = (over: Record<string, unknown>): TestOrder => ({ itens: [], pedido: `CANC-${randomUUID().slice(0, 13)}`, data: '2026-04-01', canal: 'Site oficial', estado: 'pago', ...over });
const cancelled = <T extends Record<string, unknown>>(o: T) => ({ ...o, estado: 'cancelado' });
const situations = (r: OrderResult[]) => r.map((o) => o.situacao);
const balance = async (userId: string) => (await t.prisma.lancamento.aggregate({ where: { usuarioId: userId }, _sum: { valor: true } }))._sum.valor ?? 0;
const statement = async (headers: Record<string, string>) => statementResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/usuario/extrato', headers })).json());

describe('cancelling an applied order', () => {
  it('reverses its credit and the referral it alone confirmed, retires its numbers and takes it out of the collection', async () => {
    const p = await createProduct(t.prisma, { numerosAtribuidos: 40 });
    const referrer = await createEconomyMember(t.app, t.prisma);
    const friend = await createEconomyMember(t.app, t.prisma);
    await t.prisma.indicacao.create({ data: { indicadorId: referrer.usuario.id, indicadoId: friend.usuario.id, cpfDigest: `c-${randomUUID()}`, emailDigest: `e-${randomUUID()}` } });
    const o = order({ email: friend.email, itens: [{ sku: p.sku, quantidade: 2 }] });
    expect(situations(await sendOk([o]))).toEqual(['aplicado']);
    expect(await balance(friend.usuario.id)).toBe(POINTS.compra);
    expect(await balance(referrer.usuario.id)).toBe(POINTS.indicacao);
    const entry = await t.prisma.produtoCliente.findFirstOrThrow({ where: { codigoPedido: o.pedido }, include: { lancamento: true, numerosLegionario: true } });
    expect(entry.numerosLegionario.map((n) => n.numero).sort()).toEqual([41, 42]);

    expect(await sendOk([cancelled(o)])).toEqual([{ indice: 0, pedido: o.pedido, situacao: 'cancelado', erros: [] }]);
    // Nothing deleted: the entry is cancelled, keeps its numbers; new entries reverse the credits.
    const after = await t.prisma.produtoCliente.findUniqueOrThrow({ where: { id: entry.id }, include: { numerosLegionario: true } });
    expect(after.canceladoEm).toBeInstanceOf(Date);
    expect(after.numerosLegionario.map((n) => n.numero).sort()).toEqual([41, 42]);
    expect(await t.prisma.lancamento.findMany({ where: { estornoDeId: entry.lancamento!.id } })).toEqual([expect.objectContaining({ motivo: 'estorno', valor: -POINTS.compra, usuarioId: friend.usuario.id })]);
    expect(await balance(friend.usuario.id)).toBe(0);
    expect(await balance(referrer.usuario.id)).toBe(0);
    const referral = await t.prisma.indicacao.findUniqueOrThrow({ where: { indicadoId: friend.usuario.id }, include: { lancamento: { include: { estorno: true } } } });
    expect(referral.status).toBe('estornada');
    expect(referral.lancamento!.estorno).toMatchObject({ motivo: 'estorno', valor: -POINTS.indicacao, usuarioId: referrer.usuario.id });
    expect(await t.prisma.pedidoLoja.findUniqueOrThrow({ where: { pedido: o.pedido } })).toMatchObject({ estado: 'cancelado', situacao: 'cancelado', canceladoEm: expect.any(Date) });

    // Out of the collection, the achievements and the referrer's confirmed list.
    expect((await t.app.inject({ method: 'GET', url: '/api/produto/cliente', headers: friend.headers })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/conquista', headers: friend.headers })).json()).toMatchObject({ numeroLegionario: null, progresso: { produtosNaColecao: 0 } });
    const summary = (await t.app.inject({ method: 'GET', url: '/api/indicacao', headers: referrer.headers })).json();
    expect(summary).toMatchObject({ confirmados: 0, pendentes: 0, saldo: 0 });
    // The statements say what was reversed, with the product and the friend.
    expect((await statement(friend.headers))[0]).toMatchObject({ motivo: 'Estorno: compra cancelada', valor: -POINTS.compra, produto: p.nome });
    expect((await statement(referrer.headers))[0]).toMatchObject({ motivo: 'Estorno: indicação', valor: -POINTS.indicacao, indicado: friend.email });

    // The numbers are retired: the next buyer of the product gets 43, not 41.
    const next = await createUser(t.prisma);
    expect(situations(await sendOk([order({ email: next.email, itens: [{ sku: p.sku, quantidade: 1 }] })]))).toEqual(['aplicado']);
    expect((await t.prisma.numeroLegionario.findFirstOrThrow({ where: { produtoCliente: { usuarioId: next.usuario.id } } })).numero).toBe(43);

    // The cancellation again changes nothing; paid again after cancelled is a conflict.
    const ledger = await t.prisma.lancamento.count({ where: { usuarioId: { in: [friend.usuario.id, referrer.usuario.id] } } });
    expect(situations(await sendOk([cancelled(o)]))).toEqual(['recebido']);
    const again = await sendOk([o, order({ email: friend.email, itens: [{ sku: p.sku, quantidade: 1 }] })]);
    expect(again[0]).toEqual({ indice: 0, pedido: o.pedido, situacao: 'conflito', erros: [{ campo: 'estado', mensagem: ORDERS_MSG.jaCancelado }] });
    // A later purchase does not confirm the reversed referral again (no farming).
    expect(await t.prisma.indicacao.findUniqueOrThrow({ where: { indicadoId: friend.usuario.id } })).toMatchObject({ status: 'estornada' });
    expect(await t.prisma.lancamento.count({ where: { usuarioId: { in: [friend.usuario.id, referrer.usuario.id] } } })).toBe(ledger + 1);
  });

  it('keeps the referral when the friend has another verified purchase', async () => {
    const p = await createProduct(t.prisma);
    const referrer = await createUser(t.prisma);
    const friend = await createUser(t.prisma);
    await t.prisma.indicacao.create({ data: { indicadorId: referrer.usuario.id, indicadoId: friend.usuario.id, cpfDigest: `c-${randomUUID()}`, emailDigest: `e-${randomUUID()}` } });
    const first = order({ email: friend.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    const second = order({ email: friend.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    expect(situations(await sendOk([first, second]))).toEqual(['aplicado', 'aplicado']);
    expect(situations(await sendOk([cancelled(first)]))).toEqual(['cancelado']);
    expect(await t.prisma.indicacao.findUniqueOrThrow({ where: { indicadoId: friend.usuario.id } })).toMatchObject({ status: 'confirmada' });
    expect(await balance(referrer.usuario.id)).toBe(POINTS.indicacao);
    expect(await balance(friend.usuario.id)).toBe(POINTS.compra);
  });

  it('after the points were spent: the balance goes negative, the statement says why, redemptions are refused', async () => {
    const p = await createProduct(t.prisma);
    const m = await createEconomyMember(t.app, t.prisma);
    const o = order({ email: m.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    await sendOk([o]);
    const b = await createBenefit(t.prisma, { valor: 1 });
    const redeemed = await t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers: m.headers, payload: { idBeneficio: b.id } });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    expect(await balance(m.usuario.id)).toBe(0);

    expect(situations(await sendOk([cancelled(o)]))).toEqual(['cancelado']);
    // The redemption stays; the member owes the point.
    expect(await balance(m.usuario.id)).toBe(-POINTS.compra);
    expect(await t.prisma.resgate.count({ where: { usuarioId: m.usuario.id } })).toBe(1);
    const logged = await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: m.headers });
    expect(logged.json().saldo).toBe(-POINTS.compra);
    const lines = await statement(m.headers);
    expect(lines.map((l) => [l.motivo, l.valor])).toEqual([
      ['Estorno: compra cancelada', -1],
      ['Resgate de Benefício', -1],
      ['Compra', 1],
    ]);
    const other = await createBenefit(t.prisma, { valor: 1 });
    expectError(await t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers: m.headers, payload: { idBeneficio: other.id } }), 409, missingPoints(2));
    // A free benefit needs a balance that covers it too (0 points, and the member owes 1).
    const free = await createBenefit(t.prisma, { valor: 0 });
    expectError(await t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers: m.headers, payload: { idBeneficio: free.id } }), 409, missingPoints(1));
  });
});

describe('cancelling what was not applied', () => {
  it('a pending order just becomes cancelado, and the buyer activating later gets nothing from it', async () => {
    const p = await createProduct(t.prisma);
    const email = uniqueEmail('cancelou-antes');
    const o = order({ email, itens: [{ sku: p.sku, quantidade: 1 }] });
    expect(situations(await sendOk([o]))).toEqual(['pendente']);
    expect(situations(await sendOk([cancelled(o)]))).toEqual(['cancelado']);
    expect(await t.prisma.pedidoLoja.findUniqueOrThrow({ where: { pedido: o.pedido } })).toMatchObject({ situacao: 'cancelado', estado: 'cancelado', aplicadoEm: null });
    const u = await createUser(t.prisma, { email, ativo: false });
    const { secret } = await t.prisma.$transaction((tx) => issueAccountLink(tx, u.usuario.id, 'ativacao'));
    expect((await t.app.inject({ method: 'POST', url: '/api/usuario/ativar-conta', payload: { hash: secret } })).statusCode).toBe(200);
    expect(await t.prisma.produtoCliente.count({ where: { usuarioId: u.usuario.id } })).toBe(0);
    expect(await balance(u.usuario.id)).toBe(0);
  });

  it('an order that arrives already cancelled applies nothing, reverses what the CSV import registered for it, and the CSV import refuses it afterwards', async () => {
    const p = await createProduct(t.prisma);
    const u = await createUser(t.prisma);
    const fresh = order({ email: u.email, itens: [{ sku: p.sku, quantidade: 1 }], estado: 'cancelado' });
    expect(situations(await sendOk([fresh]))).toEqual(['cancelado']);
    expect(await t.prisma.produtoCliente.count({ where: { usuarioId: u.usuario.id } })).toBe(0);
    // The brand's CSV registered an order; the store then sends it cancelled.
    const code = `CSV-${randomUUID().slice(0, 8)}`;
    await createVerifiedPurchase(t.prisma, { usuarioId: u.usuario.id, produtoId: p.id, quantidade: 1, codigoPedido: code });
    expect(await balance(u.usuario.id)).toBe(POINTS.compra);
    expect(situations(await sendOk([order({ pedido: code, email: u.email, itens: [{ sku: p.sku, quantidade: 1 }], estado: 'cancelado' })]))).toEqual(['cancelado']);
    expect(await balance(u.usuario.id)).toBe(0);
    expect(await t.prisma.produtoCliente.findFirstOrThrow({ where: { codigoPedido: code } })).toMatchObject({ origem: 'importacao', canceladoEm: expect.any(Date) });
    const [line] = await importPurchases(t.prisma, `pedido;email;produto;quantidade;dataCompra\n${fresh.pedido};${u.email};${p.sku};1;2026-04-01`);
    expect(line).toMatchObject({ status: 'invalida', motivo: expect.stringContaining('cancelado pela loja') });
    expect(await t.prisma.produtoCliente.count({ where: { codigoPedido: fresh.pedido } })).toBe(0);
  });
});

describe('the member page in the back office', () => {
  it('shows where each purchase came from and the cancelled one as cancelled', async () => {
    const p = await createProduct(t.prisma);
    const m = await createUser(t.prisma);
    const admin = await createUser(t.prisma);
    await t.prisma.staffRole.create({ data: { usuarioId: admin.usuario.id, role: 'admin' } });
    const staff = bearer(await login(t.app, admin.email));
    const o = order({ email: m.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    await sendOk([o]);
    await sendOk([cancelled(o)]);
    await createVerifiedPurchase(t.prisma, { usuarioId: m.usuario.id, produtoId: p.id, quantidade: 1 });
    const page = await t.app.inject({ method: 'GET', url: `/api/admin/membros/${m.usuario.id}`, headers: staff });
    expect(page.statusCode, page.body).toBe(200);
    const products = page.json().produtos as { origem: string; integracao: string | null; codigoPedido: string; canceladoEm: string | null }[];
    expect(products).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ origem: 'integracao', integracao: expect.stringContaining('Loja de teste'), codigoPedido: o.pedido, canceladoEm: expect.any(String) }),
        expect.objectContaining({ origem: 'importacao', integracao: null, canceladoEm: null }),
      ]),
    );
    const lines = (await t.app.inject({ method: 'GET', url: `/api/admin/membros/${m.usuario.id}/extrato`, headers: staff })).json().itens;
    expect(lines.map((l: { motivo: string; valor: number }) => [l.motivo, l.valor])).toEqual([
      ['Compra', 1],
      ['Estorno: compra cancelada', -1],
      ['Compra', 1],
    ]);
    expect(lines[1].descricao).toBe(`${p.nome} · pedido ${o.pedido}`);
  });

  it('lets staff with members.write register a verified purchase (origem equipe), audited, with the same effects', async () => {
    const p = await createProduct(t.prisma, { numerosAtribuidos: 7 });
    const referrer = await createUser(t.prisma);
    const m = await createUser(t.prisma);
    await t.prisma.indicacao.create({ data: { indicadorId: referrer.usuario.id, indicadoId: m.usuario.id, cpfDigest: `c-${randomUUID()}`, emailDigest: `e-${randomUUID()}` } });
    const s = await createStaffByRole(t);
    const url = `/api/admin/membros/${m.usuario.id}/compras`;
    const body = { sku: p.sku.toLowerCase(), quantidade: 2, quantidadePresente: 1, dataCompra: '2026-04-02', codigoPedido: `TEL-${randomUUID().slice(0, 8)}`, localCompra: 'Loja Física' };
    expectError(await t.app.inject({ method: 'POST', url, headers: s.marketing.headers, payload: body }), 403);
    expectError(await t.app.inject({ method: 'POST', url, payload: body }), 401);
    const res = await t.app.inject({ method: 'POST', url, headers: s.atendimento.headers, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toContain('8/1913, 9/1913');
    const entry = await t.prisma.produtoCliente.findFirstOrThrow({ where: { usuarioId: m.usuario.id }, include: { numerosLegionario: true } });
    expect(entry).toMatchObject({ origem: 'equipe', produtoValidado: true, quantidade: 2, quantidadePresente: 1, localCompra: 'Loja Física', codigoPedido: body.codigoPedido });
    expect(await balance(m.usuario.id)).toBe(POINTS.compra);
    expect(await balance(referrer.usuario.id)).toBe(POINTS.indicacao);
    const audit = await t.prisma.auditEntry.findFirstOrThrow({ where: { action: 'membro.registrar-compra', entityId: m.usuario.id } });
    expect(audit).toMatchObject({ actorId: s.atendimento.id, entity: 'membro', after: expect.objectContaining({ codigoPedido: body.codigoPedido, numeros: [8, 9] }) });
    // The same order and product again, an unknown SKU, bad fields: refused, nothing more.
    expectError(await t.app.inject({ method: 'POST', url, headers: s.admin.headers, payload: body }), 409, 'Este pedido já está registrado para este produto.');
    expectError(await t.app.inject({ method: 'POST', url, headers: s.admin.headers, payload: { ...body, sku: 'NAO-EXISTE' } }), 400, 'SKU não encontrado no catálogo.');
    expectError(await t.app.inject({ method: 'POST', url, headers: s.admin.headers, payload: { ...body, quantidade: 1, quantidadePresente: 2 } }), 400, 'Quantidade para presente: de 0 até a quantidade.');
    expectError(await t.app.inject({ method: 'POST', url, headers: s.admin.headers, payload: { ...body, codigoPedido: ' ' } }), 400);
    expect(await t.prisma.produtoCliente.count({ where: { usuarioId: m.usuario.id } })).toBe(1);
    const page = await t.app.inject({ method: 'GET', url: `/api/admin/membros/${m.usuario.id}`, headers: s.admin.headers });
    expect(page.json().produtos).toEqual([expect.objectContaining({ origem: 'equipe', integracao: null, canceladoEm: null, numeros: [8, 9] })]);
  });
});
