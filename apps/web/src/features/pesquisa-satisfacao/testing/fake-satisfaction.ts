import {
  pageTitle,
  TOTAL_SATISFACTION_PAGES,
  type SatisfactionState,
  type SatisfactionOption,
  type SatisfactionQuestion,
} from '@legiao/contracts/satisfacao';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';

// A small stand-in for the survey API (shapes from packages/contracts/src/satisfacao.ts): two
// questions per page, the server keeps the page and moves on after each POST.

export const HASH = 'hash-da-carla';

function option(id: number, description: string, over: Partial<SatisfactionOption> = {}): SatisfactionOption {
  return { idPesquisaPerguntaResposta: id, ordem: id % 10, descricao: description, complemento: false, exigeComplemento: false, textoComplemento: null, ...over };
}

/** Page n: question 2n-1 (Sim / Não, Não asks 'Qual?') and question 2n (three options, the last optional text). */
export function pageQuestions(page: number): SatisfactionQuestion[] {
  const a = page * 100;
  return [
    {
      idPesquisaPergunta: a + 1,
      ordem: page * 2 - 1,
      descricao: `Pergunta ${page * 2 - 1} da etapa ${page}?`,
      respostas: [option(a + 11, 'Sim'), option(a + 12, 'Não', { complemento: true, exigeComplemento: true, textoComplemento: 'Qual?' })],
    },
    {
      idPesquisaPergunta: a + 2,
      ordem: page * 2,
      descricao: `Pergunta ${page * 2} da etapa ${page}?`,
      respostas: [
        option(a + 21, 'Ótima'),
        option(a + 22, 'Boa'),
        option(a + 23, 'Outra', { complemento: true, textoComplemento: 'Digite sobre' }),
      ],
    },
  ];
}

export interface Call {
  method: string;
  path: string;
  params: URLSearchParams;
  body: unknown;
}

interface Options {
  pagina?: number;
  /** 'concluida': finished with a coupon; 'encerrada': closed without answers. */
  phase?: 'aberta' | 'concluida' | 'encerrada';
  /** Answers POST with this status and message instead of moving on. */
  failPost?: { status: number; message: string; idPesquisaPergunta?: number };
  failGet?: number;
}

export function fakeSatisfaction(options: Options = {}) {
  let page = options.pagina ?? 1;
  let phase = options.phase ?? 'aberta';
  const calls: Call[] = [];

  const state = (): SatisfactionState => {
    const closed = phase !== 'aberta';
    return {
      idPesquisa: phase === 'encerrada' ? null : 7,
      pagina: page,
      titulo: pageTitle(page),
      faseEncerrada: closed,
      concluida: phase === 'concluida',
      cupom: phase === 'concluida' ? 'OBRIGADO-7K2Q' : null,
      nome: phase === 'encerrada' ? null : 'Carla',
      perguntas: closed ? [] : pageQuestions(page),
    };
  };

  mockFetch((url, init) => {
    const u = new URL(url, 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET',
      path: u.pathname,
      params: u.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    if (call.path !== '/api/satisfacao') return jsonResponse({ errors: [{ message: `inesperado ${url}` }] }, 500);
    if (call.method === 'GET') {
      if (options.failGet) return jsonResponse({ errors: [{ message: 'falhou' }] }, options.failGet);
      return jsonResponse(state());
    }
    if (call.method === 'POST') {
      if (options.failPost) {
        const { status, ...error } = options.failPost;
        return jsonResponse({ errors: [error] }, status);
      }
      if (page === TOTAL_SATISFACTION_PAGES) phase = 'concluida';
      else page += 1;
      return jsonResponse(state());
    }
    if (call.method === 'DELETE') {
      page = 1;
      return jsonResponse(state());
    }
    return jsonResponse({ errors: [{ message: 'método' }] }, 405);
  });
  return calls;
}
