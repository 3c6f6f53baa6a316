import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, MSG, type StaffRole } from '@legiao/contracts';
import { MEMBROS_MSG, buscaPageSchema, linkLoginRespostaSchema, listaPageSchema, membroDetalheSchema, mensagemContaBloqueada } from '@legiao/contracts/admin/membros';
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
const acoes = (id: string) => `/api/admin/membros/${id}`;
const allowed = () => [s.atendimento, s.admin];
const refused = () => [s.marketing, s.operacao, s.membro];
const auditActions = async (id: string) => (await t.prisma.auditEntry.findMany({ where: { entity: 'membro', entityId: id }, orderBy: { createdAt: 'asc' } })).map((a) => a.action);

describe('GET /api/admin/membros (search)', () => {
  it('finds by part of the name or e-mail, by CPF whole or in part (formatted or not), by legion number and by referral code', async () => {
    const tag = randomUUID().slice(0, 8);
    const cpf = randomCpf();
    const { usuario } = await createUser(t.prisma, { cpf, email: uniqueEmail(`busca${tag}`) });
    await t.prisma.usuario.update({ where: { id: usuario.id }, data: { nome: `Ramona Buscável ${tag}` } });
    const produto = await t.prisma.produto.create({ data: { sku: `SKU-${tag}`, nome: 'Copo Térmico', nomeBusca: 'copo termico', categoria: 'Camping', subcategoria: `Térmicos ${tag}`, img: '/x.png', descricaoDetalhe: 'x' } });
    const entrada = await t.prisma.produtoCliente.create({ data: { usuarioId: usuario.id, produtoId: produto.id, dataCompra: new Date('2026-01-02'), localCompra: 'Loja', produtoValidado: true } });
    // A number no other test uses: this file's tests share the database with others.
    const numero = 1900 + Math.floor(Math.random() * 13);
    await t.prisma.numeroLegionario.create({ data: { produtoId: produto.id, numero, produtoClienteId: entrada.id } });

    const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const casos: [string, string][] = [
      [`ramona buscável ${tag}`, 'nome'],
      [tag, 'nome'],
      [`busca${tag}`, 'nome'],
      [usuario.email.toUpperCase(), 'email'],
      [usuario.email.slice(5, 20), 'nome'],
      [cpf, 'cpf'],
      [formatted, 'cpf'],
      [formatted.slice(2, 9), 'cpf'],
      [String(numero), 'numero'],
      [usuario.hash, 'codigo'],
    ];
    for (const [busca, tipo] of casos) {
      for (const who of allowed()) {
        const res = await get(who, `/api/admin/membros?busca=${encodeURIComponent(busca)}`);
        expect(res.statusCode, res.body).toBe(200);
        const page = buscaPageSchema.parse(res.json());
        expect(page.tipo, busca).toBe(tipo);
        expect(page.itens.map((m) => m.id), busca).toContain(usuario.id);
      }
    }
    // The e-mail, searched as an e-mail explicitly.
    const porEmail = buscaPageSchema.parse((await get(s.atendimento, `/api/admin/membros?tipo=email&busca=${encodeURIComponent(`busca${tag}`)}`)).json());
    expect(porEmail.itens).toEqual([expect.objectContaining({ id: usuario.id, estado: 'ativo', email: usuario.email })]);
  });

  it('bad input 400 in Portuguese; wildcards are searched as text', async () => {
    expectError(await get(s.atendimento, '/api/admin/membros?busca=ab'), 400, MEMBROS_MSG.buscaCurta);
    expectError(await get(s.atendimento, '/api/admin/membros'), 400);
    expectError(await get(s.atendimento, `/api/admin/membros?busca=${'x'.repeat(101)}`), 400, MEMBROS_MSG.buscaLonga);
    expectError(await get(s.atendimento, '/api/admin/membros?busca=maria&tipo=telefone'), 400, 'Tipo de busca inválido.');
    expectError(await get(s.atendimento, '/api/admin/membros?busca=abc&tipo=codigo'), 400);
    expectError(await get(s.atendimento, '/api/admin/membros?busca=maria&porPagina=500'), 400, ADMIN_MSG.porPaginaInvalido);
    const r = buscaPageSchema.parse((await get(s.atendimento, '/api/admin/membros?busca=%25%25%25')).json());
    expect(r.itens).toEqual([]);
  });

  it('marketing, operacao and members 403; nobody 401', async () => {
    for (const who of refused()) expectError(await get(who, '/api/admin/membros?busca=maria'), 403, ADMIN_MSG.semPermissao);
    expectError(await get(null, '/api/admin/membros?busca=maria'), 401, MSG.naoAutenticado);
  });
});

