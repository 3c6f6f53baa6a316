import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { socialConfigSchema, tokenResponseSchema, signedInUserSchema } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { randomCpf } from './support/cpf.js';
import { bearer, createUser, expectError, login, TEST_PASSWORD, uniqueEmail } from './support/factories.js';
import { FAKE_FACEBOOK_APP_ID, FAKE_GOOGLE_CLIENT_ID, startFakeSocial } from './fake-social.js';
import { WaitingRoomClient, join, listenForWs } from './fila-ws-client.js';

// POST /api/auth/social-login against a local fake of Google's and Facebook's APIs (fake-social.ts).
const INVALID_TOKEN = 'Não foi possível confirmar seu login social. Tente novamente.';

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

const socialLogin = (payload: Record<string, unknown>, app: TestApp = t) => app.app.inject({ method: 'POST', url: '/api/auth/social-login', payload });
const logged = async (token: string) => signedInUserSchema.parse((await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: bearer(token) })).json());

async function loginWith(provider: 'google' | 'facebook', identity: Parameters<typeof fake.issue>[1] = {}) {
  const token = fake.issue(provider, identity);
  const res = await socialLogin({ provider, token });
  expect(res.statusCode, res.body).toBe(200);
  // The spec reads the session token at data.token.token.
  return { session: tokenResponseSchema.parse(res.json()).token.token, email: fake.identity(token)!.email!, sub: fake.identity(token)!.sub };
}

describe('GET /api/auth/social-config', () => {
  it('names the configured providers and their consent screens, never the Facebook secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/social-config' });
    expect(res.statusCode).toBe(200);
    expect(socialConfigSchema.parse(res.json())).toEqual({
      google: { clientId: FAKE_GOOGLE_CLIENT_ID, authUrl: 'https://accounts.google.com/o/oauth2/v2/auth' },
      facebook: { appId: FAKE_FACEBOOK_APP_ID, authUrl: 'https://www.facebook.com/v19.0/dialog/oauth' },
    });
    expect(res.body).not.toContain(fake.env.FACEBOOK_APP_SECRET);
  });

  it('answers null for providers without ids, and such a provider refuses logins', async () => {
    const bare = await buildTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/social-config' })).json()).toEqual({ google: null, facebook: null });
      const res = await socialLogin({ provider: 'google', token: fake.issue('google') }, bare);
      expect(expectError(res, 400, 'Este login social não está disponível no momento.').errors[0]!.code).toBe('PROVEDOR_DESATIVADO');
    } finally {
      await bare.close();
    }
  });
});

