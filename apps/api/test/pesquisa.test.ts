import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, usuarioLogadoSchema } from '@legiao/contracts';
import { PESQUISA_MSG, pesquisaEstadoSchema, type PesquisaEstado } from '@legiao/contracts/pesquisa';
import { PERGUNTAS_PERSONALIZACAO, seedPesquisas } from '../src/db/seed-pesquisas.js';
import { perfilDaMaioria } from '../src/features/pesquisa/perfil.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedPesquisas(t.prisma);
});
afterAll(() => t.close());

type Perfil = 'funcional' | 'outsider' | 'estiloso';

async function membro() {
  const m = await createUser(t.prisma);
  return { usuario: m.usuario, headers: bearer(await login(t.app, m.email, m.senha)) };
}

const get = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/pesquisa', headers });
  expect(res.statusCode, res.body).toBe(200);
  return pesquisaEstadoSchema.parse(res.json());
};
const post = (headers: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/pesquisa', headers, payload });

/** The option of the current question that points to the perfil (read from the seeded rows). */
async function opcaoDoPerfil(estado: PesquisaEstado, perfil: Perfil) {
  const ids = estado.pergunta!.respostas.map((r) => r.idPesquisaPerguntaResposta);
  const opcao = await t.prisma.pesquisaPerguntaResposta.findFirstOrThrow({ where: { id: { in: ids }, perfil } });
  return opcao.id;
}

/** Answers the current question with the option of the perfil; returns the next state. */
async function responder(headers: Record<string, string>, estado: PesquisaEstado, perfil: Perfil) {
  const res = await post(headers, { idPesquisa: estado.idPesquisa, idPesquisaPergunta: estado.pergunta!.idPesquisaPergunta, idRespostas: [await opcaoDoPerfil(estado, perfil)] });
  expect(res.statusCode, res.body).toBe(200);
  return pesquisaEstadoSchema.parse(res.json());
}

const enriquecimentos = (usuarioId: string) => t.prisma.lancamento.count({ where: { usuarioId, motivo: 'enriquecimento_perfil' } });

describe('GET/POST /api/pesquisa: the whole survey', () => {
  it('walks the questions in order, then sets the perfil, credits once and stays finished', async () => {
    const m = await membro();
    let estado = await get(m.headers);
    expect(estado.finalizada).toBe(false);
    const vistas: string[] = [];
    for (const perfil of ['outsider', 'funcional', 'outsider', 'estiloso', 'outsider'] as const) {
      expect(estado.pergunta).not.toBeNull();
      vistas.push(estado.pergunta!.descricao);
      expect(estado.pergunta!.respostas.length).toBeGreaterThanOrEqual(3);
      // GET answers the same current question until it is answered.
      expect(await get(m.headers)).toEqual(estado);
      estado = await responder(m.headers, estado, perfil);
    }
    expect(vistas).toEqual(PERGUNTAS_PERSONALIZACAO.map((p) => p.descricao));
    expect(estado).toEqual({ idPesquisa: expect.any(Number), pergunta: null, finalizada: true });

    const usuario = await t.prisma.usuario.findUniqueOrThrow({ where: { id: m.usuario.id } });
    expect(usuario.perfil).toBe('outsider');
    const logged = usuarioLogadoSchema.parse((await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: m.headers })).json());
    expect(logged).toMatchObject({ perfil: 'outsider', perfilDefinido: true });
    expect(await enriquecimentos(m.usuario.id)).toBe(1);
    const extrato = (await t.app.inject({ method: 'GET', url: '/api/usuario/extrato', headers: m.headers })).json() as { motivo: string; valor: number }[];
    expect(extrato.filter((e) => e.motivo === 'Enriquecimento de Perfil')).toEqual([expect.objectContaining({ valor: 1 })]);

    // No redo: GET says finished, POST refuses, no second credit.
    expect(await get(m.headers)).toEqual(estado);
    const primeira = await t.prisma.pesquisaPergunta.findFirstOrThrow({ where: { pesquisaId: estado.idPesquisa!, ordem: 1 }, include: { opcoes: true } });
    expectError(await post(m.headers, { idPesquisa: estado.idPesquisa, idPesquisaPergunta: primeira.id, idRespostas: [primeira.opcoes[0]!.id] }), 409, PESQUISA_MSG.pesquisaFinalizada);
    expect(await enriquecimentos(m.usuario.id)).toBe(1);
  });

  it('breaks a tie with the perfil chosen first', async () => {
    const m = await membro();
    let estado = await get(m.headers);
    for (const perfil of ['estiloso', 'outsider', 'outsider', 'estiloso', 'funcional'] as const) estado = await responder(m.headers, estado, perfil);
    expect(estado.finalizada).toBe(true);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: m.usuario.id } })).perfil).toBe('estiloso');
    expect(perfilDaMaioria(['funcional', 'outsider', 'outsider', 'funcional'])).toBe('funcional');
    expect(perfilDaMaioria(['estiloso', 'outsider', 'outsider'])).toBe('outsider');
    expect(perfilDaMaioria([null, 'x'])).toBe('geral');
  });

  it('answers finished to a member whose perfil is already defined, and refuses an answer', async () => {
    const m = await membro();
    await t.prisma.usuario.update({ where: { id: m.usuario.id }, data: { perfil: 'funcional' } });
    const estado = await get(m.headers);
    expect(estado).toMatchObject({ pergunta: null, finalizada: true });
    const primeira = await t.prisma.pesquisaPergunta.findFirstOrThrow({ where: { pesquisaId: estado.idPesquisa!, ordem: 1 }, include: { opcoes: true } });
    expectError(await post(m.headers, { idPesquisa: estado.idPesquisa, idPesquisaPergunta: primeira.id, idRespostas: [primeira.opcoes[0]!.id] }), 409, PESQUISA_MSG.pesquisaFinalizada);
    expect(await enriquecimentos(m.usuario.id)).toBe(0);
  });
});