describe('GET /api/admin/membros/:id and its lists', () => {
  it('the page shows the profile, state, balance and each paged list, the ledger with the running balance', async () => {
    const { usuario } = await createUser(t.prisma);
    await post(s.admin, `${acoes(usuario.id)}/ajustes`, { valor: 5, motivo: 'Crédito de teste', referencia: 'T-1' });
    await post(s.admin, `${acoes(usuario.id)}/ajustes`, { valor: -2, motivo: 'Débito de teste', referencia: 'T-2' });
    await login(t.app, usuario.email);
    for (const who of allowed()) {
      const res = await get(who, acoes(usuario.id));
      expect(res.statusCode, res.body).toBe(200);
      expect(membroDetalheSchema.parse(res.json())).toMatchObject({ id: usuario.id, estado: 'ativo', saldo: 3, codigoIndicacao: usuario.hash, consentimentos: { email: false } });
    }
    const extrato = listaPageSchema.parse((await get(s.atendimento, `${acoes(usuario.id)}/extrato`)).json());
    expect(extrato.total).toBe(2);
    expect(extrato.itens).toEqual([
      expect.objectContaining({ valor: -2, saldoApos: 3, motivo: 'Ajuste de Saldo', descricao: 'Débito de teste (T-2)' }),
      expect.objectContaining({ valor: 5, saldoApos: 5 }),
    ]);
    const pagina2 = listaPageSchema.parse((await get(s.atendimento, `${acoes(usuario.id)}/extrato?pagina=2&porPagina=1`)).json());
    expect(pagina2.itens).toEqual([expect.objectContaining({ valor: 5, saldoApos: 5 })]);
    const sessoes = listaPageSchema.parse((await get(s.atendimento, `${acoes(usuario.id)}/sessoes`)).json());
    expect(sessoes.itens).toEqual([expect.objectContaining({ viva: true })]);
    const auditoria = listaPageSchema.parse((await get(s.atendimento, `${acoes(usuario.id)}/auditoria`)).json());
    expect(auditoria.itens.map((a) => (a as { acao: string }).acao)).toEqual(['membro.ajuste.aplicar', 'membro.ajuste.aplicar']);
    for (const lista of ['resgates', 'indicacoes', 'emails']) {
      const r = await get(s.admin, `${acoes(usuario.id)}/${lista}`);
      expect(r.statusCode, r.body).toBe(200);
      expect(listaPageSchema.parse(r.json()).total).toBe(0);
    }
  });

  it('404 for nobody, 400 for a bad id or list; marketing, operacao and members 403; nobody 401', async () => {
    const { usuario } = await createUser(t.prisma);
    expectError(await get(s.atendimento, acoes(randomUUID())), 404, MEMBROS_MSG.membroNaoEncontrado);
    expectError(await get(s.atendimento, `${acoes(randomUUID())}/extrato`), 404, MEMBROS_MSG.membroNaoEncontrado);
    expectError(await get(s.atendimento, '/api/admin/membros/nao-e-uuid/extrato'), 400, ADMIN_MSG.idInvalido);
    expectError(await get(s.atendimento, `${acoes(usuario.id)}/senhas`), 400, 'Lista desconhecida.');
    for (const who of refused()) {
      expectError(await get(who, acoes(usuario.id)), 403, ADMIN_MSG.semPermissao);
      expectError(await get(who, `${acoes(usuario.id)}/extrato`), 403);
    }
    expectError(await get(null, acoes(usuario.id)), 401);
  });
});

