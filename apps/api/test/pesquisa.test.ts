import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, signedInUserSchema } from '@legiao/contracts';
import { SURVEY_MSG, surveyStateSchema, type SurveyState } from '@legiao/contracts/pesquisa';
import { PERSONALISATION_QUESTIONS, seedSurveys } from '../src/db/seed-surveys.js';
import { majorityProfile } from '../src/features/pesquisa/perfil.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedSurveys(t.prisma);
});
afterAll(() => t.close());

type Profile = 'funcional' | 'outsider' | 'estiloso';

async function member() {
  const m = await createUser(t.prisma);
  return { usuario: m.usuario, headers: bearer(await login(t.app, m.email, m.senha)) };
}

const get = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/pesquisa', headers });
  expect(res.statusCode, res.body).toBe(200);
  return surveyStateSchema.parse(res.json());
};
const post = (headers: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/pesquisa', headers, payload });

/** The option of the current question that points to the perfil (read from the seeded rows). */
async function profileOption(state: SurveyState, profile: Profile) {
  const ids = state.pergunta!.respostas.map((r) => r.idPesquisaPerguntaResposta);
  const option = await t.prisma.pesquisaPerguntaResposta.findFirstOrThrow({ where: { id: { in: ids }, perfil: profile } });
  return option.id;
}

/** Answers the current question with the option of the perfil; returns the next state. */
async function answer(headers: Record<string, string>, state: SurveyState, profile: Profile) {
  const res = await post(headers, { idPesquisa: state.idPesquisa, idPesquisaPergunta: state.pergunta!.idPesquisaPergunta, idRespostas: [await profileOption(state, profile)] });
  expect(res.statusCode, res.body).toBe(200);
  return surveyStateSchema.parse(res.json());
}

const enrichments = (userId: string) => t.prisma.lancamento.count({ where: { usuarioId: userId, motivo: 'enriquecimento_perfil' } });

describe('GET/POST /api/pesquisa: the whole survey', () => {
  it('walks the questions in order, then sets the perfil, credits once and stays finished', async () => {
    const m = await member();
    let state = await get(m.headers);
    expect(state.finalizada).toBe(false);
    const seen: string[] = [];
    for (const profile of ['outsider', 'funcional', 'outsider', 'estiloso', 'outsider'] as const) {
      expect(state.pergunta).not.toBeNull();
      seen.push(state.pergunta!.descricao);
      expect(state.pergunta!.respostas.length).toBeGreaterThanOrEqual(3);
      // GET answers the same current question until it is answered.
      expect(await get(m.headers)).toEqual(state);
      state = await answer(m.headers, state, profile);
    }
    expect(seen).toEqual(PERSONALISATION_QUESTIONS.map((p) => p.descricao));
    expect(state).toEqual({ idPesquisa: expect.any(Number), pergunta: null, finalizada: true });

    const user = await t.prisma.usuario.findUniqueOrThrow({ where: { id: m.usuario.id } });
    expect(user.perfil).toBe('outsider');
    const logged = signedInUserSchema.parse((await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: m.headers })).json());
    expect(logged).toMatchObject({ perfil: 'outsider', perfilDefinido: true });
    expect(await enrichments(m.usuario.id)).toBe(1);
    const statement = (await t.app.inject({ method: 'GET', url: '/api/usuario/extrato', headers: m.headers })).json() as { motivo: string; valor: number }[];
    expect(statement.filter((e) => e.motivo === 'Enriquecimento de Perfil')).toEqual([expect.objectContaining({ valor: 1 })]);

    // No redo: GET says finished, POST refuses, no second credit.
    expect(await get(m.headers)).toEqual(state);
    const first = await t.prisma.pesquisaPergunta.findFirstOrThrow({ where: { pesquisaId: state.idPesquisa!, ordem: 1 }, include: { opcoes: true } });
    expectError(await post(m.headers, { idPesquisa: state.idPesquisa, idPesquisaPergunta: first.id, idRespostas: [first.opcoes[0]!.id] }), 409, SURVEY_MSG.pesquisaFinalizada);
    expect(await enrichments(m.usuario.id)).toBe(1);
  });

  it('breaks a tie with the perfil chosen first', async () => {
    const m = await member();
    let state = await get(m.headers);
    for (const profile of ['estiloso', 'outsider', 'outsider', 'estiloso', 'funcional'] as const) state = await answer(m.headers, state, profile);
    expect(state.finalizada).toBe(true);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: m.usuario.id } })).perfil).toBe('estiloso');
    expect(majorityProfile(['funcional', 'outsider', 'outsider', 'funcional'])).toBe('funcional');
    expect(majorityProfile(['estiloso', 'outsider', 'outsider'])).toBe('outsider');
    expect(majorityProfile([null, 'x'])).toBe('geral');
  });

  it('answers finished to a member whose perfil is already defined, and refuses an answer', async () => {
    const m = await member();
    await t.prisma.usuario.update({ where: { id: m.usuario.id }, data: { perfil: 'funcional' } });
    const state = await get(m.headers);
    expect(state).toMatchObject({ pergunta: null, finalizada: true });
    const first = await t.prisma.pesquisaPergunta.findFirstOrThrow({ where: { pesquisaId: state.idPesquisa!, ordem: 1 }, include: { opcoes: true } });
    expectError(await post(m.headers, { idPesquisa: state.idPesquisa, idPesquisaPergunta: first.id, idRespostas: [first.opcoes[0]!.id] }), 409, SURVEY_MSG.pesquisaFinalizada);
    expect(await enrichments(m.usuario.id)).toBe(0);
  });
});

