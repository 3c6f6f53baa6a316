import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { IDEMPOTENT_REPLAYED_HEADER, POINTS } from '@legiao/contracts';
import { INTEGRATION_MSG } from '@legiao/contracts/integracao/constants';
import { orderBatchResponseSchema, ORDERS_MSG, type OrderResult } from '@legiao/contracts/integracao/pedidos';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser, expectError } from './support/factories.js';
import { createApiClient } from './support/integration-client.js';
import { createBenefit } from './beneficio-fixtures.js';
import { createProduct } from './produto-fixtures.js';
import { createStaffByRole } from './support/staff.js';

// Two copies of one call at once, retries with an Idempotency-Key, a batch whose transaction fails,
// and coupon usage with a machine key (docs/decisions/0041-store-integration.md).

let t: TestApp;
// A second API process on the same database: within one process the batches take turns
// (order-gate.ts), so two calls at once race in PostgreSQL only across processes (WORKERS=N).
let second: TestApp;
let shop: Awaited<ReturnType<typeof createApiClient>>;
beforeAll(async () => {
  [t, second] = await Promise.all([buildTestApp(), buildTestApp()]);
  shop = await createApiClient(t.prisma, ['pedidos:enviar']);
});
afterAll(() => Promise.all([t.close(), second.close()]));

const URL = '/api/integracao/v1/pedidos';
const send = (pedidos: unknown[], headers: Record<string, string> = shop.headers, app = t.app) => app.inject({ method: 'POST', url: URL, headers, payload: { pedidos } });
const results = (res: { statusCode: number; body: string; json: () => unknown }): OrderResult[] => {
  expect(res.statusCode, res.body).toBe(200);
  return orderBatchResponseSchema.parse(res.json()).pedidos;
};
/** An order as the store sends it (fields overridden or added by the test). */
type TestOrder = { pedido: string; itens: { sku: string; quantidade: number; quantidadePresente?: number }[]; [field: string]: unknown };
const order = (over: Record<string, unknown>): TestOrder => ({ itens: [], pedido: `CONC-${randomUUID().slice(0, 13)}`, data: '2026-05-02', canal: 'Site oficial', estado: 'pago', ...over });

async function batch(n: number) {
  const [p, q] = await Promise.all([createProduct(t.prisma), createProduct(t.prisma)]);
  const users = await Promise.all(Array.from({ length: n }, () => createUser(t.prisma)));
  const orders = users.map((u, i) => order({ email: u.email, data: `2026-05-${String(1 + (i % 9)).padStart(2, '0')}`, itens: [{ sku: p.sku, quantidade: 1 + (i % 2) }, { sku: q.sku, quantidade: 1 }] }));
  return { orders, ids: users.map((u) => u.usuario.id), products: [p.id, q.id] };
}

async function economy(ids: string[], products: number[]) {
  const [entries, credits, numbers, points, counters] = await Promise.all([
    t.prisma.produtoCliente.count({ where: { usuarioId: { in: ids } } }),
    t.prisma.lancamento.count({ where: { usuarioId: { in: ids } } }),
    t.prisma.numeroLegionario.findMany({ where: { produtoId: { in: products } }, select: { produtoId: true, numero: true } }),
    t.prisma.lancamento.aggregate({ where: { usuarioId: { in: ids } }, _sum: { valor: true } }),
    t.prisma.produto.findMany({ where: { id: { in: products } }, select: { numerosAtribuidos: true } }),
  ]);
  return { entries, credits, numbers, points: points._sum.valor ?? 0, counters: counters.reduce((s, c) => s + c.numerosAtribuidos, 0) };
}

