import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indicacaoCodigoSchema, indicacaoResumoSchema, INDICACAO_MSG, PONTOS, usuarioLogadoSchema } from '@legiao/contracts';
import { confirmarIndicacoes } from '../src/features/indicacao/indicacao.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { randomCpf } from './support/cpf.js';
import { expectError, signupPayload, uniqueEmail, type SignupBody } from './support/factories.js';
import { extractLink, waitForMail } from './support/mailbox.js';
import { createCompraVerificada, createProduto } from './produto-fixtures.js';
import { createMembroEconomia, saldoDe } from './beneficio-fixtures.js';

let t: TestApp;
let produtoId: number;
beforeAll(async () => {
  t = await buildTestApp();
  produtoId = (await createProduto(t.prisma)).id;
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const resumo = async (headers: Headers) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/indicacao', headers });
  expect(res.statusCode, res.body).toBe(200);
  return indicacaoResumoSchema.parse(res.json());
};

/** Signs up through POST /api/usuario and returns the new (inactive) member and the activation `q`. */
async function cadastrar(overrides: Partial<SignupBody>) {
  const payload = signupPayload(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/api/usuario', payload });
  expect(res.statusCode, res.body).toBe(201);
  const usuario = await t.prisma.usuario.findUniqueOrThrow({ where: { email: payload.email.toLowerCase() } });
  const ativar = async () => {
    const q = extractLink(await waitForMail(usuario.email, { subject: 'Ative sua conta' }), '/ativar-conta').searchParams.get('q')!;
    const r = await t.app.inject({ method: 'POST', url: '/api/usuario/ativar-conta', payload: { hash: q } });
    expect(r.statusCode, r.body).toBe(200);
  };
  return { payload, usuario, ativar };
}

const comprar = (usuarioId: string) => createCompraVerificada(t.prisma, { usuarioId, produtoId, quantidade: 1 });
const creditosDeIndicacao = (usuarioId: string) => t.prisma.lancamento.findMany({ where: { usuarioId, motivo: 'indicacao' } });

describe('GET /api/indicacao/codigo', () => {
  it('answers the link with the member hash in ?r=', async () => {
    const m = await createMembroEconomia(t.app, t.prisma);
    const res = await t.app.inject({ method: 'GET', url: '/api/indicacao/codigo', headers: m.headers });
    expect(res.statusCode).toBe(200);
    expect(indicacaoCodigoSchema.parse(res.json())).toEqual({ url: `http://legiao.test/?r=${m.usuario.hash}`, codigo: m.usuario.hash });
  });

  it('refuses staff (403) and anonymous callers (401)', async () => {
    const staff = await createMembroEconomia(t.app, t.prisma, { tipo: 'colaborador' });
    expectError(await t.app.inject({ method: 'GET', url: '/api/indicacao/codigo', headers: staff.headers }), 403, INDICACAO_MSG.soMembros);
    expectError(await t.app.inject({ method: 'GET', url: '/api/indicacao', headers: staff.headers }), 403, INDICACAO_MSG.soMembros);
    expectError(await t.app.inject({ method: 'GET', url: '/api/indicacao/codigo' }), 401);
  });
});

describe('a referral, from sign-up to credit', () => {
  it('is pending after the sign-up and confirmed once the friend is active AND has a verified purchase', async () => {
    const indicador = await createMembroEconomia(t.app, t.prisma);
    const amigo = await cadastrar({ hashIndicacao: indicador.usuario.hash });
    expect(await resumo(indicador.headers)).toEqual({ confirmados: 0, pendentes: 1, saldo: 0, confirmacoes: [], emailsConfirmados: [], emailsPendentes: [amigo.payload.email], valorIndicacao: PONTOS.indicacao });

    // A verified purchase while the account isn't active yet: still pending.
    await comprar(amigo.usuario.id);
    expect((await resumo(indicador.headers)).pendentes).toBe(1);
    expect(await creditosDeIndicacao(indicador.usuario.id)).toHaveLength(0);

    // Activation completes it, in the activation's transaction.
    await amigo.ativar();
    expect(await creditosDeIndicacao(indicador.usuario.id)).toHaveLength(1);
    const r = await resumo(indicador.headers);
    expect(r).toMatchObject({ confirmados: 1, pendentes: 0, saldo: 1, emailsConfirmados: [amigo.payload.email], emailsPendentes: [] });
    expect(r.confirmacoes).toEqual([{ email: amigo.payload.email, dataIndicacao: expect.any(String), dataConfirmacao: expect.any(String), valor: 1 }]);
    // The balance of the logged user is the ledger's.
    const logged = usuarioLogadoSchema.parse((await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: indicador.headers })).json());
    expect(logged.saldo).toBe(1);

    // More purchases never pay the referral again.
    await comprar(amigo.usuario.id);
    expect(await creditosDeIndicacao(indicador.usuario.id)).toHaveLength(1);
    expect(await saldoDe(t.prisma, indicador.usuario.id)).toBe(1);
  });

  it('the other order: activated first, confirmed by the purchase import', async () => {
    const indicador = await createMembroEconomia(t.app, t.prisma);
    const amigo = await cadastrar({ hashIndicacao: indicador.usuario.hash });
    await amigo.ativar();
    expect(await creditosDeIndicacao(indicador.usuario.id)).toHaveLength(0);
    await comprar(amigo.usuario.id);
    const [credito] = await creditosDeIndicacao(indicador.usuario.id);
    const indicacao = await t.prisma.indicacao.findUniqueOrThrow({ where: { indicadoId: amigo.usuario.id } });
    expect(credito).toMatchObject({ valor: PONTOS.indicacao, indicacaoId: indicacao.id });
    expect(indicacao).toMatchObject({ indicadorId: indicador.usuario.id, status: 'confirmada' });
    expect(indicacao.confirmadaEm).not.toBeNull();
  });

  it('GET /api/indicacao catches up with accounts activated some other way', async () => {
    const indicador = await createMembroEconomia(t.app, t.prisma);
    const amigo = await cadastrar({ hashIndicacao: indicador.usuario.hash });
    await comprar(amigo.usuario.id);
    // e.g. a password reset or a social login activating the account (not the activation link).
    await t.prisma.usuario.update({ where: { id: amigo.usuario.id }, data: { ativo: true, ativadoEm: new Date() } });
    expect(await resumo(indicador.headers)).toMatchObject({ confirmados: 1, pendentes: 0, saldo: 1 });
  });

  it('is credited once, however many confirmations race', async () => {
    const indicador = await createMembroEconomia(t.app, t.prisma);
    const amigo = await cadastrar({ hashIndicacao: indicador.usuario.hash });
    await t.prisma.usuario.update({ where: { id: amigo.usuario.id }, data: { ativo: true } });
    // A verified entry straight in the database: nothing has confirmed the referral yet.
    await t.prisma.produtoCliente.create({ data: { usuarioId: amigo.usuario.id, produtoId, dataCompra: new Date('2025-05-10'), localCompra: 'Site oficial', produtoValidado: true } });
    const confirmadas = await Promise.all([
      ...Array.from({ length: 10 }, () => confirmarIndicacoes(t.prisma, { indicadoId: amigo.usuario.id })),
      ...Array.from({ length: 10 }, () => confirmarIndicacoes(t.prisma, { indicadorId: indicador.usuario.id })),
    ]);
    expect(confirmadas.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await creditosDeIndicacao(indicador.usuario.id)).toHaveLength(1);
    // The database refuses a second credit for the same referral even if the code were wrong.
    const indicacao = await t.prisma.indicacao.findUniqueOrThrow({ where: { indicadoId: amigo.usuario.id } });
    await expect(t.prisma.lancamento.create({ data: { usuarioId: indicador.usuario.id, motivo: 'indicacao', valor: 1, indicacaoId: indicacao.id } })).rejects.toThrow();
  });
});

