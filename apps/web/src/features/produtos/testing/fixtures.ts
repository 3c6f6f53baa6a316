import type { GrupoProdutoCliente, Produto, ProdutoClienteItem, ProdutoPagina } from '@legiao/contracts/produto';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';

// Test data and a small API double for the product screens (shapes from packages/contracts).

let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

export function makeProduto(over: Partial<Produto> = {}): Produto {
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

export function makeItem(over: Partial<ProdutoClienteItem> = {}): ProdutoClienteItem {
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

export function makeGrupo(over: Partial<GrupoProdutoCliente> = {}, produtos: ProdutoClienteItem[] = [makeItem()]): GrupoProdutoCliente {
  return {
    id: 12,
    nome: 'Garrafa Térmica Camping 1,2L Preto',
    categoria: 'Camping',
    img: '/produtos/garrafa-camping-preto.svg',
    moldura: 'Clássica',
    produtos,
    ...over,
  };
}

export const pagina = (items: Produto[], total = items.length): ProdutoPagina => ({ items, page: 1, pageSize: 48, total });

export interface Chamada {
  method: string;
  path: string;
  params: URLSearchParams;
  body: unknown;
}

type Rota = (c: Chamada) => Response | undefined;

/**
 * Replaces fetch: each route may answer a call (first answer wins); /api/usuario/logged answers
 * a member unless a route did; anything else is a 500 that names the call. Returns the calls made.
 */
export function mockApi(...rotas: Rota[]) {
  const chamadas: Chamada[] = [];
  mockFetch((url, init) => {
    const u = new URL(url, 'http://localhost');
    const chamada: Chamada = {
      method: init.method ?? 'GET',
      path: u.pathname,
      params: u.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    chamadas.push(chamada);
    for (const rota of rotas) {
      const r = rota(chamada);
      if (r) return r;
    }
    if (chamada.path === '/api/usuario/logged') return jsonResponse(makeUser());
    return jsonResponse({ errors: [{ message: `inesperado ${chamada.method} ${url}` }] }, 500);
  });
  return chamadas;
}

/** A route for METHOD path (exact pathname). */
export const rota =
  (method: string, path: string, answer: (c: Chamada) => Response): Rota =>
  (c) =>
    c.method === method && c.path === path ? answer(c) : undefined;

export const json = jsonResponse;
