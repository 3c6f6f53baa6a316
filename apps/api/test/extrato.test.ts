import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_MSG, statementResponseSchema, POINTS, redemptionResponseSchema } from '@legiao/contracts';
import { creditProfileEnrichment } from '../src/features/ledger/ledger.service.js';
import { recordReferral } from '../src/features/indicacao/indicacao.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser, expectError } from './support/factories.js';
import { createVerifiedPurchase, createProduct } from './produto-fixtures.js';
import { createBenefit, createEconomyMember } from './beneficio-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const statement = async (headers: Record<string, string>, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/usuario/extrato${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return statementResponseSchema.parse(res.json());
};

describe('GET /api/usuario/extrato', () => {
  it('lists every entry with its motivo, value, date and cause, newest first; the sum is the balance', async () => {
    const m = await createEconomyMember(t.app, t.prisma);
    const p = await createProduct(t.prisma, { nome: 'Garrafa Térmica do Extrato' });
    // Compra
    await createVerifiedPurchase(t.prisma, { usuarioId: m.usuario.id, produtoId: p.id, quantidade: 1 });
    // Indicação: a friend who signed up with the link, is active and has a verified purchase
    const friend = await createUser(t.prisma);
    // Another mobile number than the referrer's (the same one would be a self-referral).
    const friendUser = await t.prisma.usuario.update({ where: { id: friend.usuario.id }, data: { celular: '31999990000' } });
    expect(await t.prisma.$transaction((tx) => recordReferral(tx, friendUser, m.usuario.hash))).toBe(true);
    await createVerifiedPurchase(t.prisma, { usuarioId: friend.usuario.id, produtoId: p.id, quantidade: 1 });
    // Enriquecimento de Perfil
    await creditProfileEnrichment(t.prisma, m.usuario.id);
    // Resgate de Benefício
    const b = await createBenefit(t.prisma, { valor: 2, tipo: 'JerseyBoys2025', evento: true, textoLegal: 'Par de ingressos.', urlImagem: '/beneficios/jersey-boys.svg' });
    const res = await t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers: m.headers, payload: { idBeneficio: b.id } });
    const coupon = redemptionResponseSchema.parse(res.json());

    const items = await statement(m.headers);
    expect(items.map((i) => i.motivo)).toEqual(['Resgate de Benefício', 'Enriquecimento de Perfil', 'Indicação', 'Compra']);
    const [redemption, enrichment, referral, purchase] = items;
    expect(redemption).toEqual({
      id: expect.any(String),
      motivo: 'Resgate de Benefício',
      valor: -2,
      dataTransacao: coupon.dataResgate,
      indicado: null,
      produto: null,
      cupom: coupon.cupom,
      numeroCupom: coupon.numeroCupom,
      usoCupom: false,
      dataUsoCupom: null,
      opcao: null,
      beneficio: { id: b.id, nome: b.nome, urlImagem: '/beneficios/jersey-boys.svg', evento: true, textoLegal: 'Par de ingressos.' },
    });
    expect(enrichment).toMatchObject({ valor: POINTS.enriquecimentoPerfil, indicado: null, cupom: null, usoCupom: null, beneficio: null });
    expect(referral).toMatchObject({ valor: POINTS.indicacao, indicado: friend.email, produto: null });
    expect(purchase).toMatchObject({ valor: POINTS.compra, produto: 'Garrafa Térmica do Extrato', indicado: null });
    expect(items.reduce((acc, i) => acc + i.valor, 0)).toBe(POINTS.compra + POINTS.indicacao + POINTS.enriquecimentoPerfil - 2);
    // Another member sees none of it.
    const other = await createEconomyMember(t.app, t.prisma);
    expect(await statement(other.headers)).toEqual([]);
  });

  it('filters by month and year in Brazil\'s time', async () => {
    const m = await createEconomyMember(t.app, t.prisma);
    const p = await createProduct(t.prisma);
    const e1 = await t.prisma.produtoCliente.create({ data: { usuarioId: m.usuario.id, produtoId: p.id, dataCompra: new Date('2025-01-01'), localCompra: 'Amazon' } });
    const e2 = await t.prisma.produtoCliente.create({ data: { usuarioId: m.usuario.id, produtoId: p.id, dataCompra: new Date('2025-01-01'), localCompra: 'Amazon' } });
    // 2025-02-01 01:30 UTC is still 31 January in São Paulo.
    await t.prisma.lancamento.create({ data: { usuarioId: m.usuario.id, motivo: 'compra', valor: 1, produtoClienteId: e1.id, data: new Date('2025-02-01T01:30:00.000Z') } });
    await t.prisma.lancamento.create({ data: { usuarioId: m.usuario.id, motivo: 'compra', valor: 2, produtoClienteId: e2.id, data: new Date('2025-03-10T12:00:00.000Z') } });
    expect((await statement(m.headers, '?mes=1&ano=2025')).map((i) => i.valor)).toEqual([1]);
    expect((await statement(m.headers, '?mes=2&ano=2025')).map((i) => i.valor)).toEqual([]);
    expect((await statement(m.headers, '?ano=2025')).map((i) => i.valor)).toEqual([2, 1]);
    expect((await statement(m.headers, '?mes=3')).map((i) => i.valor)).toEqual([2]);
    expectError(await t.app.inject({ method: 'GET', url: '/api/usuario/extrato?mes=13', headers: m.headers }), 400, STATEMENT_MSG.mesInvalido);
    expectError(await t.app.inject({ method: 'GET', url: '/api/usuario/extrato' }), 401);
  });
});
