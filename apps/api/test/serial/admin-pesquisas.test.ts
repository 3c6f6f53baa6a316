import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, MSG, can, STAFF_ROLES, type StaffRole } from '@legiao/contracts';
import { linksPageSchema, questionsAdminSchema, SURVEY_ADMIN_MSG, surveySummarySchema, surveysListSchema, answersPageSchema } from '@legiao/contracts/admin/pesquisas';
import { satisfactionStateSchema } from '@legiao/contracts/satisfacao';
import { seedSurveys } from '../../src/db/seed-surveys.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, expectError } from '../support/factories.js';
import { createStaffByRole, type StaffSession } from '../support/staff.js';

// /api/admin/pesquisas (issue 16 item 7; ADR 0029). Serial: a new campaign becomes the current
// satisfaction survey for every test, so this file runs after the parallel ones (and deactivates
// what it made before it ends).

let t: TestApp;
let s: Record<StaffRole | 'membro', StaffSession>;
let created: number[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  await seedSurveys(t.prisma);
  s = await createStaffByRole(t);
});
afterAll(async () => {
  await t.prisma.pesquisa.updateMany({ where: { id: { in: created } }, data: { ativa: false } });
  await t.close();
});

const listSurveys = async (who = s.admin) => surveysListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/admin/pesquisas', headers: who.headers })).json());
const satisfactionOf = async (hash: string) => satisfactionStateSchema.parse((await t.app.inject({ method: 'GET', url: `/api/satisfacao?hash=${hash}` })).json());

