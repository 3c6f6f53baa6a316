import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, MSG, STAFF_ROLES, can, type StaffRole } from '@legiao/contracts';
import { adminLaunchListSchema, adminLaunchSchema, launchPreviewSchema, rulePreviewSchema, type LaunchInput, LAUNCH_ALERT_BOUND_MSG } from '@legiao/contracts/admin/lancamentos';
import { memberDetailSchema } from '@legiao/contracts/admin/membros';
import { LAUNCH_MSG } from '@legiao/contracts/lancamentos';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';
import { createProduct } from './produto-fixtures.js';
import { member, tag, verifiedPurchase } from './lancamentos-fixtures.js';

// /api/admin/lancamentos (issue 31 item 1; docs/decisions/0047-launches.md): who may read and write,
// validation in Portuguese with nothing written, São Paulo dates, the audit trail, publish/archive,
// the rule's count before saving, the preview as a member, and the member page's launches.

let t: TestApp;
let s: Record<StaffRole | 'membro', StaffSession>;
let sku: string;
beforeAll(async () => {
  t = await buildTestApp();
  s = await createStaffByRole(t);
  sku = (await createProduct(t.prisma, { ativo: false })).sku; // not on sale yet: still a catalogue SKU
});
afterAll(() => t.close());

const WRITERS: StaffRole[] = ['admin', 'marketing'];
const body = (over: Partial<LaunchInput> = {}): LaunchInput => ({
  nome: 'Garrafa Aurora',
  slug: `aurora-${tag()}`,
  urlImagem: '/banners/lancamento-desktop.svg',
  abas: { sobre: 'A nova garrafa.', cores: [{ nome: 'Areia', hex: '#C2B280' }], produtos: [{ nome: 'Garrafa 750 ml', urlImagem: '/produtos/garrafa.svg' }] },
  skus: [sku.toLowerCase()],
  acessoInicio: '2026-12-01T00:00:00-03:00',
  acessoFim: '2026-12-03T00:00:00-03:00',
  dataPublica: '2026-12-05T10:00:00-03:00',
  cotaPorMembro: 2,
  regra: { condicoes: [{ tipo: 'legionarioAtivo' }, { tipo: 'comprasVerificadas', minimo: 1 }] },
  ...over,
});
const send = (who: StaffSession | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const auditOf = (entityId: string) => t.prisma.auditEntry.findMany({ where: { entity: 'lancamento_produto', entityId }, orderBy: { createdAt: 'asc' } });
const create = async (over: Partial<LaunchInput> = {}) => {
  const res = await send(s.marketing, 'POST', '/api/admin/lancamentos', body(over));
  expect(res.statusCode, res.body).toBe(201);
  return adminLaunchSchema.parse(res.json());
};

describe('who may', () => {
  it('every role that reads content lists launches; a member 403, no session 401', async () => {
    for (const role of STAFF_ROLES.filter((r) => can([r], 'content.read'))) {
      const res = await send(s[role], 'GET', '/api/admin/lancamentos');
      expect(res.statusCode, res.body).toBe(200);
      adminLaunchListSchema.parse(res.json());
    }
    expectError(await send(s.membro, 'GET', '/api/admin/lancamentos'), 403, ADMIN_MSG.semPermissao);
    expectError(await send(null, 'GET', '/api/admin/lancamentos'), 401, MSG.naoAutenticado);
  });

  it('admin and marketing create, audited with the actor and request id; atendimento, operacao and members cannot (nothing written)', async () => {
    for (const role of WRITERS) {
      const res = await send(s[role], 'POST', '/api/admin/lancamentos', body({ nome: `Aurora ${role}` }));
      expect(res.statusCode, res.body).toBe(201);
      const l = adminLaunchSchema.parse(res.json());
      expect(l).toMatchObject({ status: 'rascunho', criadoPor: s[role].id, skus: [sku] });
      const [audit] = await auditOf(l.id);
      expect(audit).toMatchObject({ action: 'lancamento.criar', actorId: s[role].id, before: null, requestId: res.headers['x-request-id'] });
      expect((audit!.after as { slug: string }).slug).toBe(l.slug);
    }
    for (const who of [s.atendimento, s.operacao, s.integracoes, s.membro]) {
      const b = body();
      expectError(await send(who, 'POST', '/api/admin/lancamentos', b), 403, ADMIN_MSG.semPermissao);
      expect(await t.prisma.lancamentoProduto.count({ where: { slug: b.slug } })).toBe(0);
    }
    const existing = await create();
    expectError(await send(s.atendimento, 'PUT', `/api/admin/lancamentos/${existing.id}`, body({ slug: existing.slug, nome: 'Outro' })), 403, ADMIN_MSG.semPermissao);
    expectError(await send(s.atendimento, 'POST', `/api/admin/lancamentos/${existing.id}/publicar`), 403, ADMIN_MSG.semPermissao);
    expectError(await send(s.atendimento, 'POST', '/api/admin/lancamentos/previa-regra', { regra: { condicoes: [] } }), 403, ADMIN_MSG.semPermissao);
    expect((await t.prisma.lancamentoProduto.findUniqueOrThrow({ where: { id: existing.id } })).status).toBe('rascunho');
  });
});

describe('validation: 400 in Portuguese, nothing written', () => {
  const cases: [string, Partial<LaunchInput> | Record<string, unknown>, string][] = [
    ['no name', { nome: ' ' }, 'Informe o nome.'],
    ['bad slug', { slug: 'Aurora Nova!' }, LAUNCH_MSG.slug],
    ['date without offset', { acessoInicio: '2026-12-01T00:00:00' }, 'Início do acesso antecipado: data e hora inválidas (ISO 8601 com fuso, ex.: 2026-12-01T00:00:00-03:00).'],
    ['end before start', { acessoFim: '2026-11-30T00:00:00-03:00' }, LAUNCH_MSG.fimAntesDoInicio],
    ['public date before the end', { dataPublica: '2026-12-02T00:00:00-03:00' }, LAUNCH_MSG.publicaAntesDoFim],
    ['allowance 0', { cotaPorMembro: 0 }, LAUNCH_MSG.cota],
    ['unknown condition', { regra: { condicoes: [{ tipo: 'vip' }] } }, LAUNCH_MSG.tipoCondicao],
    ['no SKU', { skus: [] }, LAUNCH_MSG.skusObrigatorios],
    ['unknown SKU', { skus: ['NAO-EXISTE-123'] }, `${LAUNCH_MSG.skuDesconhecido} NAO-EXISTE-123.`],
    ['unknown category', { regra: { condicoes: [{ tipo: 'possuiCategoria', categoria: 'Nada Disso' }] } }, `${LAUNCH_MSG.categoriaDesconhecida} Nada Disso.`],
    ['unknown product', { regra: { condicoes: [{ tipo: 'possuiProduto', produtoId: 2_000_000_000 }] } }, `${LAUNCH_MSG.produtoDesconhecido} 2000000000.`],
    ['unknown field', { extra: 1 }, ''],
  ];
  for (const [name, over, message] of cases) {
    it(name, async () => {
      const b = { ...body(), ...over };
      const res = await send(s.admin, 'POST', '/api/admin/lancamentos', b);
      expectError(res, 400, message || undefined);
      expect(await t.prisma.lancamentoProduto.count({ where: { slug: String(b.slug) } })).toBe(0);
    });
  }

  it('an edit refused by the catalogue check changes nothing and records nothing', async () => {
    const l = await create();
    expectError(await send(s.marketing, 'PUT', `/api/admin/lancamentos/${l.id}`, body({ slug: l.slug, nome: 'Mudou', skus: ['NAO-EXISTE-9'] })), 400, `${LAUNCH_MSG.skuDesconhecido} NAO-EXISTE-9.`);
    expect((await t.prisma.lancamentoProduto.findUniqueOrThrow({ where: { id: l.id } })).nome).toBe('Garrafa Aurora');
    expect((await auditOf(l.id)).map((a) => a.action)).toEqual(['lancamento.criar']);
  });

  it('a slug in use is 409; an unknown id 404', async () => {
    const l = await create();
    expectError(await send(s.marketing, 'POST', '/api/admin/lancamentos', body({ slug: l.slug })), 409, LAUNCH_MSG.slugEmUso);
    expectError(await send(s.marketing, 'GET', '/api/admin/lancamentos/00000000-0000-4000-8000-000000000000'), 404, LAUNCH_MSG.naoEncontrado);
    expectError(await send(s.marketing, 'GET', '/api/admin/lancamentos/nao-e-uuid'), 400, LAUNCH_MSG.naoEncontrado);
  });
});

describe('dates in São Paulo time', () => {
  it('midnight in São Paulo is exact, whatever offset it was typed with, and is shown in São Paulo', async () => {
    const l = await create({ acessoInicio: '2026-12-01T03:00:00Z' });
    expect(l.acessoInicio).toBe('2026-12-01T00:00:00.000-03:00');
    expect(l.horarios).toEqual({ acessoInicio: '01/12/2026 00:00', acessoFim: '03/12/2026 00:00', dataPublica: '05/12/2026 10:00' });
    expect(l.fusoHorario).toBe('America/Sao_Paulo');
    const row = await t.prisma.lancamentoProduto.findUniqueOrThrow({ where: { id: l.id } });
    expect(row.acessoInicio.toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(row.acessoFim.toISOString()).toBe('2026-12-03T03:00:00.000Z');
  });
});

describe('edit, publish, archive', () => {
  it('an edit is audited with before and after; the slug is fixed once published; publish and archive audited once', async () => {
    const l = await create();
    const edited = await send(s.admin, 'PUT', `/api/admin/lancamentos/${l.id}`, body({ slug: l.slug, nome: 'Aurora II', cotaPorMembro: 3 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(adminLaunchSchema.parse(edited.json())).toMatchObject({ nome: 'Aurora II', cotaPorMembro: 3, atualizadoPor: s.admin.id });
    const editAudit = (await auditOf(l.id)).find((a) => a.action === 'lancamento.editar')!;
    expect(editAudit.before).toMatchObject({ nome: 'Garrafa Aurora', cotaPorMembro: 2 });
    expect(editAudit.after).toMatchObject({ nome: 'Aurora II', cotaPorMembro: 3 });

    const published = await send(s.marketing, 'POST', `/api/admin/lancamentos/${l.id}/publicar`);
    expect(published.json().status).toBe('publicado');
    await send(s.marketing, 'POST', `/api/admin/lancamentos/${l.id}/publicar`); // again: nothing changes, nothing recorded
    expectError(await send(s.admin, 'PUT', `/api/admin/lancamentos/${l.id}`, body({ slug: `${l.slug}-novo` })), 409, LAUNCH_MSG.slugPublicado);
    expect((await send(s.marketing, 'POST', `/api/admin/lancamentos/${l.id}/arquivar`)).json().status).toBe('arquivado');
    const actions = (await auditOf(l.id)).map((a) => a.action);
    expect(actions).toEqual(['lancamento.criar', 'lancamento.editar', 'lancamento.publicar', 'lancamento.arquivar']);
    const list = adminLaunchListSchema.parse((await send(s.atendimento, 'GET', '/api/admin/lancamentos?status=arquivado')).json());
    expect(list.itens.some((x) => x.id === l.id)).toBe(true);
    expect(list.itens.every((x) => x.status === 'arquivado')).toBe(true);
  });
});

describe('the rule before saving, the preview as a member, the member page', () => {
  it('previa-regra counts the members the rule selects now; a bad rule is 400', async () => {
    const p = await createProduct(t.prisma);
    const owners = [await member(t.prisma), await member(t.prisma), await member(t.prisma, { tipo: 'colaborador' })];
    for (const o of owners) await verifiedPurchase(t.prisma, o.id, p.id);
    const anchorRule = { condicoes: [{ tipo: 'possuiProduto', produtoId: p.id }] };
    const res = await send(s.marketing, 'POST', '/api/admin/lancamentos/previa-regra', { regra: anchorRule });
    expect(res.statusCode, res.body).toBe(200);
    expect(rulePreviewSchema.parse(res.json()).total).toBe(2);
    const withStaff = await send(s.marketing, 'POST', '/api/admin/lancamentos/previa-regra', { regra: { condicoes: [...anchorRule.condicoes, { tipo: 'incluirColaboradores' }] } });
    expect(withStaff.json().total).toBe(3);
    expectError(await send(s.marketing, 'POST', '/api/admin/lancamentos/previa-regra', { regra: { condicoes: [{ tipo: 'saldoMinimo', minimo: -1 }] } }), 400, 'Saldo mínimo: de 1 a 1.000.000 pontos.');
  });

  it('a draft previewed as a member, by e-mail, before and during the window; nothing is written', async () => {
    const p = await createProduct(t.prisma);
    const [buyer, other] = [await member(t.prisma), await member(t.prisma)];
    await verifiedPurchase(t.prisma, buyer.id, p.id);
    const l = await create({ regra: { condicoes: [{ tipo: 'possuiProduto', produtoId: p.id }] } });
    const url = (who: string, at?: string) => `/api/admin/lancamentos/${l.id}/previa?membro=${encodeURIComponent(who)}${at ? `&em=${encodeURIComponent(at)}` : ''}`;

    const before = launchPreviewSchema.parse((await send(s.marketing, 'GET', url(buyer.email.toUpperCase(), '2026-11-30T23:59:59-03:00'))).json());
    expect(before).toMatchObject({ status: 'rascunho', membro: { id: buyer.id }, em: '2026-11-30T23:59:59.000-03:00' });
    expect(before.lancamento).toMatchObject({ elegivel: true, emJanela: false, abreEm: '2026-12-01T00:00:00.000-03:00', acesso: null });

    const during = launchPreviewSchema.parse((await send(s.marketing, 'GET', url(buyer.id, '2026-12-01T00:00:00-03:00'))).json());
    expect(during.lancamento).toMatchObject({ elegivel: true, emJanela: true, acesso: { codigo: null, link: null, cotaRestante: 2 } });

    const outsider = launchPreviewSchema.parse((await send(s.marketing, 'GET', url(other.email, '2026-12-01T00:00:00-03:00'))).json());
    expect(outsider.lancamento).toMatchObject({ elegivel: false, emJanela: true, abreEm: '2026-12-05T10:00:00.000-03:00', acesso: null });
    expect(outsider.lancamento.motivos.find((m) => m.tipo === 'possuiProduto')).toMatchObject({ atendida: false, dica: `Tenha o produto ${p.nome}, com a compra verificada.` });

    expect(await t.prisma.acessoAntecipado.count({ where: { lancamentoId: l.id } })).toBe(0);
    expectError(await send(s.marketing, 'GET', url('ninguem@nada.legiao.dev')), 404, LAUNCH_MSG.membroNaoEncontrado);
    expectError(await send(s.atendimento, 'GET', url(buyer.email)), 403, ADMIN_MSG.semPermissao);
  });

  it("the member's back-office page lists the published launches not yet public, eligible or not and why", async () => {
    const p = await createProduct(t.prisma);
    const m = await member(t.prisma);
    const now = Date.now();
    const future = (h: number) => new Date(now + h * 3600_000).toISOString();
    const yes = await create({ regra: { condicoes: [] }, acessoInicio: future(1), acessoFim: future(2), dataPublica: future(3) });
    const no = await create({ regra: { condicoes: [{ tipo: 'possuiProduto', produtoId: p.id }] }, acessoInicio: future(1), acessoFim: future(2), dataPublica: future(3) });
    const draft = await create({ acessoInicio: future(1), acessoFim: future(2), dataPublica: future(3) });
    for (const l of [yes, no]) await send(s.marketing, 'POST', `/api/admin/lancamentos/${l.id}/publicar`);
    const res = await send(s.atendimento, 'GET', `/api/admin/membros/${m.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = memberDetailSchema.parse(res.json());
    const mine = detail.lancamentos.filter((l) => [yes.id, no.id, draft.id].includes(l.id));
    expect(Object.fromEntries(mine.map((l) => [l.id, l.elegivel]))).toEqual({ [yes.id]: true, [no.id]: false });
    expect(mine.find((l) => l.id === no.id)!.motivos.find((r) => r.tipo === 'possuiProduto')!.dica).toBe(`Tenha o produto ${p.nome}, com a compra verificada.`);
  });
});

describe('the alerts\' bound (avisoPrazoMin, ADR 0049)', () => {
  it('30 minutes by default; set on create; kept by an edit that leaves it out; 1..1440 or 400 in Portuguese', async () => {
    const plain = await create();
    expect(plain.avisoPrazoMin).toBe(30);
    const l = await create({ avisoPrazoMin: 45 });
    expect(l.avisoPrazoMin).toBe(45);
    const edited = await send(s.marketing, 'PUT', `/api/admin/lancamentos/${l.id}`, body({ slug: l.slug, nome: 'Outro nome' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(adminLaunchSchema.parse(edited.json())).toMatchObject({ nome: 'Outro nome', avisoPrazoMin: 45 });
    for (const bad of [0, 1441, 2.5]) expectError(await send(s.marketing, 'POST', '/api/admin/lancamentos', body({ avisoPrazoMin: bad })), 400, LAUNCH_ALERT_BOUND_MSG);
  });
});
