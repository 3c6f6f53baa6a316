import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRATO_MSG, extratoResponseSchema, PONTOS, resgateResponseSchema } from '@legiao/contracts';
import { creditarEnriquecimentoPerfil } from '../src/features/ledger/ledger.service.js';
import { registrarIndicacao } from '../src/features/indicacao/indicacao.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser, expectError } from './support/factories.js';
import { createCompraVerificada, createProduto } from './produto-fixtures.js';
import { createBeneficio, createMembroEconomia } from './beneficio-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const extrato = async (headers: Record<string, string>, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/usuario/extrato${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return extratoResponseSchema.parse(res.json());
};

describe('GET /api/usuario/extrato', () => {
  it('lists every entry with its motivo, value, date and cause, newest first; the sum is the balance', async () => {
    const m = await createMembroEconomia(t.app, t.prisma);
    const p = await createProduto(t.prisma, { nome: 'Garrafa Térmica do Extrato' });
    // Compra
    await createCompraVerificada(t.prisma, { usuarioId: m.usuario.id, produtoId: p.id, quantidade: 1 });
    // Indicação: a friend who signed up with the link, is active and has a verified purchase
    const amigo = await createUser(t.prisma);
    // Another mobile number than the referrer's (the same one would be a self-referral).
    const amigoUsuario = await t.prisma.usuario.update({ where: { id: amigo.usuario.id }, data: { celular: '31999990000' } });
    expect(await t.prisma.$transaction((tx) => registrarIndicacao(tx, amigoUsuario, m.usuario.hash))).toBe(true);
    await createCompraVerificada(t.prisma, { usuarioId: amigo.usuario.id, produtoId: p.id, quantidade: 1 });
    // Enriquecimento de Perfil
    await creditarEnriquecimentoPerfil(t.prisma, m.usuario.id);
    // Resgate de Benefício
    const b = await createBeneficio(t.prisma, { valor: 2, tipo: 'JerseyBoys2025', evento: true, textoLegal: 'Par de ingressos.', urlImagem: '/beneficios/jersey-boys.svg' });
    const res = await t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers: m.headers, payload: { idBeneficio: b.id } });
    const cupom = resgateResponseSchema.parse(res.json());

    const itens = await extrato(m.headers);
    expect(itens.map((i) => i.motivo)).toEqual(['Resgate de Benefício', 'Enriquecimento de Perfil', 'Indicação', 'Compra']);
    const [resgate, enriquecimento, indicacao, compra] = itens;
    expect(resgate).toEqual({
      id: expect.any(String),
      motivo: 'Resgate de Benefício',
      valor: -2,
      dataTransacao: cupom.dataResgate,
      indicado: null,
      produto: null,
      cupom: cupom.cupom,
      numeroCupom: cupom.numeroCupom,
      usoCupom: false,
      dataUsoCupom: null,
      opcao: null,
      beneficio: { id: b.id, nome: b.nome, urlImagem: '/beneficios/jersey-boys.svg', evento: true, textoLegal: 'Par de ingressos.' },
    });
    expect(enriquecimento).toMatchObject({ valor: PONTOS.enriquecimentoPerfil, indicado: null, cupom: null, usoCupom: null, beneficio: null });
    expect(indicacao).toMatchObject({ valor: PONTOS.indicacao, indicado: amigo.email, produto: null });
    expect(compra).toMatchObject({ valor: PONTOS.compra, produto: 'Garrafa Térmica do Extrato', indicado: null });
    expect(itens.reduce((acc, i) => acc + i.valor, 0)).toBe(PONTOS.compra + PONTOS.indicacao + PONTOS.enriquecimentoPerfil - 2);
    // Another member sees none of it.
    const outro = await createMembroEconomia(t.app, t.prisma);
    expect(await extrato(outro.headers)).toEqual([]);
  });

  it('filters by month and year in Brazil\'s time', async () => {
    const m = await createMembroEconomia(t.app, t.prisma);
    const p = await createProduto(t.prisma);
    const e1 = await t.prisma.produtoCliente.create({ data: { usuarioId: m.usuario.id, produtoId: p.id, dataCompra: new Date('2025-01-01'), localCompra: 'Amazon' } });
    const e2 = await t.prisma.produtoCliente.create({ data: { usuarioId: m.usuario.id, produtoId: p.id, dataCompra: new Date('2025-01-01'), localCompra: 'Amazon' } });
    // 2025-02-01 01:30 UTC is still 31 January in São Paulo.
    await t.prisma.lancamento.create({ data: { usuarioId: m.usuario.id, motivo: 'compra', valor: 1, produtoClienteId: e1.id, data: new Date('2025-02-01T01:30:00.000Z') } });
    await t.prisma.lancamento.create({ data: { usuarioId: m.usuario.id, motivo: 'compra', valor: 2, produtoClienteId: e2.id, data: new Date('2025-03-10T12:00:00.000Z') } });
    expect((await extrato(m.headers, '?mes=1&ano=2025')).map((i) => i.valor)).toEqual([1]);
    expect((await extrato(m.headers, '?mes=2&ano=2025')).map((i) => i.valor)).toEqual([]);
    expect((await extrato(m.headers, '?ano=2025')).map((i) => i.valor)).toEqual([2, 1]);
    expect((await extrato(m.headers, '?mes=3')).map((i) => i.valor)).toEqual([2]);
    expectError(await t.app.inject({ method: 'GET', url: '/api/usuario/extrato?mes=13', headers: m.headers }), 400, EXTRATO_MSG.mesInvalido);
    expectError(await t.app.inject({ method: 'GET', url: '/api/usuario/extrato' }), 401);
  });
});