describe('/api/admin/pesquisas', () => {
  it('every staff role lists both surveys and reads questions; a member 403, nobody 401', async () => {
    // Every role that reads content (not integracoes: the store's developers see nothing of it).
    for (const role of STAFF_ROLES.filter((r) => can([r], 'content.read'))) {
      const surveys = await listSurveys(s[role]);
      expect(surveys.filter((p) => p.atual).map((p) => p.tipo).sort()).toEqual(['personalizacao', 'satisfacao']);
    }
    const perso = (await listSurveys()).find((p) => p.tipo === 'personalizacao' && p.atual)!;
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/pesquisas/${perso.id}/perguntas`, headers: s.atendimento.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(questionsAdminSchema.parse(res.json()).length).toBe(perso.perguntas);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/pesquisas', headers: s.membro.headers }), 403, ADMIN_MSG.semPermissao);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/pesquisas' }), 401, MSG.naoAutenticado);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/pesquisas/999999/perguntas', headers: s.admin.headers }), 404, SURVEY_ADMIN_MSG.naoEncontrada);
  });

  it('marketing opens a campaign (a copy of the questions, now the current one); the others 403; audited', async () => {
    const before = (await listSurveys()).find((p) => p.tipo === 'satisfacao' && p.atual)!;
    for (const who of [s.atendimento, s.operacao, s.membro]) expectError(await t.app.inject({ method: 'POST', url: '/api/admin/pesquisas', headers: who.headers, payload: { nome: 'Campanha' } }), 403);
    expectError(await t.app.inject({ method: 'POST', url: '/api/admin/pesquisas', headers: s.marketing.headers, payload: { nome: '' } }), 400, 'Informe o nome da campanha.');
    expectError(await t.app.inject({ method: 'POST', url: '/api/admin/pesquisas', headers: s.marketing.headers, payload: { nome: 'x', dataFim: 'amanhã' } }), 400);

    const res = await t.app.inject({ method: 'POST', url: '/api/admin/pesquisas', headers: s.marketing.headers, payload: { nome: 'Satisfação dezembro' } });
    expect(res.statusCode, res.body).toBe(201);
    const newOne = surveySummarySchema.parse(res.json());
    created.push(newOne.id);
    expect(newOne).toMatchObject({ tipo: 'satisfacao', atual: true, faseAberta: true, perguntas: before.perguntas, participacoes: 0 });
    expect((await listSurveys()).find((p) => p.id === before.id)?.atual).toBe(false);
    // Members answer the new edition at once (content cache).
    const { usuario: user } = await createUser(t.prisma);
    const hash = (await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).hashPesquisaSatisfacao!;
    expect((await satisfactionOf(hash)).idPesquisa).toBe(newOne.id);
    expect(await t.prisma.auditEntry.findFirst({ where: { action: 'pesquisa.criar', entityId: String(newOne.id) } })).toMatchObject({ actorId: s.marketing.id });
  });

  it('closes and reopens the phase (members see it closed at once); bad input and the personalisation survey refused', async () => {
    const current = (await listSurveys()).find((p) => p.tipo === 'satisfacao' && p.atual)!;
    const perso = (await listSurveys()).find((p) => p.tipo === 'personalizacao' && p.atual)!;
    const { usuario: user } = await createUser(t.prisma);
    const hash = (await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).hashPesquisaSatisfacao!;
    const phase = (who: StaffSession, id: number, payload: object) => t.app.inject({ method: 'PUT', url: `/api/admin/pesquisas/${id}/fase`, headers: who.headers, payload });

    expectError(await phase(s.atendimento, current.id, { aberta: false }), 403);
    const closed = await phase(s.admin, current.id, { aberta: false });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(surveySummarySchema.parse(closed.json()).faseAberta).toBe(false);
    expect((await satisfactionOf(hash)).faseEncerrada).toBe(true);
    expectError(await phase(s.admin, current.id, { aberta: true, dataFim: new Date(Date.now() - 60_000).toISOString() }), 400, SURVEY_ADMIN_MSG.fimNoPassado);
    const isOpen = await phase(s.marketing, current.id, { aberta: true, dataFim: new Date(Date.now() + 86_400_000).toISOString() });
    expect(surveySummarySchema.parse(isOpen.json()).faseAberta).toBe(true);
    expect((await satisfactionOf(hash)).faseEncerrada).toBe(false);
    expectError(await phase(s.admin, perso.id, { aberta: false }), 400, SURVEY_ADMIN_MSG.soSatisfacao);
    const actions = (await t.prisma.auditEntry.findMany({ where: { entity: 'pesquisa', entityId: String(current.id) }, orderBy: { createdAt: 'asc' } })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['pesquisa.encerrar', 'pesquisa.abrir']));
  });

  it('rewords a personalisation question and its options ; foreign options refused', async () => {
    const perso = (await listSurveys()).find((p) => p.tipo === 'personalizacao' && p.atual)!;
    const [q1, q2] = questionsAdminSchema.parse((await t.app.inject({ method: 'GET', url: `/api/admin/pesquisas/${perso.id}/perguntas`, headers: s.admin.headers })).json());
    const body = { descricao: `${q1!.descricao} (revisada)`, opcoes: q1!.opcoes.map((o) => ({ id: o.id, descricao: `${o.descricao}!`, perfil: o.perfil as never })) };
    expectError(await t.app.inject({ method: 'PUT', url: `/api/admin/pesquisas/perguntas/${q1!.id}`, headers: s.operacao.headers, payload: body }), 403);
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/pesquisas/perguntas/${q1!.id}`, headers: s.marketing.headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(questionsAdminSchema.parse(res.json())[0]?.descricao).toBe(body.descricao);
    const audit = await t.prisma.auditEntry.findFirst({ where: { action: 'pesquisa.pergunta.editar', entityId: String(q1!.id) } });
    expect(audit?.before).toMatchObject({ descricao: q1!.descricao });
    expectError(await t.app.inject({ method: 'PUT', url: `/api/admin/pesquisas/perguntas/${q1!.id}`, headers: s.marketing.headers, payload: { descricao: 'x', opcoes: [{ id: q2!.opcoes[0]!.id, descricao: 'y' }] } }), 400, SURVEY_ADMIN_MSG.opcaoDeOutraPergunta);
    expectError(await t.app.inject({ method: 'PUT', url: `/api/admin/pesquisas/perguntas/${q1!.id}`, headers: s.marketing.headers, payload: { descricao: '', opcoes: [] } }), 400);
    // Back to the seeded texts for whatever runs next.
    await t.app.inject({ method: 'PUT', url: `/api/admin/pesquisas/perguntas/${q1!.id}`, headers: s.marketing.headers, payload: { descricao: q1!.descricao, opcoes: q1!.opcoes.map((o) => ({ id: o.id, descricao: o.descricao })) } });
  });

  it('answers are paged by participation (first names only); the CSV streams every answer; links need content.write', async () => {
    const current = (await listSurveys()).find((p) => p.tipo === 'satisfacao' && p.atual)!;
    const [question] = await t.prisma.pesquisaPergunta.findMany({ where: { pesquisaId: current.id }, orderBy: { ordem: 'asc' }, take: 1, include: { opcoes: { orderBy: { ordem: 'asc' }, take: 1 } } });
    const members = [];
    for (let i = 0; i < 3; i++) {
      const { usuario: user } = await createUser(t.prisma);
      await t.prisma.usuario.update({ where: { id: user.id }, data: { nome: `Membro${i} Sobrenome` } });
      const part = await t.prisma.pesquisaParticipacao.create({ data: { pesquisaId: current.id, usuarioId: user.id, pagina: 2, ...(i === 0 ? { concluidaEm: new Date() } : {}) } });
      await t.prisma.pesquisaRespostaUsuario.create({ data: { participacaoId: part.id, perguntaId: question!.id, opcaoId: question!.opcoes[0]!.id, complemento: i === 1 ? 'Gostei, "muito"; de verdade' : null } });
      members.push(user);
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/pesquisas/${current.id}/respostas?porPagina=2`, headers: s.atendimento.headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = answersPageSchema.parse(res.json());
    expect(page.total).toBe(3);
    expect(page.itens).toHaveLength(2);
    expect(page.itens[0]?.respostas[0]).toMatchObject({ perguntaOrdem: question!.ordem, opcao: question!.opcoes[0]!.descricao });
    expect(page.itens.every((p) => /^Membro\d$/.test(p.primeiroNome))).toBe(true);
    expect(JSON.stringify(page)).not.toContain('@');
    const completed = answersPageSchema.parse((await t.app.inject({ method: 'GET', url: `/api/admin/pesquisas/${current.id}/respostas?situacao=concluida`, headers: s.admin.headers })).json());
    expect(completed.total).toBe(1);

    const csv = await t.app.inject({ method: 'GET', url: `/api/admin/pesquisas/${current.id}/respostas.csv`, headers: s.operacao.headers });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="respostas-/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('participacao,primeiro_nome,pagina,concluida_em,cupom,perfil,pergunta_ordem,pergunta_pagina,pergunta,opcao,complemento,respondida_em');
    expect(lines).toHaveLength(4);
    expect(csv.body).toContain('"Gostei, ""muito""; de verdade"');
    expect(csv.body).not.toContain('@');
    expectError(await t.app.inject({ method: 'GET', url: `/api/admin/pesquisas/${current.id}/respostas.csv`, headers: s.membro.headers }), 403);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/pesquisas/999999/respostas.csv', headers: s.admin.headers }), 404);

    const links = await t.app.inject({ method: 'GET', url: `/api/admin/pesquisas/${current.id}/links?q=Membro0`, headers: s.marketing.headers });
    expect(links.statusCode, links.body).toBe(200);
    const l = linksPageSchema.parse(links.json());
    expect(l.itens).toHaveLength(1);
    const hash = (await t.prisma.usuario.findUniqueOrThrow({ where: { id: members[0]!.id } })).hashPesquisaSatisfacao!;
    expect(l.itens[0]).toMatchObject({ situacao: 'concluida', link: `${t.config.publicUrl}/pesquisa-de-satisfacao?hash=${hash}` });
    expectError(await t.app.inject({ method: 'GET', url: `/api/admin/pesquisas/${current.id}/links`, headers: s.atendimento.headers }), 403);
    const perso = (await listSurveys()).find((p) => p.tipo === 'personalizacao' && p.atual)!;
    expectError(await t.app.inject({ method: 'GET', url: `/api/admin/pesquisas/${perso.id}/links`, headers: s.admin.headers }), 400, SURVEY_ADMIN_MSG.soSatisfacao);
  });
});