describe('POST /api/auth/social-login', () => {
  it('Google: creates an active social account without password on the first login, and finds it again by the provider id', async () => {
    const { session, email, sub } = await loginWith('google', { nome: 'Gabriela Google' });
    const user = await logged(session);
    expect(user).toMatchObject({ email, nome: 'Gabriela Google', social: true, ativo: true, cpf: null, celular: null });
    const row = await t.prisma.usuario.findUniqueOrThrow({ where: { email } });
    expect(row).toMatchObject({ senhaHash: null, social: true, socialProvider: 'google' });
    expect(row.ativadoEm).toBeInstanceOf(Date);

    // The same Google account, even after its address changed at Google: the same member.
    const again = await loginWith('google', { sub, email: uniqueEmail('mudou'), nome: 'Gabriela G.' });
    expect((await logged(again.session)).id).toBe(user.id);
    expect(await t.prisma.contaSocial.findMany({ where: { usuarioId: user.id } })).toEqual([
      expect.objectContaining({ provider: 'google', providerUserId: sub, email: again.email }),
    ]);
  });

  it('Facebook: reads graph v19.0 me (name,email,picture) with appsecret_proof, after debug_token', async () => {
    const before = fake.calls.length;
    const { session, email } = await loginWith('facebook', { nome: 'Fabio Facebook' });
    expect(await logged(session)).toMatchObject({ email, nome: 'Fabio Facebook', social: true });
    expect(fake.calls.slice(before)).toEqual(['/facebook/v19.0/debug_token', '/facebook/v19.0/me']);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { email } })).socialProvider).toBe('facebook');
  });

  it('links an existing account with the same verified e-mail and keeps its password', async () => {
    const { usuario: account, email } = await createUser(t.prisma);
    const { session } = await loginWith('google', { email: email.toUpperCase(), nome: 'Outro Nome' });
    const user = await logged(session);
    expect(user).toMatchObject({ id: account.id, nome: account.nome, social: false });
    expect(await login(t.app, email, TEST_PASSWORD)).toBeTruthy();
    expect(await t.prisma.usuario.count({ where: { email } })).toBe(1);
  });

  it('activates a never-confirmed sign-up of that e-mail and drops the password whoever typed it', async () => {
    const { usuario: account, email } = await createUser(t.prisma, { ativo: false });
    const { session } = await loginWith('facebook', { email });
    expect((await logged(session)).id).toBe(account.id);
    expect(await t.prisma.usuario.findUniqueOrThrow({ where: { id: account.id } })).toMatchObject({ ativo: true, senhaHash: null, social: true, socialProvider: 'facebook' });
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: TEST_PASSWORD } }), 401);
  });

  it('accepts the spec payload { email, provider, token, nome } when the e-mail is the verified one', async () => {
    const email = uniqueEmail('spec');
    const token = fake.issue('google', { email });
    const res = await socialLogin({ email: email.toUpperCase(), provider: 'google', token, nome: 'Ignorado' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await logged(res.json().token.token)).email).toBe(email);
  });

  it('keeps the referral value of a first login', async () => {
    const token = fake.issue('google');
    expect((await socialLogin({ provider: 'google', token, hashIndicacao: 'indica-77' })).statusCode).toBe(200);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { email: fake.identity(token)!.email } })).hashIndicacao).toBe('indica-77');
  });

  it('a social sign-up with a referral value becomes a pending referral once /novo-registro gives the CPF', async () => {
    const { usuario: referrer } = await createUser(t.prisma);
    const token = fake.issue('google');
    const res = await socialLogin({ provider: 'google', token, hashIndicacao: referrer.hash });
    expect(res.statusCode, res.body).toBe(200);
    const session = tokenResponseSchema.parse(res.json()).token.token;
    const referred = await t.prisma.usuario.findUniqueOrThrow({ where: { email: fake.identity(token)!.email } });
    expect(await t.prisma.indicacao.count({ where: { indicadoId: referred.id } })).toBe(0); // no CPF yet
    const put = await t.app.inject({ method: 'PUT', url: '/api/usuario', headers: bearer(session), payload: { nome: 'Indicada Social', cpf: randomCpf(), celular: '(11) 97777-6655', aceiteTermos: true } });
    expect(put.statusCode, put.body).toBe(200);
    const referrals = await t.prisma.indicacao.findMany({ where: { indicadoId: referred.id } });
    expect(referrals).toHaveLength(1);
    expect(referrals[0]).toMatchObject({ indicadorId: referrer.id, status: 'pendente' });
    // A later profile update creates nothing more.
    const again = await t.app.inject({ method: 'PUT', url: '/api/usuario', headers: bearer(session), payload: { nome: 'Indicada Social 2', celular: '(11) 97777-6655' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(await t.prisma.indicacao.count({ where: { indicadoId: referred.id } })).toBe(1);
  });

  it('refuses bad input with Portuguese messages', async () => {
    expectError(await socialLogin({ provider: 'twitter', token: 'x' }), 400, 'Escolha Google ou Facebook.');
    expectError(await socialLogin({ provider: 'google' }), 400, INVALID_TOKEN);
    expectError(await socialLogin({ provider: 'google', token: '   ' }), 400, INVALID_TOKEN);
    expectError(await socialLogin({ provider: 'google', token: 'x'.repeat(5000) }), 400, INVALID_TOKEN);
    expectError(await socialLogin({ provider: 'google', token: fake.issue('google'), email: 'nao-e-email' }), 400, 'Informe um e-mail válido.');
  });

  describe('forged or unusable tokens create nothing', () => {
    const cases: [string, () => Record<string, unknown>, number, string, string][] = [
      ['a token the provider never issued (Google)', () => ({ provider: 'google', token: 'ya29.forjado' }), 401, INVALID_TOKEN, 'SOCIAL_TOKEN_INVALIDO'],
      ['a token the provider never issued (Facebook)', () => ({ provider: 'facebook', token: 'EAAB.forjado' }), 401, INVALID_TOKEN, 'SOCIAL_TOKEN_INVALIDO'],
      ['a forged Google ID token (JWT)', () => ({ provider: 'google', token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.assinatura' }), 401, INVALID_TOKEN, 'SOCIAL_TOKEN_INVALIDO'],
      ['a Google token issued to another app', () => ({ provider: 'google', token: fake.issue('google', { aud: 'outro-app.apps.googleusercontent.com' }) }), 401, INVALID_TOKEN, 'SOCIAL_TOKEN_INVALIDO'],
      ['a Facebook token issued to another app', () => ({ provider: 'facebook', token: fake.issue('facebook', { aud: '999' }) }), 401, INVALID_TOKEN, 'SOCIAL_TOKEN_INVALIDO'],
      ['a Google token for the other provider', () => ({ provider: 'facebook', token: fake.issue('google') }), 401, INVALID_TOKEN, 'SOCIAL_TOKEN_INVALIDO'],
      ['an e-mail Google did not verify', () => ({ provider: 'google', token: fake.issue('google', { emailVerified: false }) }), 401, 'O provedor não confirmou o seu e-mail. Use outro meio de acesso.', 'SOCIAL_EMAIL_NAO_VERIFICADO'],
      ['a Facebook account without e-mail', () => ({ provider: 'facebook', token: fake.issue('facebook', { email: undefined }) }), 401, 'O provedor não informou um e-mail. Use outro meio de acesso.', 'SOCIAL_SEM_EMAIL'],
      ['someone else\'s e-mail next to a valid token', () => ({ provider: 'google', token: fake.issue('google'), email: uniqueEmail('vitima') }), 401, 'O e-mail informado não é o da conta do provedor.', 'SOCIAL_EMAIL_DIFERENTE'],
      ['a provider that is down', () => ({ provider: 'google', token: fake.issue('google', { down: true }) }), 503, 'O provedor de login não respondeu. Tente novamente em instantes.', 'PROVEDOR_INDISPONIVEL'],
    ];
    for (const [name, payload, status, message, code] of cases) {
      it(name, async () => {
        const body = payload();
        const usersBefore = await t.prisma.usuario.count();
        const sessionsBefore = await t.prisma.sessao.count();
        expect(expectError(await socialLogin(body), status, message).errors[0]!.code).toBe(code);
        const identity = fake.identity(String(body.token));
        if (identity?.email) expect(await t.prisma.usuario.count({ where: { email: identity.email } })).toBe(0);
        // Other test files run in parallel: only this e-mail's absence is exact; the totals can only grow.
        expect(await t.prisma.usuario.count()).toBeGreaterThanOrEqual(usersBefore);
        expect(await t.prisma.sessao.count()).toBeGreaterThanOrEqual(sessionsBefore);
      });
    }
  });

  it('a social account completes CPF and mobile with PUT /usuario and can never set a password', async () => {
    const { session, email } = await loginWith('google');
    const cpf = randomCpf();
    const put = await t.app.inject({ method: 'PUT', url: '/api/usuario', headers: bearer(session), payload: { nome: 'Pessoa Social', cpf, celular: '(11) 98888-7777', aceiteTermos: true } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ cpf, celular: '11988887777', social: true });
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/usuario/nova-senha', headers: bearer(session), payload: { senha: 'qualquer', novaSenha: 'Nova@Senha1' } });
    expectError(patch, 400, 'Contas criadas com Google ou Facebook não têm senha para alterar.');
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { email } })).senhaHash).toBeNull();
  });
});