describe('two identical calls at once', () => {
  it('give one result: each order applied by one of them and received by the other; entries, credits and numbers once', async () => {
    const { orders, ids, products } = await batch(30);
    // Two store servers sending the same batch, each with its own key of the same client.
    const [a, b] = await Promise.all([send(orders), send([...orders], shop.headers, second.app)]);
    const [ra, rb] = [results(a), results(b)];
    for (let i = 0; i < orders.length; i++) {
      expect([ra[i]!.situacao, rb[i]!.situacao].sort(), orders[i]!.pedido).toEqual(['aplicado', 'recebido']);
    }
    const pieces = orders.reduce((s, o) => s + o.itens.reduce((x, i) => x + i.quantidade, 0), 0);
    const e = await economy(ids, products);
    expect(e).toMatchObject({ entries: 60, credits: 60, points: 60 * POINTS.compra, counters: pieces });
    expect(e.numbers).toHaveLength(pieces);
    // Numbers 1..n per product, none twice.
    for (const id of products) {
      const mine = e.numbers.filter((n) => n.produtoId === id).map((n) => n.numero).sort((x, y) => x - y);
      expect(mine).toEqual(Array.from({ length: mine.length }, (_, i) => i + 1));
    }
    expect(await t.prisma.pedidoLoja.count({ where: { pedido: { in: orders.map((o) => o.pedido) } } })).toBe(30);
  });

  it('a cancellation racing its own retry reverses once', async () => {
    const { orders, ids, products } = await batch(10);
    results(await send(orders));
    const cancel = orders.map((o) => ({ ...o, estado: 'cancelado' }));
    const [a, b] = await Promise.all([send(cancel), send(cancel, shop.headers, second.app)]);
    for (const [i] of orders.entries()) expect([results(a)[i]!.situacao, results(b)[i]!.situacao].sort()).toEqual(['cancelado', 'recebido']);
    const e = await economy(ids, products);
    expect(e).toMatchObject({ entries: 20, credits: 40, points: 0 });
    expect(await t.prisma.lancamento.count({ where: { usuarioId: { in: ids }, motivo: 'estorno' } })).toBe(20);
  });
});

describe('Idempotency-Key', () => {
  it('the same key and body answer the first answer again; another body is 422; another client has its own keys', async () => {
    const { orders, ids, products } = await batch(3);
    const key = `lote-${randomUUID()}`;
    const headers = { ...shop.headers, 'idempotency-key': key };
    const first = await send(orders, headers);
    expect(results(first).map((r) => r.situacao)).toEqual(['aplicado', 'aplicado', 'aplicado']);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    const once = await economy(ids, products);
    const replay = await send(orders, headers);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    // Without the key, the same call says the orders were received before.
    expect(results(await send(orders)).map((r) => r.situacao)).toEqual(['recebido', 'recebido', 'recebido']);
    expectError(await send(orders.slice(0, 2), headers), 422, ORDERS_MSG.chaveOutroCorpo);
    expect(await economy(ids, products)).toEqual(once);
    // The key is the client's: another client's call with it runs (and finds the orders received).
    const other = await createApiClient(t.prisma, ['pedidos:enviar']);
    expect(results(await send(orders, { ...other.headers, 'idempotency-key': key })).map((r) => r.situacao)).toEqual(['recebido', 'recebido', 'recebido']);
  });

  it('while a call with the key runs, another is refused with 409', async () => {
    const { orders } = await batch(1);
    const key = `lote-${randomUUID()}`;
    // The running call's lock, held by another connection.
    const holder = new pg.Client({ connectionString: inject('databaseUrl') });
    await holder.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock(hashtextextended($1, 0))`, [`integracao:${shop.id}:${key}`]);
      expectError(await send(orders, { ...shop.headers, 'idempotency-key': key }), 409, ORDERS_MSG.chaveEmAndamento);
      expect(await t.prisma.pedidoLoja.count({ where: { pedido: orders[0]!.pedido } })).toBe(0);
      await holder.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [`integracao:${shop.id}:${key}`]);
      expect(results(await send(orders, { ...shop.headers, 'idempotency-key': key }))[0]!.situacao).toBe('aplicado');
    } finally {
      await holder.end();
    }
  });
});

describe('a batch whose transaction fails', () => {
  it('applies each order in a transaction of its own: the others are applied, the failing one is refused', async () => {
    const { orders, ids } = await batch(3);
    const failing = `FALHA-${randomUUID().slice(0, 8)}`;
    const fn = `teste_falha_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
    const sql = new pg.Client({ connectionString: inject('databaseUrl') });
    await sql.connect();
    try {
      await sql.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.pedido = '${failing}' THEN RAISE EXCEPTION 'falha de teste'; END IF; RETURN NEW; END $$`);
      await sql.query(`CREATE TRIGGER ${fn} BEFORE INSERT ON pedido_loja FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
      const r = results(await send([orders[0], { ...orders[1], pedido: failing }, orders[2]]));
      expect(r.map((x) => x.situacao)).toEqual(['aplicado', 'recusado', 'aplicado']);
      expect(r[1]!.erros).toEqual([{ campo: 'pedido', mensagem: ORDERS_MSG.falhou }]);
    } finally {
      await sql.query(`DROP TRIGGER IF EXISTS ${fn} ON pedido_loja`).catch(() => {});
      await sql.query(`DROP FUNCTION IF EXISTS ${fn}()`).catch(() => {});
      await sql.end();
    }
    expect(await t.prisma.produtoCliente.count({ where: { usuarioId: { in: ids } } })).toBe(4);
    expect(await t.prisma.pedidoLoja.count({ where: { pedido: failing } })).toBe(0);
  });
});

