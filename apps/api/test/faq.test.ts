import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES, faqListSchema, type FaqItem } from '@legiao/contracts/faq';
import { FAQ_DEMO, seedEngagementDemo } from '../src/db/seed-engagement.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const faq = async (query = '') => {
  // Public: no bearer token.
  const res = await t.app.inject({ method: 'GET', url: `/api/Faq${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return faqListSchema.parse(res.json());
};

/** Ordered by categoria (faq, then duvidas), then ordem. */
const inOrder = (l: FaqItem[]) =>
  l.every((f, i) => {
    const ant = l[i - 1];
    if (!ant) return true;
    const [ca, cb] = [FAQ_CATEGORIES.indexOf(ant.categoria), FAQ_CATEGORIES.indexOf(f.categoria)];
    return ca < cb || (ca === cb && ant.ordem <= f.ordem);
  });

describe('GET /api/Faq', () => {
  it('is public and filters by ativo, ordered by categoria then ordem', async () => {
    const tag = randomUUID().slice(0, 8);
    const create = (category: 'faq' | 'duvidas', order: number, active = true) =>
      t.prisma.faq.create({ data: { chave: `${tag}-${category}-${order}`, pergunta: `Pergunta ${tag} ${order}?`, resposta: 'Resposta.', categoria: category, ordem: order, ativo: active } });
    const d2 = await create('duvidas', 2);
    const f9 = await create('faq', 9);
    const d1 = await create('duvidas', 1);
    const inactive = await create('faq', 1, false);

    const all = await faq();
    const my = (l: FaqItem[]) => l.filter((f) => f.pergunta.includes(tag)).map((f) => f.id);
    expect(my(all)).toEqual([inactive.id, f9.id, d1.id, d2.id]);
    expect(inOrder(all)).toBe(true);
    expect(all.find((f) => f.id === d1.id)).toEqual({ id: d1.id, pergunta: d1.pergunta, resposta: 'Resposta.', categoria: 'duvidas', ativo: true, ordem: 1 });

    const activeOnes = await faq('?ativo=true');
    expect(activeOnes.every((f) => f.ativo)).toBe(true);
    expect(my(activeOnes)).toEqual([f9.id, d1.id, d2.id]);
    expect(inOrder(activeOnes)).toBe(true);

    const inactiveOnes = await faq('?ativo=false');
    expect(inactiveOnes.every((f) => !f.ativo)).toBe(true);
    expect(my(inactiveOnes)).toEqual([inactive.id]);
  });

  it("refuses an ativo that isn't true or false", async () => {
    for (const q of ['?ativo=sim', '?ativo=1', '?ativo=']) {
      expectError(await t.app.inject({ method: 'GET', url: `/api/faq${q}` }), 400, "O parâmetro 'ativo' deve ser true ou false.");
    }
  });

  it('the seed gives the home six faq entries and the landing the five built-in dúvidas, plus one inactive', async () => {
    await seedEngagementDemo(t.prisma);
    await seedEngagementDemo(t.prisma);
    const keys = new Set(FAQ_DEMO.map((f) => f.chave));
    const seeded = (await t.prisma.faq.findMany({ where: { chave: { in: [...keys] } } })).map((f) => [f.categoria, f.ativo]);
    expect(seeded).toHaveLength(12);
    expect(seeded.filter(([c, a]) => c === 'faq' && a)).toHaveLength(6);
    expect(seeded.filter(([c, a]) => c === 'duvidas' && a)).toHaveLength(5);
    expect(seeded.filter(([, a]) => !a)).toHaveLength(1);
    const activeOnes = await faq('?ativo=true');
    expect(activeOnes.filter((f) => f.categoria === 'duvidas').map((f) => f.pergunta)).toEqual(expect.arrayContaining(['O que é a Legião?', 'Preciso pagar para participar?']));
  });
});

describe('OpenAPI', () => {
  it('documents the banner, FAQ and achievement routes with their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { parameters?: { name: string }[]; responses: Record<string, unknown> }>> };
    for (const path of ['/api/banner', '/api/bannersite/ativos', '/api/bannersite/recomendacao', '/api/faq', '/api/conquista']) expect(Object.keys(doc.paths[path]!)).toEqual(['get']);
    expect(doc.paths['/api/faq']!.get!.parameters!.map((p) => p.name)).toEqual(['ativo']);
    expect(doc.paths['/api/bannersite/recomendacao']!.get!.responses['403']).toBeDefined();
  });
});
