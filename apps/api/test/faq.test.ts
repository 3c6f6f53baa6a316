import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ_CATEGORIAS, faqListSchema, type FaqItem } from '@legiao/contracts/faq';
import { FAQ_DEMO, seedEngajamentoDemo } from '../src/db/seed-engajamento.js';
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
const emOrdem = (l: FaqItem[]) =>
  l.every((f, i) => {
    const ant = l[i - 1];
    if (!ant) return true;
    const [ca, cb] = [FAQ_CATEGORIAS.indexOf(ant.categoria), FAQ_CATEGORIAS.indexOf(f.categoria)];
    return ca < cb || (ca === cb && ant.ordem <= f.ordem);
  });

describe('GET /api/Faq', () => {
  it('is public and filters by ativo, ordered by categoria then ordem', async () => {
    const tag = randomUUID().slice(0, 8);
    const criar = (categoria: 'faq' | 'duvidas', ordem: number, ativo = true) =>
      t.prisma.faq.create({ data: { chave: `${tag}-${categoria}-${ordem}`, pergunta: `Pergunta ${tag} ${ordem}?`, resposta: 'Resposta.', categoria, ordem, ativo } });
    const d2 = await criar('duvidas', 2);
    const f9 = await criar('faq', 9);
    const d1 = await criar('duvidas', 1);
    const inativa = await criar('faq', 1, false);

    const todas = await faq();
    const meus = (l: FaqItem[]) => l.filter((f) => f.pergunta.includes(tag)).map((f) => f.id);
    expect(meus(todas)).toEqual([inativa.id, f9.id, d1.id, d2.id]);
    expect(emOrdem(todas)).toBe(true);
    expect(todas.find((f) => f.id === d1.id)).toEqual({ id: d1.id, pergunta: d1.pergunta, resposta: 'Resposta.', categoria: 'duvidas', ativo: true, ordem: 1 });

    const ativas = await faq('?ativo=true');
    expect(ativas.every((f) => f.ativo)).toBe(true);
    expect(meus(ativas)).toEqual([f9.id, d1.id, d2.id]);
    expect(emOrdem(ativas)).toBe(true);

    const inativas = await faq('?ativo=false');
    expect(inativas.every((f) => !f.ativo)).toBe(true);
    expect(meus(inativas)).toEqual([inativa.id]);
  });

  it("refuses an ativo that isn't true or false", async () => {
    for (const q of ['?ativo=sim', '?ativo=1', '?ativo=']) {
      expectError(await t.app.inject({ method: 'GET', url: `/api/faq${q}` }), 400, "O parâmetro 'ativo' deve ser true ou false.");
    }
  });

  it('the seed gives the home six faq entries and the landing the five built-in dúvidas, plus one inactive', async () => {
    await seedEngajamentoDemo(t.prisma);
    await seedEngajamentoDemo(t.prisma);
    const chaves = new Set(FAQ_DEMO.map((f) => f.chave));
    const semeadas = (await t.prisma.faq.findMany({ where: { chave: { in: [...chaves] } } })).map((f) => [f.categoria, f.ativo]);
    expect(semeadas).toHaveLength(12);
    expect(semeadas.filter(([c, a]) => c === 'faq' && a)).toHaveLength(6);
    expect(semeadas.filter(([c, a]) => c === 'duvidas' && a)).toHaveLength(5);
    expect(semeadas.filter(([, a]) => !a)).toHaveLength(1);
    const ativas = await faq('?ativo=true');
    expect(ativas.filter((f) => f.categoria === 'duvidas').map((f) => f.pergunta)).toEqual(expect.arrayContaining(['O que é a Legião?', 'Preciso pagar para participar?']));
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