describe('POST /api/pesquisa: bad answers', () => {
  it('refuses an option of another question, too many options, a question that is not the current one and unknown ids', async () => {
    const m = await member();
    const state = await get(m.headers);
    const current = state.pergunta!;
    const second = await t.prisma.pesquisaPergunta.findFirstOrThrow({ where: { pesquisaId: state.idPesquisa!, ordem: 2 }, include: { opcoes: true } });
    const base = { idPesquisa: state.idPesquisa, idPesquisaPergunta: current.idPesquisaPergunta };

    expectError(await post(m.headers, { ...base, idRespostas: [second.opcoes[0]!.id] }), 400, SURVEY_MSG.respostaInvalida);
    expectError(await post(m.headers, { ...base, idRespostas: [999_999_999] }), 400, SURVEY_MSG.respostaInvalida);
    expectError(await post(m.headers, { ...base, idRespostas: current.respostas.slice(0, 2).map((r) => r.idPesquisaPerguntaResposta) }), 400, SURVEY_MSG.respostasDemais);
    expectError(await post(m.headers, { ...base, idRespostas: [] }), 400, SURVEY_MSG.respostaObrigatoria);
    expectError(await post(m.headers, { ...base, idRespostas: ['1'] }), 400, SURVEY_MSG.respostaInvalida);
    expectError(await post(m.headers, { ...base, idPesquisaPergunta: second.id, idRespostas: [second.opcoes[0]!.id] }), 409, SURVEY_MSG.perguntaNaoAtual);
    expectError(await post(m.headers, { ...base, idPesquisaPergunta: 999_999_999, idRespostas: [current.respostas[0]!.idPesquisaPerguntaResposta] }), 400, SURVEY_MSG.perguntaInvalida);
    expectError(await post(m.headers, { ...base, idPesquisa: 999_999_999, idRespostas: [current.respostas[0]!.idPesquisaPerguntaResposta] }), 400, SURVEY_MSG.pesquisaInvalida);
    expectError(await post(m.headers, {}), 400);

    // Nothing was stored: the same question is still current, and the same option is accepted once.
    expect(await get(m.headers)).toEqual(state);
    const ok = await post(m.headers, { ...base, idRespostas: [current.respostas[0]!.idPesquisaPerguntaResposta, current.respostas[0]!.idPesquisaPerguntaResposta] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(surveyStateSchema.parse(ok.json()).pergunta!.idPesquisaPergunta).toBe(second.id);
    expectError(await post(m.headers, { ...base, idRespostas: [current.respostas[0]!.idPesquisaPerguntaResposta] }), 409, SURVEY_MSG.perguntaNaoAtual);
  });

  it('needs a login', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/pesquisa' }), 401, MSG.naoAutenticado);
    expectError(await t.app.inject({ method: 'POST', url: '/api/pesquisa', payload: { idPesquisa: 1, idPesquisaPergunta: 1, idRespostas: [1] } }), 401, MSG.naoAutenticado);
  });
});

describe('POST /api/pesquisa: concurrency', () => {
  it('stores a question once when the same answer arrives twice at once', async () => {
    const m = await member();
    const state = await get(m.headers);
    const payload = { idPesquisa: state.idPesquisa, idPesquisaPergunta: state.pergunta!.idPesquisaPergunta, idRespostas: [state.pergunta!.respostas[1]!.idPesquisaPerguntaResposta] };
    const res = await Promise.all([post(m.headers, payload), post(m.headers, payload), post(m.headers, payload)]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await t.prisma.pesquisaRespostaUsuario.count({ where: { participacao: { usuarioId: m.usuario.id } } })).toBe(1);
  });

  it('credits Enriquecimento de Perfil once when the last answer arrives several times at once', async () => {
    const m = await member();
    let state = await get(m.headers);
    for (const profile of ['funcional', 'funcional', 'outsider', 'estiloso'] as const) state = await answer(m.headers, state, profile);
    const payload = { idPesquisa: state.idPesquisa, idPesquisaPergunta: state.pergunta!.idPesquisaPergunta, idRespostas: [await profileOption(state, 'funcional')] };
    const res = await Promise.all(Array.from({ length: 4 }, () => post(m.headers, payload)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await enrichments(m.usuario.id)).toBe(1);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: m.usuario.id } })).perfil).toBe('funcional');
    expect(await t.prisma.pesquisaParticipacao.count({ where: { usuarioId: m.usuario.id, concluidaEm: { not: null } } })).toBe(1);
  });
});
