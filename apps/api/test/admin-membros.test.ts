import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, MSG, type StaffRole } from '@legiao/contracts';
import { MEMBERS_MSG, searchPageSchema, linkLoginAnswerSchema, listPageSchema, memberDetailSchema, blockedAccountMessage } from '@legiao/contracts/admin/membros';
import { buildTestApp, type TestApp } from './support/app.js';
import { randomCpf } from './support/cpf.js';
import { bearer, createUser, expectError, login, TEST_PASSWORD, uniqueEmail } from './support/factories.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';
import { startFakeSocial } from './fake-social.js';

// The members area (issue 17 items 1-3; ADR 0031): search, the member page and the support actions,
// per role (atendimento and admin allowed; marketing, operacao and members 403; nobody 401), bad
// input, audit; and a blocked member cannot log in by any door (password, login link, social login)
// nor keep using a session, and is told why.

let t: TestApp;
let s: Record<StaffRole | 'membro', StaffSession>;
let fake: Awaited<ReturnType<typeof startFakeSocial>>;
beforeAll(async () => {
  fake = await startFakeSocial();
  t = await buildTestApp({ env: fake.env });
  s = await createStaffByRole(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const get = (who: StaffSession | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const post = (who: StaffSession | null, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const actions = (id: string) => `/api/admin/membros/${id}`;
const allowed = () => [s.atendimento, s.admin];
const refused = () => [s.marketing, s.operacao, s.membro];
const auditActions = async (id: string) => (await t.prisma.auditEntry.findMany({ where: { entity: 'membro', entityId: id }, orderBy: { createdAt: 'asc' } })).map((a) => a.action);

describe('GET /api/admin/membros (search)', () => {
  it('finds by part of the name or e-mail, by CPF whole or in part (formatted or not), by legion number and by referral code', async () => {
    // A letter first: eight hex digits are all digits once in ~40 runs, and a text of digits is a CPF search.
    const tag = `r${randomUUID().slice(0, 7)}`;
    const cpf = randomCpf();
    const { usuario: user } = await createUser(t.prisma, { cpf, email: uniqueEmail(`busca${tag}`) });
    await t.prisma.usuario.update({ where: { id: user.id }, data: { nome: `Ramona Buscável ${tag}` } });
    const product = await t.prisma.produto.create({ data: { sku: `SKU-${tag}`, nome: 'Copo Térmico', nomeBusca: 'copo termico', categoria: 'Camping', subcategoria: `Térmicos ${tag}`, img: '/x.png', descricaoDetalhe: 'x' } });
    const entry = await t.prisma.produtoCliente.create({ data: { usuarioId: user.id, produtoId: product.id, dataCompra: new Date('2026-01-02'), localCompra: 'Loja', produtoValidado: true } });
    // A number no other test uses: this file's tests share the database with others.
    const number = 1900 + Math.floor(Math.random() * 13);
    await t.prisma.numeroLegionario.create({ data: { produtoId: product.id, numero: number, produtoClienteId: entry.id } });

    const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const cases: [string, string][] = [
      [`ramona buscável ${tag}`, 'nome'],
      [tag, 'nome'],
      [`busca${tag}`, 'nome'],
      [user.email.toUpperCase(), 'email'],
      [user.email.slice(5, 20), 'nome'],
      [cpf, 'cpf'],
      [formatted, 'cpf'],
      [formatted.slice(2, 9), 'cpf'],
      [String(number), 'numero'],
      [user.hash, 'codigo'],
    ];
    for (const [search, kind] of cases) {
      for (const who of allowed()) {
        const res = await get(who, `/api/admin/membros?busca=${encodeURIComponent(search)}`);
        expect(res.statusCode, res.body).toBe(200);
        const page = searchPageSchema.parse(res.json());
        expect(page.tipo, search).toBe(kind);
        expect(page.itens.map((m) => m.id), search).toContain(user.id);
      }
    }
    // The e-mail, searched as an e-mail explicitly.
    const byEmail = searchPageSchema.parse((await get(s.atendimento, `/api/admin/membros?tipo=email&busca=${encodeURIComponent(`busca${tag}`)}`)).json());
    expect(byEmail.itens).toEqual([expect.objectContaining({ id: user.id, estado: 'ativo', email: user.email })]);
  });

  it('bad input 400 in Portuguese; wildcards are searched as text', async () => {
    expectError(await get(s.atendimento, '/api/admin/membros?busca=ab'), 400, MEMBERS_MSG.buscaCurta);
    expectError(await get(s.atendimento, '/api/admin/membros'), 400);
    expectError(await get(s.atendimento, `/api/admin/membros?busca=${'x'.repeat(101)}`), 400, MEMBERS_MSG.buscaLonga);
    expectError(await get(s.atendimento, '/api/admin/membros?busca=maria&tipo=telefone'), 400, 'Tipo de busca inválido.');
    expectError(await get(s.atendimento, '/api/admin/membros?busca=abc&tipo=codigo'), 400);
    expectError(await get(s.atendimento, '/api/admin/membros?busca=maria&porPagina=500'), 400, ADMIN_MSG.porPaginaInvalido);
    const r = searchPageSchema.parse((await get(s.atendimento, '/api/admin/membros?busca=%25%25%25')).json());
    expect(r.itens).toEqual([]);
  });

  it('marketing, operacao and members 403; nobody 401', async () => {
    for (const who of refused()) expectError(await get(who, '/api/admin/membros?busca=maria'), 403, ADMIN_MSG.semPermissao);
    expectError(await get(null, '/api/admin/membros?busca=maria'), 401, MSG.naoAutenticado);
  });
});

describe('GET /api/admin/membros/:id and its lists', () => {
  it('the page shows the profile, state, balance and each paged list, the ledger with the running balance', async () => {
    const { usuario: user } = await createUser(t.prisma);
    await post(s.admin, `${actions(user.id)}/ajustes`, { valor: 5, motivo: 'Crédito de teste', referencia: 'T-1' });
    await post(s.admin, `${actions(user.id)}/ajustes`, { valor: -2, motivo: 'Débito de teste', referencia: 'T-2' });
    await login(t.app, user.email);
    for (const who of allowed()) {
      const res = await get(who, actions(user.id));
      expect(res.statusCode, res.body).toBe(200);
      expect(memberDetailSchema.parse(res.json())).toMatchObject({ id: user.id, estado: 'ativo', saldo: 3, codigoIndicacao: user.hash, consentimentos: { email: false } });
    }
    const statement = listPageSchema.parse((await get(s.atendimento, `${actions(user.id)}/extrato`)).json());
    expect(statement.total).toBe(2);
    expect(statement.itens).toEqual([
      expect.objectContaining({ valor: -2, saldoApos: 3, motivo: 'Ajuste de Saldo', descricao: 'Débito de teste (T-2)' }),
      expect.objectContaining({ valor: 5, saldoApos: 5 }),
    ]);
    const page2 = listPageSchema.parse((await get(s.atendimento, `${actions(user.id)}/extrato?pagina=2&porPagina=1`)).json());
    expect(page2.itens).toEqual([expect.objectContaining({ valor: 5, saldoApos: 5 })]);
    const sessions = listPageSchema.parse((await get(s.atendimento, `${actions(user.id)}/sessoes`)).json());
    expect(sessions.itens).toEqual([expect.objectContaining({ viva: true })]);
    const auditoria = listPageSchema.parse((await get(s.atendimento, `${actions(user.id)}/auditoria`)).json());
    expect(auditoria.itens.map((a) => (a as { acao: string }).acao)).toEqual(['membro.ajuste.aplicar', 'membro.ajuste.aplicar']);
    for (const list of ['resgates', 'indicacoes', 'emails']) {
      const r = await get(s.admin, `${actions(user.id)}/${list}`);
      expect(r.statusCode, r.body).toBe(200);
      expect(listPageSchema.parse(r.json()).total).toBe(0);
    }
  });

  it('404 for nobody, 400 for a bad id or list; marketing, operacao and members 403; nobody 401', async () => {
    const { usuario: user } = await createUser(t.prisma);
    expectError(await get(s.atendimento, actions(randomUUID())), 404, MEMBERS_MSG.membroNaoEncontrado);
    expectError(await get(s.atendimento, `${actions(randomUUID())}/extrato`), 404, MEMBERS_MSG.membroNaoEncontrado);
    expectError(await get(s.atendimento, '/api/admin/membros/nao-e-uuid/extrato'), 400, ADMIN_MSG.idInvalido);
    expectError(await get(s.atendimento, `${actions(user.id)}/senhas`), 400, 'Lista desconhecida.');
    for (const who of refused()) {
      expectError(await get(who, actions(user.id)), 403, ADMIN_MSG.semPermissao);
      expectError(await get(who, `${actions(user.id)}/extrato`), 403);
    }
    expectError(await get(null, actions(user.id)), 401);
  });
});

describe('block and unblock', () => {
  it('a blocked member loses the session at once and cannot log in (password, login link, social login), told why; unblocked, logs in again', async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    const session = bearer(await login(t.app, email));
    const link = linkLoginAnswerSchema.parse((await post(s.atendimento, `${actions(user.id)}/link-login`, {})).json());
    const hash = new URL(link.url).searchParams.get('hash')!;

    const reason = 'compras suspeitas em análise';
    const res = await post(s.atendimento, `${actions(user.id)}/bloquear`, { motivo: reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Conta bloqueada. 1 sessão encerrada.');

    expectError(await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: session }), 401);
    const denied = expectError(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: TEST_PASSWORD } }), 403, blockedAccountMessage(reason));
    expect(denied.errors[0]!.code).toBe('CONTA_BLOQUEADA');
    expect(blockedAccountMessage(reason)).toBe('Sua conta está bloqueada: compras suspeitas em análise. Fale com o atendimento da Legião para saber como resolver.');
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/loginbywill', payload: { celular: user.celular, hash } }), 403, blockedAccountMessage(reason));
    // Wrong password on a blocked account: the usual answer, nothing revealed.
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: 'Errada@123' } }), 401);
    // A session opened behind the block's back (a login racing it) is not live either.
    const racingSession = await t.prisma.sessao.create({ data: { usuarioId: user.id, expiraEm: new Date(Date.now() + 3600_000) } });
    const token = t.app.jwt.sign({ sub: user.id, sid: racingSession.id });
    expectError(await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: bearer(token) }), 401);

    expectError(await post(s.admin, `${actions(user.id)}/bloquear`, { motivo: reason }), 409, MEMBERS_MSG.jaBloqueado);
    expect(memberDetailSchema.parse((await get(s.admin, actions(user.id))).json())).toMatchObject({ estado: 'bloqueado', motivoBloqueio: reason });

    expect((await post(s.admin, `${actions(user.id)}/desbloquear`)).statusCode).toBe(200);
    expectError(await post(s.admin, `${actions(user.id)}/desbloquear`), 409, MEMBERS_MSG.naoBloqueado);
    await login(t.app, email);
    expect(await auditActions(user.id)).toEqual(['membro.link-login', 'membro.bloquear', 'membro.desbloquear']);
  });

  it('a blocked social member cannot log in with Google', async () => {
    const googleEmail = uniqueEmail('social-bloqueado');
    const sub = `sub-${randomUUID()}`;
    const logIn = () => t.app.inject({ method: 'POST', url: '/api/auth/social-login', payload: { provider: 'google', token: fake.issue('google', { sub, email: googleEmail, nome: 'Sofia Social' }) } });
    expect((await logIn()).statusCode).toBe(200);
    const { id } = await t.prisma.usuario.findUniqueOrThrow({ where: { email: googleEmail } });
    expect((await post(s.atendimento, `${actions(id)}/bloquear`, { motivo: 'pedido do titular' })).statusCode).toBe(200);
    expectError(await logIn(), 403, blockedAccountMessage('pedido do titular'));
  });

  it('a reason is required; marketing, operacao and members 403, nobody 401; nothing changes', async () => {
    const { usuario: user } = await createUser(t.prisma);
    expectError(await post(s.atendimento, `${actions(user.id)}/bloquear`, {}), 400, MEMBERS_MSG.motivoBloqueioObrigatorio);
    expectError(await post(s.atendimento, `${actions(user.id)}/bloquear`, { motivo: ' x ' }), 400, MEMBERS_MSG.motivoBloqueioObrigatorio);
    expectError(await post(s.atendimento, `${actions(randomUUID())}/bloquear`, { motivo: 'Motivo bom' }), 404);
    for (const who of refused()) {
      for (const action of ['bloquear', 'desbloquear', 'revogar-sessoes', 'reenviar-ativacao', 'link-login', 'anonimizar']) {
        expectError(await post(who, `${actions(user.id)}/${action}`, { motivo: 'Motivo bom', referencia: 'R' }), 403, ADMIN_MSG.semPermissao);
      }
      expectError(await t.app.inject({ method: 'PATCH', url: `${actions(user.id)}/perfil`, headers: who.headers, payload: { nome: 'Outro Nome' } }), 403);
      expectError(await get(who, `${actions(user.id)}/exportar`), 403);
    }
    expectError(await post(null, `${actions(user.id)}/bloquear`, { motivo: 'Motivo bom' }), 401);
    expect(await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ bloqueadoEm: null, nome: user.nome });
    expect(await auditActions(user.id)).toEqual([]);
  });
});

