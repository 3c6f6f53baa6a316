import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginLinkResponseSchema, tokenResponseSchema } from '@legiao/contracts';
import { setAdmin } from '../src/features/admin/admin-grant.js';
import { digest } from '../src/lib/secrets.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login, uniqueEmail } from './support/factories.js';
import { WaitingRoomClient, join, listenForWs } from './fila-ws-client.js';

// The operators' automatic login links and the member's POST /auth/loginbywill (spec 000 sections 2, 7).
const INVALID_LINK = 'Link inválido ou expirado. Solicite um novo.';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp({ env: { LOGIN_LINK_TTL_MINUTES: '1440' } });
  const { email } = await createUser(t.prisma);
  await setAdmin(t.prisma, email, true);
  adminToken = await login(t.app, email);
});
afterAll(() => t.close());

const issue = (payload: Record<string, unknown>, token: string | null = adminToken, app: TestApp = t) =>
  app.app.inject({ method: 'POST', url: '/api/admin/login-links', headers: token ? bearer(token) : {}, payload });
const loginByWill = (payload: Record<string, unknown>, app: TestApp = t) => app.app.inject({ method: 'POST', url: '/api/auth/loginbywill', payload });

/** What the login page does with the link: hash as is, celular = atob(code). */
function fromLink(url: string) {
  const u = new URL(url);
  return { hash: u.searchParams.get('hash')!, celular: Buffer.from(u.searchParams.get('code')!, 'base64').toString('utf8'), beneficio: u.searchParams.get('beneficio') };
}

async function issueFor(who: string | Record<string, unknown>, app: TestApp = t, token = adminToken) {
  const res = await issue(typeof who === 'string' ? { email: who } : who, token, app);
  expect(res.statusCode, res.body).toBe(201);
  return loginLinkResponseSchema.parse(res.json());
}