describe('social login behind the waiting room', () => {
  let w: TestApp;
  let wsUrl: string;
  const clients: WaitingRoomClient[] = [];
  beforeAll(async () => {
    w = await buildTestApp({ env: { ...fake.env, FILA_CAPACIDADE: '1' } });
    ({ wsUrl } = await listenForWs(w.app));
  });
  afterEach(() => {
    for (const c of clients.splice(0)) {
      c.send('Logout');
      c.close();
    }
  });
  afterAll(() => w.close());

  it('needs an admission ticket while the room is on, and uses it up once', async () => {
    const a = await join(wsUrl);
    const b = await join(wsUrl);
    clients.push(a.c, b.c);
    expect(b.first.type).toBe('ReceiveQueuePosition'); // b waits: the room is on
    if (a.first.type !== 'ProceedToLogin') throw new Error('a devia entrar');

    const token = fake.issue('google');
    const withoutTicket = expectError(await socialLogin({ provider: 'google', token }, w), 403);
    expect(withoutTicket.errors[0]!.code).toBe('FILA_SEM_TICKET');
    expect(await w.prisma.usuario.count({ where: { email: fake.identity(token)!.email } })).toBe(0);

    const ok = await socialLogin({ provider: 'google', token, ticket: a.first.ticket }, w);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(expectError(await socialLogin({ provider: 'google', token, ticket: a.first.ticket }, w), 403).errors[0]!.code).toBe('FILA_TICKET_INVALIDO');
  });
});
