import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENT_REPLAYED_HEADER } from '@legiao/contracts';
import { webhookNewSecretSchema } from '@legiao/contracts/admin/webhooks';
import { INTEGRATION_MSG } from '@legiao/contracts/integracao/constants';
import { entitlementSchema } from '@legiao/contracts/integracao/lancamentos';
import { orderBatchResponseSchema, orderStatusSchema, type OrderResult } from '@legiao/contracts/integracao/pedidos';
import { LAUNCH_MSG, LAUNCH_TIME_ZONE, memberLaunchListSchema } from '@legiao/contracts/lancamentos';
import { DECISION_CACHE_TTL_MS, DecisionCache } from '../src/features/lancamentos/decision-cache.js';
import { LAUNCH_CACHE_TTL_MS } from '../src/features/lancamentos/launch-cache.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, expectError, login } from './support/factories.js';
import { createApiClient } from './support/integration-client.js';
import { createStaff } from './support/staff.js';
import { eventsOf, expectOneEvent, parseStrict } from './support/webhook-events.js';
import { createProduct } from './produto-fixtures.js';
import { launch, member, verifiedPurchase } from './lancamentos-fixtures.js';

// The store's orders and the launches' allowances (issue 31 part 2; docs/decisions/0047-launches.md,
// "Part 2: orders, events"): POST /api/integracao/v1/pedidos in a launch's early-access window for
// its SKUs uses the buyer's allowance in the order's transaction, exactly once per order id; over the
// allowance or without the right the order is applied and flagged; a cancellation gives units back;
// the access opened and the allowance used up are webhook events.

let t: TestApp;
// A second API process on the same database: within one process the order batches take turns
// (order-gate.ts, AT_ONCE), so concurrent orders race in PostgreSQL across processes.
let second: TestApp;
let shop: Awaited<ReturnType<typeof createApiClient>>;
let checker: Awaited<ReturnType<typeof createApiClient>>;
let endpointId: string;
let admin: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  [t, second] = await Promise.all([buildTestApp(), buildTestApp()]);
  shop = await createApiClient(t.prisma, ['pedidos:enviar']);
  checker = await createApiClient(t.prisma, ['lancamentos:consultar']);
  // The launch events are written only while an endpoint subscribes to them (ADR 0042).
  admin = await createStaff(t, ['admin']);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/integracoes/webhooks',
    headers: admin.headers,
    payload: { url: 'https://93.184.215.14/hooks/lancamentos', descricao: 'Lançamentos (teste)', tipos: ['lancamento.acesso_aberto', 'lancamento.cota_esgotada'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  endpointId = webhookNewSecretSchema.parse(res.json()).endpoint.id;
});
afterAll(async () => {
  await t?.prisma.webhookEndpoint.deleteMany({ where: { id: endpointId } });
  await Promise.all([t?.close(), second?.close()]);
});

const URL = '/api/integracao/v1/pedidos';
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: LAUNCH_TIME_ZONE });
type TestOrder = { pedido: string; itens: { sku: string; quantidade: number }[]; [field: string]: unknown };
const order = (email: string, sku: string, quantity = 1, over: Record<string, unknown> = {}): TestOrder => ({
  pedido: `LP-${randomUUID().slice(0, 13)}`,
  email,
  data: today(),
  canal: 'Site oficial',
  estado: 'pago',
  itens: [{ sku, quantidade: quantity }],
  ...over,
});
const send = (pedidos: unknown[], opts: { app?: TestApp; headers?: Record<string, string> } = {}) =>
  (opts.app ?? t).app.inject({ method: 'POST', url: URL, headers: opts.headers ?? shop.headers, payload: { pedidos } });
