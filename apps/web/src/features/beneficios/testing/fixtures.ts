import type { Benefit, RedemptionResponse } from '@legiao/contracts/beneficio';
import type { SignedInUser } from '@legiao/contracts/usuario';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';

// Test data and a small API double for the benefit screens (shapes from packages/contracts).

export function makeBenefit(over: Partial<Benefit> = {}): Benefit {
  return {
    id: 1,
    nome: 'Cupom 20% OFF',
    tipo: 'baseGeral',
    descricao: '20% de desconto.',
    urlImagem: '/beneficios/cupom-20.svg',
    valor: 3,
    evento: false,
    dataEvento: null,
    esgotado: false,
    podeResgatar: true,
    jaResgatado: false,
    multiploResgate: false,
    limitePorMembro: 1,
    textoLegal: 'Uso único por CPF.',
    urlBeneficio: null,
    percentualDesconto: 20,
    inicio: null,
    fim: null,
    estado: 'resgatavel',
    codigoBloqueio: null,
    motivoBloqueio: null,
    dias: [],
    resgates: [],
    ...over,
  };
}

export function makeRedemption(over: Partial<RedemptionResponse> = {}): RedemptionResponse {
  return {
    idBeneficio: 1,
    cupom: 'LEG20-ABCD-EFGH',
    usoCupom: false,
    dataUsoCupom: null,
    numeroCupom: 77,
    dataResgate: '2026-11-20T15:00:00.000Z',
    nomeBeneficio: 'Cupom 20% OFF',
    evento: false,
    urlBeneficio: null,
    opcao: null,
    saldo: 2,
    ...over,
  };
}

export const releasedMember = (over: Partial<SignedInUser> = {}) =>
  makeUser({ perfilCompleto: true, perfilDefinido: true, perfil: 'estiloso', saldo: 5, ...over });

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Route = (c: Call) => Response | Promise<Response> | undefined;

/** Replaces fetch: the first route that answers wins; anything else is a 500 naming the call. */
export function mockApi(...routes: Route[]) {
  const calls: Call[] = [];
  mockFetch((url, init) => {
    const u = new URL(url, 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET',
      path: u.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    for (const route of routes) {
      const r = route(call);
      if (r) return r;
    }
    return jsonResponse({ errors: [{ message: `inesperado ${call.method} ${url}` }] }, 500);
  });
  return calls;
}

export const route =
  (method: string, path: string, answer: (c: Call) => Response | Promise<Response>): Route =>
  (c) =>
    c.method === method && c.path === path ? answer(c) : undefined;

export const json = jsonResponse;
