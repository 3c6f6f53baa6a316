import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS, signedInUserSchema } from '@legiao/contracts';
import { creditPurchase, creditProfileEnrichment, userBalance } from '../src/features/ledger/ledger.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser } from './support/factories.js';
import { createVerifiedPurchase, createEntry, createProduct } from './produto-fixtures.js';
import { createEconomyMember, balanceOf } from './beneficio-fixtures.js';

// The ledger: append-only, one credit per cause, balance = SUM (docs/decisions/0009-economy.md).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('ledger', () => {
  it('credits each verified purchase once, in the import\'s transaction', async () => {
    const { usuario: user } = await createUser(t.prisma);
    const p = await createProduct(t.prisma);
    const v = await createVerifiedPurchase(t.prisma, { usuarioId: user.id, produtoId: p.id, quantidade: 2 });
    const credits = await t.prisma.lancamento.findMany({ where: { usuarioId: user.id } });
    expect(credits).toEqual([expect.objectContaining({ motivo: 'compra', valor: POINTS.compra, produtoClienteId: v.id, indicacaoId: null, resgateId: null })]);
    expect(await creditPurchase(t.prisma, user.id, v.id)).toBe(false);
    expect(await userBalance(t.prisma, user.id)).toBe(POINTS.compra);
    // A member's own (unverified) entry earns nothing.
    await createEntry(t.prisma, user.id, p.id);
    expect(await userBalance(t.prisma, user.id)).toBe(POINTS.compra);
  });

  it('credits profile enrichment once per member, even when called concurrently', async () => {
    const { usuario: user } = await createUser(t.prisma);
    const results = await Promise.all(Array.from({ length: 10 }, () => t.prisma.$transaction((tx) => creditProfileEnrichment(tx, user.id))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await creditProfileEnrichment(t.prisma, user.id)).toBe(false);
    expect(await t.prisma.lancamento.findMany({ where: { usuarioId: user.id } })).toEqual([expect.objectContaining({ motivo: 'enriquecimento_perfil', valor: POINTS.enriquecimentoPerfil })]);
    // Also in SQL: the partial unique index.
    await expect(t.prisma.lancamento.create({ data: { usuarioId: user.id, motivo: 'enriquecimento_perfil', valor: 1 } })).rejects.toThrow();
  });

  it('is append-only: an entry can be neither changed nor deleted (only an account deletion removes its entries)', async () => {
    const { usuario: user } = await createUser(t.prisma);
    await creditProfileEnrichment(t.prisma, user.id);
    const l = await t.prisma.lancamento.findFirstOrThrow({ where: { usuarioId: user.id } });
    await expect(t.prisma.lancamento.update({ where: { id: l.id }, data: { valor: 1000 } })).rejects.toThrow(/somente|só aceita novos lançamentos/);
    await expect(t.prisma.lancamento.delete({ where: { id: l.id } })).rejects.toThrow(/só aceita novos lançamentos/);
    await expect(t.prisma.$executeRaw`UPDATE lancamento SET valor = 1000 WHERE usuario_id = ${user.id}::uuid`).rejects.toThrow();
    expect(await balanceOf(t.prisma, user.id)).toBe(1);
    await t.prisma.usuario.delete({ where: { id: user.id } });
    expect(await t.prisma.lancamento.count({ where: { usuarioId: user.id } })).toBe(0);
  });

  it('ties each motivo to its cause and sign (CHECK)', async () => {
    const { usuario: user } = await createUser(t.prisma);
    const p = await createProduct(t.prisma);
    const e = await createEntry(t.prisma, user.id, p.id);
    const bad = [
      { motivo: 'compra' as const, valor: 1 }, // no purchase
      { motivo: 'compra' as const, valor: -1, produtoClienteId: e.id }, // a credit can't be negative
      { motivo: 'indicacao' as const, valor: 1, produtoClienteId: e.id }, // wrong cause
      { motivo: 'resgate_beneficio' as const, valor: -1 }, // no redemption
      { motivo: 'enriquecimento_perfil' as const, valor: 0 },
    ];
    for (const data of bad) await expect(t.prisma.lancamento.create({ data: { usuarioId: user.id, ...data } }), JSON.stringify(data)).rejects.toThrow();
    expect(await t.prisma.lancamento.count({ where: { usuarioId: user.id } })).toBe(0);
  });

  it('GET /api/usuario/logged answers the ledger balance', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 7 });
    await creditProfileEnrichment(t.prisma, m.usuario.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: m.headers });
    expect(signedInUserSchema.parse(res.json()).saldo).toBe(8);
  });
});
