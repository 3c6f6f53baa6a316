import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SATISFACTION_PAGES,
  SATISFACTION_MSG,
  satisfactionErrorResponseSchema,
  satisfactionStateSchema,
  type SatisfactionState,
  type SatisfactionQuestion,
  type SatisfactionAnswer,
} from '@legiao/contracts/satisfacao';
import { SATISFACTION_KEY, seedSurveys } from '../src/db/seed-surveys.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser, expectError } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedSurveys(t.prisma);
});
afterAll(() => t.close());

const DETAIL = 'Resposta com bastante detalhe';

/** A member and their survey hash (the database draws one for every new row). */
async function member() {
  const { usuario: user } = await createUser(t.prisma);
  expect(user.hashPesquisaSatisfacao).toMatch(/^[0-9a-f-]{36}$/);
  return { usuario: user, hash: user.hashPesquisaSatisfacao! };
}

const get = async (hash: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/satisfacao?hash=${encodeURIComponent(hash)}` });
  expect(res.statusCode, res.body).toBe(200);
  return satisfactionStateSchema.parse(res.json());
};
const post = (hash: string, answers: unknown) => t.app.inject({ method: 'POST', url: '/api/satisfacao', payload: { hash, respostas: answers } });
const del = (hash: string) => t.app.inject({ method: 'DELETE', url: `/api/satisfacao?hash=${encodeURIComponent(hash)}` });

/** A valid answer: the first option, with a detailed text when that option requires one. */
const valid = (surveyId: number, p: SatisfactionQuestion): SatisfactionAnswer => ({
  idPesquisa: surveyId,
  idPesquisaPergunta: p.idPesquisaPergunta,
  idRespostas: [p.respostas[0]!.idPesquisaPerguntaResposta],
  complemento: p.respostas[0]!.exigeComplemento ? DETAIL : null,
});
const validPage = (e: SatisfactionState) => e.perguntas.map((p) => valid(e.idPesquisa!, p));

async function answerPage(hash: string, e: SatisfactionState) {
  const res = await post(hash, validPage(e));
  expect(res.statusCode, res.body).toBe(200);
  return satisfactionStateSchema.parse(res.json());
}

/** The 400 body: [message, idPesquisaPergunta?] in order. */
function errors(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(400);
  return satisfactionErrorResponseSchema.parse(res.json()).errors.map((e) => [e.message, e.idPesquisaPergunta]);
}

/** Page 1 with one answer replaced. */
const withAnswer = (e: SatisfactionState, order: number, r: Partial<SatisfactionAnswer> | null) =>
  e.perguntas.flatMap((p) => (p.ordem !== order ? [valid(e.idPesquisa!, p)] : r === null ? [] : [{ ...valid(e.idPesquisa!, p), ...r }]));
const option = (e: SatisfactionState, order: number, description: string) => e.perguntas.find((p) => p.ordem === order)!.respostas.find((o) => o.descricao === description)!;
const idOf = (e: SatisfactionState, order: number) => e.perguntas.find((p) => p.ordem === order)!.idPesquisaPergunta;

describe('the seeded survey', () => {
  it('has five pages with the spec titles, 18 questions by ordem, and the explanation rules of section 5', async () => {
    const survey = await t.prisma.pesquisa.findUniqueOrThrow({ where: { chave: SATISFACTION_KEY }, include: { perguntas: { include: { opcoes: true }, orderBy: { ordem: 'asc' } } } });
    expect(survey.perguntas.map((p) => p.ordem)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(survey.perguntas.map((p) => p.pagina)).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5]);
    const require = survey.perguntas.filter((p) => p.opcoes.some((o) => o.exigeComplemento)).map((p) => p.ordem);
    expect(require).toEqual([3, 4, 6, 8, 9, 10, 12, 13, 16, 17, 18]);
    for (const order of [10, 17]) expect(survey.perguntas[order - 1]!.opcoes.every((o) => o.exigeComplemento)).toBe(true);
    for (const o of survey.perguntas.flatMap((p) => p.opcoes)) {
      if (o.exigeComplemento) expect(o.complemento).toBe(true);
      expect(o.textoComplemento !== null).toBe(o.complemento);
    }
    // Idempotent: seeding again changes nothing.
    const count = async () => [await t.prisma.pesquisa.count({ where: { chave: SATISFACTION_KEY } }), await t.prisma.pesquisaPergunta.count({ where: { pesquisaId: survey.id } }), await t.prisma.pesquisaPerguntaResposta.count({ where: { pergunta: { pesquisaId: survey.id } } })];
    const before = await count();
    await Promise.all([seedSurveys(t.prisma), seedSurveys(t.prisma)]);
    expect(await count()).toEqual(before);
    expect(SATISFACTION_PAGES).toEqual(['Navegação e usabilidade', 'Benefícios e Recompensas', 'Experiência com a Marca', 'Comunicação e Conteúdo', 'Impacto Geral e Satisfação']);
  });
});

describe('GET /api/satisfacao', () => {
  it("answers 'encerrada' (200) for a missing, unknown or deleted member's hash", async () => {
    const closed = { pagina: 1, faseEncerrada: true, concluida: false, cupom: null, nome: null, perguntas: [] };
    const res = await t.app.inject({ method: 'GET', url: '/api/satisfacao' });
    expect(res.statusCode).toBe(200);
    expect(satisfactionStateSchema.parse(res.json())).toMatchObject(closed);
    expect(await get('nao-existe')).toMatchObject(closed);
    const m = await member();
    await t.prisma.usuario.update({ where: { id: m.usuario.id }, data: { excluidoEm: new Date() } });
    expect(await get(m.hash)).toMatchObject(closed);
  });
});

describe('POST /api/satisfacao: the five pages', () => {
  it('goes through the pages in order, stores every answer, and hands out one coupon', async () => {
    const m = await member();
    let e = await get(m.hash);
    expect(e).toMatchObject({ pagina: 1, titulo: 'Navegação e usabilidade', faseEncerrada: false, concluida: false, cupom: null, nome: 'Joana' });
    const orders: number[] = [];
    for (let page = 1; page <= 5; page++) {
      expect(e.pagina).toBe(page);
      expect(e.titulo).toBe(SATISFACTION_PAGES[page - 1]);
      orders.push(...e.perguntas.map((p) => p.ordem));
      e = await answerPage(m.hash, e);
    }
    expect(orders).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(e).toMatchObject({ pagina: 5, faseEncerrada: true, concluida: true, nome: 'Joana', perguntas: [] });
    expect(e.cupom).toMatch(/^PESQ-[A-Z0-9]{4}-[A-Z0-9]{4}$/);

    const answers = await t.prisma.pesquisaRespostaUsuario.findMany({ where: { participacao: { usuarioId: m.usuario.id } }, include: { pergunta: true } });
    expect(answers).toHaveLength(18);
    expect(answers.filter((r) => r.complemento !== null).map((r) => r.pergunta.ordem).sort((a, b) => a - b)).toEqual([10, 17]);
    expect(answers.every((r) => r.complemento === null || r.complemento === DETAIL)).toBe(true);

    // Finished: the same coupon on every visit; no more answers; no delete.
    expect(await get(m.hash)).toEqual(e);
    expectError(await post(m.hash, [{ idPesquisa: e.idPesquisa, idPesquisaPergunta: answers[0]!.perguntaId, idRespostas: [], complemento: DETAIL }]), 409, SATISFACTION_MSG.encerrada);
    expectError(await del(m.hash), 409, SATISFACTION_MSG.jaFinalizada);
    expect(await get(m.hash)).toEqual(e);
    expect(await t.prisma.pesquisaParticipacao.count({ where: { usuarioId: m.usuario.id, cupom: { not: null } } })).toBe(1);
  });

  it('applies every rule of section 5 and stores nothing when one fails', async () => {
    const m = await member();
    const e = await get(m.hash);
    const yes = option(e, 3, 'Sim, tive problemas');
    expect(yes).toMatchObject({ complemento: true, exigeComplemento: true, textoComplemento: 'Qual?' });

    // No option and no text (or the question missing): the banner, without a question id.
    expect(errors(await post(m.hash, withAnswer(e, 2, { idRespostas: [], complemento: null })))).toEqual([[SATISFACTION_MSG.responderTodas, undefined]]);
    expect(errors(await post(m.hash, withAnswer(e, 2, null)))).toEqual([[SATISFACTION_MSG.responderTodas, undefined]]);
    for (const text of ['1234567890', '          ', '12 34 56 78']) {
      expect(errors(await post(m.hash, withAnswer(e, 2, { idRespostas: [], complemento: text })))).toEqual([[SATISFACTION_MSG.responderTodas, undefined]]);
    }
    // No option, a text with a letter: shorter than 10 asks for detail (9 fails, 10 passes below).
    expect(errors(await post(m.hash, withAnswer(e, 2, { idRespostas: [], complemento: 'abcdefghi' })))).toEqual([[SATISFACTION_MSG.maisDetalhes, idOf(e, 2)]]);

    // An option that requires the explanation: missing, blank or letterless → 'Campo obrigatório.'; < 10 → detail.
    for (const text of [null, '', '   ', '123456789012']) {
      expect(errors(await post(m.hash, withAnswer(e, 3, { idRespostas: [yes.idPesquisaPerguntaResposta], complemento: text })))).toEqual([[SATISFACTION_MSG.campoObrigatorio, idOf(e, 3)]]);
    }
    expect(errors(await post(m.hash, withAnswer(e, 3, { idRespostas: [yes.idPesquisaPerguntaResposta], complemento: ' Travou 9 ' })))).toEqual([[SATISFACTION_MSG.maisDetalhes, idOf(e, 3)]]);

    // Several at once: the banner first, then each question in order.
    const several = [
      valid(e.idPesquisa!, e.perguntas[0]!),
      { ...valid(e.idPesquisa!, e.perguntas[2]!), idRespostas: [yes.idPesquisaPerguntaResposta], complemento: null },
      { ...valid(e.idPesquisa!, e.perguntas[3]!), idRespostas: [option(e, 4, 'Outro').idPesquisaPerguntaResposta], complemento: 'Relógio' },
    ];
    expect(errors(await post(m.hash, several))).toEqual([
      [SATISFACTION_MSG.responderTodas, undefined],
      [SATISFACTION_MSG.campoObrigatorio, idOf(e, 3)],
      [SATISFACTION_MSG.maisDetalhes, idOf(e, 4)],
    ]);
    expect(await get(m.hash)).toEqual(e);
    expect(await t.prisma.pesquisaRespostaUsuario.count({ where: { participacao: { usuarioId: m.usuario.id } } })).toBe(0);

    // Boundary: exactly 10 characters passes, for both the text-only answer and the required box.
    const ok = withAnswer(e, 2, { idRespostas: [], complemento: 'abcdefghij' }).map((r) => (r.idPesquisaPergunta === idOf(e, 3) ? { ...r, idRespostas: [yes.idPesquisaPerguntaResposta], complemento: 'Travou 10!' } : r));
    const res = await post(m.hash, ok);
    expect(res.statusCode, res.body).toBe(200);
    const e2 = satisfactionStateSchema.parse(res.json());
    expect(e2.pagina).toBe(2);
    const text3 = await t.prisma.pesquisaRespostaUsuario.findFirstOrThrow({ where: { participacao: { usuarioId: m.usuario.id }, perguntaId: idOf(e, 3) } });
    expect(text3).toMatchObject({ opcaoId: yes.idPesquisaPerguntaResposta, complemento: 'Travou 10!' });

    // An optional box: empty is fine, a short text asks for detail.
    const redeemed = option(e2, 6, 'Sim');
    expect(redeemed).toMatchObject({ complemento: true, exigeComplemento: false, textoComplemento: 'Como foi a experiência?' });
    expect(errors(await post(m.hash, withAnswer(e2, 6, { idRespostas: [redeemed.idPesquisaPerguntaResposta], complemento: 'Ótima' })))).toEqual([[SATISFACTION_MSG.maisDetalhes, idOf(e2, 6)]]);
    const e3 = await post(m.hash, withAnswer(e2, 6, { idRespostas: [redeemed.idPesquisaPerguntaResposta], complemento: null }));
    expect(e3.statusCode, e3.body).toBe(200);
    expect(satisfactionStateSchema.parse(e3.json()).pagina).toBe(3);
  });

  it('refuses answers that are not of the page, of the question, or of the survey', async () => {
    const m = await member();
    const e = await get(m.hash);
    const other = option(e, 2, 'Nunca');
    expect(errors(await post(m.hash, withAnswer(e, 1, { idRespostas: [other.idPesquisaPerguntaResposta] })))).toEqual([[SATISFACTION_MSG.respostaInvalida, idOf(e, 1)]]);
    const two = e.perguntas[0]!.respostas.slice(0, 2).map((o) => o.idPesquisaPerguntaResposta);
    expectError(await post(m.hash, withAnswer(e, 1, { idRespostas: two })), 400, SATISFACTION_MSG.umaResposta);
    expectError(await post(m.hash, [...validPage(e), validPage(e)[0]]), 400, SATISFACTION_MSG.perguntaRepetida);
    expectError(await post(m.hash, withAnswer(e, 1, { idPesquisa: e.idPesquisa! + 100_000 })), 400, SATISFACTION_MSG.pesquisaInvalida);
    expectError(await post(m.hash, []), 400, SATISFACTION_MSG.responderTodas);
    expectError(await post(m.hash, withAnswer(e, 1, { complemento: 'x'.repeat(2001) })), 400, SATISFACTION_MSG.textoLongo);
    const page2 = await t.prisma.pesquisaPergunta.findFirstOrThrow({ where: { pesquisaId: e.idPesquisa!, ordem: 5 } });
    expect(errors(await post(m.hash, [...validPage(e), { idPesquisa: e.idPesquisa, idPesquisaPergunta: page2.id, idRespostas: [], complemento: DETAIL }]))).toEqual([
      [SATISFACTION_MSG.perguntaForaDaEtapa, page2.id],
    ]);
    expectError(await post('nao-existe', validPage(e)), 404, SATISFACTION_MSG.encerrada);
    expectError(await t.app.inject({ method: 'POST', url: '/api/satisfacao', payload: { respostas: validPage(e) } }), 400, SATISFACTION_MSG.hashObrigatorio);
    expect(await get(m.hash)).toEqual(e);

    // A page already answered (a second click after the first went through).
    await answerPage(m.hash, e);
    expectError(await post(m.hash, validPage(e)), 409, SATISFACTION_MSG.paginaNaoAtual);
  });

  it('stores a page once when it is posted several times at once', async () => {
    const m = await member();
    const e = await get(m.hash);
    const res = await Promise.all(Array.from({ length: 4 }, () => post(m.hash, validPage(e))));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await get(m.hash)).pagina).toBe(2);
    expect(await t.prisma.pesquisaRespostaUsuario.count({ where: { participacao: { usuarioId: m.usuario.id } } })).toBe(e.perguntas.length);
    expect(await t.prisma.pesquisaParticipacao.count({ where: { usuarioId: m.usuario.id } })).toBe(1);
  });
});

describe('DELETE /api/satisfacao', () => {
  it('clears the answers and restarts from page 1; unknown hash 404', async () => {
    const m = await member();
    // Nothing answered yet: the state, page 1.
    const del0 = await del(m.hash);
    expect(del0.statusCode, del0.body).toBe(200);
    expect(satisfactionStateSchema.parse(del0.json())).toMatchObject({ pagina: 1, faseEncerrada: false });

    let e = await get(m.hash);
    e = await answerPage(m.hash, e);
    e = await answerPage(m.hash, e);
    expect(e.pagina).toBe(3);
    const res = await del(m.hash);
    expect(res.statusCode, res.body).toBe(200);
    const returned = satisfactionStateSchema.parse(res.json());
    expect(returned).toMatchObject({ pagina: 1, faseEncerrada: false, concluida: false });
    expect(returned.perguntas.map((p) => p.ordem)).toEqual([1, 2, 3, 4]);
    expect(await t.prisma.pesquisaRespostaUsuario.count({ where: { participacao: { usuarioId: m.usuario.id } } })).toBe(0);
    // Resume: page 1 again, then on.
    expect((await answerPage(m.hash, returned)).pagina).toBe(2);

    expectError(await del('nao-existe'), 404, SATISFACTION_MSG.encerrada);
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/satisfacao' }), 404, SATISFACTION_MSG.encerrada);
  });
});

describe('the phase ends by data', () => {
  it("closes the survey for whoever didn't conclude; who did keeps the coupon", async () => {
    const completed = await member();
    let e = await get(completed.hash);
    for (let i = 0; i < 5; i++) e = await answerPage(completed.hash, e);
    const isOpen = await member();
    const start = await get(isOpen.hash);

    const survey = await t.prisma.pesquisa.findUniqueOrThrow({ where: { chave: SATISFACTION_KEY } });
    await t.prisma.pesquisa.update({ where: { id: survey.id }, data: { dataFim: new Date(Date.now() - 1000) } });
    try {
      expect(await get(isOpen.hash)).toMatchObject({ faseEncerrada: true, concluida: false, cupom: null, perguntas: [] });
      expectError(await post(isOpen.hash, validPage(start)), 409, SATISFACTION_MSG.encerrada);
      expect(await get(completed.hash)).toEqual(e);
    } finally {
      await t.prisma.pesquisa.update({ where: { id: survey.id }, data: { dataFim: null } });
    }
    expect(await get(isOpen.hash)).toEqual(start);
  });
});
