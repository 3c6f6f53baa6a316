import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gruposProdutoClienteSchema, LEGIAO_TOTAL } from '@legiao/contracts';
import { Prisma } from '../src/db/prisma.js';
import { seedCatalogo, seedColecaoDemo } from '../src/db/seed-catalogo.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, login } from './support/factories.js';
import { createCompraVerificada, createEntrada, createProduto } from './produto-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const numerosDe = async (produtoId: number) => (await t.prisma.numeroLegionario.findMany({ where: { produtoId }, orderBy: { numero: 'asc' } })).map((n) => n.numero);

describe('legion numbers (docs/decisions/0006-legion-numbers.md)', () => {
  it('gives each verified piece the next number of its product, in verification order', async () => {
    const p = await createProduto(t.prisma);
    const q = await createProduto(t.prisma);
    const [a, b] = await Promise.all([createUser(t.prisma), createUser(t.prisma)]);
    expect((await createCompraVerificada(t.prisma, { usuarioId: a.usuario.id, produtoId: p.id, quantidade: 2 })).numeros).toEqual([1, 2]);
    expect((await createCompraVerificada(t.prisma, { usuarioId: b.usuario.id, produtoId: p.id, quantidade: 1 })).numeros).toEqual([3]);
    expect((await createCompraVerificada(t.prisma, { usuarioId: b.usuario.id, produtoId: q.id, quantidade: 1 })).numeros).toEqual([1]); // its own series
    expect((await t.prisma.produto.findUniqueOrThrow({ where: { id: p.id } })).numerosAtribuidos).toBe(3);
  });

  it('never gives the same number twice, even to purchases verified at the same moment', async () => {
    const p = await createProduto(t.prisma);
    const membros = await Promise.all(Array.from({ length: 12 }, () => createUser(t.prisma)));
    const results = await Promise.all(membros.map((m, i) => createCompraVerificada(t.prisma, { usuarioId: m.usuario.id, produtoId: p.id, quantidade: 1 + (i % 3) })));
    const dados = results.flatMap((r) => r.numeros);
    const total = membros.reduce((acc, _m, i) => acc + 1 + (i % 3), 0);
    expect(dados.sort((x, y) => x - y)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(await numerosDe(p.id)).toEqual(dados);
    // Each entry's pieces are consecutive: the product row lock serialises the counter.
    for (const r of results) expect(r.numeros).toEqual(Array.from({ length: r.numeros.length }, (_, i) => r.numeros[0]! + i));
  });

  it('stops at 1913: later pieces are verified but not numbered', async () => {
    const p = await createProduto(t.prisma, { numerosAtribuidos: LEGIAO_TOTAL - 2 });
    const { usuario } = await createUser(t.prisma);
    expect((await createCompraVerificada(t.prisma, { usuarioId: usuario.id, produtoId: p.id, quantidade: 3 })).numeros).toEqual([1912, 1913]);
    const last = await createCompraVerificada(t.prisma, { usuarioId: usuario.id, produtoId: p.id, quantidade: 1 });
    expect(last.numeros).toEqual([]);
    const token = await login(t.app, (await t.prisma.usuario.findUniqueOrThrow({ where: { id: usuario.id } })).email);
    const [grupo] = gruposProdutoClienteSchema.parse((await t.app.inject({ method: 'GET', url: '/api/produto/cliente', headers: bearer(token) })).json());
    const sem = grupo!.produtos.find((e) => e.id === last.id)!;
    expect(sem).toMatchObject({ produtoValidado: true, legionario: false, codigoLegionario: null, codigosLegionario: [] });
    expect(grupo!.produtos.find((e) => e.id !== last.id)).toMatchObject({ legionario: true, codigoLegionario: 1912, codigosLegionario: [1912, 1913] });
  });

  it('is enforced by the database: a taken number or one outside 1..1913 is refused', async () => {
    const p = await createProduto(t.prisma);
    const { usuario } = await createUser(t.prisma);
    const v = await createCompraVerificada(t.prisma, { usuarioId: usuario.id, produtoId: p.id, quantidade: 1 });
    const outra = await createEntrada(t.prisma, (await createUser(t.prisma)).usuario.id, p.id);
    const insert = (numero: number) => t.prisma.numeroLegionario.create({ data: { produtoId: p.id, numero, produtoClienteId: outra.id } });
    await expect(insert(1)).rejects.toSatisfy((e) => e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002');
    await expect(insert(0)).rejects.toThrow();
    await expect(insert(LEGIAO_TOTAL + 1)).rejects.toThrow();
    await expect(t.prisma.produto.update({ where: { id: p.id }, data: { numerosAtribuidos: LEGIAO_TOTAL + 1 } })).rejects.toThrow();
    expect(await numerosDe(p.id)).toEqual([1]);
    expect((await t.prisma.numeroLegionario.findFirstOrThrow({ where: { produtoId: p.id } })).produtoClienteId).toBe(v.id);
  });

  it('keeps gift quantities within the order in the database too', async () => {
    const p = await createProduto(t.prisma);
    const { usuario } = await createUser(t.prisma);
    const v = await createCompraVerificada(t.prisma, { usuarioId: usuario.id, produtoId: p.id, quantidade: 2 });
    await expect(t.prisma.produtoCliente.update({ where: { id: v.id }, data: { quantidadePresente: 3 } })).rejects.toThrow();
    await expect(t.prisma.produtoCliente.update({ where: { id: v.id }, data: { quantidade: 0 } })).rejects.toThrow();
    const e = await createEntrada(t.prisma, usuario.id, p.id);
    await expect(t.prisma.produtoCliente.update({ where: { id: e.id }, data: { codigoPedido: `PED-${randomUUID()}` } })).rejects.toThrow(); // an order code means verified
  });
});

describe('demo collection (seedColecaoDemo)', () => {
  it('gives the member own entries, a verified purchase with a legion number and a verified gift, once', async () => {
    await seedCatalogo(t.prisma);
    const { usuario, email } = await createUser(t.prisma);
    const created = await seedColecaoDemo(t.prisma, email);
    expect(created).toBe(5);
    expect(await seedColecaoDemo(t.prisma, email)).toBe(0);
    // Concurrent seeds (several processes starting) wait on the advisory lock and add nothing.
    const { email: other } = await createUser(t.prisma);
    expect((await Promise.all([seedColecaoDemo(t.prisma, other), seedColecaoDemo(t.prisma, other)])).sort()).toEqual([0, 5]);

    const headers = bearer(await login(t.app, email));
    const get = async (q: string) => gruposProdutoClienteSchema.parse((await t.app.inject({ method: 'GET', url: `/api/produto/cliente${q}`, headers })).json());
    const todos = await get('');
    expect(todos).toHaveLength(5);
    const entradas = todos.flatMap((g) => g.produtos);
    expect(entradas.filter((e) => e.produtoValidado && e.legionario && e.codigoLegionario! >= 1)).toHaveLength(3);
    expect(entradas.filter((e) => !e.produtoValidado)).toHaveLength(2);
    expect(entradas.some((e) => e.presente && e.localCompra === 'Ganhei de presente')).toBe(true);
    const presentes = await get('?lista=presentes');
    expect(presentes.map((g) => g.nome)).toEqual(['Garrafinha Kids 400ml Rosa']);
    expect((await get('?lista=colecao')).map((g) => g.nome)).not.toContain('Garrafinha Kids 400ml Rosa');
    expect(todos.find((g) => g.nome === 'Garrafa Camping 1,5L Legião 1913')).toMatchObject({ moldura: 'Legião 1913', categoria: 'Camping' });
    expect(await t.prisma.produtoCliente.count({ where: { usuarioId: usuario.id } })).toBe(5);
  });
});