async function sendOk(pedidos: unknown[], opts: { app?: TestApp; headers?: Record<string, string> } = {}): Promise<OrderResult[]> {
  const res = await send(pedidos, opts);
  expect(res.statusCode, res.body).toBe(200);
  return orderBatchResponseSchema.parse(res.json()).pedidos;
}
async function direito(slug: string, email: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/integracao/v1/lancamentos/${slug}/direito?email=${encodeURIComponent(email)}`, headers: checker.headers });
  expect(res.statusCode, res.body).toBe(200);
  return entitlementSchema.parse(res.json());
}
const used = async (launchId: string, userId: string) => (await t.prisma.acessoAntecipado.findUnique({ where: { lancamentoId_usuarioId: { lancamentoId: launchId, usuarioId: userId } } }))?.cotaUsada ?? null;
const uses = (launchId: string) => t.prisma.lancamentoPedido.findMany({ where: { lancamentoId: launchId }, orderBy: { criadoEm: 'asc' } });
const verified = (userId: string, productId: number) => t.prisma.produtoCliente.count({ where: { usuarioId: userId, produtoId: productId, produtoValidado: true, canceladoEm: null } });

/** A product of the launch (its SKU in the launch) and a launch around now with `cota` units. */
async function setup(opts: { cota?: number; regra?: NonNullable<Parameters<typeof launch>[1]>['regra']; start?: Date; end?: Date; publicDate?: Date } = {}) {
  const product = await createProduct(t.prisma);
  const l = await launch(t.prisma, {
    sku: product.sku,
    cota: opts.cota ?? 3,
    ...(opts.regra ? { regra: opts.regra } : {}),
    ...(opts.start ? { start: opts.start, end: opts.end } : {}),
    ...(opts.publicDate ? { publicDate: opts.publicDate } : {}),
  });
  return { product, l };
}

describe('an order in the window uses the allowance', () => {
  it('counts the launch SKU units in the buyer allowance (access row made), and /direito reflects them', async () => {
    const { product, l } = await setup({ cota: 3 });
    const other = await createProduct(t.prisma);
    const m = await member(t.prisma);
    const [r] = await sendOk([order(m.email, product.sku, 2, { itens: [{ sku: product.sku.toLowerCase(), quantidade: 2 }, { sku: other.sku, quantidade: 5 }] })]);
    expect(r).toMatchObject({ situacao: 'aplicado', erros: [], lancamentos: [{ slug: l.slug, unidades: 2, situacao: 'na-cota' }] });
    expect(await used(l.id, m.id)).toBe(2);
    expect(await direito(l.slug, m.email)).toMatchObject({ elegivel: true, emJanela: true, cotaTotal: 3, cotaUsada: 2, cotaRestante: 1 });
    const [row] = await uses(l.id);
    expect(row).toMatchObject({ usuarioId: m.id, unidades: 2, acimaDaCota: false, semDireito: false, canceladoEm: null });
    expect(await verified(m.id, product.id)).toBe(1);
  });

  it('out of the window, or SKUs not of the launch: nothing used, no lancamentos in the answer', async () => {
    const HOUR = 3600_000;
    const { product, l } = await setup({ start: new Date(Date.now() - 5 * HOUR), end: new Date(Date.now() - 2 * HOUR) });
    const open = await setup();
    const other = await createProduct(t.prisma);
    const m = await member(t.prisma);
    const rs = await sendOk([order(m.email, product.sku), order(m.email, other.sku)]);
    expect(rs.map((r) => r.situacao)).toEqual(['aplicado', 'aplicado']);
    for (const r of rs) expect(r).not.toHaveProperty('lancamentos');
    expect(await used(l.id, m.id)).toBeNull();
    expect(await used(open.l.id, m.id)).toBeNull();
    expect(await uses(l.id)).toEqual([]);
  });

  it("the order's moment: the store's date and time when it sends one, at the window's edges in São Paulo (00:00)", async () => {
    // A window that opened at 00:00 in São Paulo two days ago and closed a day later.
    const day = new Date(Date.now() - 2 * 86400_000).toLocaleDateString('en-CA', { timeZone: LAUNCH_TIME_ZONE });
    const start = new Date(`${day}T00:00:00.000-03:00`);
    const { product, l } = await setup({ cota: 5, start, end: new Date(start.getTime() + 24 * 3600_000), publicDate: new Date(Date.now() + 24 * 3600_000) });
    const m = await member(t.prisma);
    const before = new Date(start.getTime() - 1);
    const beforeText = `${before.toLocaleDateString('en-CA', { timeZone: LAUNCH_TIME_ZONE })}T23:59:59.999-03:00`;
    const rs = await sendOk([
      order(m.email, product.sku, 1, { data: beforeText }),
      order(m.email, product.sku, 1, { data: `${day}T00:00:00.000-03:00` }),
      order(m.email, product.sku, 1, { data: new Date(start.getTime() + 24 * 3600_000).toISOString() }),
      // A day alone is read at the moment the portal receives it: now, after the window.
      order(m.email, product.sku, 1, { data: day }),
    ]);
    expect(rs.map((r) => r.lancamentos ?? null)).toEqual([null, [{ slug: l.slug, unidades: 1, situacao: 'na-cota' }], null, null]);
    expect(await used(l.id, m.id)).toBe(1);
    // Once the launch is public, an order dated in its window (a store replaying old orders) counts no more.
    await t.prisma.lancamentoProduto.update({ where: { id: l.id }, data: { dataPublica: new Date(Date.now() - 1000) } });
    const [late] = await sendOk([order(m.email, product.sku, 1, { data: `${day}T12:00:00.000-03:00` })]);
    expect(late).toMatchObject({ situacao: 'aplicado' });
    expect(late).not.toHaveProperty('lancamentos');
    expect(await used(l.id, m.id)).toBe(1);
  });
});

describe('flagged, and applied all the same', () => {
  it('over the allowance: acima-da-cota, nothing counted (an order counts whole), the purchase verified', async () => {
    const { product, l } = await setup({ cota: 3 });
    const m = await member(t.prisma);
    expect((await sendOk([order(m.email, product.sku, 2)]))[0]!.lancamentos).toEqual([{ slug: l.slug, unidades: 2, situacao: 'na-cota' }]);
    const [r] = await sendOk([order(m.email, product.sku, 2)]);
    expect(r).toMatchObject({ situacao: 'aplicado', lancamentos: [{ slug: l.slug, unidades: 2, situacao: 'acima-da-cota' }] });
    expect(await used(l.id, m.id)).toBe(2);
    // An order without a launch: its status lists none.
    const plain = order(m.email, (await createProduct(t.prisma)).sku);
    await sendOk([plain]);
    expect(orderStatusSchema.parse((await t.app.inject({ method: 'GET', url: `${URL}/${plain.pedido}`, headers: shop.headers })).json()).lancamentos).toEqual([]);
    expect(await verified(m.id, product.id)).toBe(2);
    expect((await sendOk([order(m.email, product.sku, 1)]))[0]!.lancamentos).toEqual([{ slug: l.slug, unidades: 1, situacao: 'na-cota' }]);
    expect(await direito(l.slug, m.email)).toMatchObject({ cotaUsada: 3, cotaRestante: 0 });
  });

  it("one call with several orders of one member: counted in the call's order against the units the earlier ones used, each whole or not at all", async () => {
    const { product, l } = await setup({ cota: 3 });
    const m = await member(t.prisma);
    const other = await member(t.prisma);
    // 2 fit, the next 2 would pass 3 (flagged), the 1 after still fits; another member's in between counts for them.
    const results = await sendOk([order(m.email, product.sku, 2), order(m.email, product.sku, 2), order(other.email, product.sku, 3), order(m.email, product.sku, 1)]);
    expect(results.map((r) => r.lancamentos?.[0]?.situacao)).toEqual(['na-cota', 'acima-da-cota', 'na-cota', 'na-cota']);
    expect(await used(l.id, m.id)).toBe(3);
    expect(await used(l.id, other.id)).toBe(3);
    expect(await direito(l.slug, m.email)).toMatchObject({ cotaUsada: 3, cotaRestante: 0 });
  });

  it('a buyer not entitled at the order moment: sem-direito, no access row, applied; the rule is decided before this order counts', async () => {
    const owned = await createProduct(t.prisma);
    const { product, l } = await setup({ regra: { condicoes: [{ tipo: 'comprasVerificadas', minimo: 1 }] } });
    const m = await member(t.prisma);
    const [r] = await sendOk([order(m.email, product.sku)]);
    expect(r).toMatchObject({ situacao: 'aplicado', lancamentos: [{ slug: l.slug, unidades: 1, situacao: 'sem-direito' }] });
    expect(await used(l.id, m.id)).toBeNull();
    expect(await uses(l.id)).toMatchObject([{ usuarioId: m.id, acimaDaCota: true, semDireito: true }]);
    expect(await verified(m.id, product.id)).toBe(1);
    // Now they have a verified purchase: the next order is counted.
    await verifiedPurchase(t.prisma, m.id, owned.id);
    expect((await sendOk([order(m.email, product.sku)]))[0]!.lancamentos).toEqual([{ slug: l.slug, unidades: 1, situacao: 'na-cota' }]);
  });

  it('an order of nobody with an account yet: pendente and sem-direito, nothing recorded', async () => {
    const { product, l } = await setup();
    const [r] = await sendOk([order(`ninguem-${randomUUID().slice(0, 8)}@nada.legiao.dev`, product.sku)]);
    expect(r).toMatchObject({ situacao: 'pendente', lancamentos: [{ slug: l.slug, unidades: 1, situacao: 'sem-direito' }] });
    expect(await uses(l.id)).toEqual([]);
  });
});

describe('exactly once', () => {
  it('30 concurrent orders of one member, separate calls on two API processes: exactly the allowance na-cota, the rest flagged, the sum exact', async () => {
    const COTA = 7;
    const { product, l } = await setup({ cota: COTA });
    const m = await member(t.prisma);
    const orders = Array.from({ length: 30 }, () => order(m.email, product.sku));
    const answers = await Promise.all(orders.map((o, i) => sendOk([o], { app: i % 2 ? second : t })));
    const situations = answers.map((a) => a[0]!.lancamentos![0]!.situacao);
    expect(situations.filter((s) => s === 'na-cota')).toHaveLength(COTA);
    expect(situations.filter((s) => s === 'acima-da-cota')).toHaveLength(30 - COTA);
    expect(await used(l.id, m.id)).toBe(COTA);
    const rows = await uses(l.id);
    expect(rows).toHaveLength(30);
    expect(rows.filter((u) => !u.acimaDaCota).reduce((n, u) => n + u.unidades, 0)).toBe(COTA);
    expect(await verified(m.id, product.id)).toBe(30);
    // One access row, one opening event, one allowance-used-up event.
    expect(await t.prisma.acessoAntecipado.count({ where: { lancamentoId: l.id } })).toBe(1);
    await expectOneEvent(t.prisma, endpointId, 'lancamento.acesso_aberto', { membroId: m.id, slug: l.slug });
    await expectOneEvent(t.prisma, endpointId, 'lancamento.cota_esgotada', { membroId: m.id, slug: l.slug });
  });

  it('a retry (same Idempotency-Key, or the same call without one, on either process) counts once and answers what the first did', async () => {
    const { product, l } = await setup({ cota: 3 });
    const m = await member(t.prisma);
    const o = order(m.email, product.sku, 2);
    const key = `lanc-${randomUUID()}`;
    const headers = { ...shop.headers, 'idempotency-key': key };
    const first = await send([o], { headers });
    expect(first.statusCode).toBe(200);
    const again = await send([o], { headers });
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
    const [plain] = await sendOk([o]);
    expect(plain).toMatchObject({ situacao: 'recebido', lancamentos: [{ slug: l.slug, unidades: 2, situacao: 'na-cota' }] });
    const concurrent = await Promise.all([sendOk([o], { app: second }), sendOk([o])]);
    for (const [r] of concurrent) expect(r).toMatchObject({ situacao: 'recebido', lancamentos: [{ situacao: 'na-cota' }] });
    expect(await used(l.id, m.id)).toBe(2);
    expect(await uses(l.id)).toHaveLength(1);
  });

  it("an order of member B never touches member A's allowance", async () => {
    const { product, l } = await setup({ cota: 2 });
    const [a, b] = [await member(t.prisma), await member(t.prisma)];
    expect((await sendOk([order(a.email, product.sku, 1)]))[0]!.lancamentos![0]!.situacao).toBe('na-cota');
    expect((await sendOk([order(b.email, product.sku, 2)]))[0]!.lancamentos![0]!.situacao).toBe('na-cota');
    expect(await used(l.id, a.id)).toBe(1);
    expect(await used(l.id, b.id)).toBe(2);
    expect(await direito(l.slug, a.email)).toMatchObject({ cotaUsada: 1, cotaRestante: 1 });
  });
});

describe('cancellations', () => {
  it('give counted units back (never below 0), once; units over the allowance are not subtracted; a new crossing is a new event', async () => {
    const { product, l } = await setup({ cota: 2 });
    const m = await member(t.prisma);
    const within = order(m.email, product.sku, 2);
    const over = order(m.email, product.sku, 1);
    await sendOk([within]);
    expect((await sendOk([over]))[0]!.lancamentos![0]!.situacao).toBe('acima-da-cota');
    expect(await eventsOf(t.prisma, endpointId, 'lancamento.cota_esgotada', { membroId: m.id, slug: l.slug })).toHaveLength(1);

    // The over-allowance order cancelled: nothing to give back.
    expect((await sendOk([{ ...over, estado: 'cancelado' }]))[0]!.situacao).toBe('cancelado');
    expect(await used(l.id, m.id)).toBe(2);
    // The counted one: its 2 units back; the same cancellation again changes nothing.
    expect((await sendOk([{ ...within, estado: 'cancelado' }]))[0]!.situacao).toBe('cancelado');
    expect(await used(l.id, m.id)).toBe(0);
    expect((await sendOk([{ ...within, estado: 'cancelado' }]))[0]!.situacao).toBe('recebido');
    expect(await used(l.id, m.id)).toBe(0);
    expect((await uses(l.id)).every((u) => u.canceladoEm !== null)).toBe(true);
    expect(await direito(l.slug, m.email)).toMatchObject({ cotaUsada: 0, cotaRestante: 2 });
    // The order's status says what it did, and that it was cancelled.
    const status = await t.app.inject({ method: 'GET', url: `${URL}/${within.pedido}`, headers: shop.headers });
    expect(status.statusCode, status.body).toBe(200);
    expect(orderStatusSchema.parse(status.json()).lancamentos).toEqual([{ slug: l.slug, unidades: 2, situacao: 'na-cota', cancelado: true }]);

    // Used up again: a second crossing, a second event.
    expect((await sendOk([order(m.email, product.sku, 2)]))[0]!.lancamentos![0]!.situacao).toBe('na-cota');
    const events = await eventsOf(t.prisma, endpointId, 'lancamento.cota_esgotada', { membroId: m.id, slug: l.slug });
    expect(events).toHaveLength(2);
    for (const e of events) expect(parseStrict('lancamento.cota_esgotada', e.dados)).toMatchObject({ cotaTotal: 2, cotaUsada: 2 });
    await expectOneEvent(t.prisma, endpointId, 'lancamento.acesso_aberto', { membroId: m.id, slug: l.slug });
  });

  it('never below 0: a use whose units were taken off by hand gives back what is left', async () => {
    const { product, l } = await setup({ cota: 3 });
    const m = await member(t.prisma);
    const o = order(m.email, product.sku, 3);
    await sendOk([o]);
    await t.prisma.acessoAntecipado.updateMany({ where: { lancamentoId: l.id, usuarioId: m.id }, data: { cotaUsada: 1 } });
    await sendOk([{ ...o, estado: 'cancelado' }]);
    expect(await used(l.id, m.id)).toBe(0);
  });
});

describe('events', () => {
  it('lancamento.acesso_aberto once per member and launch (first order after the first view: no second one)', async () => {
    const { product, l } = await setup({ cota: 5 });
    const m = await member(t.prisma);
    // The member's own first view makes the access row (and the event), then two orders.
    const view = await t.app.inject({ method: 'GET', url: '/api/lancamentos', headers: bearer(await login(t.app, m.email)) });
    expect(view.json().find((x: { slug: string }) => x.slug === l.slug).acesso.codigo).toMatch(/^LGA-/);
    await sendOk([order(m.email, product.sku, 1)]);
    await sendOk([order(m.email, product.sku, 1)]);
    const ev = await expectOneEvent(t.prisma, endpointId, 'lancamento.acesso_aberto', { membroId: m.id, slug: l.slug });
    expect(parseStrict('lancamento.acesso_aberto', ev.dados)).toMatchObject({ membroId: m.id, slug: l.slug, cotaTotal: 5 });
    expect(await eventsOf(t.prisma, endpointId, 'lancamento.cota_esgotada', { membroId: m.id, slug: l.slug })).toEqual([]);
  });
});

describe('refused: nothing changes', () => {
  it('without the pedidos:enviar scope (a key of lancamentos:consultar only): 403', async () => {
    const { product, l } = await setup();
    const m = await member(t.prisma);
    expectError(await send([order(m.email, product.sku)], { headers: checker.headers }), 403, INTEGRATION_MSG.escopoAusente);
    expect(await uses(l.id)).toEqual([]);
    expect(await used(l.id, m.id)).toBeNull();
  });

  it('a refused order (unknown SKU beside the launch one) and a bad body use nothing', async () => {
    const { product, l } = await setup();
    const m = await member(t.prisma);
    const [r] = await sendOk([order(m.email, product.sku, 1, { itens: [{ sku: product.sku, quantidade: 1 }, { sku: 'NAO-EXISTE-123', quantidade: 1 }] })]);
    expect(r).toMatchObject({ situacao: 'recusado' });
    expect(r).not.toHaveProperty('lancamentos');
    expect((await send([order(m.email, product.sku, 0)])).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: URL, headers: shop.headers, payload: { pedidos: 'x' } })).statusCode).toBe(400);
    expect(await uses(l.id)).toEqual([]);
    expect(await used(l.id, m.id)).toBeNull();
  });
});

describe('the launch row kept per process for the store checks (launch-cache.ts)', () => {
  it('an archive through this process is seen at once; a change by another process within the TTL; the orders never read it', async () => {
    const { product, l } = await setup({ cota: 3 });
    const m = await member(t.prisma);
    expect(await direito(l.slug, m.email)).toMatchObject({ cotaTotal: 3 });
    // Another process's write (straight to the database): the orders see it at once, the check within the TTL.
    await t.prisma.lancamentoProduto.update({ where: { id: l.id }, data: { cotaPorMembro: 1 } });
    expect((await sendOk([order(m.email, product.sku, 2)]))[0]!.lancamentos).toEqual([{ slug: l.slug, unidades: 2, situacao: 'acima-da-cota' }]);
    await new Promise((r) => setTimeout(r, LAUNCH_CACHE_TTL_MS + 100));
    expect(await direito(l.slug, m.email)).toMatchObject({ cotaTotal: 1, cotaUsada: 0 });
    // This process's own write: at once.
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/lancamentos/${l.id}/arquivar`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expectError(await t.app.inject({ method: 'GET', url: `/api/integracao/v1/lancamentos/${l.slug}/direito?email=${encodeURIComponent(m.email)}`, headers: checker.headers }), 404, LAUNCH_MSG.naoEncontrado);
  });
});