describe('fraud rules', () => {
  it('an unknown or malformed hash signs up normally, without a referral', async () => {
    for (const hashIndicacao of ['00000000-0000-4000-8000-000000000000', 'nao-e-um-hash', "'; DROP TABLE indicacao; --"]) {
      const amigo = await cadastrar({ hashIndicacao });
      expect(await t.prisma.indicacao.count({ where: { indicadoId: amigo.usuario.id } })).toBe(0);
    }
  });

  it('staff do not refer', async () => {
    const staff = await createMembroEconomia(t.app, t.prisma, { tipo: 'colaborador' });
    const amigo = await cadastrar({ hashIndicacao: staff.usuario.hash });
    expect(await t.prisma.indicacao.count({ where: { indicadoId: amigo.usuario.id } })).toBe(0);
  });

  it('no self-referral: a second account with the referrer\'s own mobile number is not a referral', async () => {
    const indicador = await createMembroEconomia(t.app, t.prisma, { celular: '11987650000' });
    const segunda = await cadastrar({ hashIndicacao: indicador.usuario.hash, celular: '(11) 98765-0000' });
    expect(await t.prisma.indicacao.count({ where: { indicadoId: segunda.usuario.id } })).toBe(0);
  });

  it('a CPF or an e-mail counts once, even after the account is deleted and created again', async () => {
    const [a, b] = await Promise.all([createMembroEconomia(t.app, t.prisma), createMembroEconomia(t.app, t.prisma)]);
    const email = uniqueEmail('indicado');
    const cpf = randomCpf();
    const primeira = await cadastrar({ hashIndicacao: a.usuario.hash, email, cpf });
    expect(await t.prisma.indicacao.count({ where: { indicadoId: primeira.usuario.id } })).toBe(1);
    await t.prisma.usuario.delete({ where: { id: primeira.usuario.id } });
    // The referral stays (without its person) and still counts for A.
    expect((await resumo(a.headers)).pendentes).toBe(1);

    const mesmoCpf = await cadastrar({ hashIndicacao: b.usuario.hash, email: uniqueEmail('outro'), cpf });
    expect(await t.prisma.indicacao.count({ where: { indicadoId: mesmoCpf.usuario.id } })).toBe(0);
    const mesmoEmail = await cadastrar({ hashIndicacao: b.usuario.hash, email: email.toUpperCase(), cpf: randomCpf() });
    expect(await t.prisma.indicacao.count({ where: { indicadoId: mesmoEmail.usuario.id } })).toBe(0);
    expect((await resumo(b.headers)).pendentes).toBe(0);
  });

  it('the same person signing up twice at once is referred once', async () => {
    const indicador = await createMembroEconomia(t.app, t.prisma);
    const payload = signupPayload({ hashIndicacao: indicador.usuario.hash });
    const res = await Promise.all([0, 1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/usuario', payload })));
    expect(res.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect((await resumo(indicador.headers)).pendentes).toBe(1);
  });
});
