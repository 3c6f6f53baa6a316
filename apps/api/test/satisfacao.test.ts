import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAGINAS_SATISFACAO,
  SATISFACAO_MSG,
  satisfacaoErrorResponseSchema,
  satisfacaoEstadoSchema,
  type SatisfacaoEstado,
  type SatisfacaoPergunta,
  type SatisfacaoResposta,
} from '@legiao/contracts/satisfacao';
import { CHAVE_SATISFACAO, seedPesquisas } from '../src/db/seed-pesquisas.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser, expectError } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedPesquisas(t.prisma);
});
afterAll(() => t.close());

const DETALHE = 'Resposta com bastante detalhe';

/** A member and their survey hash (the database draws one for every new row). */
async function membro() {
  const { usuario } = await createUser(t.prisma);
  expect(usuario.hashPesquisaSatisfacao).toMatch(/^[0-9a-f-]{36}$/);
  return { usuario, hash: usuario.hashPesquisaSatisfacao! };
}

const get = async (hash: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/satisfacao?hash=${encodeURIComponent(hash)}` });
  expect(res.statusCode, res.body).toBe(200);
  return satisfacaoEstadoSchema.parse(res.json());
};
const post = (hash: string, respostas: unknown) => t.app.inject({ method: 'POST', url: '/api/satisfacao', payload: { hash, respostas } });
const del = (hash: string) => t.app.inject({ method: 'DELETE', url: `/api/satisfacao?hash=${encodeURIComponent(hash)}` });

/** A valid answer: the first option, with a detailed text when that option requires one. */
const valida = (idPesquisa: number, p: SatisfacaoPergunta): SatisfacaoResposta => ({
  idPesquisa,
  idPesquisaPergunta: p.idPesquisaPergunta,
  idRespostas: [p.respostas[0]!.idPesquisaPerguntaResposta],
  complemento: p.respostas[0]!.exigeComplemento ? DETALHE : null,
});
const paginaValida = (e: SatisfacaoEstado) => e.perguntas.map((p) => valida(e.idPesquisa!, p));

async function responderPagina(hash: string, e: SatisfacaoEstado) {
  const res = await post(hash, paginaValida(e));
  expect(res.statusCode, res.body).toBe(200);
  return satisfacaoEstadoSchema.parse(res.json());
}

/** The 400 body: [message, idPesquisaPergunta?] in order. */
function erros(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(400);
  return satisfacaoErrorResponseSchema.parse(res.json()).errors.map((e) => [e.message, e.idPesquisaPergunta]);
}

/** Page 1 with one answer replaced. */
const com = (e: SatisfacaoEstado, ordem: number, r: Partial<SatisfacaoResposta> | null) =>
  e.perguntas.flatMap((p) => (p.ordem !== ordem ? [valida(e.idPesquisa!, p)] : r === null ? [] : [{ ...valida(e.idPesquisa!, p), ...r }]));
const opcao = (e: SatisfacaoEstado, ordem: number, descricao: string) => e.perguntas.find((p) => p.ordem === ordem)!.respostas.find((o) => o.descricao === descricao)!;
const idDe = (e: SatisfacaoEstado, ordem: number) => e.perguntas.find((p) => p.ordem === ordem)!.idPesquisaPergunta;

describe('the seeded survey', () => {
  it('has five pages with the spec titles, 18 questions by ordem, and the explanation rules of section 5', async () => {
    const pesquisa = await t.prisma.pesquisa.findUniqueOrThrow({ where: { chave: CHAVE_SATISFACAO }, include: { perguntas: { include: { opcoes: true }, orderBy: { ordem: 'asc' } } } });
    expect(pesquisa.perguntas.map((p) => p.ordem)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(pesquisa.perguntas.map((p) => p.pagina)).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5]);
    const exigem = pesquisa.perguntas.filter((p) => p.opcoes.some((o) => o.exigeComplemento)).map((p) => p.ordem);
    expect(exigem).toEqual([3, 4, 6, 8, 9, 10, 12, 13, 16, 17, 18]);
    for (const ordem of [10, 17]) expect(pesquisa.perguntas[ordem - 1]!.opcoes.every((o) => o.exigeComplemento)).toBe(true);
    for (const o of pesquisa.perguntas.flatMap((p) => p.opcoes)) {
      if (o.exigeComplemento) expect(o.complemento).toBe(true);
      expect(o.textoComplemento !== null).toBe(o.complemento);
    }
    // Idempotent: seeding again changes nothing.
    const contar = async () => [await t.prisma.pesquisa.count({ where: { chave: CHAVE_SATISFACAO } }), await t.prisma.pesquisaPergunta.count({ where: { pesquisaId: pesquisa.id } }), await t.prisma.pesquisaPerguntaResposta.count({ where: { pergunta: { pesquisaId: pesquisa.id } } })];
    const antes = await contar();
    await Promise.all([seedPesquisas(t.prisma), seedPesquisas(t.prisma)]);
    expect(await contar()).toEqual(antes);
    expect(PAGINAS_SATISFACAO).toEqual(['Navegação e usabilidade', 'Benefícios e Recompensas', 'Experiência com a Marca', 'Comunicação e Conteúdo', 'Impacto Geral e Satisfação']);
  });
});

describe('GET /api/satisfacao', () => {
  it("answers 'encerrada' (200) for a missing, unknown or deleted member's hash", async () => {
    const fechada = { pagina: 1, faseEncerrada: true, concluida: false, cupom: null, nome: null, perguntas: [] };
    const res = await t.app.inject({ method: 'GET', url: '/api/satisfacao' });
    expect(res.statusCode).toBe(200);
    expect(satisfacaoEstadoSchema.parse(res.json())).toMatchObject(fechada);
    expect(await get('nao-existe')).toMatchObject(fechada);
    const m = await membro();
    await t.prisma.usuario.update({ where: { id: m.usuario.id }, data: { excluidoEm: new Date() } });
    expect(await get(m.hash)).toMatchObject(fechada);
  });
});

describe('POST /api/satisfacao: the five pages', () => {
  it('goes through the pages in order, stores every answer, and hands out one coupon', async () => {
    const m = await membro();
    let e = await get(m.hash);
    expect(e).toMatchObject({ pagina: 1, titulo: 'Navegação e usabilidade', faseEncerrada: false, concluida: false, cupom: null, nome: 'Joana' });
    const ordens: number[] = [];
    for (let pagina = 1; pagina <= 5; pagina++) {
      expect(e.pagina).toBe(pagina);
      expect(e.titulo).toBe(PAGINAS_SATISFACAO[pagina - 1]);
      ordens.push(...e.perguntas.map((p) => p.ordem));
      e = await responderPagina(m.hash, e);
    }
    expect(ordens).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(e).toMatchObject({ pagina: 5, faseEncerrada: true, concluida: true, nome: 'Joana', perguntas: [] });
    expect(e.cupom).toMatch(/^PESQ-[A-Z0-9]{4}-[A-Z0-9]{4}$/);

    const respostas = await t.prisma.pesquisaRespostaUsuario.findMany({ where: { participacao: { usuarioId: m.usuario.id } }, include: { pergunta: true } });
    expect(respostas).toHaveLength(18);
    expect(respostas.filter((r) => r.complemento !== null).map((r) => r.pergunta.ordem).sort((a, b) => a - b)).toEqual([10, 17]);
    expect(respostas.every((r) => r.complemento === null || r.complemento === DETALHE)).toBe(true);

    // Finished: the same coupon on every visit; no more answers; no delete.
    expect(await get(m.hash)).toEqual(e);
    expectError(await post(m.hash, [{ idPesquisa: e.idPesquisa, idPesquisaPergunta: respostas[0]!.perguntaId, idRespostas: [], complemento: DETALHE }]), 409, SATISFACAO_MSG.encerrada);
    expectError(await del(m.hash), 409, SATISFACAO_MSG.jaFinalizada);
    expect(await get(m.hash)).toEqual(e);
    expect(await t.prisma.pesquisaParticipacao.count({ where: { usuarioId: m.usuario.id, cupom: { not: null } } })).toBe(1);
  });

  it('applies every rule of section 5 and stores nothing when one fails', async () => {
    const m = await membro();
    const e = await get(m.hash);
    const sim = opcao(e, 3, 'Sim, tive problemas');
    expect(sim).toMatchObject({ complemento: true, exigeComplemento: true, textoComplemento: 'Qual?' });

    // No option and no text (or the question missing): the banner, without a question id.
    expect(erros(await post(m.hash, com(e, 2, { idRespostas: [], complemento: null })))).toEqual([[SATISFACAO_MSG.responderTodas, undefined]]);
    expect(erros(await post(m.hash, com(e, 2, null)))).toEqual([[SATISFACAO_MSG.responderTodas, undefined]]);
    for (const texto of ['1234567890', '          ', '12 34 56 78']) {
      expect(erros(await post(m.hash, com(e, 2, { idRespostas: [], complemento: texto })))).toEqual([[SATISFACAO_MSG.responderTodas, undefined]]);
    }
    // No option, a text with a letter: shorter than 10 asks for detail (9 fails, 10 passes below).
    expect(erros(await post(m.hash, com(e, 2, { idRespostas: [], complemento: 'abcdefghi' })))).toEqual([[SATISFACAO_MSG.maisDetalhes, idDe(e, 2)]]);

    // An option that requires the explanation: missing, blank or letterless → 'Campo obrigatório.'; < 10 → detail.
    for (const texto of [null, '', '   ', '123456789012']) {
      expect(erros(await post(m.hash, com(e, 3, { idRespostas: [sim.idPesquisaPerguntaResposta], complemento: texto })))).toEqual([[SATISFACAO_MSG.campoObrigatorio, idDe(e, 3)]]);
    }
    expect(erros(await post(m.hash, com(e, 3, { idRespostas: [sim.idPesquisaPerguntaResposta], complemento: ' Travou 9 ' })))).toEqual([[SATISFACAO_MSG.maisDetalhes, idDe(e, 3)]]);

    // Several at once: the banner first, then each question in order.
    const varias = [
      valida(e.idPesquisa!, e.perguntas[0]!),
      { ...valida(e.idPesquisa!, e.perguntas[2]!), idRespostas: [sim.idPesquisaPerguntaResposta], complemento: null },
      { ...valida(e.idPesquisa!, e.perguntas[3]!), idRespostas: [opcao(e, 4, 'Outro').idPesquisaPerguntaResposta], complemento: 'Relógio' },
    ];
    expect(erros(await post(m.hash, varias))).toEqual([
      [SATISFACAO_MSG.responderTodas, undefined],
      [SATISFACAO_MSG.campoObrigatorio, idDe(e, 3)],
      [SATISFACAO_MSG.maisDetalhes, idDe(e, 4)],
    ]);
    expect(await get(m.hash)).toEqual(e);
    expect(await t.prisma.pesquisaRespostaUsuario.count({ where: { participacao: { usuarioId: m.usuario.id } } })).toBe(0);

    // Boundary: exactly 10 characters passes, for both the text-only answer and the required box.
    const ok = com(e, 2, { idRespostas: [], complemento: 'abcdefghij' }).map((r) => (r.idPesquisaPergunta === idDe(e, 3) ? { ...r, idRespostas: [sim.idPesquisaPerguntaResposta], complemento: 'Travou 10!' } : r));
    const res = await post(m.hash, ok);
    expect(res.statusCode, res.body).toBe(200);
    const e2 = satisfacaoEstadoSchema.parse(res.json());
    expect(e2.pagina).toBe(2);
    const texto3 = await t.prisma.pesquisaRespostaUsuario.findFirstOrThrow({ where: { participacao: { usuarioId: m.usuario.id }, perguntaId: idDe(e, 3) } });
    expect(texto3).toMatchObject({ opcaoId: sim.idPesquisaPerguntaResposta, complemento: 'Travou 10!' });

    // An optional box: empty is fine, a short text asks for detail.
    const resgatou = opcao(e2, 6, 'Sim');
    expect(resgatou).toMatchObject({ complemento: true, exigeComplemento: false, textoComplemento: 'Como foi a experiência?' });
    expect(erros(await post(m.hash, com(e2, 6, { idRespostas: [resgatou.idPesquisaPerguntaResposta], complemento: 'Ótima' })))).toEqual([[SATISFACAO_MSG.maisDetalhes, idDe(e2, 6)]]);
    const e3 = await post(m.hash, com(e2, 6, { idRespostas: [resgatou.idPesquisaPerguntaResposta], complemento: null }));
    expect(e3.statusCode, e3.body).toBe(200);
    expect(satisfacaoEstadoSchema.parse(e3.json()).pagina).toBe(3);
  });

  it('refuses answers that are not of the page, of the question, or of the survey', async () => {
    const m = await membro();
    const e = await get(m.hash);
    const outra = opcao(e, 2, 'Nunca');
    expect(erros(await post(m.hash, com(e, 1, { idRespostas: [outra.idPesquisaPerguntaResposta] })))).toEqual([[SATISFACAO_MSG.respostaInvalida, idDe(e, 1)]]);
    const dois = e.perguntas[0]!.respostas.slice(0, 2).map((o) => o.idPesquisaPerguntaResposta);
    expectError(await post(m.hash, com(e, 1, { idRespostas: dois })), 400, SATISFACAO_MSG.umaResposta);
    expectError(await post(m.hash, [...paginaValida(e), paginaValida(e)[0]]), 400, SATISFACAO_MSG.perguntaRepetida);
    expectError(await post(m.hash, com(e, 1, { idPesquisa: e.idPesquisa! + 100_000 })), 400, SATISFACAO_MSG.pesquisaInvalida);
    expectError(await post(m.hash, []), 400, SATISFACAO_MSG.responderTodas);
    expectError(await post(m.hash, com(e, 1, { complemento: 'x'.repeat(2001) })), 400, SATISFACAO_MSG.textoLongo);
    const pagina2 = await t.prisma.pesquisaPergunta.findFirstOrThrow({ where: { pesquisaId: e.idPesquisa!, ordem: 5 } });
    expect(erros(await post(m.hash, [...paginaValida(e), { idPesquisa: e.idPesquisa, idPesquisaPergunta: pagina2.id, idRespostas: [], complemento: DETALHE }]))).toEqual([
      [SATISFACAO_MSG.perguntaForaDaEtapa, pagina2.id],
    ]);
    expectError(await post('nao-existe', paginaValida(e)), 404, SATISFACAO_MSG.encerrada);
    expectError(await t.app.inject({ method: 'POST', url: '/api/satisfacao', payload: { respostas: paginaValida(e) } }), 400, SATISFACAO_MSG.hashObrigatorio);
    expect(await get(m.hash)).toEqual(e);

    // A page already answered (a second click after the first went through).
    await responderPagina(m.hash, e);
    expectError(await post(m.hash, paginaValida(e)), 409, SATISFACAO_MSG.paginaNaoAtual);
  });

  it('stores a page once when it is posted several times at once', async () => {
    const m = await membro();
    const e = await get(m.hash);
    const res = await Promise.all(Array.from({ length: 4 }, () => post(m.hash, paginaValida(e))));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await get(m.hash)).pagina).toBe(2);
    expect(await t.prisma.pesquisaRespostaUsuario.count({ where: { participacao: { usuarioId: m.usuario.id } } })).toBe(e.perguntas.length);
    expect(await t.prisma.pesquisaParticipacao.count({ where: { usuarioId: m.usuario.id } })).toBe(1);
  });
});

describe('DELETE /api/satisfacao', () => {
  it('clears the answers and restarts from page 1; unknown hash 404', async () => {
    const m = await membro();
    // Nothing answered yet: the state, page 1.
    const del0 = await del(m.hash);
    expect(del0.statusCode, del0.body).toBe(200);
    expect(satisfacaoEstadoSchema.parse(del0.json())).toMatchObject({ pagina: 1, faseEncerrada: false });

    let e = await get(m.hash);
    e = await responderPagina(m.hash, e);
    e = await responderPagina(m.hash, e);
    expect(e.pagina).toBe(3);
    const res = await del(m.hash);
    expect(res.statusCode, res.body).toBe(200);
    const voltou = satisfacaoEstadoSchema.parse(res.json());
    expect(voltou).toMatchObject({ pagina: 1, faseEncerrada: false, concluida: false });
    expect(voltou.perguntas.map((p) => p.ordem)).toEqual([1, 2, 3, 4]);
    expect(await t.prisma.pesquisaRespostaUsuario.count({ where: { participacao: { usuarioId: m.usuario.id } } })).toBe(0);
    // Resume: page 1 again, then on.
    expect((await responderPagina(m.hash, voltou)).pagina).toBe(2);

    expectError(await del('nao-existe'), 404, SATISFACAO_MSG.encerrada);
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/satisfacao' }), 404, SATISFACAO_MSG.encerrada);
  });
});

describe('the phase ends by data', () => {
  it("closes the survey for whoever didn't conclude; who did keeps the coupon", async () => {
    const concluiu = await membro();
    let e = await get(concluiu.hash);
    for (let i = 0; i < 5; i++) e = await responderPagina(concluiu.hash, e);
    const aberto = await membro();
    const inicio = await get(aberto.hash);

    const pesquisa = await t.prisma.pesquisa.findUniqueOrThrow({ where: { chave: CHAVE_SATISFACAO } });
    await t.prisma.pesquisa.update({ where: { id: pesquisa.id }, data: { dataFim: new Date(Date.now() - 1000) } });
    try {
      expect(await get(aberto.hash)).toMatchObject({ faseEncerrada: true, concluida: false, cupom: null, perguntas: [] });
      expectError(await post(aberto.hash, paginaValida(inicio)), 409, SATISFACAO_MSG.encerrada);
      expect(await get(concluiu.hash)).toEqual(e);
    } finally {
      await t.prisma.pesquisa.update({ where: { id: pesquisa.id }, data: { dataFim: null } });
    }
    expect(await get(aberto.hash)).toEqual(inicio);
  });
});