describe("the member's list keeps each decision a few seconds (decision-cache.ts)", () => {
  it('an order using the allowance, and its cancellation, show in the next GET /api/lancamentos at once; a rule edited too; another process\'s write within DECISION_CACHE_TTL_MS', async () => {
    const { product, l } = await setup({ cota: 3 });
    const m = await member(t.prisma);
    const headers = bearer(await login(t.app, m.email));
    const mine = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/lancamentos', headers });
      expect(res.statusCode, res.body).toBe(200);
      return memberLaunchListSchema.parse(res.json()).find((x) => x.slug === l.slug)!;
    };
    expect((await mine()).acesso!.cotaRestante).toBe(3);
    expect((await mine()).acesso!.cotaRestante).toBe(3);
    // The store's order in this process: its buyer's kept decision is forgotten after the commit.
    const o = order(m.email, product.sku, 2);
    expect((await sendOk([o]))[0]!.lancamentos).toEqual([{ slug: l.slug, unidades: 2, situacao: 'na-cota' }]);
    expect((await mine()).acesso!.cotaRestante).toBe(1);
    await sendOk([{ ...o, estado: 'cancelado' }]);
    expect((await mine()).acesso!.cotaRestante).toBe(3);
    // The launch's rule edited (straight in the database, as another process would): the row's version
    // is part of the key, so the next list decides again.
    await t.prisma.lancamentoProduto.update({ where: { id: l.id }, data: { regra: { condicoes: [{ tipo: 'comprasVerificadas', minimo: 50 }] } } });
    expect(await mine()).toMatchObject({ elegivel: false, acesso: null });
    await t.prisma.lancamentoProduto.update({ where: { id: l.id }, data: { regra: { condicoes: [] } } });
    expect((await mine()).acesso!.cotaRestante).toBe(3);
    // Units counted by another process (straight in the database): kept for at most the TTL, then seen.
    await t.prisma.acessoAntecipado.updateMany({ where: { lancamentoId: l.id, usuarioId: m.id }, data: { cotaUsada: 1 } });
    expect((await mine()).acesso!.cotaRestante).toBe(3);
    await new Promise((r) => setTimeout(r, DECISION_CACHE_TTL_MS + 100));
    expect((await mine()).acesso!.cotaRestante).toBe(2);
  });

  it('a read that raced a forget is answered but not kept', () => {
    let now = 1000;
    const cache = new DecisionCache(5000, () => now);
    const decision = { userId: 'u', eligible: true, reasons: [], code: null, used: 0 };
    const before = cache.ticket();
    cache.forget(['u']);
    cache.set('u', 'l:1', decision, before);
    expect(cache.get('u', 'l:1')).toBeUndefined();
    cache.set('u', 'l:1', decision, cache.ticket());
    expect(cache.get('u', 'l:1')?.decision).toEqual(decision);
    now += 5000;
    expect(cache.get('u', 'l:1')).toBeUndefined();
  });
});

