import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralCodeSchema, referralSummarySchema, REFERRAL_MSG, POINTS, signedInUserSchema } from '@legiao/contracts';
import { confirmReferrals } from '../src/features/indicacao/indicacao.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { randomCpf } from './support/cpf.js';
import { expectError, signupPayload, uniqueEmail, type SignupBody } from './support/factories.js';
import { extractLink, waitForMail } from './support/mailbox.js';
import { createVerifiedPurchase, createProduct } from './produto-fixtures.js';
import { createEconomyMember, balanceOf } from './beneficio-fixtures.js';

let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await buildTestApp();
  productId = (await createProduct(t.prisma)).id;
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const summary = async (headers: Headers) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/indicacao', headers });
  expect(res.statusCode, res.body).toBe(200);
  return referralSummarySchema.parse(res.json());
};

/** Signs up through POST /api/usuario and returns the new (inactive) member and the activation `q`. */
async function register(overrides: Partial<SignupBody>) {
  const payload = signupPayload(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/api/usuario', payload });
  expect(res.statusCode, res.body).toBe(201);
  const user = await t.prisma.usuario.findUniqueOrThrow({ where: { email: payload.email.toLowerCase() } });
  const activate = async () => {
    const q = extractLink(await waitForMail(user.email, { subject: 'Ative sua conta' }), '/ativar-conta').searchParams.get('q')!;
    const r = await t.app.inject({ method: 'POST', url: '/api/usuario/ativar-conta', payload: { hash: q } });
    expect(r.statusCode, r.body).toBe(200);
  };
  return { payload, usuario: user, activate: activate };
}

const buy = (userId: string) => createVerifiedPurchase(t.prisma, { usuarioId: userId, produtoId: productId, quantidade: 1 });
const referralCredits = (userId: string) => t.prisma.lancamento.findMany({ where: { usuarioId: userId, motivo: 'indicacao' } });

describe('GET /api/indicacao/codigo', () => {
  it('answers the link with the member hash in ?r=', async () => {
    const m = await createEconomyMember(t.app, t.prisma);
    const res = await t.app.inject({ method: 'GET', url: '/api/indicacao/codigo', headers: m.headers });
    expect(res.statusCode).toBe(200);
    expect(referralCodeSchema.parse(res.json())).toEqual({ url: `http://legiao.test/?r=${m.usuario.hash}`, codigo: m.usuario.hash });
  });

  it('refuses staff (403) and anonymous callers (401)', async () => {
    const staff = await createEconomyMember(t.app, t.prisma, { tipo: 'colaborador' });
    expectError(await t.app.inject({ method: 'GET', url: '/api/indicacao/codigo', headers: staff.headers }), 403, REFERRAL_MSG.soMembros);
    expectError(await t.app.inject({ method: 'GET', url: '/api/indicacao', headers: staff.headers }), 403, REFERRAL_MSG.soMembros);
    expectError(await t.app.inject({ method: 'GET', url: '/api/indicacao/codigo' }), 401);
  });
});

describe('a referral, from sign-up to credit', () => {
  it('is pending after the sign-up and confirmed once the friend is active AND has a verified purchase', async () => {
    const referrer = await createEconomyMember(t.app, t.prisma);
    const friend = await register({ hashIndicacao: referrer.usuario.hash });
    expect(await summary(referrer.headers)).toEqual({ confirmados: 0, pendentes: 1, saldo: 0, confirmacoes: [], emailsConfirmados: [], emailsPendentes: [friend.payload.email], valorIndicacao: POINTS.indicacao });

    // A verified purchase while the account isn't active yet: still pending.
    await buy(friend.usuario.id);
    expect((await summary(referrer.headers)).pendentes).toBe(1);
    expect(await referralCredits(referrer.usuario.id)).toHaveLength(0);

    // Activation completes it, in the activation's transaction.
    await friend.activate();
    expect(await referralCredits(referrer.usuario.id)).toHaveLength(1);
    const r = await summary(referrer.headers);
    expect(r).toMatchObject({ confirmados: 1, pendentes: 0, saldo: 1, emailsConfirmados: [friend.payload.email], emailsPendentes: [] });
    expect(r.confirmacoes).toEqual([{ email: friend.payload.email, dataIndicacao: expect.any(String), dataConfirmacao: expect.any(String), valor: 1 }]);
    // The balance of the logged user is the ledger's.
    const logged = signedInUserSchema.parse((await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: referrer.headers })).json());
    expect(logged.saldo).toBe(1);

    // More purchases never pay the referral again.
    await buy(friend.usuario.id);
    expect(await referralCredits(referrer.usuario.id)).toHaveLength(1);
    expect(await balanceOf(t.prisma, referrer.usuario.id)).toBe(1);
  });

  it('the other order: activated first, confirmed by the purchase import', async () => {
    const referrer = await createEconomyMember(t.app, t.prisma);
    const friend = await register({ hashIndicacao: referrer.usuario.hash });
    await friend.activate();
    expect(await referralCredits(referrer.usuario.id)).toHaveLength(0);
    await buy(friend.usuario.id);
    const [credit] = await referralCredits(referrer.usuario.id);
    const referral = await t.prisma.indicacao.findUniqueOrThrow({ where: { indicadoId: friend.usuario.id } });
    expect(credit).toMatchObject({ valor: POINTS.indicacao, indicacaoId: referral.id });
    expect(referral).toMatchObject({ indicadorId: referrer.usuario.id, status: 'confirmada' });
    expect(referral.confirmadaEm).not.toBeNull();
  });

  it('GET /api/indicacao catches up with accounts activated some other way', async () => {
    const referrer = await createEconomyMember(t.app, t.prisma);
    const friend = await register({ hashIndicacao: referrer.usuario.hash });
    await buy(friend.usuario.id);
    // e.g. a password reset or a social login activating the account (not the activation link).
    await t.prisma.usuario.update({ where: { id: friend.usuario.id }, data: { ativo: true, ativadoEm: new Date() } });
    expect(await summary(referrer.headers)).toMatchObject({ confirmados: 1, pendentes: 0, saldo: 1 });
  });

  it('is credited once, however many confirmations race', async () => {
    const referrer = await createEconomyMember(t.app, t.prisma);
    const friend = await register({ hashIndicacao: referrer.usuario.hash });
    await t.prisma.usuario.update({ where: { id: friend.usuario.id }, data: { ativo: true } });
    // A verified entry straight in the database: nothing has confirmed the referral yet.
    await t.prisma.produtoCliente.create({ data: { usuarioId: friend.usuario.id, produtoId: productId, dataCompra: new Date('2025-05-10'), localCompra: 'Site oficial', produtoValidado: true } });
    const confirmed = await Promise.all([
      ...Array.from({ length: 10 }, () => confirmReferrals(t.prisma, { indicadoId: friend.usuario.id })),
      ...Array.from({ length: 10 }, () => confirmReferrals(t.prisma, { indicadorId: referrer.usuario.id })),
    ]);
    expect(confirmed.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await referralCredits(referrer.usuario.id)).toHaveLength(1);
    // The database refuses a second credit for the same referral even if the code were wrong.
    const referral = await t.prisma.indicacao.findUniqueOrThrow({ where: { indicadoId: friend.usuario.id } });
    await expect(t.prisma.lancamento.create({ data: { usuarioId: referrer.usuario.id, motivo: 'indicacao', valor: 1, indicacaoId: referral.id } })).rejects.toThrow();
  });
});