describe('POST /api/admin/login-links', () => {
  it('issues a single-use link to /login with hash and code (the celular in base64), by e-mail or CPF', async () => {
    const { usuario: user } = await createUser(t.prisma);
    const before = Date.now();
    const byEmail = await issueFor(user.email.toUpperCase());
    const url = new URL(byEmail.url);
    expect(`${url.origin}${url.pathname}`).toBe('http://legiao.test/login');
    const { hash, celular: phone, beneficio: benefit } = fromLink(byEmail.url);
    expect(phone).toBe(user.celular);
    expect(benefit).toBeNull();
    expect(hash.length).toBeGreaterThanOrEqual(40);
    expect(new Date(byEmail.expiraEm).getTime()).toBeGreaterThanOrEqual(before + 1440 * 60_000 - 1000);
    // Only the digest is stored, as tipo login_automatico.
    expect(await t.prisma.tokenConta.findUnique({ where: { secretHash: digest(hash) } })).toMatchObject({ usuarioId: user.id, tipo: 'login_automatico', usadoEm: null });
    expect(await t.prisma.tokenConta.count({ where: { secretHash: hash } })).toBe(0);

    const byCpf = await issueFor({ cpf: user.cpf, validadeMinutos: 30, beneficio: '42' });
    expect(fromLink(byCpf.url).beneficio).toBe('42');
    expect(new Date(byCpf.expiraEm).getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
  });

  it('is for operators only: 401 without a session, 403 for members and colaboradores', async () => {
    const { usuario: user } = await createUser(t.prisma);
    expectError(await issue({ email: user.email }, null), 401);
    const member = await createUser(t.prisma);
    expectError(await issue({ email: user.email }, await login(t.app, member.email)), 403, 'Você não tem permissão para acessar este recurso.');
    const staff = await createUser(t.prisma);
    await t.prisma.usuario.update({ where: { id: staff.usuario.id }, data: { tipo: 'colaborador' } });
    expectError(await issue({ email: user.email }, await login(t.app, staff.email)), 403);
    expect(await t.prisma.tokenConta.count({ where: { usuarioId: user.id } })).toBe(0);
  });

  it('refuses bad input and accounts it cannot serve', async () => {
    const { usuario: user } = await createUser(t.prisma);
    expectError(await issue({}), 400, 'Informe o e-mail ou o CPF da conta.');
    expectError(await issue({ email: user.email, cpf: user.cpf }), 400, 'Informe o e-mail ou o CPF da conta.');
    expectError(await issue({ email: 'nao-e-email' }), 400, 'Informe um e-mail válido.');
    expectError(await issue({ cpf: '111.111.111-11' }), 400, 'CPF inválido.');
    expectError(await issue({ email: user.email, validadeMinutos: 1 }), 400, 'A validade deve ficar entre 5 minutos e 7 dias.');
    expectError(await issue({ email: user.email, validadeMinutos: 60 * 24 * 8 }), 400, 'A validade deve ficar entre 5 minutos e 7 dias.');
    expectError(await issue({ email: uniqueEmail('ninguem') }), 404, 'Conta não encontrada.');
    const pending = await createUser(t.prisma, { ativo: false });
    expectError(await issue({ email: pending.email }), 400, 'A conta ainda não foi ativada ou foi excluída.');
    const withoutPhone = await createUser(t.prisma);
    await t.prisma.usuario.update({ where: { id: withoutPhone.usuario.id }, data: { celular: null } });
    expectError(await issue({ email: withoutPhone.email }), 400, 'A conta não tem celular cadastrado: o link de acesso é vinculado ao celular.');
  });
});

describe('POST /api/auth/loginbywill', () => {
  it('opens a session for the link\'s member, once', async () => {
    const { usuario: user } = await createUser(t.prisma);
    const { hash, celular: phone } = fromLink((await issueFor(user.email)).url);
    const res = await loginByWill({ celular: phone, hash });
    expect(res.statusCode, res.body).toBe(200);
    const { token } = tokenResponseSchema.parse(res.json());
    const me = await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: bearer(token.token) });
    expect(me.json()).toMatchObject({ id: user.id });
    // Replayed: the link is used up.
    expect(expectError(await loginByWill({ celular: phone, hash }), 400, INVALID_LINK).errors[0]!.code).toBe('LINK_INVALIDO');
  });

  it('accepts the celular masked, as typed anywhere', async () => {
    const { usuario: user } = await createUser(t.prisma);
    const { hash } = fromLink((await issueFor(user.email)).url);
    expect((await loginByWill({ celular: '(21) 98765-4321', hash })).statusCode).toBe(200);
  });

  it('fails for an expired link, another celular (without using the link up), or a link of another kind', async () => {
    const { usuario: user } = await createUser(t.prisma);
    const { hash, celular: phone } = fromLink((await issueFor(user.email)).url);
    expectError(await loginByWill({ celular: '11911112222', hash }), 400, INVALID_LINK);
    expectError(await loginByWill({ celular: phone, hash: `${hash}x` }), 400, INVALID_LINK);
    expect((await t.prisma.tokenConta.findUniqueOrThrow({ where: { secretHash: digest(hash) } })).usadoEm).toBeNull();
    await t.prisma.tokenConta.update({ where: { secretHash: digest(hash) }, data: { expiraEm: new Date(Date.now() - 1000) } });
    expectError(await loginByWill({ celular: phone, hash }), 400, INVALID_LINK);

    // An activation link's secret is no login link.
    const other = await createUser(t.prisma, { ativo: false });
    await t.prisma.tokenConta.create({ data: { usuarioId: other.usuario.id, tipo: 'ativacao', secretHash: digest('segredo-de-ativacao'), expiraEm: new Date(Date.now() + 3600_000) } });
    expectError(await loginByWill({ celular: other.usuario.celular!, hash: 'segredo-de-ativacao' }), 400, INVALID_LINK);
  });

  it('only the newest link of a member works', async () => {
    const { usuario: user } = await createUser(t.prisma);
    const first = fromLink((await issueFor(user.email)).url);
    const second = fromLink((await issueFor(user.email)).url);
    expectError(await loginByWill(first), 400, INVALID_LINK);
    expect((await loginByWill(second)).statusCode).toBe(200);
  });

  it('fails once the member changed the celular or the account was deactivated', async () => {
    const a = await createUser(t.prisma);
    const linkA = fromLink((await issueFor(a.email)).url);
    await t.prisma.usuario.update({ where: { id: a.usuario.id }, data: { celular: '31999990000' } });
    expectError(await loginByWill(linkA), 400, INVALID_LINK);
    const b = await createUser(t.prisma);
    const linkB = fromLink((await issueFor(b.email)).url);
    await t.prisma.usuario.update({ where: { id: b.usuario.id }, data: { ativo: false } });
    expectError(await loginByWill(linkB), 400, INVALID_LINK);
  });

  it('refuses bad input', async () => {
    expectError(await loginByWill({ celular: '21987654321' }), 400, INVALID_LINK);
    expectError(await loginByWill({ hash: 'abc' }), 400, INVALID_LINK);
    expectError(await loginByWill({ celular: '', hash: '' }), 400, INVALID_LINK);
  });
});

describe('loginbywill behind the waiting room', () => {
  let w: TestApp;
  let wsUrl: string;
  let wAdmin: string;
  const clients: WaitingRoomClient[] = [];
  beforeAll(async () => {
    w = await buildTestApp({ env: { FILA_CAPACIDADE: '1' } });
    const { email } = await createUser(w.prisma);
    await setAdmin(w.prisma, email, true);
    wAdmin = await login(w.app, email); // before anybody queues
    ({ wsUrl } = await listenForWs(w.app));
  });
  afterEach(() => {
    for (const c of clients.splice(0)) {
      c.send('Logout');
      c.close();
    }
  });
  afterAll(() => w.close());

  it('needs an admission ticket while the room is on; a refusal leaves the link usable', async () => {
    const { usuario: user } = await createUser(w.prisma);
    const link = fromLink((await issueFor(user.email, w, wAdmin)).url);
    const a = await join(wsUrl);
    const b = await join(wsUrl);
    clients.push(a.c, b.c);
    expect(b.first.type).toBe('ReceiveQueuePosition');
    if (a.first.type !== 'ProceedToLogin') throw new Error('a devia entrar');

    expect(expectError(await loginByWill(link, w), 403).errors[0]!.code).toBe('FILA_SEM_TICKET');
    const ok = await loginByWill({ ...link, ticket: a.first.ticket }, w);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