describe("the member's data export (LGPD Art. 18) lists their launches", () => {
  it('the launch with the code, the units used and the orders; nothing of another member', async () => {
    const { product, l } = await setup({ cota: 2 });
    const m = await member(t.prisma);
    const other = await member(t.prisma);
    const [mine] = await sendOk([order(m.email, product.sku, 2)]);
    await sendOk([order(other.email, product.sku, 1)]);
    expect(mine!.lancamentos).toEqual([{ slug: l.slug, unidades: 2, situacao: 'na-cota' }]);
    const res = await t.app.inject({ method: 'GET', url: '/api/usuario/meus-dados', headers: bearer(await login(t.app, m.email)) });
    expect(res.statusCode, res.body).toBe(200);
    const code = (await t.prisma.acessoAntecipado.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: m.id } } })).codigo;
    const otherCode = (await t.prisma.acessoAntecipado.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: other.id } } })).codigo;
    expect(res.json().lancamentos).toEqual([
      {
        lancamento: l.slug,
        nome: expect.any(String),
        vistoEm: null,
        elegivelAoVer: null,
        acessadoEm: null,
        codigo: code,
        cotaUsada: 2,
        pedidos: [{ pedido: mine!.pedido, unidades: 2, situacao: 'na-cota', canceladoEm: null, em: expect.stringMatching(/Z$/) }],
      },
    ]);
    expect(res.body).not.toContain(otherCode);
  });
});
