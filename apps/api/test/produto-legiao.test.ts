import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberProductGroupsSchema, LEGION_TOTAL } from '@legiao/contracts';
import { Prisma } from '../src/db/prisma.js';
import { seedCatalogue, seedCollectionDemo } from '../src/db/seed-catalogue.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, login } from './support/factories.js';
import { createVerifiedPurchase, createEntry, createProduct } from './produto-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const numbersOf = async (productId: number) => (await t.prisma.numeroLegionario.findMany({ where: { produtoId: productId }, orderBy: { numero: 'asc' } })).map((n) => n.numero);

describe('legion numbers (docs/decisions/0006-legion-numbers.md)', () => {
  it('gives each verified piece the next number of its product, in verification order', async () => {
    const p = await createProduct(t.prisma);
    const q = await createProduct(t.prisma);
    const [a, b] = await Promise.all([createUser(t.prisma), createUser(t.prisma)]);
    expect((await createVerifiedPurchase(t.prisma, { usuarioId: a.usuario.id, produtoId: p.id, quantidade: 2 })).numeros).toEqual([1, 2]);
    expect((await createVerifiedPurchase(t.prisma, { usuarioId: b.usuario.id, produtoId: p.id, quantidade: 1 })).numeros).toEqual([3]);
    expect((await createVerifiedPurchase(t.prisma, { usuarioId: b.usuario.id, produtoId: q.id, quantidade: 1 })).numeros).toEqual([1]); // its own series
    expect((await t.prisma.produto.findUniqueOrThrow({ where: { id: p.id } })).numerosAtribuidos).toBe(3);
  });

  it('never gives the same number twice, even to purchases verified at the same moment', async () => {
    const p = await createProduct(t.prisma);
    const members = await Promise.all(Array.from({ length: 12 }, () => createUser(t.prisma)));
    const results = await Promise.all(members.map((m, i) => createVerifiedPurchase(t.prisma, { usuarioId: m.usuario.id, produtoId: p.id, quantidade: 1 + (i % 3) })));
    const data = results.flatMap((r) => r.numeros);
    const total = members.reduce((acc, _m, i) => acc + 1 + (i % 3), 0);
    expect(data.sort((x, y) => x - y)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(await numbersOf(p.id)).toEqual(data);
    // Each entry's pieces are consecutive: the product row lock serialises the counter.
    for (const r of results) expect(r.numeros).toEqual(Array.from({ length: r.numeros.length }, (_, i) => r.numeros[0]! + i));
  });

  it('stops at 1913: later pieces are verified but not numbered', async () => {
    const p = await createProduct(t.prisma, { numerosAtribuidos: LEGION_TOTAL - 2 });
    const { usuario: user } = await createUser(t.prisma);
    expect((await createVerifiedPurchase(t.prisma, { usuarioId: user.id, produtoId: p.id, quantidade: 3 })).numeros).toEqual([1912, 1913]);
    const last = await createVerifiedPurchase(t.prisma, { usuarioId: user.id, produtoId: p.id, quantidade: 1 });
    expect(last.numeros).toEqual([]);
    const token = await login(t.app, (await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).email);
    const [group] = memberProductGroupsSchema.parse((await t.app.inject({ method: 'GET', url: '/api/produto/cliente', headers: bearer(token) })).json());
    const without = group!.produtos.find((e) => e.id === last.id)!;
    expect(without).toMatchObject({ produtoValidado: true, legionario: false, codigoLegionario: null, codigosLegionario: [] });
    expect(group!.produtos.find((e) => e.id !== last.id)).toMatchObject({ legionario: true, codigoLegionario: 1912, codigosLegionario: [1912, 1913] });
  });

  it('is enforced by the database: a taken number or one outside 1..1913 is refused', async () => {
    const p = await createProduct(t.prisma);
    const { usuario: user } = await createUser(t.prisma);
    const v = await createVerifiedPurchase(t.prisma, { usuarioId: user.id, produtoId: p.id, quantidade: 1 });
    const other = await createEntry(t.prisma, (await createUser(t.prisma)).usuario.id, p.id);
    const insert = (number: number) => t.prisma.numeroLegionario.create({ data: { produtoId: p.id, numero: number, produtoClienteId: other.id } });
    await expect(insert(1)).rejects.toSatisfy((e) => e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002');
    await expect(insert(0)).rejects.toThrow();
    await expect(insert(LEGION_TOTAL + 1)).rejects.toThrow();
    await expect(t.prisma.produto.update({ where: { id: p.id }, data: { numerosAtribuidos: LEGION_TOTAL + 1 } })).rejects.toThrow();
    expect(await numbersOf(p.id)).toEqual([1]);
    expect((await t.prisma.numeroLegionario.findFirstOrThrow({ where: { produtoId: p.id } })).produtoClienteId).toBe(v.id);
  });

  it('keeps gift quantities within the order in the database too', async () => {
    const p = await createProduct(t.prisma);
    const { usuario: user } = await createUser(t.prisma);
    const v = await createVerifiedPurchase(t.prisma, { usuarioId: user.id, produtoId: p.id, quantidade: 2 });
    await expect(t.prisma.produtoCliente.update({ where: { id: v.id }, data: { quantidadePresente: 3 } })).rejects.toThrow();
    await expect(t.prisma.produtoCliente.update({ where: { id: v.id }, data: { quantidade: 0 } })).rejects.toThrow();
    const e = await createEntry(t.prisma, user.id, p.id);
    await expect(t.prisma.produtoCliente.update({ where: { id: e.id }, data: { codigoPedido: `PED-${randomUUID()}` } })).rejects.toThrow(); // an order code means verified
  });
});

describe('demo collection (seedColecaoDemo)', () => {
  it('gives the member own entries, a verified purchase with a legion number and a verified gift, once', async () => {
    await seedCatalogue(t.prisma);
    const { usuario: user, email } = await createUser(t.prisma);
    const created = await seedCollectionDemo(t.prisma, email);
    expect(created).toBe(5);
    expect(await seedCollectionDemo(t.prisma, email)).toBe(0);
    // Concurrent seeds (several processes starting) wait on the advisory lock and add nothing.
    const { email: other } = await createUser(t.prisma);
    expect((await Promise.all([seedCollectionDemo(t.prisma, other), seedCollectionDemo(t.prisma, other)])).sort()).toEqual([0, 5]);

    const headers = bearer(await login(t.app, email));
    const get = async (q: string) => memberProductGroupsSchema.parse((await t.app.inject({ method: 'GET', url: `/api/produto/cliente${q}`, headers })).json());
    const all = await get('');
    expect(all).toHaveLength(5);
    const entries = all.flatMap((g) => g.produtos);
    expect(entries.filter((e) => e.produtoValidado && e.legionario && e.codigoLegionario! >= 1)).toHaveLength(3);
    expect(entries.filter((e) => !e.produtoValidado)).toHaveLength(2);
    expect(entries.some((e) => e.presente && e.localCompra === 'Ganhei de presente')).toBe(true);
    const gifts = await get('?lista=presentes');
    expect(gifts.map((g) => g.nome)).toEqual(['Garrafinha Kids 400ml Rosa']);
    expect((await get('?lista=colecao')).map((g) => g.nome)).not.toContain('Garrafinha Kids 400ml Rosa');
    expect(all.find((g) => g.nome === 'Garrafa Camping 1,5L Legião 1913')).toMatchObject({ moldura: 'Legião 1913', categoria: 'Camping' });
    expect(await t.prisma.produtoCliente.count({ where: { usuarioId: user.id } })).toBe(5);
  });
});
