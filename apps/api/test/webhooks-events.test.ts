import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { missingPoints, POINTS } from '@legiao/contracts';
import { importSchema } from '@legiao/contracts/admin/importacoes';
import { webhookDeliveryListSchema, webhookNewSecretSchema } from '@legiao/contracts/admin/webhooks';
import { orderBatchResponseSchema, ORDERS_MSG, type OrderResult } from '@legiao/contracts/integracao/pedidos';
import { surveyStateSchema } from '@legiao/contracts/pesquisa';
import { webhookEnvelopeSchema, WEBHOOK_EVENTS } from '@legiao/contracts/webhooks/catalogue';
import { seedSurveys } from '../src/db/seed-surveys.js';
import { runningApply } from '../src/features/admin/importacoes/importacoes.service.js';
import { redeemInTx } from '../src/features/beneficio/redemption.service.js';
import { importPurchases } from '../src/features/produto/purchases-import.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { scaleDatabase } from './support/api-process.js';
import { bearer, createUser, expectError, login, signupPayload, TEST_PASSWORD, type SignupBody } from './support/factories.js';
import { createApiClient } from './support/integration-client.js';
import { extractLink, waitForMail } from './support/mailbox.js';
import { createStaff, type StaffSession } from './support/staff.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { anyEventsOf, eventsOf, expectOneEvent, ISO_UTC, parseStrict } from './support/webhook-events.js';
import { createBenefit, createEconomyMember } from './beneficio-fixtures.js';
import { startFakeSocial } from './fake-social.js';
import { createProduct } from './produto-fixtures.js';
import { launch } from './lancamentos-fixtures.js';

// Outgoing webhooks, the events (issue 25; docs/decisions/0042-webhooks.md): each type caused through
// the path a member, staff or the store really takes, then read where the database's triggers wrote
// it (evento, webhook_entrega, in the change's transaction). On the shared test database: other files
// subscribe endpoints of their own (some to every type), so every event is found by the ids of the
// rows its test made, and deliveries are counted for this file's endpoint only (one event per change,
// one delivery per subscribed endpoint, whatever the others). The tests that need to know every
// endpoint there is ("no subscriber, no event") and the one that delivers run on a database of this
// file's own. Delivery is off on the shared one: deliveries just wait there.

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeSocial>>;
let admin: StaffSession;
let shop: Awaited<ReturnType<typeof createApiClient>>;
/** This file's endpoint on the shared database: every type (tipos []). */
let endpointId: string;

// A public address (an IP literal: nothing to resolve); never contacted, delivery is off here.
const PUBLIC_URL = 'https://93.184.215.14/hooks/legiao-eventos';

beforeAll(async () => {
  fake = await startFakeSocial();
  t = await buildTestApp({ env: fake.env });
  await seedSurveys(t.prisma);
  admin = await createStaff(t, ['admin']);
  shop = await createApiClient(t.prisma, ['pedidos:enviar']);
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/integracoes/webhooks', headers: admin.headers, payload: { url: PUBLIC_URL, descricao: 'Eventos (teste)', tipos: [] } });
  expect(res.statusCode, res.body).toBe(201);
  endpointId = webhookNewSecretSchema.parse(res.json()).endpoint.id;
});
afterAll(async () => {
  // Deleting it stops its fan-out for the files still running (its deliveries go with it).
  if (endpointId) await t.app.inject({ method: 'DELETE', url: `/api/admin/integracoes/webhooks/${endpointId}`, headers: admin.headers });
  await t?.close();
  await fake?.close();
});

// --- the real paths ------------------------------------------------------------------------------

const ORDERS_URL = '/api/integracao/v1/pedidos';
type TestOrder = { pedido: string; itens: { sku: string; quantidade: number; quantidadePresente?: number }[]; [field: string]: unknown };
const order = (over: Record<string, unknown>): TestOrder => ({ itens: [], pedido: `EVT-${randomUUID().slice(0, 13)}`, data: '2026-03-14', canal: 'Site oficial', estado: 'pago', ...over });
async function sendOrders(app: TestApp, headers: Record<string, string>, pedidos: unknown[]): Promise<OrderResult[]> {
  const res = await app.app.inject({ method: 'POST', url: ORDERS_URL, headers, payload: { pedidos } });
  expect(res.statusCode, res.body).toBe(200);
  return orderBatchResponseSchema.parse(res.json()).pedidos;
}
const sendOk = (pedidos: unknown[]) => sendOrders(t, shop.headers, pedidos);
const situations = (r: OrderResult[]) => r.map((o) => o.situacao);

/** POST /api/usuario, then the activation link that arrived by e-mail (activate() follows it). */
async function signUp(overrides: Partial<SignupBody> = {}) {
  const payload = signupPayload(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/api/usuario', payload });
  expect(res.statusCode, res.body).toBe(201);
  const user = await t.prisma.usuario.findUniqueOrThrow({ where: { email: payload.email.toLowerCase() } });
  const activate = async () => {
    const q = extractLink(await waitForMail(user.email, { subject: 'Ative sua conta' }), '/ativar-conta').searchParams.get('q')!;
    const r = await t.app.inject({ method: 'POST', url: '/api/usuario/ativar-conta', payload: { hash: q } });
    expect(r.statusCode, r.body).toBe(200);
    return t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } });
  };
  return { payload, usuario: user, activate };
}

