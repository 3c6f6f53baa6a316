import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PONTOS, usuarioLogadoSchema } from '@legiao/contracts';
import { creditarCompra, creditarEnriquecimentoPerfil, saldoDoUsuario } from '../src/features/ledger/ledger.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser } from './support/factories.js';
import { createCompraVerificada, createEntrada, createProduto } from './produto-fixtures.js';
import { createMembroEconomia, saldoDe } from './beneficio-fixtures.js';

// The ledger: append-only, one credit per cause, balance = SUM (docs/decisions/0009-economy.md).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('ledger', () => {
  it('credits each verified purchase once, in the import\'s transaction', async () => {
    const { usuario } = await createUser(t.prisma);
    const p = await createProduto(t.prisma);
    const v = await createCompraVerificada(t.prisma, { usuarioId: usuario.id, produtoId: p.id, quantidade: 2 });
    const creditos = await t.prisma.lancamento.findMany({ where: { usuarioId: usuario.id } });
    expect(creditos).toEqual([expect.objectContaining({ motivo: 'compra', valor: PONTOS.compra, produtoClienteId: v.id, indicacaoId: null, resgateId: null })]);
    expect(await creditarCompra(t.prisma, usuario.id, v.id)).toBe(false);
    expect(await saldoDoUsuario(t.prisma, usuario.id)).toBe(PONTOS.compra);
    // A member's own (unverified) entry earns nothing.
    await createEntrada(t.prisma, usuario.id, p.id);
    expect(await saldoDoUsuario(t.prisma, usuario.id)).toBe(PONTOS.compra);
  });

  it('credits profile enrichment once per member, even when called concurrently', async () => {
    const { usuario } = await createUser(t.prisma);
    const results = await Promise.all(Array.from({ length: 10 }, () => t.prisma.$transaction((tx) => creditarEnriquecimentoPerfil(tx, usuario.id))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await creditarEnriquecimentoPerfil(t.prisma, usuario.id)).toBe(false);
    expect(await t.prisma.lancamento.findMany({ where: { usuarioId: usuario.id } })).toEqual([expect.objectContaining({ motivo: 'enriquecimento_perfil', valor: PONTOS.enriquecimentoPerfil })]);
    // Also in SQL: the partial unique index.
    await expect(t.prisma.lancamento.create({ data: { usuarioId: usuario.id, motivo: 'enriquecimento_perfil', valor: 1 } })).rejects.toThrow();
  });

  it('is append-only: an entry can be neither changed nor deleted (only an account deletion removes its entries)', async () => {
    const { usuario } = await createUser(t.prisma);
    await creditarEnriquecimentoPerfil(t.prisma, usuario.id);
    const l = await t.prisma.lancamento.findFirstOrThrow({ where: { usuarioId: usuario.id } });
    await expect(t.prisma.lancamento.update({ where: { id: l.id }, data: { valor: 1000 } })).rejects.toThrow(/somente|só aceita novos lançamentos/);
    await expect(t.prisma.lancamento.delete({ where: { id: l.id } })).rejects.toThrow(/só aceita novos lançamentos/);
    await expect(t.prisma.$executeRaw`UPDATE lancamento SET valor = 1000 WHERE usuario_id = ${usuario.id}::uuid`).rejects.toThrow();
    expect(await saldoDe(t.prisma, usuario.id)).toBe(1);
    await t.prisma.usuario.delete({ where: { id: usuario.id } });
    expect(await t.prisma.lancamento.count({ where: { usuarioId: usuario.id } })).toBe(0);
  });

  it('ties each motivo to its cause and sign (CHECK)', async () => {
    const { usuario } = await createUser(t.prisma);
    const p = await createProduto(t.prisma);
    const e = await createEntrada(t.prisma, usuario.id, p.id);
    const bad = [
      { motivo: 'compra' as const, valor: 1 }, // no purchase
      { motivo: 'compra' as const, valor: -1, produtoClienteId: e.id }, // a credit can't be negative
      { motivo: 'indicacao' as const, valor: 1, produtoClienteId: e.id }, // wrong cause
      { motivo: 'resgate_beneficio' as const, valor: -1 }, // no redemption
      { motivo: 'enriquecimento_perfil' as const, valor: 0 },
    ];
    for (const data of bad) await expect(t.prisma.lancamento.create({ data: { usuarioId: usuario.id, ...data } }), JSON.stringify(data)).rejects.toThrow();
    expect(await t.prisma.lancamento.count({ where: { usuarioId: usuario.id } })).toBe(0);
  });

  it('GET /api/usuario/logged answers the ledger balance', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 7 });
    await creditarEnriquecimentoPerfil(t.prisma, m.usuario.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: m.headers });
    expect(usuarioLogadoSchema.parse(res.json()).saldo).toBe(8);
  });
});
