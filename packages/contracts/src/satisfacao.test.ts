import { describe, expect, it } from 'vitest';
import {
  storedComplement,
  MIN_COMPLEMENT,
  SATISFACTION_PAGES,
  satisfactionProgress,
  stepLabel,
  SATISFACTION_MSG,
  satisfactionInputSchema,
  pageTitle,
  validateSatisfactionPage,
  type ValidatableQuestion,
} from './satisfacao.js';

// Question 1: plain single choice (no box). Question 2: option 21 offers an optional box, option 22
// requires the explanation. Question 3: text only (no options).
const questions: ValidatableQuestion[] = [
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
const withAnswer = (id: number, answer: { idRespostas: number[]; complemento?: string | null }) =>
  ok.map((r) => (r.idPesquisaPergunta === id ? { idPesquisaPergunta: id, ...answer } : r));

describe('validarPaginaSatisfacao', () => {
  it('accepts a page where every rule holds', () => {
    expect(validateSatisfactionPage(questions, ok)).toEqual({ ok: true });
  });

  it('shows the banner when a question has no option and no text (also when it is missing)', () => {
    const withoutOption = validateSatisfactionPage(questions, withAnswer(1, { idRespostas: [], complemento: null }));
    expect(withoutOption).toEqual({ ok: false, banner: SATISFACTION_MSG.responderTodas, porPergunta: {}, semResposta: [1] });
    const missing = validateSatisfactionPage(questions, ok.filter((r) => r.idPesquisaPergunta !== 3));
    expect(missing).toMatchObject({ ok: false, banner: SATISFACTION_MSG.responderTodas, semResposta: [3] });
  });

  it('treats text with only digits, spaces or punctuation as no answer (banner)', () => {
    for (const text of ['1234567890123', '           ', '12 34 56 78 90', '!!!???...,,,']) {
      const r = validateSatisfactionPage(questions, withAnswer(3, { idRespostas: [], complemento: text }));
      expect(r, text).toMatchObject({ ok: false, banner: SATISFACTION_MSG.responderTodas, semResposta: [3] });
    }
  });

  it('asks for more detail when a text-only answer has fewer than 10 characters (boundary 9/10, trimmed)', () => {
    expect(validateSatisfactionPage(questions, withAnswer(3, { idRespostas: [], complemento: 'abcdefghi' }))).toEqual({
      ok: false,
      porPergunta: { 3: SATISFACTION_MSG.maisDetalhes },
      semResposta: [],
    });
    expect(validateSatisfactionPage(questions, withAnswer(3, { idRespostas: [], complemento: '   abcdefghi   ' }))).toMatchObject({
      porPergunta: { 3: SATISFACTION_MSG.maisDetalhes },
    });
    expect(validateSatisfactionPage(questions, withAnswer(3, { idRespostas: [], complemento: 'abcdefghij' }))).toEqual({ ok: true });
    expect('abcdefghij').toHaveLength(MIN_COMPLEMENT);
  });

  it('requires the text for an option that requires an explanation', () => {
    for (const text of [null, undefined, '', '   ', '1234567890', '12 34']) {
      const r = validateSatisfactionPage(questions, withAnswer(2, { idRespostas: [22], complemento: text }));
      expect(r, String(text)).toEqual({ ok: false, porPergunta: { 2: SATISFACTION_MSG.campoObrigatorio }, semResposta: [] });
    }
    expect(validateSatisfactionPage(questions, withAnswer(2, { idRespostas: [22], complemento: 'Demorou 9' }))).toMatchObject({
      porPergunta: { 2: SATISFACTION_MSG.maisDetalhes },
    });
    expect(validateSatisfactionPage(questions, withAnswer(2, { idRespostas: [22], complemento: 'Demorou 10' }))).toEqual({ ok: true });
  });

  it('leaves an optional box optional, but a short text typed there asks for detail', () => {
    expect(validateSatisfactionPage(questions, withAnswer(2, { idRespostas: [21], complemento: null }))).toEqual({ ok: true });
    expect(validateSatisfactionPage(questions, withAnswer(2, { idRespostas: [21], complemento: '  ' }))).toEqual({ ok: true });
    expect(validateSatisfactionPage(questions, withAnswer(2, { idRespostas: [21], complemento: 'curto' }))).toMatchObject({
      porPergunta: { 2: SATISFACTION_MSG.maisDetalhes },
    });
    expect(validateSatisfactionPage(questions, withAnswer(2, { idRespostas: [21], complemento: 'bem detalhado' }))).toEqual({ ok: true });
  });

  it('ignores a text sent for an option that offers no box', () => {
    expect(validateSatisfactionPage(questions, withAnswer(2, { idRespostas: [23], complemento: 'x' }))).toEqual({ ok: true });
    expect(storedComplement(questions[0]!, { idPesquisaPergunta: 2, idRespostas: [23], complemento: 'x' })).toBeNull();
    expect(storedComplement(questions[0]!, { idPesquisaPergunta: 2, idRespostas: [22], complemento: '  texto longo  ' })).toBe('texto longo');
  });

  it('counts an id that is not an option of the question as no option', () => {
    expect(validateSatisfactionPage(questions, withAnswer(1, { idRespostas: [99], complemento: null }))).toMatchObject({
      banner: SATISFACTION_MSG.responderTodas,
      semResposta: [1],
    });
  });

  it('reports every failing question at once, unanswered ones in ordem order', () => {
    const r = validateSatisfactionPage(questions, [
      { idPesquisaPergunta: 2, idRespostas: [22], complemento: null },
      { idPesquisaPergunta: 3, idRespostas: [], complemento: '' },
    ]);
    expect(r).toEqual({
      ok: false,
      banner: SATISFACTION_MSG.responderTodas,
      porPergunta: { 2: SATISFACTION_MSG.campoObrigatorio },
      semResposta: [1, 3],
    });
  });
});

describe('page helpers and input schema', () => {
  it('labels, titles and progress', () => {
    expect(SATISFACTION_PAGES).toHaveLength(5);
    expect(pageTitle(1)).toBe('Navegação e usabilidade');
    expect(pageTitle(5)).toBe('Impacto Geral e Satisfação');
    expect(stepLabel(3)).toBe('Etapa 3 de 5');
    expect(satisfactionProgress(1, false)).toBe(20);
    expect(satisfactionProgress(4, false)).toBe(80);
    expect(satisfactionProgress(5, true)).toBe(100);
  });

  it('accepts at most one answer id per question', () => {
    const base = { hash: 'abc', respostas: [{ idPesquisa: 1, idPesquisaPergunta: 1, idRespostas: [1], complemento: null }] };
    expect(satisfactionInputSchema.safeParse(base).success).toBe(true);
    const two = satisfactionInputSchema.safeParse({ ...base, respostas: [{ ...base.respostas[0], idRespostas: [1, 2] }] });
    expect(two.error?.issues[0]?.message).toBe(SATISFACTION_MSG.umaResposta);
    expect(satisfactionInputSchema.safeParse({ ...base, hash: ' ' }).error?.issues[0]?.message).toBe(SATISFACTION_MSG.hashObrigatorio);
  });
});
