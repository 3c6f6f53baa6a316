import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentsResponseSchema, myDataSchema } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login, signupPayload, TEST_PASSWORD } from './support/factories.js';
import { createEntry, createProduct } from './produto-fixtures.js';
import { startFakeSocial } from './fake-social.js';

// The member's data rights: consent history, export (GET /usuario/meus-dados), deletion (DELETE /usuario).
let fake: Awaited<ReturnType<typeof startFakeSocial>>;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeSocial();
  t = await buildTestApp({ env: fake.env });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const remove = (token: string | undefined, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'DELETE', url: '/api/usuario', headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const ua = { 'user-agent': 'Navegador de Teste/1.0' };

async function member(overrides: Parameters<typeof createUser>[1] = {}) {
  const created = await createUser(t.prisma, overrides);
  return { ...created, token: await login(t.app, created.email) };
}

async function socialMember() {
  const token = fake.issue('google');
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/social-login', payload: { provider: 'google', token } });
  expect(res.statusCode, res.body).toBe(200);
  const user = await t.prisma.usuario.findUniqueOrThrow({ where: { email: fake.identity(token)!.email } });
  return { usuario: user, session: res.json().token.token as string, providerToken: token, sub: fake.identity(token)!.sub };
}

describe('consent history', () => {
  it('records the sign-up\'s opt-ins and every later change in the profile, with when and where', async () => {
    const body = signupPayload({ optin: true, optinSms: true });
    expect((await t.app.inject({ method: 'POST', url: '/api/usuario', payload: body, headers: ua })).statusCode).toBe(201);
    const user = await t.prisma.usuario.update({ where: { email: body.email }, data: { ativo: true, ativadoEm: new Date() } });
    const token = await login(t.app, user.email);

    const put = await t.app.inject({ method: 'PUT', url: '/api/usuario', headers: { ...bearer(token), ...ua }, payload: { nome: user.nome, celular: user.celular, optIn: false, optInSms: true } });
    expect(put.statusCode, put.body).toBe(200);
    // Saving the profile again without changes adds nothing.
    await t.app.inject({ method: 'PUT', url: '/api/usuario', headers: bearer(token), payload: { nome: user.nome, celular: user.celular, optIn: false, optInSms: true } });

    const res = await get('/api/usuario/consentimentos', token);
    expect(res.statusCode).toBe(200);
    const history = consentsResponseSchema.parse(res.json());
    expect(history.map(({ canal: channel, concedido: granted, origem: origin }) => ({ canal: channel, concedido: granted, origem: origin }))).toEqual([
      { canal: 'email', concedido: false, origem: 'perfil' },
      { canal: 'email', concedido: true, origem: 'cadastro' },
      { canal: 'sms', concedido: true, origem: 'cadastro' },
      { canal: 'whatsapp', concedido: true, origem: 'cadastro' },
    ]);
    expect(history.every((h) => h.ip === '127.0.0.1')).toBe(true);
    expect(new Date(history[0]!.data).getTime()).toBeGreaterThanOrEqual(new Date(history[1]!.data).getTime());
    const rows = await t.prisma.consentimento.findMany({ where: { usuarioId: user.id } });
    expect(rows.every((r) => r.userAgent === 'Navegador de Teste/1.0')).toBe(true);
  });

  it('shows each member only their own history, and needs a session', async () => {
    const a = await member({ optInEmail: true });
    expect(consentsResponseSchema.parse((await get('/api/usuario/consentimentos', a.token)).json())).toEqual([]);
    expectError(await get('/api/usuario/consentimentos'), 401);
  });
});

describe('GET /api/usuario/meus-dados', () => {
  it('answers every part of the member as a JSON attachment, and nothing of anyone else', async () => {
    const a = await member();
    const b = await member();
    const product = await createProduct(t.prisma);
    await createEntry(t.prisma, a.usuario.id, product.id, { localCompra: 'Amazon' });
    await createEntry(t.prisma, b.usuario.id, product.id, { localCompra: 'Magalu' });
    await t.prisma.lancamento.create({ data: { usuarioId: a.usuario.id, motivo: 'enriquecimento_perfil', valor: 1 } });
    await t.app.inject({ method: 'PUT', url: '/api/usuario', headers: bearer(a.token), payload: { nome: a.usuario.nome, celular: a.usuario.celular, optIn: true } });

    const res = await get('/api/usuario/meus-dados', a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="meus-dados-legiao-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = myDataSchema.parse(res.json());
    expect(Object.keys(data)).toEqual([
      'formato', 'geradoEm', 'titular', 'consentimentos', 'produtos', 'extrato', 'resgates', 'indicacoes', 'cuponsFriendsFamily',
      'contasSociais', 'sessoes', 'linksEnviados', 'alteracoesEmail', 'emails', 'lancamentos', 'avisosLancamento', 'integracoes',
    ]);
    expect(data.titular).toMatchObject({ id: a.usuario.id, email: a.email, cpf: a.usuario.cpf, nome: a.usuario.nome, temSenha: true });
    expect(data.consentimentos).toEqual([expect.objectContaining({ canal: 'email', concedido: true, origem: 'perfil' })]);
    expect(data.produtos).toEqual([expect.objectContaining({ localCompra: 'Amazon', produto: expect.objectContaining({ nome: product.nome }), numerosLegionario: [] })]);
    expect(data.sessoes).toEqual([expect.objectContaining({ ip: '127.0.0.1', revogadaEm: null })]);
    expect(data.extrato).toEqual([expect.objectContaining({ motivo: 'enriquecimento_perfil', valor: 1 })]);
    expect(data.indicacoes).toEqual({ feitas: [], recebida: null });
    // No credential and nothing of b.
    expect(res.body).not.toContain('senhaHash');
    expect(res.body).not.toContain('secretHash');
    expect(res.body).not.toContain(b.email);
    expect(res.body).not.toContain(b.usuario.cpf!);
    expect(res.body).not.toContain('Magalu');
  });

  it('needs a session', async () => {
    expectError(await get('/api/usuario/meus-dados'), 401);
  });
});

describe('DELETE /api/usuario', () => {
  it('confirms with the password, anonymises the account, keeps its records and frees the e-mail and CPF', async () => {
    const body = signupPayload({ optin: true });
    expect((await t.app.inject({ method: 'POST', url: '/api/usuario', payload: body })).statusCode).toBe(201);
    const user = await t.prisma.usuario.update({ where: { email: body.email }, data: { ativo: true, ativadoEm: new Date() } });
    const token = await login(t.app, body.email);
    const other = await login(t.app, body.email);
    const product = await createProduct(t.prisma);
    const entry = await createEntry(t.prisma, user.id, product.id);
    // The ledger is append-only (a trigger refuses UPDATE and DELETE): deletion must leave it alone.
    const credit = await t.prisma.lancamento.create({ data: { usuarioId: user.id, motivo: 'enriquecimento_perfil', valor: 1 } });

    expectError(await remove(token), 400, 'Informe sua senha para confirmar.');
    expectError(await remove(token, { senha: 'Errada@123' }), 400, 'Senha incorreta.');
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).excluidoEm).toBeNull();

    const res = await remove(token, { senha: body.senha });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Sua conta foi excluída.' });

    const row = await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({
      nome: 'Conta excluída',
      email: `excluido+${user.id}@anonimo.invalid`,
      senhaHash: null,
      cpf: null,
      celular: null,
      cep: null,
      endereco: null,
      cidade: null,
      uf: null,
      dataNascimento: null,
      genero: null,
      optInEmail: false,
      optInSms: false,
      optInWhatsapp: false,
      ativo: false,
      hashIndicacao: null,
    });
    expect(row.excluidoEm).toBeInstanceOf(Date);
    expect(row.hash).not.toBe(user.hash);
    // Every session ends, links and the mails sent to the person go.
    for (const s of [token, other]) expectError(await get('/api/usuario/logged', s), 401);
    expect(await t.prisma.sessao.count({ where: { usuarioId: user.id } })).toBe(0);
    expect(await t.prisma.tokenConta.count({ where: { usuarioId: user.id } })).toBe(0);
    expect(await t.prisma.emailSaida.count({ where: { para: body.email } })).toBe(0);
    // The records stay, pointing at nobody identifiable.
    expect(await t.prisma.produtoCliente.findUnique({ where: { id: entry.id } })).toMatchObject({ usuarioId: user.id });
    expect(await t.prisma.lancamento.findUnique({ where: { id: credit.id } })).toEqual(credit);
    const consents = await t.prisma.consentimento.findMany({ where: { usuarioId: user.id }, orderBy: { criadoEm: 'asc' } });
    expect(consents.map((c) => [c.canal, c.concedido, c.origem])).toEqual([['email', true, 'cadastro'], ['email', false, 'exclusao']]);
    expect(consents.every((c) => c.ip === null && c.userAgent === null)).toBe(true);
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, senha: body.senha } }), 401);

    // The same e-mail and CPF can register again.
    const again = await t.app.inject({ method: 'POST', url: '/api/usuario', payload: signupPayload({ email: body.email, cpf: body.cpf }) });
    expect(again.statusCode, again.body).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: `/api/usuario/valid-cpf?cpf=${body.cpf}` })).body).toBe('CPF existe');
  });

  it('deletes only the caller: another member is untouched', async () => {
    const a = await member();
    const b = await member();
    expect((await remove(a.token, { senha: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await t.prisma.usuario.findUniqueOrThrow({ where: { id: b.usuario.id } })).toEqual(b.usuario);
    expect((await get('/api/usuario/logged', b.token)).statusCode).toBe(200);
  });

  it('a social account confirms with a login of the last 15 minutes; its provider id may sign up again', async () => {
    const s = await socialMember();
    await t.prisma.sessao.updateMany({ where: { usuarioId: s.usuario.id }, data: { criadaEm: new Date(Date.now() - 16 * 60_000) } });
    const old = expectError(await remove(s.session), 403, 'Por segurança, entre de novo com Google ou Facebook e peça a exclusão em até 15 minutos.');
    expect(old.errors[0]!.code).toBe('LOGIN_RECENTE_NECESSARIO');

    const fresh = await t.app.inject({ method: 'POST', url: '/api/auth/social-login', payload: { provider: 'google', token: s.providerToken } });
    const session = fresh.json().token.token as string;
    expect((await remove(session)).statusCode).toBe(200);
    expect(await t.prisma.contaSocial.count({ where: { usuarioId: s.usuario.id } })).toBe(0);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: s.usuario.id } })).socialProvider).toBeNull();

    // The same Google account again: a brand-new member, nothing of the deleted one.
    const back = await t.app.inject({ method: 'POST', url: '/api/auth/social-login', payload: { provider: 'google', token: s.providerToken } });
    expect(back.statusCode).toBe(200);
    const newOne = await t.prisma.usuario.findUniqueOrThrow({ where: { email: s.usuario.email } });
    expect(newOne.id).not.toBe(s.usuario.id);
  });

  it('needs a session', async () => {
    expectError(await remove(undefined, { senha: TEST_PASSWORD }), 401);
  });
});