describe('block and unblock', () => {
  it('a blocked member loses the session at once and cannot log in (password, login link, social login), told why; unblocked, logs in again', async () => {
    const { usuario, email } = await createUser(t.prisma);
    const session = bearer(await login(t.app, email));
    const link = linkLoginRespostaSchema.parse((await post(s.atendimento, `${acoes(usuario.id)}/link-login`, {})).json());
    const hash = new URL(link.url).searchParams.get('hash')!;

    const motivo = 'compras suspeitas em análise';
    const res = await post(s.atendimento, `${acoes(usuario.id)}/bloquear`, { motivo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Conta bloqueada. 1 sessão encerrada.');

    expectError(await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: session }), 401);
    const negado = expectError(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: TEST_PASSWORD } }), 403, mensagemContaBloqueada(motivo));
    expect(negado.errors[0]!.code).toBe('CONTA_BLOQUEADA');
    expect(mensagemContaBloqueada(motivo)).toBe('Sua conta está bloqueada: compras suspeitas em análise. Fale com o atendimento da Legião para saber como resolver.');
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/loginbywill', payload: { celular: usuario.celular, hash } }), 403, mensagemContaBloqueada(motivo));
    // Wrong password on a blocked account: the usual answer, nothing revealed.
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: 'Errada@123' } }), 401);
    // A session opened behind the block's back (a login racing it) is not live either.
    const sessao = await t.prisma.sessao.create({ data: { usuarioId: usuario.id, expiraEm: new Date(Date.now() + 3600_000) } });
    const token = t.app.jwt.sign({ sub: usuario.id, sid: sessao.id });
    expectError(await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: bearer(token) }), 401);

    expectError(await post(s.admin, `${acoes(usuario.id)}/bloquear`, { motivo }), 409, MEMBROS_MSG.jaBloqueado);
    expect(membroDetalheSchema.parse((await get(s.admin, acoes(usuario.id))).json())).toMatchObject({ estado: 'bloqueado', motivoBloqueio: motivo });

    expect((await post(s.admin, `${acoes(usuario.id)}/desbloquear`)).statusCode).toBe(200);
    expectError(await post(s.admin, `${acoes(usuario.id)}/desbloquear`), 409, MEMBROS_MSG.naoBloqueado);
    await login(t.app, email);
    expect(await auditActions(usuario.id)).toEqual(['membro.link-login', 'membro.bloquear', 'membro.desbloquear']);
  });

  it('a blocked social member cannot log in with Google', async () => {
    const googleEmail = uniqueEmail('social-bloqueado');
    const sub = `sub-${randomUUID()}`;
    const entrar = () => t.app.inject({ method: 'POST', url: '/api/auth/social-login', payload: { provider: 'google', token: fake.issue('google', { sub, email: googleEmail, nome: 'Sofia Social' }) } });
    expect((await entrar()).statusCode).toBe(200);
    const { id } = await t.prisma.usuario.findUniqueOrThrow({ where: { email: googleEmail } });
    expect((await post(s.atendimento, `${acoes(id)}/bloquear`, { motivo: 'pedido do titular' })).statusCode).toBe(200);
    expectError(await entrar(), 403, mensagemContaBloqueada('pedido do titular'));
  });

  it('a reason is required; marketing, operacao and members 403, nobody 401; nothing changes', async () => {
    const { usuario } = await createUser(t.prisma);
    expectError(await post(s.atendimento, `${acoes(usuario.id)}/bloquear`, {}), 400, MEMBROS_MSG.motivoBloqueioObrigatorio);
    expectError(await post(s.atendimento, `${acoes(usuario.id)}/bloquear`, { motivo: ' x ' }), 400, MEMBROS_MSG.motivoBloqueioObrigatorio);
    expectError(await post(s.atendimento, `${acoes(randomUUID())}/bloquear`, { motivo: 'Motivo bom' }), 404);
    for (const who of refused()) {
      for (const acao of ['bloquear', 'desbloquear', 'revogar-sessoes', 'reenviar-ativacao', 'link-login', 'anonimizar']) {
        expectError(await post(who, `${acoes(usuario.id)}/${acao}`, { motivo: 'Motivo bom', referencia: 'R' }), 403, ADMIN_MSG.semPermissao);
      }
      expectError(await t.app.inject({ method: 'PATCH', url: `${acoes(usuario.id)}/perfil`, headers: who.headers, payload: { nome: 'Outro Nome' } }), 403);
      expectError(await get(who, `${acoes(usuario.id)}/exportar`), 403);
    }
    expectError(await post(null, `${acoes(usuario.id)}/bloquear`, { motivo: 'Motivo bom' }), 401);
    expect(await t.prisma.usuario.findUniqueOrThrow({ where: { id: usuario.id } })).toMatchObject({ bloqueadoEm: null, nome: usuario.nome });
    expect(await auditActions(usuario.id)).toEqual([]);
  });
});

