import {
  complementoArmazenado,
  type SatisfacaoOpcao,
  type SatisfacaoPergunta,
  type SatisfacaoResposta,
} from '@legiao/contracts/satisfacao';

/** What the user has chosen/typed for one question while on the page. */
export interface RespostaLocal {
  idResposta: number | null;
  complemento: string;
}

export type RespostasLocais = Record<number, RespostaLocal>;

export const RESPOSTA_VAZIA: RespostaLocal = { idResposta: null, complemento: '' };

/** Prompt of a free-text box when the option does not name one. */
const ROTULO_PADRAO = 'Escreva aqui';

export function opcaoEscolhida(pergunta: SatisfacaoPergunta, valor: RespostaLocal): SatisfacaoOpcao | undefined {
  return pergunta.respostas.find((o) => o.idPesquisaPerguntaResposta === valor.idResposta);
}

/** The free text shows for an option that offers or requires it, or for a question without options. */
export function mostraComplemento(pergunta: SatisfacaoPergunta, valor: RespostaLocal): boolean {
  if (pergunta.respostas.length === 0) return true;
  const opcao = opcaoEscolhida(pergunta, valor);
  return Boolean(opcao && (opcao.complemento || opcao.exigeComplemento));
}

export function rotuloComplemento(opcao: SatisfacaoOpcao | undefined): string {
  return opcao?.textoComplemento?.trim() || ROTULO_PADRAO;
}

/**
 * The page's answers as the contract sends them, one per question in page order. A text typed for
 * an option the user later switched away from is dropped (the shared rule decides what is kept).
 */
export function montarRespostas(
  idPesquisa: number,
  perguntas: readonly SatisfacaoPergunta[],
  locais: RespostasLocais,
): SatisfacaoResposta[] {
  return perguntas.map((pergunta) => {
    const local = locais[pergunta.idPesquisaPergunta] ?? RESPOSTA_VAZIA;
    const idRespostas = local.idResposta === null ? [] : [local.idResposta];
    const base = { idPesquisaPergunta: pergunta.idPesquisaPergunta, idRespostas, complemento: local.complemento };
    return { idPesquisa, ...base, complemento: complementoArmazenado(pergunta, base) };
  });
}