describe('fraud rules', () => {
  it('an unknown or malformed hash signs up normally, without a referral', async () => {
    for (const referralHash of ['00000000-0000-4000-8000-000000000000', 'nao-e-um-hash', "'; DROP TABLE indicacao; --"]) {
      const friend = await register({ hashIndicacao: referralHash });
      expect(await t.prisma.indicacao.count({ where: { indicadoId: friend.usuario.id } })).toBe(0);
    }
  });

  it('staff do not refer', async () => {
    const staff = await createEconomyMember(t.app, t.prisma, { tipo: 'colaborador' });
    const friend = await register({ hashIndicacao: staff.usuario.hash });
    expect(await t.prisma.indicacao.count({ where: { indicadoId: friend.usuario.id } })).toBe(0);
  });

  it('no self-referral: a second account with the referrer\'s own mobile number is not a referral', async () => {
    const referrer = await createEconomyMember(t.app, t.prisma, { celular: '11987650000' });
    const second = await register({ hashIndicacao: referrer.usuario.hash, celular: '(11) 98765-0000' });
    expect(await t.prisma.indicacao.count({ where: { indicadoId: second.usuario.id } })).toBe(0);
  });

  it('a CPF or an e-mail counts once, even after the account is deleted and created again', async () => {
    const [a, b] = await Promise.all([createEconomyMember(t.app, t.prisma), createEconomyMember(t.app, t.prisma)]);
    const email = uniqueEmail('indicado');
    const cpf = randomCpf();
    const first = await register({ hashIndicacao: a.usuario.hash, email, cpf });
    expect(await t.prisma.indicacao.count({ where: { indicadoId: first.usuario.id } })).toBe(1);
    await t.prisma.usuario.delete({ where: { id: first.usuario.id } });
    // The referral stays (without its person) and still counts for A.
    expect((await summary(a.headers)).pendentes).toBe(1);

    const sameCpf = await register({ hashIndicacao: b.usuario.hash, email: uniqueEmail('outro'), cpf });
    expect(await t.prisma.indicacao.count({ where: { indicadoId: sameCpf.usuario.id } })).toBe(0);
    const sameEmail = await register({ hashIndicacao: b.usuario.hash, email: email.toUpperCase(), cpf: randomCpf() });
    expect(await t.prisma.indicacao.count({ where: { indicadoId: sameEmail.usuario.id } })).toBe(0);
    expect((await summary(b.headers)).pendentes).toBe(0);
  });

  it('the same person signing up twice at once is referred once', async () => {
    const referrer = await createEconomyMember(t.app, t.prisma);
    const payload = signupPayload({ hashIndicacao: referrer.usuario.hash });
    const res = await Promise.all([0, 1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/usuario', payload })));
    expect(res.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect((await summary(referrer.headers)).pendentes).toBe(1);
  });
});