describe('POST /api/pesquisa: bad answers', () => {
  it('refuses an option of another question, too many options, a question that is not the current one and unknown ids', async () => {
    const m = await membro();
    const estado = await get(m.headers);
    const atual = estado.pergunta!;
    const segunda = await t.prisma.pesquisaPergunta.findFirstOrThrow({ where: { pesquisaId: estado.idPesquisa!, ordem: 2 }, include: { opcoes: true } });
    const base = { idPesquisa: estado.idPesquisa, idPesquisaPergunta: atual.idPesquisaPergunta };

    expectError(await post(m.headers, { ...base, idRespostas: [segunda.opcoes[0]!.id] }), 400, PESQUISA_MSG.respostaInvalida);
    expectError(await post(m.headers, { ...base, idRespostas: [999_999_999] }), 400, PESQUISA_MSG.respostaInvalida);
    expectError(await post(m.headers, { ...base, idRespostas: atual.respostas.slice(0, 2).map((r) => r.idPesquisaPerguntaResposta) }), 400, PESQUISA_MSG.respostasDemais);
    expectError(await post(m.headers, { ...base, idRespostas: [] }), 400, PESQUISA_MSG.respostaObrigatoria);
    expectError(await post(m.headers, { ...base, idRespostas: ['1'] }), 400, PESQUISA_MSG.respostaInvalida);
    expectError(await post(m.headers, { ...base, idPesquisaPergunta: segunda.id, idRespostas: [segunda.opcoes[0]!.id] }), 409, PESQUISA_MSG.perguntaNaoAtual);
    expectError(await post(m.headers, { ...base, idPesquisaPergunta: 999_999_999, idRespostas: [atual.respostas[0]!.idPesquisaPerguntaResposta] }), 400, PESQUISA_MSG.perguntaInvalida);
    expectError(await post(m.headers, { ...base, idPesquisa: 999_999_999, idRespostas: [atual.respostas[0]!.idPesquisaPerguntaResposta] }), 400, PESQUISA_MSG.pesquisaInvalida);
    expectError(await post(m.headers, {}), 400);

    // Nothing was stored: the same question is still current, and the same option is accepted once.
    expect(await get(m.headers)).toEqual(estado);
    const ok = await post(m.headers, { ...base, idRespostas: [atual.respostas[0]!.idPesquisaPerguntaResposta, atual.respostas[0]!.idPesquisaPerguntaResposta] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(pesquisaEstadoSchema.parse(ok.json()).pergunta!.idPesquisaPergunta).toBe(segunda.id);
    expectError(await post(m.headers, { ...base, idRespostas: [atual.respostas[0]!.idPesquisaPerguntaResposta] }), 409, PESQUISA_MSG.perguntaNaoAtual);
  });

  it('needs a login', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/pesquisa' }), 401, MSG.naoAutenticado);
    expectError(await t.app.inject({ method: 'POST', url: '/api/pesquisa', payload: { idPesquisa: 1, idPesquisaPergunta: 1, idRespostas: [1] } }), 401, MSG.naoAutenticado);
  });
});

describe('POST /api/pesquisa: concurrency', () => {
  it('stores a question once when the same answer arrives twice at once', async () => {
    const m = await membro();
    const estado = await get(m.headers);
    const payload = { idPesquisa: estado.idPesquisa, idPesquisaPergunta: estado.pergunta!.idPesquisaPergunta, idRespostas: [estado.pergunta!.respostas[1]!.idPesquisaPerguntaResposta] };
    const res = await Promise.all([post(m.headers, payload), post(m.headers, payload), post(m.headers, payload)]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await t.prisma.pesquisaRespostaUsuario.count({ where: { participacao: { usuarioId: m.usuario.id } } })).toBe(1);
  });

  it('credits Enriquecimento de Perfil once when the last answer arrives several times at once', async () => {
    const m = await membro();
    let estado = await get(m.headers);
    for (const perfil of ['funcional', 'funcional', 'outsider', 'estiloso'] as const) estado = await responder(m.headers, estado, perfil);
    const payload = { idPesquisa: estado.idPesquisa, idPesquisaPergunta: estado.pergunta!.idPesquisaPergunta, idRespostas: [await opcaoDoPerfil(estado, 'funcional')] };
    const res = await Promise.all(Array.from({ length: 4 }, () => post(m.headers, payload)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await enriquecimentos(m.usuario.id)).toBe(1);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: m.usuario.id } })).perfil).toBe('funcional');
    expect(await t.prisma.pesquisaParticipacao.count({ where: { usuarioId: m.usuario.id, concluidaEm: { not: null } } })).toBe(1);
  });
});