describe('POST /api/integracao/v1/cupons/uso', () => {
  it('marks codes used with a cupons:usar key, as the administrators\' call does (which keeps working)', async () => {
    const b = await createBenefit(t.prisma, { pool: 3 });
    const codes = (await t.prisma.cupom.findMany({ where: { beneficioId: b.id }, orderBy: { codigo: 'asc' } })).map((c) => c.codigo);
    await t.prisma.cupom.updateMany({ where: { codigo: { in: codes } }, data: { resgatadoEm: new Date() } });
    const till = await createApiClient(t.prisma, ['cupons:usar']);
    const url = '/api/integracao/v1/cupons/uso';
    const res = await t.app.inject({ method: 'POST', url, headers: till.headers, payload: { codigos: [codes[0]!.toLowerCase(), 'NAO-EXISTE-1'], dataUso: '2026-05-03T12:00:00.000Z' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ marcados: 1, naoEncontrados: ['NAO-EXISTE-1'] });
    expect((await t.prisma.cupom.findUniqueOrThrow({ where: { codigo: codes[0]! } })).usadoEm?.toISOString()).toBe('2026-05-03T12:00:00.000Z');
    // Again: nothing more (the first date stays).
    expect((await t.app.inject({ method: 'POST', url, headers: till.headers, payload: { codigos: [codes[0]] } })).json()).toEqual({ marcados: 0, naoEncontrados: [] });
    expectError(await t.app.inject({ method: 'POST', url, headers: shop.headers, payload: { codigos: [codes[1]] } }), 403, INTEGRATION_MSG.escopoAusente);
    expectError(await t.app.inject({ method: 'POST', url, headers: till.headers, payload: { codigos: [] } }), 400);
    const s = await createStaffByRole(t);
    expectError(await t.app.inject({ method: 'POST', url, headers: s.admin.headers, payload: { codigos: [codes[1]] } }), 401, INTEGRATION_MSG.chaveInvalida);
    const old = await t.app.inject({ method: 'POST', url: '/api/beneficio/cupom/uso', headers: s.admin.headers, payload: { codigos: [codes[1]] } });
    expect(old.json()).toEqual({ marcados: 1, naoEncontrados: [] });
    expectError(await t.app.inject({ method: 'POST', url: '/api/beneficio/cupom/uso', headers: till.headers, payload: { codigos: [codes[2]] } }), 401);
  });
});