/** "Registrar compra verificada" on the member's page (origem equipe). */
async function staffPurchase(app: TestApp, who: StaffSession, memberId: string, body: Record<string, unknown>) {
  const res = await app.app.inject({ method: 'POST', url: `/api/admin/membros/${memberId}/compras`, headers: who.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
}

/** A back-office import of verified purchases: upload (dry run), apply, wait for the background apply. */
async function backOfficeImport(csv: string) {
  const boundary = `----legiao${randomUUID().replace(/-/g, '')}`;
  const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="compras.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`);
  const up = await t.app.inject({ method: 'POST', url: '/api/admin/importacoes?tipo=compras', headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  expect(up.statusCode, up.body).toBe(201);
  const id = importSchema.parse(up.json()).id;
  const apply = await t.app.inject({ method: 'POST', url: `/api/admin/importacoes/${id}/aplicar`, headers: admin.headers });
  expect(apply.statusCode, apply.body).toBe(202);
  await runningApply(id);
  const done = importSchema.parse((await t.app.inject({ method: 'GET', url: `/api/admin/importacoes/${id}`, headers: admin.headers })).json());
  expect(done.estado, JSON.stringify(done)).toBe('concluido');
  return done;
}

const redeem = (headers: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers, payload });

const entryOf = (orderCode: string, productId?: number) => t.prisma.produtoCliente.findFirstOrThrow({ where: { codigoPedido: orderCode, ...(productId ? { produtoId: productId } : {}) } });

describe('an event per type, from its real cause', () => {
  it('membro.ativado: the activation link of a sign-up, and a social sign-up (once each)', async () => {
    const s = await signUp();
    // Signed up, not active yet: nothing.
    expect(await eventsOf(t.prisma, endpointId, 'membro.ativado', { membroId: s.usuario.id })).toEqual([]);
    const active = await s.activate();
    const ev = await expectOneEvent(t.prisma, endpointId, 'membro.ativado', { membroId: s.usuario.id });
    expect(ev.dados).toEqual({ membroId: s.usuario.id, tipo: 'legionario', ativadoEm: active.ativadoEm!.toISOString() });
    expect(ev.dados.ativadoEm).toMatch(ISO_UTC);
    // Logging in, saving the profile: still the one event.
    const token = await login(t.app, s.payload.email);
    const put = await t.app.inject({ method: 'PUT', url: '/api/usuario', headers: bearer(token), payload: { nome: 'Outro Nome', celular: active.celular, optIn: false, optInSms: false } });
    expect(put.statusCode, put.body).toBe(200);
    await expectOneEvent(t.prisma, endpointId, 'membro.ativado', { membroId: s.usuario.id });

    // A social sign-up is active at once: its INSERT is the event.
    const providerToken = fake.issue('google');
    const social = await t.app.inject({ method: 'POST', url: '/api/auth/social-login', payload: { provider: 'google', token: providerToken } });
    expect(social.statusCode, social.body).toBe(200);
    const u = await t.prisma.usuario.findUniqueOrThrow({ where: { email: fake.identity(providerToken)!.email } });
    const sev = await expectOneEvent(t.prisma, endpointId, 'membro.ativado', { membroId: u.id });
    expect(sev.dados).toEqual({ membroId: u.id, tipo: 'legionario', ativadoEm: u.ativadoEm!.toISOString() });
    // Logging in with the provider again is not an activation.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/social-login', payload: { provider: 'google', token: providerToken } })).statusCode).toBe(200);
    await expectOneEvent(t.prisma, endpointId, 'membro.ativado', { membroId: u.id });
  });

  it('compra.verificada: an order of the store integration (origem integracao); the same order again sends nothing', async () => {
    const m = await createUser(t.prisma);
    const p = await createProduct(t.prisma);
    const o = order({ email: m.email, data: '2026-03-14T15:20:00-03:00', itens: [{ sku: p.sku.toLowerCase(), quantidade: 2, quantidadePresente: 1 }] });
    expect(situations(await sendOk([o]))).toEqual(['aplicado']);
    const entry = await entryOf(o.pedido, p.id);
    const ev = await expectOneEvent(t.prisma, endpointId, 'compra.verificada', { compraId: entry.id });
    expect(ev.dados).toEqual({ compraId: entry.id, membroId: m.usuario.id, produtoId: p.id, quantidade: 2, dataCompra: '2026-03-14', codigoPedido: o.pedido, origem: 'integracao' });
    // The store sends the same order again ('recebido'): nothing new.
    expect(situations(await sendOk([o]))).toEqual(['recebido']);
    await expectOneEvent(t.prisma, endpointId, 'compra.verificada', { compraId: entry.id });
  });

  it('compra.verificada: an order kept pending before the sign-up is verified at the activation (origem integracao)', async () => {
    const p = await createProduct(t.prisma);
    const s = await signUp();
    const o = order({ email: s.payload.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    // The account isn't active: the order waits, no purchase yet.
    expect(situations(await sendOk([o]))).toEqual(['pendente']);
    expect(await eventsOf(t.prisma, endpointId, 'compra.verificada', { membroId: s.usuario.id })).toEqual([]);
    await s.activate();
    const entry = await entryOf(o.pedido, p.id);
    const ev = await expectOneEvent(t.prisma, endpointId, 'compra.verificada', { membroId: s.usuario.id });
    expect(ev.dados).toEqual({ compraId: entry.id, membroId: s.usuario.id, produtoId: p.id, quantidade: 1, dataCompra: '2026-03-14', codigoPedido: o.pedido, origem: 'integracao' });
  });

  it('compra.verificada: staff registration (origem equipe), the back office import and the import CLI (origem importacao)', async () => {
    const m = await createUser(t.prisma);
    const p = await createProduct(t.prisma);
    const byStaff = `TEL-${randomUUID().slice(0, 8)}`;
    await staffPurchase(t, admin, m.usuario.id, { sku: p.sku, quantidade: 3, quantidadePresente: 0, dataCompra: '2026-02-10', codigoPedido: byStaff, localCompra: 'Loja Física' });
    const e1 = await entryOf(byStaff);
    const ev1 = await expectOneEvent(t.prisma, endpointId, 'compra.verificada', { compraId: e1.id });
    expect(ev1.dados).toEqual({ compraId: e1.id, membroId: m.usuario.id, produtoId: p.id, quantidade: 3, dataCompra: '2026-02-10', codigoPedido: byStaff, origem: 'equipe' });

    const byFile = `CSV-${randomUUID().slice(0, 8)}`;
    const imp = await backOfficeImport(`pedido;email;produto;quantidade;dataCompra\r\n${byFile};${m.email};${p.sku};1;15/01/2026\r\n`);
    expect(imp.resultado).toMatchObject({ novas: 1 });
    const e2 = await entryOf(byFile);
    const ev2 = await expectOneEvent(t.prisma, endpointId, 'compra.verificada', { compraId: e2.id });
    expect(ev2.dados).toEqual({ compraId: e2.id, membroId: m.usuario.id, produtoId: p.id, quantidade: 1, dataCompra: '2026-01-15', codigoPedido: byFile, origem: 'importacao' });

    const byCli = `CLI-${randomUUID().slice(0, 8)}`;
    const [line] = await importPurchases(t.prisma, `pedido;cpf;produto;quantidade;dataCompra\n${byCli};${m.usuario.cpf};${p.id};2;2026-01-05`);
    expect(line).toMatchObject({ status: 'criada' });
    const e3 = await entryOf(byCli);
    const ev3 = await expectOneEvent(t.prisma, endpointId, 'compra.verificada', { compraId: e3.id });
    expect(ev3.dados).toEqual({ compraId: e3.id, membroId: m.usuario.id, produtoId: p.id, quantidade: 2, dataCompra: '2026-01-05', codigoPedido: byCli, origem: 'importacao' });
    // Three purchases, three events for this member: nothing else verified anything.
    expect(await eventsOf(t.prisma, endpointId, 'compra.verificada', { membroId: m.usuario.id })).toHaveLength(3);
  });

  it('compra.cancelada: the store cancels an applied order (with saldo.alterado for the reversal)', async () => {
    const m = await createUser(t.prisma);
    const p = await createProduct(t.prisma);
    const o = order({ email: m.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    expect(situations(await sendOk([o]))).toEqual(['aplicado']);
    expect(situations(await sendOk([{ ...o, estado: 'cancelado' }]))).toEqual(['cancelado']);
    const entry = await entryOf(o.pedido, p.id);
    expect(entry.canceladoEm).toBeInstanceOf(Date);
    const ev = await expectOneEvent(t.prisma, endpointId, 'compra.cancelada', { compraId: entry.id });
    expect(ev.dados).toEqual({ compraId: entry.id, membroId: m.usuario.id, produtoId: p.id, codigoPedido: o.pedido, canceladaEm: entry.canceladoEm!.toISOString() });
    // The reversal of its credit.
    const reversal = await t.prisma.lancamento.findFirstOrThrow({ where: { usuarioId: m.usuario.id, motivo: 'estorno' } });
    const sev = await expectOneEvent(t.prisma, endpointId, 'saldo.alterado', { lancamentoId: reversal.id });
    expect(sev.dados).toEqual({ lancamentoId: reversal.id, membroId: m.usuario.id, motivo: 'estorno', valor: -POINTS.compra, saldo: 0, data: reversal.data.toISOString() });
    // Cancelled again: nothing new.
    expect(situations(await sendOk([{ ...o, estado: 'cancelado' }]))).toEqual(['recebido']);
    await expectOneEvent(t.prisma, endpointId, 'compra.cancelada', { compraId: entry.id });
  });

  it('lancamento.acesso_aberto and lancamento.cota_esgotada: store orders of a launch SKU in its window open the access and use the allowance up (once each)', async () => {
    const m = await createUser(t.prisma);
    const p = await createProduct(t.prisma);
    const l = await launch(t.prisma, { sku: p.sku, cota: 2 });
    const [first] = await sendOk([order({ email: m.email, itens: [{ sku: p.sku, quantidade: 1 }] })]);
    expect(first!.lancamentos).toEqual([{ slug: l.slug, unidades: 1, situacao: 'na-cota' }]);
    const access = await t.prisma.acessoAntecipado.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: m.usuario.id } } });
    const opened = await expectOneEvent(t.prisma, endpointId, 'lancamento.acesso_aberto', { membroId: m.usuario.id, slug: l.slug });
    expect(opened.dados).toEqual({ membroId: m.usuario.id, slug: l.slug, cotaTotal: 2, abertoEm: access.criadoEm.toISOString() });
    expect(await eventsOf(t.prisma, endpointId, 'lancamento.cota_esgotada', { membroId: m.usuario.id, slug: l.slug })).toEqual([]);
    await sendOk([order({ email: m.email, itens: [{ sku: p.sku, quantidade: 1 }] })]);
    // Over the allowance afterwards: no new crossing, no second opening.
    expect((await sendOk([order({ email: m.email, itens: [{ sku: p.sku, quantidade: 1 }] })]))[0]!.lancamentos![0]!.situacao).toBe('acima-da-cota');
    const used = await expectOneEvent(t.prisma, endpointId, 'lancamento.cota_esgotada', { membroId: m.usuario.id, slug: l.slug });
    expect(used.dados).toMatchObject({ membroId: m.usuario.id, slug: l.slug, cotaTotal: 2, cotaUsada: 2, esgotadaEm: expect.stringMatching(ISO_UTC) });
    await expectOneEvent(t.prisma, endpointId, 'lancamento.acesso_aberto', { membroId: m.usuario.id, slug: l.slug });
  });

  it('indicacao.confirmada: the friend signed up with the link, activated, then bought (the referrer credited)', async () => {
    const referrer = await createEconomyMember(t.app, t.prisma);
    const friend = await signUp({ hashIndicacao: referrer.usuario.hash });
    await friend.activate();
    const referral = await t.prisma.indicacao.findUniqueOrThrow({ where: { indicadoId: friend.usuario.id } });
    expect(referral.status).toBe('pendente');
    // Active, no verified purchase yet: not confirmed.
    expect(await eventsOf(t.prisma, endpointId, 'indicacao.confirmada', { indicacaoId: referral.id })).toEqual([]);
    const p = await createProduct(t.prisma);
    expect(situations(await sendOk([order({ email: friend.payload.email, itens: [{ sku: p.sku, quantidade: 1 }] })]))).toEqual(['aplicado']);
    const confirmed = await t.prisma.indicacao.findUniqueOrThrow({ where: { id: referral.id } });
    expect(confirmed).toMatchObject({ status: 'confirmada', confirmadaEm: expect.any(Date) });
    const ev = await expectOneEvent(t.prisma, endpointId, 'indicacao.confirmada', { indicacaoId: referral.id });
    expect(ev.dados).toEqual({ indicacaoId: referral.id, indicadorId: referrer.usuario.id, indicadoId: friend.usuario.id, confirmadaEm: confirmed.confirmadaEm!.toISOString() });
    // The referrer's credit.
    const credit = await t.prisma.lancamento.findFirstOrThrow({ where: { indicacaoId: referral.id } });
    const sev = await expectOneEvent(t.prisma, endpointId, 'saldo.alterado', { lancamentoId: credit.id });
    expect(sev.dados).toEqual({ lancamentoId: credit.id, membroId: referrer.usuario.id, motivo: 'indicacao', valor: POINTS.indicacao, saldo: POINTS.indicacao, data: credit.data.toISOString() });
    // A second purchase never confirms it again.
    expect(situations(await sendOk([order({ email: friend.payload.email, itens: [{ sku: p.sku, quantidade: 1 }] })]))).toEqual(['aplicado']);
    await expectOneEvent(t.prisma, endpointId, 'indicacao.confirmada', { indicacaoId: referral.id });

    // The other order: the purchase first (registered by staff while the friend is not active yet),
    // then the activation confirms it, in the activation's transaction.
    const other = await signUp({ hashIndicacao: referrer.usuario.hash });
    await staffPurchase(t, admin, other.usuario.id, { sku: p.sku, quantidade: 1, dataCompra: '2026-03-01', codigoPedido: `TEL-${randomUUID().slice(0, 8)}` });
    const second = await t.prisma.indicacao.findUniqueOrThrow({ where: { indicadoId: other.usuario.id } });
    expect(second.status).toBe('pendente');
    expect(await eventsOf(t.prisma, endpointId, 'indicacao.confirmada', { indicacaoId: second.id })).toEqual([]);
    await other.activate();
    const secondConfirmed = await t.prisma.indicacao.findUniqueOrThrow({ where: { id: second.id } });
    expect(secondConfirmed.status).toBe('confirmada');
    const ev2 = await expectOneEvent(t.prisma, endpointId, 'indicacao.confirmada', { indicacaoId: second.id });
    expect(ev2.dados).toEqual({ indicacaoId: second.id, indicadorId: referrer.usuario.id, indicadoId: other.usuario.id, confirmadaEm: secondConfirmed.confirmadaEm!.toISOString() });
    const credit2 = await t.prisma.lancamento.findFirstOrThrow({ where: { indicacaoId: second.id } });
    expect((await expectOneEvent(t.prisma, endpointId, 'saldo.alterado', { lancamentoId: credit2.id })).dados).toMatchObject({ membroId: referrer.usuario.id, motivo: 'indicacao', valor: POINTS.indicacao, saldo: 2 * POINTS.indicacao });
  });

  it('beneficio.resgatado and saldo.alterado: a purchase credited, then a benefit (a day of it) redeemed with that balance', async () => {
    const m = await createEconomyMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const o = order({ email: m.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    expect(situations(await sendOk([o]))).toEqual(['aplicado']);
    const entry = await entryOf(o.pedido, p.id);
    const credit = await t.prisma.lancamento.findUniqueOrThrow({ where: { produtoClienteId: entry.id } });
    const cev = await expectOneEvent(t.prisma, endpointId, 'saldo.alterado', { lancamentoId: credit.id });
    expect(cev.dados).toEqual({ lancamentoId: credit.id, membroId: m.usuario.id, motivo: 'compra', valor: POINTS.compra, saldo: POINTS.compra, data: credit.data.toISOString() });

    const b = await createBenefit(t.prisma, { valor: POINTS.compra, evento: true, opcoes: [{ nome: 'Sábado', data: '2099-01-17' }] });
    const day = b.opcoes[0]!;
    const res = await redeem(m.headers, { idBeneficio: b.id, idOpcao: day.id });
    expect(res.statusCode, res.body).toBe(201);
    const redemption = await t.prisma.resgate.findFirstOrThrow({ where: { usuarioId: m.usuario.id }, include: { lancamento: true } });
    const rev = await expectOneEvent(t.prisma, endpointId, 'beneficio.resgatado', { resgateId: redemption.id });
    expect(rev.dados).toEqual({ resgateId: redemption.id, membroId: m.usuario.id, beneficioId: b.id, opcaoId: day.id, valor: b.valor, resgatadoEm: redemption.criadoEm.toISOString() });
    // The debit: the balance after it is what the redemption answered.
    const debit = redemption.lancamento!;
    const dev = await expectOneEvent(t.prisma, endpointId, 'saldo.alterado', { lancamentoId: debit.id });
    expect(dev.dados).toEqual({ lancamentoId: debit.id, membroId: m.usuario.id, motivo: 'resgate_beneficio', valor: -b.valor, saldo: 0, data: debit.data.toISOString() });
    expect(res.json().saldo).toBe(dev.dados.saldo);
    // The member's whole history: one credit, one debit, and their balances in order.
    const all = await eventsOf(t.prisma, endpointId, 'saldo.alterado', { membroId: m.usuario.id });
    expect(all.map((e) => [e.dados.valor, e.dados.saldo])).toEqual([
      [POINTS.compra, POINTS.compra],
      [-b.valor, 0],
    ]);
  });

  it('saldo.alterado: two credits of one order (written by one statement) each say the balance after them', async () => {
    const m = await createUser(t.prisma);
    const [p, q] = [await createProduct(t.prisma), await createProduct(t.prisma)];
    const o = order({ email: m.email, itens: [{ sku: p.sku, quantidade: 1 }, { sku: q.sku, quantidade: 1 }] });
    expect(situations(await sendOk([o]))).toEqual(['aplicado']);
    const credits = await t.prisma.lancamento.findMany({ where: { usuarioId: m.usuario.id, motivo: 'compra' } });
    expect(credits).toHaveLength(2);
    const events = await Promise.all(credits.map((c) => expectOneEvent(t.prisma, endpointId, 'saldo.alterado', { lancamentoId: c.id })));
    // After the first credit the balance was 1, after the second 2 (in whichever order they were written).
    expect.soft(events.map((e) => e.dados.saldo).sort(), 'saldo after each of two credits written together').toEqual([1, 2]);
    // The same for the two reversals when the store cancels the order: 1, then 0.
    expect(situations(await sendOk([{ ...o, estado: 'cancelado' }]))).toEqual(['cancelado']);
    const reversals = await t.prisma.lancamento.findMany({ where: { usuarioId: m.usuario.id, motivo: 'estorno' } });
    expect(reversals).toHaveLength(2);
    const revEvents = await Promise.all(reversals.map((r) => expectOneEvent(t.prisma, endpointId, 'saldo.alterado', { lancamentoId: r.id })));
    expect.soft(revEvents.map((e) => e.dados.saldo).sort(), 'saldo after each of two reversals written together').toEqual([0, 1]);
  });

  it('pesquisa.respondida: a member answers the personalisation survey to the end (with the profile credit)', async () => {
    const m = await createUser(t.prisma);
    const headers = bearer(await login(t.app, m.email));
    let state = surveyStateSchema.parse((await t.app.inject({ method: 'GET', url: '/api/pesquisa', headers })).json());
    const surveyId = state.idPesquisa!;
    while (!state.finalizada) {
      // Before the last answer: nothing yet.
      expect(await eventsOf(t.prisma, endpointId, 'pesquisa.respondida', { membroId: m.usuario.id })).toEqual([]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/pesquisa',
        headers,
        payload: { idPesquisa: state.idPesquisa, idPesquisaPergunta: state.pergunta!.idPesquisaPergunta, idRespostas: [state.pergunta!.respostas[0]!.idPesquisaPerguntaResposta] },
      });
      expect(res.statusCode, res.body).toBe(200);
      state = surveyStateSchema.parse(res.json());
    }
    const part = await t.prisma.pesquisaParticipacao.findUniqueOrThrow({ where: { pesquisaId_usuarioId: { pesquisaId: surveyId, usuarioId: m.usuario.id } } });
    expect(part.concluidaEm).toBeInstanceOf(Date);
    const ev = await expectOneEvent(t.prisma, endpointId, 'pesquisa.respondida', { membroId: m.usuario.id });
    expect(ev.dados).toEqual({ pesquisaId: surveyId, membroId: m.usuario.id, concluidaEm: part.concluidaEm!.toISOString() });
    const credit = await t.prisma.lancamento.findFirstOrThrow({ where: { usuarioId: m.usuario.id, motivo: 'enriquecimento_perfil' } });
    const sev = await expectOneEvent(t.prisma, endpointId, 'saldo.alterado', { lancamentoId: credit.id });
    expect(sev.dados).toMatchObject({ membroId: m.usuario.id, motivo: 'enriquecimento_perfil', valor: POINTS.enriquecimentoPerfil, saldo: POINTS.enriquecimentoPerfil });
  });

  it('conta.excluida: a member deletes the account; the payload is the id and the time, nothing personal (LGPD)', async () => {
    const m = await createUser(t.prisma, { optInEmail: true });
    const p = await createProduct(t.prisma);
    expect(situations(await sendOk([order({ email: m.email, itens: [{ sku: p.sku, quantidade: 1 }] })]))).toEqual(['aplicado']);
    const token = await login(t.app, m.email);
    const personal = [m.email, m.usuario.cpf!, m.usuario.nome, m.usuario.celular!, m.usuario.endereco!];
    const res = await t.app.inject({ method: 'DELETE', url: '/api/usuario', headers: bearer(token), payload: { senha: TEST_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.prisma.usuario.findUniqueOrThrow({ where: { id: m.usuario.id } });
    expect(row.excluidoEm).toBeInstanceOf(Date);
    const ev = await expectOneEvent(t.prisma, endpointId, 'conta.excluida', { membroId: m.usuario.id });
    expect(Object.keys(ev.dados as object).sort()).toEqual(['excluidaEm', 'membroId']);
    expect(ev.dados).toEqual({ membroId: m.usuario.id, excluidaEm: row.excluidoEm!.toISOString() });
    // No event about this member, of any type, names the person.
    const about = await t.prisma.$queryRaw<{ tipo: string; dados: unknown }[]>`SELECT tipo, dados FROM evento WHERE dados @> ${JSON.stringify({ membroId: m.usuario.id })}::jsonb`;
    expect(about.map((e) => e.tipo).sort()).toEqual(['compra.verificada', 'conta.excluida', 'membro.ativado', 'saldo.alterado']);
    for (const e of about) for (const value of personal) expect(JSON.stringify(e.dados).toLowerCase(), e.tipo).not.toContain(value.toLowerCase());
    // Anonymising is not an activation, and nothing else fired for it.
    await expectOneEvent(t.prisma, endpointId, 'membro.ativado', { membroId: m.usuario.id });
  });
});

describe('a rolled-back change sends nothing', () => {
  it('a redemption refused for want of balance writes no event', async () => {
    const m = await createEconomyMember(t.app, t.prisma);
    const b = await createBenefit(t.prisma, { valor: 2 });
    expectError(await redeem(m.headers, { idBeneficio: b.id }), 409, missingPoints(2));
    expect(await t.prisma.resgate.count({ where: { usuarioId: m.usuario.id } })).toBe(0);
    expect(await anyEventsOf(t.prisma, { membroId: m.usuario.id }, ['beneficio.resgatado', 'saldo.alterado'])).toEqual([]);
  });

  it('a redemption written inside a transaction that then rolls back (the seed redeems this way): its events go with it', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 3 });
    const b = await createBenefit(t.prisma, { valor: 2 });
    let written: { id: string; tipo: string }[] = [];
    await expect(
      t.prisma.$transaction(async (tx) => {
        const r = await redeemInTx(tx, { id: m.usuario.id }, { idBeneficio: b.id });
        expect(r.replay).toBe(false);
        // Inside the transaction the triggers did write the redemption's two events and their deliveries...
        written = await tx.$queryRaw<{ id: string; tipo: string }[]>`
          SELECT e.id, e.tipo FROM evento e JOIN webhook_entrega w ON w.evento_id = e.id AND w.endpoint_id = ${endpointId}::uuid
           WHERE e.dados @> ${JSON.stringify({ membroId: m.usuario.id })}::jsonb AND (e.tipo = 'beneficio.resgatado' OR e.dados->>'motivo' = 'resgate_beneficio')`;
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    expect(written.map((w) => w.tipo).sort()).toEqual(['beneficio.resgatado', 'saldo.alterado']);
    // ...and the rollback took them away with the redemption.
    expect(await t.prisma.resgate.count({ where: { usuarioId: m.usuario.id } })).toBe(0);
    expect(await t.prisma.evento.count({ where: { id: { in: written.map((w) => w.id) } } })).toBe(0);
    expect(await t.prisma.webhookEntrega.count({ where: { eventoId: { in: written.map((w) => w.id) } } })).toBe(0);
    expect(await anyEventsOf(t.prisma, { membroId: m.usuario.id }, ['beneficio.resgatado'])).toEqual([]);
  });

  it('a store batch that fails after its purchase was verified (compra.verificada already written) sends nothing for that order', async () => {
    const good = await createUser(t.prisma);
    const bad = await createUser(t.prisma);
    const p = await createProduct(t.prisma);
    const failing = await createProduct(t.prisma);
    // A fault in the purchases module's last statement (the legion numbers of the failing product),
    // raised only once the purchase's compra.verificada is in the transaction: were the event not
    // written by then, the order would be applied and this test would fail.
    const fn = `teste_evento_falha_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
    const sql = new pg.Client({ connectionString: inject('databaseUrl') });
    await sql.connect();
    let results: OrderResult[];
    const goodOrder = order({ email: good.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    const badOrder = order({ email: bad.email, itens: [{ sku: failing.sku, quantidade: 1 }] });
    try {
      await sql.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
          IF NEW.produto_id = ${failing.id} AND EXISTS (SELECT 1 FROM evento WHERE tipo = 'compra.verificada' AND dados->>'compraId' = NEW.produto_cliente_id::text) THEN
            RAISE EXCEPTION 'falha de teste depois do evento';
          END IF;
          RETURN NEW; END $$`);
      await sql.query(`CREATE TRIGGER ${fn} BEFORE INSERT ON numero_legionario FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
      // The batch's transaction fails, then each order is applied in one of its own: the good one is.
      results = await sendOk([goodOrder, badOrder]);
    } finally {
      await sql.query(`DROP TRIGGER IF EXISTS ${fn} ON numero_legionario`).catch(() => {});
      await sql.query(`DROP FUNCTION IF EXISTS ${fn}()`).catch(() => {});
      await sql.end();
    }
    expect(situations(results)).toEqual(['aplicado', 'recusado']);
    expect(results[1]!.erros).toEqual([{ campo: 'pedido', mensagem: ORDERS_MSG.falhou }]);
    // The failing order: no purchase, no credit, no event, no delivery.
    expect(await t.prisma.produtoCliente.count({ where: { usuarioId: bad.usuario.id } })).toBe(0);
    expect(await t.prisma.lancamento.count({ where: { usuarioId: bad.usuario.id } })).toBe(0);
    expect(await anyEventsOf(t.prisma, { membroId: bad.usuario.id }, ['compra.verificada', 'saldo.alterado'])).toEqual([]);
    expect(await anyEventsOf(t.prisma, { codigoPedido: badOrder.pedido })).toEqual([]);
    // The good one was verified twice (in the failed batch, then alone) but is sent once.
    const entry = await entryOf(goodOrder.pedido, p.id);
    await expectOneEvent(t.prisma, endpointId, 'compra.verificada', { codigoPedido: goodOrder.pedido });
    expect(await eventsOf(t.prisma, endpointId, 'compra.verificada', { membroId: good.usuario.id })).toEqual([expect.objectContaining({ dados: expect.objectContaining({ compraId: entry.id }) })]);
    expect(await eventsOf(t.prisma, endpointId, 'saldo.alterado', { membroId: good.usuario.id })).toHaveLength(1);
  });
});

describe('on a database of this file\'s own', () => {
  let own: TestApp;
  let db: Awaited<ReturnType<typeof scaleDatabase>>;
  let ownAdmin: StaffSession;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    db = await scaleDatabase('webhooks_eventos');
    own = await buildTestApp({ env: { DATABASE_URL: db.url, WEBHOOKS_DELIVERY: 'true', WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    ownAdmin = await createStaff(own, ['admin']);
  }, 60_000);
  afterAll(async () => {
    await own?.close();
    for (const r of receivers) await r.close();
    await db?.drop();
  });

  const hooks = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    own.app.inject({ method, url: `/api/admin/integracoes/webhooks${url}`, headers: ownAdmin.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  async function endpointFor(types: string[]) {
    const rx = await startReceiver();
    receivers.push(rx);
    const res = await hooks('POST', '', { url: rx.url, tipos: types });
    expect(res.statusCode, res.body).toBe(201);
    return { rx, ...webhookNewSecretSchema.parse(res.json()) };
  }
  const countsByType = async () =>
    Object.fromEntries((await own.prisma.$queryRaw<{ tipo: string; n: number }[]>`SELECT tipo, count(*)::int AS n FROM evento GROUP BY tipo ORDER BY tipo`).map((r) => [r.tipo, r.n]));

  it('no subscriber, no event: only the subscribed types are written, and that follows the subscription', async () => {
    // Nothing subscribed yet: the admin's account (active at once) wrote nothing.
    expect(await countsByType()).toEqual({});
    const { endpoint } = await endpointFor(['compra.verificada']);
    try {
      const m = await createUser(own.prisma);
      const p = await createProduct(own.prisma);
      await staffPurchase(own, ownAdmin, m.usuario.id, { sku: p.sku, quantidade: 1, dataCompra: '2026-02-01', codigoPedido: `SUB-${randomUUID().slice(0, 8)}` });
      // The member's activation and the purchase's credit happened, unsubscribed: no event of theirs.
      expect(await own.prisma.lancamento.count({ where: { usuarioId: m.usuario.id } })).toBe(1);
      expect(await countsByType()).toEqual({ 'compra.verificada': 1 });

      // Subscribed to saldo.alterado instead: the next purchase writes that one only.
      const patched = await hooks('PATCH', `/${endpoint.id}`, { tipos: ['saldo.alterado'] });
      expect(patched.statusCode, patched.body).toBe(200);
      await staffPurchase(own, ownAdmin, m.usuario.id, { sku: p.sku, quantidade: 1, dataCompra: '2026-02-02', codigoPedido: `SUB-${randomUUID().slice(0, 8)}` });
      expect(await countsByType()).toEqual({ 'compra.verificada': 1, 'saldo.alterado': 1 });
      const [ev] = await eventsOf(own.prisma, endpoint.id, 'saldo.alterado', { membroId: m.usuario.id });
      expect(ev).toMatchObject({ entregas: 1, dados: { motivo: 'compra', valor: POINTS.compra, saldo: 2 * POINTS.compra } });
    } finally {
      expect((await hooks('DELETE', `/${endpoint.id}`)).statusCode).toBe(204);
    }
  });

  it('end to end: a purchase verified by the store integration reaches the receiver signed, webhook-id = the event id', async () => {
    const { rx, endpoint, segredo } = await endpointFor(['compra.verificada']);
    const store = await createApiClient(own.prisma, ['pedidos:enviar']);
    const m = await createUser(own.prisma);
    const p = await createProduct(own.prisma);
    const o = order({ email: m.email, itens: [{ sku: p.sku, quantidade: 1 }] });
    expect(situations(await sendOrders(own, store.headers, [o]))).toEqual(['aplicado']);
    const entry = await own.prisma.produtoCliente.findFirstOrThrow({ where: { codigoPedido: o.pedido } });
    const ev = await expectOneEvent(own.prisma, endpoint.id, 'compra.verificada', { compraId: entry.id });
    const [{ iso }] = await own.prisma.$queryRaw<[{ iso: string }]>`SELECT webhook_iso(criado_em) AS iso FROM evento WHERE id = ${ev.id}`;

    const [got] = await rx.waitFor((all) => all.length >= 1);
    const headers = got!.headers as Record<string, string>;
    const verified = new Webhook(segredo).verify(got!.body, headers);
    expect(headers['webhook-id']).toBe(ev.id);
    const body = JSON.parse(got!.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['type', 'version', 'timestamp', 'data']);
    expect(body).toEqual({ type: 'compra.verificada', version: 1, timestamp: iso, data: ev.dados });
    expect(verified).toEqual(body);
    webhookEnvelopeSchema.parse(body);
    expect(body.timestamp).toMatch(ISO_UTC);
    expect(parseStrict('compra.verificada', body.data)).toEqual({ compraId: entry.id, membroId: m.usuario.id, produtoId: p.id, quantidade: 1, dataCompra: '2026-03-14', codigoPedido: o.pedido, origem: 'integracao' });
    expect(WEBHOOK_EVENTS['compra.verificada'].dados.safeParse(body.data).success).toBe(true);
    // Signed with this endpoint's secret only: a changed body or another secret does not verify.
    expect(() => new Webhook(segredo).verify(got!.body.replace(o.pedido, 'OUTRO'), headers)).toThrow();
    const other = webhookNewSecretSchema.parse((await hooks('POST', '', { url: rx.url, tipos: ['conta.excluida'] })).json());
    expect(() => new Webhook(other.segredo).verify(got!.body, headers)).toThrow();

    // The delivery is recorded as delivered, on the first attempt; the receiver got it once.
    const deadline = Date.now() + 15_000;
    let list = webhookDeliveryListSchema.parse((await hooks('GET', `/${endpoint.id}/entregas`)).json()).itens;
    while (list[0]?.status !== 'entregue' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      list = webhookDeliveryListSchema.parse((await hooks('GET', `/${endpoint.id}/entregas`)).json()).itens;
    }
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ eventoId: ev.id, tipo: 'compra.verificada', status: 'entregue', tentativas: 1, ultimoCodigo: 200 });
    expect(rx.received).toHaveLength(1);
  });

  // Seen in a full run: a member created while another file removed its endpoint failed with 23503
  // (the delivery's foreign key to the endpoint being deleted). The change must not fail for it.
  it('an endpoint deleted while a change writes its event: the change commits and the event is written, without a delivery to it', async () => {
    const { endpoint } = await endpointFor([]);
    const deleting = new pg.Client({ connectionString: db.url });
    await deleting.connect();
    try {
      await deleting.query('BEGIN');
      await deleting.query('DELETE FROM webhook_endpoint WHERE id = $1', [endpoint.id]);
      // The member's activation writes membro.ativado while the delete is still open: it waits for it.
      const created = createUser(own.prisma);
      const settledEarly = await Promise.race([created.then(() => true, () => true), new Promise((r) => setTimeout(() => r(false), 500))]);
      expect(settledEarly, 'the event waits for the delete in flight').toBe(false);
      await deleting.query('COMMIT');
      const m = await created;
      const rows = await own.prisma.$queryRaw<{ id: string }[]>`SELECT id FROM evento WHERE tipo = 'membro.ativado' AND dados->>'membroId' = ${m.usuario.id}`;
      expect(rows).toHaveLength(1);
      expect(await own.prisma.$queryRaw`SELECT endpoint_id FROM webhook_entrega WHERE evento_id = ${rows[0]!.id} AND endpoint_id = ${endpoint.id}::uuid`).toEqual([]);
    } finally {
      await deleting.end();
    }
  });
});