describe('the other actions', () => {
  it('revokes every session; resends the activation only to a pending account; a login link only for an active one with a celular', async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    const a = bearer(await login(t.app, email));
    const b = bearer(await login(t.app, email));
    const r = await post(s.admin, `${actions(user.id)}/revogar-sessoes`);
    expect(r.json().message).toBe('2 sessões encerradas.');
    for (const h of [a, b]) expectError(await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: h }), 401);

    expectError(await post(s.atendimento, `${actions(user.id)}/reenviar-ativacao`), 409, MEMBERS_MSG.jaAtiva);
    const pending = await createUser(t.prisma, { ativo: false });
    const re = await post(s.atendimento, `${actions(pending.usuario.id)}/reenviar-ativacao`);
    expect(re.statusCode, re.body).toBe(200);
    expect(await t.prisma.emailSaida.count({ where: { para: pending.email } })).toBe(1);
    expect(await t.prisma.tokenConta.count({ where: { usuarioId: pending.usuario.id, tipo: 'ativacao' } })).toBe(1);
    const emails = listPageSchema.parse((await get(s.atendimento, `${actions(pending.usuario.id)}/emails`)).json());
    expect(emails.itens).toEqual([expect.objectContaining({ status: expect.any(String) })]);
    expectError(await post(s.atendimento, `${actions(pending.usuario.id)}/link-login`, {}), 409, MEMBERS_MSG.contaInativa);
    expectError(await post(s.atendimento, `${actions(user.id)}/link-login`, { validadeMinutos: 1 }), 400);
    expect(await auditActions(user.id)).toEqual(['membro.revogar-sessoes']);
    expect(await auditActions(pending.usuario.id)).toEqual(['membro.reenviar-ativacao']);
  });

  it('corrects profile fields with the member-side rules; a CPF already taken is 409; the audit keeps the diff', async () => {
    const { usuario: user } = await createUser(t.prisma);
    const other = await createUser(t.prisma);
    const patch = (payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `${actions(user.id)}/perfil`, headers: s.atendimento.headers, payload });
    expectError(await patch({ cpf: '111.111.111-11' }), 400, MSG.cpfInvalido);
    expectError(await patch({ celular: '123' }), 400, MSG.celularInvalido);
    expectError(await patch({}), 400, 'Informe ao menos um campo para corrigir.');
    expectError(await patch({ cpf: other.usuario.cpf }), 409, MSG.cpfJaCadastrado);
    expectError(await patch({ nome: user.nome }), 400);
    const newCpf = randomCpf();
    const fmt = `${newCpf.slice(0, 3)}.${newCpf.slice(3, 6)}.${newCpf.slice(6, 9)}-${newCpf.slice(9)}`;
    const ok = await patch({ nome: 'Joana Corrigida', cpf: fmt, celular: '(11) 91234-5678' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ nome: 'Joana Corrigida', cpf: newCpf, celular: '11912345678' });
    const [audit] = await t.prisma.auditEntry.findMany({ where: { entity: 'membro', entityId: user.id } });
    expect(audit).toMatchObject({ action: 'membro.corrigir-perfil', actorId: s.atendimento.id, before: { nome: 'Joana Membro', cpf: user.cpf, celular: user.celular }, after: { nome: 'Joana Corrigida', cpf: newCpf, celular: '11912345678' } });
  });

  it('exports the LGPD document (audited) and anonymises on request (audited, nothing personal in the trail); then nothing more can be done', async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    const exp = await get(s.atendimento, `${actions(user.id)}/exportar`);
    expect(exp.statusCode, exp.body).toBe(200);
    expect(exp.headers['content-disposition']).toContain('attachment');
    expect(exp.json()).toMatchObject({ titular: { id: user.id, email } });
    expectError(await post(s.atendimento, `${actions(user.id)}/anonimizar`, {}), 400, MEMBERS_MSG.referenciaObrigatoria);
    const an = await post(s.admin, `${actions(user.id)}/anonimizar`, { referencia: 'Pedido 2026-0042' });
    expect(an.statusCode, an.body).toBe(200);
    expect(memberDetailSchema.parse((await get(s.admin, actions(user.id))).json())).toMatchObject({ estado: 'anonimizado', cpf: null, nome: 'Conta excluída' });
    expectError(await post(s.admin, `${actions(user.id)}/anonimizar`, { referencia: 'de novo' }), 409, MEMBERS_MSG.contaExcluida);
    expectError(await post(s.admin, `${actions(user.id)}/bloquear`, { motivo: 'Motivo bom' }), 409, MEMBERS_MSG.contaExcluida);
    expectError(await post(s.admin, `${actions(user.id)}/ajustes`, { valor: 1, motivo: 'Motivo bom', referencia: 'R' }), 409, MEMBERS_MSG.contaExcluida);
    const audit = await t.prisma.auditEntry.findMany({ where: { entity: 'membro', entityId: user.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['membro.exportar', 'membro.anonimizar']);
    expect(JSON.stringify(audit)).not.toContain(email);
  });
});
