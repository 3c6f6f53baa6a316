import { describe, expect, it } from 'vitest';
import {
  complementoArmazenado,
  MIN_COMPLEMENTO,
  PAGINAS_SATISFACAO,
  progressoSatisfacao,
  rotuloEtapa,
  SATISFACAO_MSG,
  satisfacaoInputSchema,
  tituloPagina,
  validarPaginaSatisfacao,
  type PerguntaValidavel,
} from './satisfacao.js';

// Question 1: plain single choice (no box). Question 2: option 21 offers an optional box, option 22
// requires the explanation. Question 3: text only (no options).
const perguntas: PerguntaValidavel[] = [
  {
    idPesquisaPergunta: 2,
    ordem: 2,
    respostas: [
      { idPesquisaPerguntaResposta: 21, complemento: true, exigeComplemento: false },
      { idPesquisaPerguntaResposta: 22, complemento: true, exigeComplemento: true },
      { idPesquisaPerguntaResposta: 23, complemento: false, exigeComplemento: false },
    ],
  },
  {
    idPesquisaPergunta: 1,
    ordem: 1,
    respostas: [
      { idPesquisaPerguntaResposta: 11, complemento: false, exigeComplemento: false },
      { idPesquisaPerguntaResposta: 12, complemento: false, exigeComplemento: false },
    ],
  },
  { idPesquisaPergunta: 3, ordem: 3, respostas: [] },
];

const ok = [
  { idPesquisaPergunta: 1, idRespostas: [11], complemento: null },
  { idPesquisaPergunta: 2, idRespostas: [23], complemento: null },
  { idPesquisaPergunta: 3, idRespostas: [], complemento: 'Tudo certo por aqui' },
];
const com = (id: number, resposta: { idRespostas: number[]; complemento?: string | null }) =>
  ok.map((r) => (r.idPesquisaPergunta === id ? { idPesquisaPergunta: id, ...resposta } : r));

