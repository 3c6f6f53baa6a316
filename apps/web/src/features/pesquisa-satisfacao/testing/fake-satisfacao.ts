import {
  tituloPagina,
  TOTAL_PAGINAS_SATISFACAO,
  type SatisfacaoEstado,
  type SatisfacaoOpcao,
  type SatisfacaoPergunta,
} from '@legiao/contracts/satisfacao';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';

// A small stand-in for the survey API (shapes from packages/contracts/src/satisfacao.ts): two
// questions per page, the server keeps the page and moves on after each POST.

export const HASH = 'hash-da-carla';

function opcao(id: number, descricao: string, over: Partial<SatisfacaoOpcao> = {}): SatisfacaoOpcao {
  return { idPesquisaPerguntaResposta: id, ordem: id % 10, descricao, complemento: false, exigeComplemento: false, textoComplemento: null, ...over };
}

/** Page n: question 2n-1 (Sim / Não, Não asks 'Qual?') and question 2n (three options, the last optional text). */
export function perguntasDaPagina(pagina: number): SatisfacaoPergunta[] {
  const a = pagina * 100;
  return [
    {
      idPesquisaPergunta: a + 1,
      ordem: pagina * 2 - 1,
      descricao: `Pergunta ${pagina * 2 - 1} da etapa ${pagina}?`,
      respostas: [opcao(a + 11, 'Sim'), opcao(a + 12, 'Não', { complemento: true, exigeComplemento: true, textoComplemento: 'Qual?' })],
    },
    {
      idPesquisaPergunta: a + 2,
      ordem: pagina * 2,
      descricao: `Pergunta ${pagina * 2} da etapa ${pagina}?`,
      respostas: [
        opcao(a + 21, 'Ótima'),
        opcao(a + 22, 'Boa'),
        opcao(a + 23, 'Outra', { complemento: true, textoComplemento: 'Digite sobre' }),
      ],
    },
  ];
}

export interface Chamada {
  method: string;
  path: string;
  params: URLSearchParams;
  body: unknown;
}

interface Opcoes {
  pagina?: number;
  /** 'concluida': finished with a coupon; 'encerrada': closed without answers. */
  fase?: 'aberta' | 'concluida' | 'encerrada';
  /** Answers POST with this status and message instead of moving on. */
  falharPost?: { status: number; message: string; idPesquisaPergunta?: number };
  falharGet?: number;
}

export function fakeSatisfacao(opcoes: Opcoes = {}) {
  let pagina = opcoes.pagina ?? 1;
  let fase = opcoes.fase ?? 'aberta';
  const chamadas: Chamada[] = [];

  const estado = (): SatisfacaoEstado => {
    const fechada = fase !== 'aberta';
    return {
      idPesquisa: fase === 'encerrada' ? null : 7,
      pagina,
      titulo: tituloPagina(pagina),
      faseEncerrada: fechada,
      concluida: fase === 'concluida',
      cupom: fase === 'concluida' ? 'OBRIGADO-7K2Q' : null,
      nome: fase === 'encerrada' ? null : 'Carla',
      perguntas: fechada ? [] : perguntasDaPagina(pagina),
    };
  };

  mockFetch((url, init) => {
    const u = new URL(url, 'http://localhost');
    const chamada: Chamada = {
      method: init.method ?? 'GET',
      path: u.pathname,
      params: u.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    chamadas.push(chamada);
    if (chamada.path !== '/api/satisfacao') return jsonResponse({ errors: [{ message: `inesperado ${url}` }] }, 500);
    if (chamada.method === 'GET') {
      if (opcoes.falharGet) return jsonResponse({ errors: [{ message: 'falhou' }] }, opcoes.falharGet);
      return jsonResponse(estado());
    }
    if (chamada.method === 'POST') {
      if (opcoes.falharPost) {
        const { status, ...erro } = opcoes.falharPost;
        return jsonResponse({ errors: [erro] }, status);
      }
      if (pagina === TOTAL_PAGINAS_SATISFACAO) fase = 'concluida';
      else pagina += 1;
      return jsonResponse(estado());
    }
    if (chamada.method === 'DELETE') {
      pagina = 1;
      return jsonResponse(estado());
    }
    return jsonResponse({ errors: [{ message: 'método' }] }, 405);
  });
  return chamadas;
}