describe('the other actions', () => {
  it('revokes every session; resends the activation only to a pending account; a login link only for an active one with a celular', async () => {
    const { usuario, email } = await createUser(t.prisma);
    const a = bearer(await login(t.app, email));
    const b = bearer(await login(t.app, email));
    const r = await post(s.admin, `${acoes(usuario.id)}/revogar-sessoes`);
    expect(r.json().message).toBe('2 sessões encerradas.');
    for (const h of [a, b]) expectError(await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: h }), 401);

    expectError(await post(s.atendimento, `${acoes(usuario.id)}/reenviar-ativacao`), 409, MEMBROS_MSG.jaAtiva);
    const pendente = await createUser(t.prisma, { ativo: false });
    const re = await post(s.atendimento, `${acoes(pendente.usuario.id)}/reenviar-ativacao`);
    expect(re.statusCode, re.body).toBe(200);
    expect(await t.prisma.emailSaida.count({ where: { para: pendente.email } })).toBe(1);
    expect(await t.prisma.tokenConta.count({ where: { usuarioId: pendente.usuario.id, tipo: 'ativacao' } })).toBe(1);
    const emails = listaPageSchema.parse((await get(s.atendimento, `${acoes(pendente.usuario.id)}/emails`)).json());
    expect(emails.itens).toEqual([expect.objectContaining({ status: expect.any(String) })]);
    expectError(await post(s.atendimento, `${acoes(pendente.usuario.id)}/link-login`, {}), 409, MEMBROS_MSG.contaInativa);
    expectError(await post(s.atendimento, `${acoes(usuario.id)}/link-login`, { validadeMinutos: 1 }), 400);
    expect(await auditActions(usuario.id)).toEqual(['membro.revogar-sessoes']);
    expect(await auditActions(pendente.usuario.id)).toEqual(['membro.reenviar-ativacao']);
  });

  it('corrects profile fields with the member-side rules; a CPF already taken is 409; the audit keeps the diff', async () => {
    const { usuario } = await createUser(t.prisma);
    const outro = await createUser(t.prisma);
    const patch = (payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `${acoes(usuario.id)}/perfil`, headers: s.atendimento.headers, payload });
    expectError(await patch({ cpf: '111.111.111-11' }), 400, MSG.cpfInvalido);
    expectError(await patch({ celular: '123' }), 400, MSG.celularInvalido);
    expectError(await patch({}), 400, 'Informe ao menos um campo para corrigir.');
    expectError(await patch({ cpf: outro.usuario.cpf }), 409, MSG.cpfJaCadastrado);
    expectError(await patch({ nome: usuario.nome }), 400);
    const novoCpf = randomCpf();
    const fmt = `${novoCpf.slice(0, 3)}.${novoCpf.slice(3, 6)}.${novoCpf.slice(6, 9)}-${novoCpf.slice(9)}`;
    const ok = await patch({ nome: 'Joana Corrigida', cpf: fmt, celular: '(11) 91234-5678' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await t.prisma.usuario.findUniqueOrThrow({ where: { id: usuario.id } })).toMatchObject({ nome: 'Joana Corrigida', cpf: novoCpf, celular: '11912345678' });
    const [audit] = await t.prisma.auditEntry.findMany({ where: { entity: 'membro', entityId: usuario.id } });
    expect(audit).toMatchObject({ action: 'membro.corrigir-perfil', actorId: s.atendimento.id, before: { nome: 'Joana Membro', cpf: usuario.cpf, celular: usuario.celular }, after: { nome: 'Joana Corrigida', cpf: novoCpf, celular: '11912345678' } });
  });

  it('exports the LGPD document (audited) and anonymises on request (audited, nothing personal in the trail); then nothing more can be done', async () => {
    const { usuario, email } = await createUser(t.prisma);
    const exp = await get(s.atendimento, `${acoes(usuario.id)}/exportar`);
    expect(exp.statusCode, exp.body).toBe(200);
    expect(exp.headers['content-disposition']).toContain('attachment');
    expect(exp.json()).toMatchObject({ titular: { id: usuario.id, email } });
    expectError(await post(s.atendimento, `${acoes(usuario.id)}/anonimizar`, {}), 400, MEMBROS_MSG.referenciaObrigatoria);
    const an = await post(s.admin, `${acoes(usuario.id)}/anonimizar`, { referencia: 'Pedido 2026-0042' });
    expect(an.statusCode, an.body).toBe(200);
    expect(membroDetalheSchema.parse((await get(s.admin, acoes(usuario.id))).json())).toMatchObject({ estado: 'anonimizado', cpf: null, nome: 'Conta excluída' });
    expectError(await post(s.admin, `${acoes(usuario.id)}/anonimizar`, { referencia: 'de novo' }), 409, MEMBROS_MSG.contaExcluida);
    expectError(await post(s.admin, `${acoes(usuario.id)}/bloquear`, { motivo: 'Motivo bom' }), 409, MEMBROS_MSG.contaExcluida);
    expectError(await post(s.admin, `${acoes(usuario.id)}/ajustes`, { valor: 1, motivo: 'Motivo bom', referencia: 'R' }), 409, MEMBROS_MSG.contaExcluida);
    const audit = await t.prisma.auditEntry.findMany({ where: { entity: 'membro', entityId: usuario.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['membro.exportar', 'membro.anonimizar']);
    expect(JSON.stringify(audit)).not.toContain(email);
  });
});