describe('validarPaginaSatisfacao', () => {
  it('accepts a page where every rule holds', () => {
    expect(validarPaginaSatisfacao(perguntas, ok)).toEqual({ ok: true });
  });

  it('shows the banner when a question has no option and no text (also when it is missing)', () => {
    const semOpcao = validarPaginaSatisfacao(perguntas, com(1, { idRespostas: [], complemento: null }));
    expect(semOpcao).toEqual({ ok: false, banner: SATISFACAO_MSG.responderTodas, porPergunta: {}, semResposta: [1] });
    const faltando = validarPaginaSatisfacao(perguntas, ok.filter((r) => r.idPesquisaPergunta !== 3));
    expect(faltando).toMatchObject({ ok: false, banner: SATISFACAO_MSG.responderTodas, semResposta: [3] });
  });

  it('treats text with only digits, spaces or punctuation as no answer (banner)', () => {
    for (const texto of ['1234567890123', '           ', '12 34 56 78 90', '!!!???...,,,']) {
      const r = validarPaginaSatisfacao(perguntas, com(3, { idRespostas: [], complemento: texto }));
      expect(r, texto).toMatchObject({ ok: false, banner: SATISFACAO_MSG.responderTodas, semResposta: [3] });
    }
  });

  it('asks for more detail when a text-only answer has fewer than 10 characters (boundary 9/10, trimmed)', () => {
    expect(validarPaginaSatisfacao(perguntas, com(3, { idRespostas: [], complemento: 'abcdefghi' }))).toEqual({
      ok: false,
      porPergunta: { 3: SATISFACAO_MSG.maisDetalhes },
      semResposta: [],
    });
    expect(validarPaginaSatisfacao(perguntas, com(3, { idRespostas: [], complemento: '   abcdefghi   ' }))).toMatchObject({
      porPergunta: { 3: SATISFACAO_MSG.maisDetalhes },
    });
    expect(validarPaginaSatisfacao(perguntas, com(3, { idRespostas: [], complemento: 'abcdefghij' }))).toEqual({ ok: true });
    expect('abcdefghij').toHaveLength(MIN_COMPLEMENTO);
  });

  it('requires the text for an option that requires an explanation', () => {
    for (const texto of [null, undefined, '', '   ', '1234567890', '12 34']) {
      const r = validarPaginaSatisfacao(perguntas, com(2, { idRespostas: [22], complemento: texto }));
      expect(r, String(texto)).toEqual({ ok: false, porPergunta: { 2: SATISFACAO_MSG.campoObrigatorio }, semResposta: [] });
    }
    expect(validarPaginaSatisfacao(perguntas, com(2, { idRespostas: [22], complemento: 'Demorou 9' }))).toMatchObject({
      porPergunta: { 2: SATISFACAO_MSG.maisDetalhes },
    });
    expect(validarPaginaSatisfacao(perguntas, com(2, { idRespostas: [22], complemento: 'Demorou 10' }))).toEqual({ ok: true });
  });

  it('leaves an optional box optional, but a short text typed there asks for detail', () => {
    expect(validarPaginaSatisfacao(perguntas, com(2, { idRespostas: [21], complemento: null }))).toEqual({ ok: true });
    expect(validarPaginaSatisfacao(perguntas, com(2, { idRespostas: [21], complemento: '  ' }))).toEqual({ ok: true });
    expect(validarPaginaSatisfacao(perguntas, com(2, { idRespostas: [21], complemento: 'curto' }))).toMatchObject({
      porPergunta: { 2: SATISFACAO_MSG.maisDetalhes },
    });
    expect(validarPaginaSatisfacao(perguntas, com(2, { idRespostas: [21], complemento: 'bem detalhado' }))).toEqual({ ok: true });
  });

  it('ignores a text sent for an option that offers no box', () => {
    expect(validarPaginaSatisfacao(perguntas, com(2, { idRespostas: [23], complemento: 'x' }))).toEqual({ ok: true });
    expect(complementoArmazenado(perguntas[0]!, { idPesquisaPergunta: 2, idRespostas: [23], complemento: 'x' })).toBeNull();
    expect(complementoArmazenado(perguntas[0]!, { idPesquisaPergunta: 2, idRespostas: [22], complemento: '  texto longo  ' })).toBe('texto longo');
  });

  it('counts an id that is not an option of the question as no option', () => {
    expect(validarPaginaSatisfacao(perguntas, com(1, { idRespostas: [99], complemento: null }))).toMatchObject({
      banner: SATISFACAO_MSG.responderTodas,
      semResposta: [1],
    });
  });

  it('reports every failing question at once, unanswered ones in ordem order', () => {
    const r = validarPaginaSatisfacao(perguntas, [
      { idPesquisaPergunta: 2, idRespostas: [22], complemento: null },
      { idPesquisaPergunta: 3, idRespostas: [], complemento: '' },
    ]);
    expect(r).toEqual({
      ok: false,
      banner: SATISFACAO_MSG.responderTodas,
      porPergunta: { 2: SATISFACAO_MSG.campoObrigatorio },
      semResposta: [1, 3],
    });
  });
});

describe('page helpers and input schema', () => {
  it('labels, titles and progress', () => {
    expect(PAGINAS_SATISFACAO).toHaveLength(5);
    expect(tituloPagina(1)).toBe('Navegação e usabilidade');
    expect(tituloPagina(5)).toBe('Impacto Geral e Satisfação');
    expect(rotuloEtapa(3)).toBe('Etapa 3 de 5');
    expect(progressoSatisfacao(1, false)).toBe(20);
    expect(progressoSatisfacao(4, false)).toBe(80);
    expect(progressoSatisfacao(5, true)).toBe(100);
  });

  it('accepts at most one answer id per question', () => {
    const base = { hash: 'abc', respostas: [{ idPesquisa: 1, idPesquisaPergunta: 1, idRespostas: [1], complemento: null }] };
    expect(satisfacaoInputSchema.safeParse(base).success).toBe(true);
    const dois = satisfacaoInputSchema.safeParse({ ...base, respostas: [{ ...base.respostas[0], idRespostas: [1, 2] }] });
    expect(dois.error?.issues[0]?.message).toBe(SATISFACAO_MSG.umaResposta);
    expect(satisfacaoInputSchema.safeParse({ ...base, hash: ' ' }).error?.issues[0]?.message).toBe(SATISFACAO_MSG.hashObrigatorio);
  });
});
