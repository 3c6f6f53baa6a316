import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, BENEFIT_MSG, benefitsResponseSchema, type StaffRole } from '@legiao/contracts';
import { BENEFIT_ADMIN_MSG, benefitAdminSchema, benefitListSchema, benefitPreviewSchema, type BenefitFormInput } from '@legiao/contracts/admin/beneficios';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';
import { createEconomyMember } from './beneficio-fixtures.js';

// Benefits in the back office (issue 16 item 1; docs/decisions/0027-back-office.md): list with the
// state members see, create/edit with days, duplicate, archive, preview; each role; each write audited
// and seen by members at once.

let t: TestApp;
let s: Record<StaffRole | 'membro', StaffSession>;
beforeAll(async () => {
  t = await buildTestApp();
  s = await createStaffByRole(t);
});
afterAll(() => t.close());

const tag = () => randomUUID().slice(0, 8);
function form(overrides: Partial<BenefitFormInput> = {}): BenefitFormInput {
  return {
    chave: `teste-${tag()}`,
    nome: `Benefício ${tag()}`,
    tipo: 'baseGeral',
    descricao: 'Uma descrição',
    urlImagem: '/beneficios/cupom-10.svg',
    valor: 2,
    textoLegal: 'Válido uma vez por CPF.',
    urlBeneficio: 'https://loja.legiao.dev',
    percentualDesconto: 10,
    inicio: null,
    fim: null,
    evento: false,
    dataEvento: null,
    opcoes: [],
    publico: ['legionario'],
    cidades: [],
    limitePorMembro: 1,
    modoCupom: 'gerado',
    prefixoCupom: 'TESTE',
    estoque: null,
    ordem: 50,
    experiencia: null,
    ativo: true,
    ...overrides,
  };
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const create = async (f: BenefitFormInput = form(), who: StaffSession = s.marketing) => {
  const res = await call('POST', '/api/admin/beneficios', who.headers, f);
  expect(res.statusCode, res.body).toBe(201);
  return benefitAdminSchema.parse(res.json());
};
const auditOf = (id: number) => t.prisma.auditEntry.findMany({ where: { entity: 'beneficio', entityId: String(id) }, orderBy: { createdAt: 'asc' } });
const memberSees = async (headers: Record<string, string>) => benefitsResponseSchema.parse((await call('GET', '/api/beneficio', headers)).json());

describe('GET /api/admin/beneficios', () => {
  it('every staff role reads the list, with the situation and the state a member sees', async () => {
    const isOpen = await create(form({ nome: `Aberto ${tag()}` }));
    const comingSoon = await create(form({ nome: `Em breve ${tag()}`, inicio: '2099-01-01T10:00' }));
    const soldOut = await create(form({ nome: `Esgotado ${tag()}`, estoque: 0 }));
    for (const role of ['admin', 'marketing', 'atendimento', 'operacao'] as const) {
      const res = await call('GET', '/api/admin/beneficios?porPagina=100', s[role].headers);
      expect(res.statusCode, res.body).toBe(200);
      const page = benefitListSchema.parse(res.json());
      const byId = new Map(page.itens.map((i) => [i.id, i]));
      expect(byId.get(isOpen.id)).toMatchObject({ situacao: 'ativo', estado: 'resgatavel', codigoBloqueio: null });
      expect(byId.get(comingSoon.id)).toMatchObject({ situacao: 'em-breve', estado: 'bloqueado', codigoBloqueio: 'EM_BREVE' });
      expect(byId.get(soldOut.id)).toMatchObject({ situacao: 'esgotado', estado: 'esgotado' });
    }
  });

  it('searches, filters by situation, sorts and pages; the demo-free list is stable', async () => {
    const brand = tag();
    const a = await create(form({ nome: `Zeta ${brand}`, valor: 9 }));
    const b = await create(form({ nome: `Alfa ${brand}`, valor: 1 }));
    const page = benefitListSchema.parse((await call('GET', `/api/admin/beneficios?busca=${brand}&ordem=nome`, s.atendimento.headers)).json());
    expect(page.itens.map((i) => i.id)).toEqual([b.id, a.id]);
    const desc = benefitListSchema.parse((await call('GET', `/api/admin/beneficios?busca=${brand}&ordem=-valor&porPagina=1&pagina=1`, s.atendimento.headers)).json());
    expect(desc).toMatchObject({ total: 2, pagina: 1, porPagina: 1 });
    expect(desc.itens.map((i) => i.id)).toEqual([a.id]);
    await call('POST', `/api/admin/beneficios/${a.id}/arquivar`, s.marketing.headers);
    const archived = benefitListSchema.parse((await call('GET', `/api/admin/beneficios?busca=${brand}&situacao=arquivado`, s.atendimento.headers)).json());
    expect(archived.itens.map((i) => i.id)).toEqual([a.id]);
  });

  it('refuses a member (403), no session (401) and bad queries (400)', async () => {
    expectError(await call('GET', '/api/admin/beneficios', s.membro.headers), 403, ADMIN_MSG.semPermissao);
    expectError(await call('GET', '/api/admin/beneficios', {}), 401);
    expectError(await call('GET', '/api/admin/beneficios?situacao=talvez', s.admin.headers), 400);
    expectError(await call('GET', '/api/admin/beneficios?ordem=-estoque', s.admin.headers), 400, ADMIN_MSG.ordemInvalida);
    expectError(await call('GET', '/api/admin/beneficios/abc', s.admin.headers), 400, BENEFIT_ADMIN_MSG.idInvalido);
    expectError(await call('GET', '/api/admin/beneficios/2147483000', s.admin.headers), 404, BENEFIT_ADMIN_MSG.naoEncontrado);
  });
});

describe('creating and editing', () => {
  it('marketing creates a benefit; the member in its audience sees it at once; the trail has it', async () => {
    const member = await createEconomyMember(t.app, t.prisma, { cidade: 'Niterói' });
    const f = form({ nome: `Show ${tag()}`, cidades: ['Niteroi'], inicio: '2026-01-01T10:00', fim: '2099-12-31T23:59' });
    const created = await create(f);
    expect(created.form).toMatchObject({ nome: f.nome, cidades: ['Niteroi'], inicio: '2026-01-01T10:00', fim: '2099-12-31T23:59', ativo: true });
    const card = (await memberSees(member.headers)).find((b) => b.id === created.id);
    expect(card).toMatchObject({ nome: f.nome, valor: 2, inicio: '2026-01-01T13:00:00.000Z' });
    const [audit] = await auditOf(created.id);
    expect(audit).toMatchObject({ actorId: s.marketing.id, action: 'beneficio.criar', before: null });
    expect((audit!.after as { nome: string }).nome).toBe(f.nome);
  });

  it('an edit (title, cost, days kept/added/removed) reaches members at once, audited with before and after', async () => {
    const member = await createEconomyMember(t.app, t.prisma);
    const created = await create(form({ evento: true, opcoes: [{ nome: 'Sábado', data: '2099-01-17', estoque: 5 }, { nome: 'Domingo', data: '2099-01-18', estoque: 5 }] }));
    const [saturday, sunday] = created.form.opcoes;
    const edited = { ...form({ ...created.form, nome: `Editado ${tag()}`, valor: 3 }), opcoes: [{ id: saturday!.id, nome: 'Sábado, 17/01', data: '2099-01-17', estoque: 2 }, { nome: 'Segunda', data: '2099-01-19', estoque: 1 }] };
    const res = await call('PUT', `/api/admin/beneficios/${created.id}`, s.admin.headers, edited);
    expect(res.statusCode, res.body).toBe(200);
    const saved = benefitAdminSchema.parse(res.json());
    expect(saved.form.opcoes.map((o) => [o.nome, o.estoque])).toEqual([['Sábado, 17/01', 2], ['Segunda', 1]]);
    expect(saved.form.opcoes[0]!.id).toBe(saturday!.id);
    expect(await t.prisma.beneficioOpcao.count({ where: { id: sunday!.id } })).toBe(0);
    const card = (await memberSees(member.headers)).find((b) => b.id === created.id)!;
    expect(card).toMatchObject({ nome: edited.nome, valor: 3 });
    expect(card.dias.map((d) => d.nome)).toEqual(['Sábado, 17/01', 'Segunda']);
    const audit = await auditOf(created.id);
    expect(audit.map((a) => a.action)).toEqual(['beneficio.criar', 'beneficio.editar']);
    expect(audit[1]).toMatchObject({ actorId: s.admin.id, before: expect.objectContaining({ nome: created.form.nome, valor: 2 }), after: expect.objectContaining({ nome: edited.nome, valor: 3 }) });
  });

  it('a day that already has codes or redemptions cannot be removed (409); a day of another benefit is refused (400)', async () => {
    const a = await create(form({ evento: true, modoCupom: 'lista', opcoes: [{ nome: 'Sábado', data: '2099-01-17', estoque: null }] }));
    const b = await create(form({ evento: true, opcoes: [{ nome: 'Outro', data: '2099-02-01', estoque: null }] }));
    const day = a.form.opcoes[0]!;
    await t.prisma.cupom.create({ data: { beneficioId: a.id, opcaoId: day.id, codigo: `DIA-${tag()}` } });
    expectError(await call('PUT', `/api/admin/beneficios/${a.id}`, s.marketing.headers, { ...a.form, opcoes: [] }), 409, BENEFIT_ADMIN_MSG.opcaoComResgates);
    expectError(await call('PUT', `/api/admin/beneficios/${a.id}`, s.marketing.headers, { ...a.form, opcoes: [day, { ...b.form.opcoes[0]! }] }), 400, BENEFIT_ADMIN_MSG.opcaoDeOutro);
    expect((await auditOf(a.id)).map((x) => x.action)).toEqual(['beneficio.criar']);
  });

  it('refuses bad input in Portuguese (400) and a key in use (409)', async () => {
    const post = (body: unknown) => call('POST', '/api/admin/beneficios', s.marketing.headers, body);
    expectError(await post(form({ nome: '' })), 400, BENEFIT_ADMIN_MSG.nomeObrigatorio);
    expectError(await post(form({ chave: 'Com Espaço' })), 400, BENEFIT_ADMIN_MSG.chaveInvalida);
    expectError(await post(form({ inicio: '2026-05-01T10:00', fim: '2026-04-01T10:00' })), 400, BENEFIT_ADMIN_MSG.janelaInvalida);
    expectError(await post(form({ opcoes: [{ nome: 'Sábado', data: '2099-01-17', estoque: null }] })), 400, BENEFIT_ADMIN_MSG.opcoesSoEmEventos);
    expectError(await post(form({ valor: -1 })), 400, BENEFIT_ADMIN_MSG.valorInvalido);
    expectError(await post(form({ valor: '3' as unknown as number })), 400, BENEFIT_ADMIN_MSG.valorInvalido);
    expectError(await post(form({ publico: [] })), 400, BENEFIT_ADMIN_MSG.publicoObrigatorio);
    expectError(await post(form({ inicio: '2026-13-40T10:00' })), 400, BENEFIT_ADMIN_MSG.dataHoraInvalida);
    expectError(await post(form({ urlImagem: 'javascript:alert(1)' })), 400, BENEFIT_ADMIN_MSG.imagemObrigatoria);
    expectError(await post({}), 400);
    const taken = await create();
    expectError(await post(form({ chave: taken.form.chave })), 409, BENEFIT_ADMIN_MSG.chaveEmUso);
    expectError(await call('PUT', `/api/admin/beneficios/${(await create()).id}`, s.marketing.headers, form({ chave: taken.form.chave })), 409, BENEFIT_ADMIN_MSG.chaveEmUso);
  });

  it('atendimento and operacao (read-only on campaigns), a member and no session cannot write', async () => {
    const b = await create();
    for (const who of ['atendimento', 'operacao', 'membro'] as const) {
      const h = s[who].headers;
      expectError(await call('POST', '/api/admin/beneficios', h, form()), 403, ADMIN_MSG.semPermissao);
      expectError(await call('PUT', `/api/admin/beneficios/${b.id}`, h, form()), 403, ADMIN_MSG.semPermissao);
      expectError(await call('POST', `/api/admin/beneficios/${b.id}/duplicar`, h), 403, ADMIN_MSG.semPermissao);
      expectError(await call('POST', `/api/admin/beneficios/${b.id}/arquivar`, h), 403, ADMIN_MSG.semPermissao);
      expectError(await call('POST', `/api/admin/beneficios/${b.id}/reativar`, h), 403, ADMIN_MSG.semPermissao);
    }
    expectError(await call('POST', '/api/admin/beneficios', {}, form()), 401);
    expectError(await call('POST', `/api/admin/beneficios/${b.id}/arquivar`, {}), 401);
    expect((await t.prisma.beneficio.findUniqueOrThrow({ where: { id: b.id } })).ativo).toBe(true);
    expect((await auditOf(b.id)).length).toBe(1);
  });
});

describe('duplicate and archive', () => {
  it('duplicates into an archived copy with its days and a fresh key; audited', async () => {
    const b = await create(form({ evento: true, opcoes: [{ nome: 'Sábado', data: '2099-01-17', estoque: 3 }] }));
    const res = await call('POST', `/api/admin/beneficios/${b.id}/duplicar`, s.admin.headers);
    expect(res.statusCode, res.body).toBe(201);
    const copy = benefitAdminSchema.parse(res.json());
    expect(copy.id).not.toBe(b.id);
    expect(copy.form).toMatchObject({ chave: `${b.form.chave}-copia`, nome: `${b.form.nome} (cópia)`, ativo: false, valor: b.form.valor });
    expect(copy.form.opcoes.map((o) => [o.nome, o.estoque])).toEqual([['Sábado', 3]]);
    const again = benefitAdminSchema.parse((await call('POST', `/api/admin/beneficios/${b.id}/duplicar`, s.admin.headers)).json());
    expect(again.form.chave).toBe(`${b.form.chave}-copia-2`);
    expect((await auditOf(copy.id))[0]).toMatchObject({ action: 'beneficio.duplicar', actorId: s.admin.id });
    expectError(await call('POST', '/api/admin/beneficios/2147483000/duplicar', s.admin.headers), 404);
  });

  it('archiving hides it from members at once; publishing again shows it; each audited', async () => {
    const member = await createEconomyMember(t.app, t.prisma);
    const b = await create();
    expect((await memberSees(member.headers)).some((x) => x.id === b.id)).toBe(true);
    const res = await call('POST', `/api/admin/beneficios/${b.id}/arquivar`, s.marketing.headers);
    expect(benefitAdminSchema.parse(res.json())).toMatchObject({ situacao: 'arquivado' });
    expect((await memberSees(member.headers)).some((x) => x.id === b.id)).toBe(false);
    expectError(await call('GET', `/api/beneficio/${b.id}`, member.headers), 404, BENEFIT_MSG.naoEncontrado);
    await call('POST', `/api/admin/beneficios/${b.id}/reativar`, s.marketing.headers);
    expect((await memberSees(member.headers)).some((x) => x.id === b.id)).toBe(true);
    expect((await auditOf(b.id)).map((a) => [a.action, a.before, a.after])).toEqual([
      ['beneficio.criar', null, expect.anything()],
      ['beneficio.arquivar', { ativo: true }, { ativo: false }],
      ['beneficio.reativar', { ativo: false }, { ativo: true }],
    ]);
  });
});

describe('POST /api/admin/beneficios/previa', () => {
  const member = { tipo: 'legionario' as 'legionario' | 'lead' | 'colaborador', cidade: 'São Paulo', saldo: 10, resgates: 0, cupomUsado: false, perfilCompleto: true };
  const preview = async (benefit: BenefitFormInput, m: Partial<typeof member> & { em?: string } = {}, who: StaffSession = s.atendimento, id?: number) => {
    const res = await call('POST', '/api/admin/beneficios/previa', who.headers, { id, beneficio: benefit, membro: { ...member, ...m } });
    expect(res.statusCode, res.body).toBe(200);
    return benefitPreviewSchema.parse(res.json());
  };

  it('shows each of the five states for the chosen member, with the member side’s own rules', async () => {
    const f = form({ valor: 4, limitePorMembro: 1 });
    expect((await preview(f)).card).toMatchObject({ estado: 'resgatavel', podeResgatar: true, nome: f.nome });
    expect((await preview(f, { saldo: 1 })).card).toMatchObject({ estado: 'bloqueado', codigoBloqueio: 'SALDO_INSUFICIENTE', motivoBloqueio: 'Saldo insuficiente para resgatar este benefício. Faltam 3 pontos.' });
    expect((await preview(form({ estoque: 0 }))).card).toMatchObject({ estado: 'esgotado', esgotado: true });
    expect((await preview(f, { resgates: 1 })).card).toMatchObject({ estado: 'resgatado', jaResgatado: true });
    const used = await preview(f, { resgates: 1, cupomUsado: true });
    expect(used.card.estado).toBe('utilizado');
    expect(used.card.resgates[0]!.usoCupom).toBe(true);
    expect((await preview(form({ inicio: '2099-01-01T10:00' }))).card).toMatchObject({ estado: 'bloqueado', codigoBloqueio: 'EM_BREVE', inicio: '2099-01-01T13:00:00.000Z' });
    expect((await preview(f, { perfilCompleto: false })).card).toMatchObject({ estado: 'bloqueado', codigoBloqueio: 'PERFIL_INCOMPLETO' });
    // "What would this member see on the 12th?"
    expect((await preview(form({ fim: '2030-01-12T18:00' }), { em: '2030-01-12T17:00' })).card.estado).toBe('resgatavel');
  });

  it('says when the member does not see the card at all, and why', async () => {
    const lead = await preview(form({ publico: ['legionario'] }), { tipo: 'lead' });
    expect(lead).toMatchObject({ visivel: false, motivo: 'Não é para leads: o público é legionários.' });
    const city = await preview(form({ cidades: ['Niterói', 'Salvador'] }), { cidade: 'Recife' });
    expect(city).toMatchObject({ visivel: false, motivo: 'Só aparece para quem mora em: Niterói, Salvador.' });
    expect((await preview(form({ cidades: ['Niterói'] }), { cidade: 'niteroi' })).visivel).toBe(true);
    expect((await preview(form({ ativo: false }))).motivo).toBe('Arquivado: nenhum membro vê este benefício.');
  });

  it('reads the real pool of a saved benefit in list mode', async () => {
    const saved = await create(form({ modoCupom: 'lista' }));
    expect((await preview({ ...saved.form }, {}, s.marketing, saved.id)).card.estado).toBe('esgotado');
    await t.prisma.cupom.create({ data: { beneficioId: saved.id, codigo: `LIVRE-${tag()}` } });
    expect((await preview({ ...saved.form }, {}, s.marketing, saved.id)).card.estado).toBe('resgatavel');
  });

  it('refuses a member (403), no session (401) and a bad member or form (400)', async () => {
    const body = { beneficio: form(), membro: member };
    expectError(await call('POST', '/api/admin/beneficios/previa', s.membro.headers, body), 403);
    expectError(await call('POST', '/api/admin/beneficios/previa', {}, body), 401);
    expectError(await call('POST', '/api/admin/beneficios/previa', s.admin.headers, { ...body, membro: { ...member, saldo: -1 } }), 400, BENEFIT_ADMIN_MSG.saldoInvalido);
    expectError(await call('POST', '/api/admin/beneficios/previa', s.admin.headers, { ...body, membro: { ...member, tipo: 'vip' } }), 400);
    expectError(await call('POST', '/api/admin/beneficios/previa', s.admin.headers, { ...body, beneficio: { ...form(), nome: '' } }), 400, BENEFIT_ADMIN_MSG.nomeObrigatorio);
  });
});
