import type { MemberProductGroup, Product, MemberProductItem, ProductPage } from '@legiao/contracts/produto';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';

// Test data and a small API double for the product screens (shapes from packages/contracts).

let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

export function makeProduct(over: Partial<Product> = {}): Product {
  return {
    id: 12,
    sku: 'CMP-GARRAFA-PRETO',
    nome: 'Garrafa Térmica Camping 1,2L Preto',
    categoria: 'Camping',
    subcategoria: 'Garrafa Térmica Camping 1,2L',
    img: '/produtos/garrafa-camping-preto.svg',
    imgAlternativa: '/produtos/garrafa-camping-preto-2.svg',
    imagem3: '/produtos/garrafa-camping-preto-3.svg',
    imagem4: '/produtos/garrafa-camping-preto-4.svg',
    descricaoDetalhe: 'Garrafa de aço inox para acampar.',
    tempoQuente: 24,
    tempoGelado: 32,
    tempoComGelo: 96,
    moldura: 'Clássica',
    ...over,
  };
}

export function makeItem(over: Partial<MemberProductItem> = {}): MemberProductItem {
  return {
    id: uuid(),
    quantidade: 1,
    dataCompra: '2025-03-14',
    localCompra: 'Amazon',
    produtoValidado: false,
    presente: false,
    compradoParaPresente: false,
    quantidadePresente: 0,
    legionario: false,
    codigoLegionario: null,
    codigosLegionario: [],
    ...over,
  };
}

export function makeGroup(over: Partial<MemberProductGroup> = {}, products: MemberProductItem[] = [makeItem()]): MemberProductGroup {
  return {
    id: 12,
    nome: 'Garrafa Térmica Camping 1,2L Preto',
    categoria: 'Camping',
    img: '/produtos/garrafa-camping-preto.svg',
    moldura: 'Clássica',
    produtos: products,
    ...over,
  };
}

export const page = (items: Product[], total = items.length): ProductPage => ({ items, page: 1, pageSize: 48, total });

export interface Call {
  method: string;
  path: string;
  params: URLSearchParams;
  body: unknown;
}

type Route = (c: Call) => Response | undefined;

/**
 * Replaces fetch: each route may answer a call (first answer wins); /api/usuario/logged answers
 * a member unless a route did; anything else is a 500 that names the call. Returns the calls made.
 */
export function mockApi(...routes: Route[]) {
  const calls: Call[] = [];
  mockFetch((url, init) => {
    const u = new URL(url, 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET',
      path: u.pathname,
      params: u.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    for (const route of routes) {
      const r = route(call);
      if (r) return r;
    }
    if (call.path === '/api/usuario/logged') return jsonResponse(makeUser());
    return jsonResponse({ errors: [{ message: `inesperado ${call.method} ${url}` }] }, 500);
  });
  return calls;
}

/** A route for METHOD path (exact pathname). */
export const route =
  (method: string, path: string, answer: (c: Call) => Response): Route =>
  (c) =>
    c.method === method && c.path === path ? answer(c) : undefined;

export const json = jsonResponse;
