import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENEFIT_MSG, benefitSchema, benefitsResponseSchema, couponsResponseSchema, redemptionResponseSchema, type Benefit } from '@legiao/contracts';
import { importCoupons, InvalidImport } from '../src/features/beneficio/cupons.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login } from './support/factories.js';
import { createBenefit, createEconomyMember, benefitInvariants, balanceOf } from './beneficio-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const listAll = async (headers: Headers) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/beneficio', headers });
  expect(res.statusCode, res.body).toBe(200);
  return benefitsResponseSchema.parse(res.json());
};
const fromList = async (headers: Headers, id: number): Promise<Benefit | undefined> => (await listAll(headers)).find((b) => b.id === id);
const redeem = (headers: Headers, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, payload });
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 24 * 3600_000);

describe('GET /api/beneficio', () => {
  it('answers the spec fields, the card state and why it is blocked, per member', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 2 });
    const cheap = await createBenefit(t.prisma, { valor: 1, textoLegal: 'Legal', urlBeneficio: 'https://loja.legiao.example', percentualDesconto: 10 });
    const expensive = await createBenefit(t.prisma, { valor: 5 });
    const items = await listAll(m.headers);
    expect(items.find((b) => b.id === cheap.id)).toEqual({
      id: cheap.id,
      nome: cheap.nome,
      tipo: 'baseGeral',
      descricao: null,
      urlImagem: '/beneficios/cupom-10.svg',
      valor: 1,
      evento: false,
      dataEvento: null,
      esgotado: false,
      podeResgatar: true,
      jaResgatado: false,
      multiploResgate: false,
      limitePorMembro: 1,
      textoLegal: 'Legal',
      urlBeneficio: 'https://loja.legiao.example',
      percentualDesconto: 10,
      inicio: null,
      fim: null,
      estado: 'resgatavel',
      codigoBloqueio: null,
      motivoBloqueio: null,
      dias: [],
      resgates: [],
    });
    expect(items.find((b) => b.id === expensive.id)).toMatchObject({ podeResgatar: false, estado: 'bloqueado', codigoBloqueio: 'SALDO_INSUFICIENTE', motivoBloqueio: `${BENEFIT_MSG.saldoInsuficiente} Faltam 3 pontos.` });
  });

  it('shows each benefit only to its audience: member kind and city (without accents or case)', async () => {
    const [member, niteroi, lead, staffMember] = await Promise.all([
      createEconomyMember(t.app, t.prisma),
      createEconomyMember(t.app, t.prisma, { cidade: 'NITEROI' }),
      createEconomyMember(t.app, t.prisma, { tipo: 'lead' }),
      createEconomyMember(t.app, t.prisma, { tipo: 'colaborador' }),
    ]);
    const general = await createBenefit(t.prisma);
    const exclusive = await createBenefit(t.prisma, { cidades: ['Niterói', 'Salvador'] });
    const staff = await createBenefit(t.prisma, { publico: ['colaborador'] });
    const leads = await createBenefit(t.prisma, { publico: ['lead'], valor: 0 });
    const inactive = await createBenefit(t.prisma, { ativo: false });
    const closed = await createBenefit(t.prisma, { inicio: day(-10), fim: day(-1) });
    const ids = async (h: Headers) => (await listAll(h)).map((b) => b.id).filter((id) => [general.id, exclusive.id, staff.id, leads.id, inactive.id, closed.id].includes(id)).sort();
    expect(await ids(member.headers)).toEqual([general.id]);
    expect(await ids(niteroi.headers)).toEqual([general.id, exclusive.id].sort());
    expect(await ids(lead.headers)).toEqual([leads.id]);
    expect(await ids(staffMember.headers)).toEqual([staff.id]);
    // Not visible = not found, also by id: ids can't be probed.
    expectError(await t.app.inject({ method: 'GET', url: `/api/beneficio/${staff.id}`, headers: member.headers }), 404, BENEFIT_MSG.naoEncontrado);
    expectError(await t.app.inject({ method: 'GET', url: `/api/beneficio/${closed.id}`, headers: member.headers }), 404, BENEFIT_MSG.naoEncontrado);
    expectError(await redeem(member.headers, { idBeneficio: staff.id }), 404, BENEFIT_MSG.naoEncontrado);
    const one = await t.app.inject({ method: 'GET', url: `/api/beneficio/${general.id}`, headers: member.headers });
    expect(benefitSchema.parse(one.json())).toMatchObject({ id: general.id, estado: 'bloqueado', codigoBloqueio: 'SALDO_INSUFICIENTE' });
  });

  it('locks everything until the profile is complete and defined (spec 000 section 6)', async () => {
    const withoutProfile = await createEconomyMember(t.app, t.prisma, { perfil: null, saldo: 5 });
    const incomplete = await createEconomyMember(t.app, t.prisma, { saldo: 5 });
    await t.prisma.usuario.update({ where: { id: incomplete.usuario.id }, data: { numero: null } });
    const b = await createBenefit(t.prisma, { valor: 0 });
    expect(await fromList(withoutProfile.headers, b.id)).toMatchObject({ podeResgatar: false, estado: 'bloqueado', codigoBloqueio: 'PERFIL_NAO_DEFINIDO', motivoBloqueio: BENEFIT_MSG.perfilNaoDefinido });
    expect(await fromList(incomplete.headers, b.id)).toMatchObject({ podeResgatar: false, codigoBloqueio: 'PERFIL_INCOMPLETO', motivoBloqueio: BENEFIT_MSG.perfilIncompleto });
    expectError(await redeem(withoutProfile.headers, { idBeneficio: b.id }), 403, BENEFIT_MSG.perfilNaoDefinido);
    expectError(await redeem(incomplete.headers, { idBeneficio: b.id }), 403, BENEFIT_MSG.perfilIncompleto);
    expect(await t.prisma.resgate.count({ where: { beneficioId: b.id } })).toBe(0);
  });

  it('shows a benefit that opens later as blocked, with its start for the countdown', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 5 });
    const start = day(3);
    const b = await createBenefit(t.prisma, { tipo: 'MeninasMalvadas2025', evento: true, inicio: start });
    expect(await fromList(m.headers, b.id)).toMatchObject({ estado: 'bloqueado', codigoBloqueio: 'EM_BREVE', inicio: start.toISOString(), evento: true });
    expectError(await redeem(m.headers, { idBeneficio: b.id }), 409, BENEFIT_MSG.emBreve);
  });

  it('reports sold out for an empty pool or a zero counter', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 5 });
    const pool = await createBenefit(t.prisma, { pool: 0 });
    const counter = await createBenefit(t.prisma, { estoque: 0 });
    for (const b of [pool, counter]) {
      expect(await fromList(m.headers, b.id)).toMatchObject({ esgotado: true, podeResgatar: false, estado: 'esgotado', codigoBloqueio: 'ESGOTADO' });
      expectError(await redeem(m.headers, { idBeneficio: b.id }), 409, BENEFIT_MSG.esgotado);
    }
  });
});

describe('POST /api/beneficio/resgate', () => {
  it('debits the balance and hands out one code of the pool, in one go; the card becomes redeemed', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 3 });
    const b = await createBenefit(t.prisma, { valor: 2, pool: 5 });
    const res = await redeem(m.headers, { idBeneficio: b.id, aceiteTermos: true });
    expect(res.statusCode, res.body).toBe(201);
    const coupon = redemptionResponseSchema.parse(res.json());
    expect(coupon).toMatchObject({ idBeneficio: b.id, usoCupom: false, dataUsoCupom: null, saldo: 1, nomeBeneficio: b.nome, opcao: null });
    expect(coupon.cupom).toMatch(/^T-/);
    expect(await balanceOf(t.prisma, m.usuario.id)).toBe(1);

    const { taken: taken, resgates: redemptions, debitos: debits } = await benefitInvariants(t.prisma, b.id);
    expect(taken.map((c) => c.codigo)).toEqual([coupon.cupom]);
    expect(redemptions).toEqual([{ id: coupon.numeroCupom, cupomId: taken[0]!.id, valor: 2, usuarioId: m.usuario.id }]);
    expect(debits).toEqual([{ resgateId: coupon.numeroCupom, valor: -2, usuarioId: m.usuario.id }]);
    // The code's taken mark and the redemption carry the same moment.
    const row = await t.prisma.cupom.findUniqueOrThrow({ where: { codigo: coupon.cupom }, include: { resgate: true } });
    expect(row.resgatadoEm).toEqual(row.resgate!.criadoEm);

    const card = await fromList(m.headers, b.id);
    expect(card).toMatchObject({ jaResgatado: true, podeResgatar: false, estado: 'resgatado', codigoBloqueio: 'JA_RESGATADO', motivoBloqueio: BENEFIT_MSG.jaResgatado });
    expect(card!.resgates).toEqual([{ dataResgate: coupon.dataResgate, usoCupom: false, dataUsoCupom: null, cupom: coupon.cupom, numeroCupom: coupon.numeroCupom, opcao: null }]);
    expectError(await redeem(m.headers, { idBeneficio: b.id }), 409, BENEFIT_MSG.jaResgatado);

    const coupons = couponsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/beneficio/cupom', headers: m.headers })).json());
    expect(coupons).toEqual([{ idBeneficio: b.id, cupom: coupon.cupom, usoCupom: false, dataUsoCupom: null, numeroCupom: coupon.numeroCupom, dataResgate: coupon.dataResgate, nomeBeneficio: b.nome, evento: false, urlBeneficio: null, opcao: null }]);
  });

  it('generates unique codes with the prefix and counts the stock down', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 10 });
    const b = await createBenefit(t.prisma, { valor: 1, estoque: 2, limitePorMembro: 5, prefixoCupom: 'Gen10' });
    const codes = [];
    for (let i = 0; i < 2; i++) {
      const res = await redeem(m.headers, { idBeneficio: b.id });
      expect(res.statusCode, res.body).toBe(201);
      codes.push(redemptionResponseSchema.parse(res.json()).cupom);
    }
    expect(new Set(codes).size).toBe(2);
    for (const c of codes) expect(c).toMatch(/^GEN10-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect((await t.prisma.beneficio.findUniqueOrThrow({ where: { id: b.id } })).estoque).toBe(0);
    expectError(await redeem(m.headers, { idBeneficio: b.id }), 409, BENEFIT_MSG.esgotado);
    expect(await fromList(m.headers, b.id)).toMatchObject({ esgotado: true, jaResgatado: true, multiploResgate: true, estado: 'resgatado' });
    expect(await balanceOf(t.prisma, m.usuario.id)).toBe(8);
  });

  it('allows multiple redemption up to the per-member limit', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 10 });
    const b = await createBenefit(t.prisma, { valor: 1, limitePorMembro: 2 });
    expect((await redeem(m.headers, { idBeneficio: b.id })).statusCode).toBe(201);
    expect(await fromList(m.headers, b.id)).toMatchObject({ jaResgatado: true, podeResgatar: true, multiploResgate: true, estado: 'resgatavel' });
    expect((await redeem(m.headers, { idBeneficio: b.id })).statusCode).toBe(201);
    expectError(await redeem(m.headers, { idBeneficio: b.id }), 409, BENEFIT_MSG.limiteResgates);
    const card = await fromList(m.headers, b.id);
    expect(card).toMatchObject({ estado: 'resgatado', codigoBloqueio: 'LIMITE_RESGATES' });
    expect(card!.resgates).toHaveLength(2);
    expect(card!.resgates[0]!.numeroCupom).toBeGreaterThan(card!.resgates[1]!.numeroCupom); // newest first
  });

  it('refuses without balance and changes nothing; free benefits need none', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 1 });
    const expensive = await createBenefit(t.prisma, { valor: 2, pool: 3 });
    const free = await createBenefit(t.prisma, { valor: 0 });
    const res = expectError(await redeem(m.headers, { idBeneficio: expensive.id }), 409, 'Saldo insuficiente para resgatar este benefício. Faltam 1 ponto.');
    expect(res.errors[0]!.code).toBe('SALDO_INSUFICIENTE');
    expect(await t.prisma.cupom.count({ where: { beneficioId: expensive.id, resgatadoEm: { not: null } } })).toBe(0);
    const ok = await redeem(m.headers, { idBeneficio: free.id });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(redemptionResponseSchema.parse(ok.json()).saldo).toBe(1);
    // A free redemption still appears in the statement, with value 0.
    expect(await t.prisma.lancamento.findFirst({ where: { usuarioId: m.usuario.id, motivo: 'resgate_beneficio' } })).toMatchObject({ valor: 0 });
  });

  it("refuses aceiteTermos false with the spec's message, and bad bodies", async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 1 });
    const b = await createBenefit(t.prisma);
    expectError(await redeem(m.headers, { idBeneficio: b.id, aceiteTermos: false }), 400, 'Você deve concordar com os termos antes de resgatar o benefício.');
    expectError(await redeem(m.headers, {}), 400, BENEFIT_MSG.idBeneficioInvalido);
    expectError(await redeem(m.headers, { idBeneficio: 'abc' }), 400, BENEFIT_MSG.idBeneficioInvalido);
    expectError(await redeem(m.headers, { idBeneficio: 2_000_000_000 }), 404, BENEFIT_MSG.naoEncontrado);
    expectError(await redeem(m.headers, { idBeneficio: b.id }, 'curta'), 400, BENEFIT_MSG.chaveInvalida);
    expectError(await t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', payload: { idBeneficio: b.id } }), 401);
    expect(await balanceOf(t.prisma, m.usuario.id)).toBe(1);
  });

  it('events with days: a day must be chosen, each day has its own stock, a sold-out day is refused', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 10 });
    const other = await createEconomyMember(t.app, t.prisma, { saldo: 10 });
    const b = await createBenefit(t.prisma, {
      tipo: 'ParIngressoSpantaRJ',
      evento: true,
      valor: 3,
      opcoes: [
        { nome: 'Sábado, 17/01', data: '2027-01-17', estoque: 0 },
        { nome: 'Domingo, 18/01', data: '2027-01-18', estoque: 1 },
        { nome: 'Segunda, 19/01', data: '2027-01-19', estoque: 5 },
      ],
    });
    const [d17, d18] = b.opcoes;
    const card = await fromList(m.headers, b.id);
    expect(card!.dias).toEqual([
      { id: d17!.id, nome: 'Sábado, 17/01', data: '2027-01-17', esgotado: true },
      { id: d18!.id, nome: 'Domingo, 18/01', data: '2027-01-18', esgotado: false },
      { id: b.opcoes[2]!.id, nome: 'Segunda, 19/01', data: '2027-01-19', esgotado: false },
    ]);
    expect(card).toMatchObject({ esgotado: false, podeResgatar: true });
    expectError(await redeem(m.headers, { idBeneficio: b.id }), 400, BENEFIT_MSG.opcaoObrigatoria);
    expectError(await redeem(m.headers, { idBeneficio: b.id, idOpcao: 999_999_999 }), 400, BENEFIT_MSG.opcaoInvalida);
    expectError(await redeem(m.headers, { idBeneficio: b.id, idOpcao: d17!.id }), 409, BENEFIT_MSG.opcaoEsgotada);
    const ok = await redeem(m.headers, { idBeneficio: b.id, idOpcao: d18!.id });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(redemptionResponseSchema.parse(ok.json())).toMatchObject({ evento: true, opcao: { id: d18!.id, nome: 'Domingo, 18/01', data: '2027-01-18' }, saldo: 7 });
    expectError(await redeem(other.headers, { idBeneficio: b.id, idOpcao: d18!.id }), 409, BENEFIT_MSG.opcaoEsgotada);
    expect((await fromList(other.headers, b.id))!.dias.map((d) => d.esgotado)).toEqual([true, true, false]);
    // A benefit without days refuses one.
    const simple = await createBenefit(t.prisma);
    expectError(await redeem(m.headers, { idBeneficio: simple.id, idOpcao: d18!.id }), 400, BENEFIT_MSG.opcaoInvalida);
  });

  it('a day with its own pool hands out that pool\'s codes', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 2 });
    const b = await createBenefit(t.prisma, { evento: true, opcoes: [{ nome: 'Dia A', data: '2027-02-01', pool: 1 }, { nome: 'Dia B', data: '2027-02-02', pool: 0 }] });
    expect((await fromList(m.headers, b.id))!.dias.map((d) => d.esgotado)).toEqual([false, true]);
    const ok = await redeem(m.headers, { idBeneficio: b.id, idOpcao: b.opcoes[0]!.id });
    expect(ok.statusCode, ok.body).toBe(201);
    const coupon = await t.prisma.cupom.findUniqueOrThrow({ where: { codigo: redemptionResponseSchema.parse(ok.json()).cupom } });
    expect(coupon.opcaoId).toBe(b.opcoes[0]!.id);
    expect(await fromList(m.headers, b.id)).toMatchObject({ esgotado: true, estado: 'resgatado' });
  });
});

describe('Idempotency-Key', () => {
  it('a retry with the same key answers the same coupon and redeems nothing more', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 5 });
    const b = await createBenefit(t.prisma, { valor: 2, limitePorMembro: 5, pool: 5 });
    const key = randomUUID();
    const first = await redeem(m.headers, { idBeneficio: b.id }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await redeem(m.headers, { idBeneficio: b.id }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await t.prisma.resgate.count({ where: { usuarioId: m.usuario.id } })).toBe(1);
    expect(await balanceOf(t.prisma, m.usuario.id)).toBe(3);
    // Another key is another redemption.
    const newOne = await redeem(m.headers, { idBeneficio: b.id }, randomUUID());
    expect(redemptionResponseSchema.parse(newOne.json()).cupom).not.toBe(first.json().cupom);
    // The same key for another benefit is a mistake, not a redemption.
    const other = await createBenefit(t.prisma, { valor: 0 });
    expectError(await redeem(m.headers, { idBeneficio: other.id }, key), 409, BENEFIT_MSG.chaveReusada);
  });

  it('keys belong to the member: two members may use the same key', async () => {
    const [a, c] = await Promise.all([createEconomyMember(t.app, t.prisma, { saldo: 1 }), createEconomyMember(t.app, t.prisma, { saldo: 1 })]);
    const b = await createBenefit(t.prisma, { pool: 2 });
    const key = `chave-${randomUUID()}`;
    const ra = redemptionResponseSchema.parse((await redeem(a.headers, { idBeneficio: b.id }, key)).json());
    const rc = redemptionResponseSchema.parse((await redeem(c.headers, { idBeneficio: b.id }, key)).json());
    expect(ra.cupom).not.toBe(rc.cupom);
  });

  it('the replay survives a balance that is now too low (the answer is the stored redemption)', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 1 });
    const b = await createBenefit(t.prisma, { valor: 1 });
    const key = randomUUID();
    const first = await redeem(m.headers, { idBeneficio: b.id }, key);
    expect(first.statusCode).toBe(201);
    const again = await redeem(m.headers, { idBeneficio: b.id }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
  });
});

describe('coupon use and the pool (operators)', () => {
  it("marks codes used: the card turns 'utilizado' with the date; only administrators may", async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 1 });
    const b = await createBenefit(t.prisma, { valor: 0, pool: 2 });
    const coupon = redemptionResponseSchema.parse((await redeem(m.headers, { idBeneficio: b.id })).json()).cupom;
    const free = (await t.prisma.cupom.findFirstOrThrow({ where: { beneficioId: b.id, resgatadoEm: null } })).codigo;
    const mark = (headers: Headers, codes: string[]) => t.app.inject({ method: 'POST', url: '/api/beneficio/cupom/uso', headers, payload: { codigos: codes, dataUso: '2026-06-10T15:00:00.000Z' } });
    expectError(await mark(m.headers, [coupon]), 403);
    const { usuario: admin, email } = await createUser(t.prisma);
    await t.prisma.usuario.update({ where: { id: admin.id }, data: { admin: true } });
    const adminHeaders = bearer(await login(t.app, email));
    const res = await mark(adminHeaders, [coupon.toLowerCase(), free, 'NAO-EXISTE']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ marcados: 1, naoEncontrados: [free, 'NAO-EXISTE'] });
    const card = await fromList(m.headers, b.id);
    expect(card).toMatchObject({ estado: 'utilizado', resgates: [{ usoCupom: true, dataUsoCupom: '2026-06-10T15:00:00.000Z' }] });
    // Marking again keeps the first date.
    await mark(adminHeaders, [coupon]);
    expect((await t.prisma.cupom.findUniqueOrThrow({ where: { codigo: coupon } })).usadoEm?.toISOString()).toBe('2026-06-10T15:00:00.000Z');
  });

  it('imports a pool idempotently and refuses what does not fit', async () => {
    const b = await createBenefit(t.prisma, { pool: 0 });
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const codes = [`IMP-${tag}-1`, `imp-${tag}-2`, ` IMP-${tag}-3 `, 'com espaço', `IMP-${tag}-1`];
    expect(await importCoupons(t.prisma, { beneficio: b.chave }, codes)).toEqual({ importados: 3, repetidos: 0, invalidos: ['com espaço'] });
    expect(await importCoupons(t.prisma, { beneficio: b.id }, codes)).toEqual({ importados: 0, repetidos: 3, invalidos: ['com espaço'] });
    expect(await t.prisma.cupom.count({ where: { beneficioId: b.id, resgatadoEm: null } })).toBe(3);
    const generated = await createBenefit(t.prisma);
    await expect(importCoupons(t.prisma, { beneficio: generated.id }, ['ABC-1'])).rejects.toBeInstanceOf(InvalidImport);
    const event = await createBenefit(t.prisma, { opcoes: [{ nome: 'Dia', data: '2027-01-01', pool: 0 }] });
    await expect(importCoupons(t.prisma, { beneficio: event.id }, ['ABC-2'])).rejects.toThrow(/informe a opção/);
    expect((await importCoupons(t.prisma, { beneficio: event.id, opcao: event.opcoes[0]!.id }, [`IMP-${tag}-D`])).importados).toBe(1);
  });

  it('a taken code is never given again, even when the account that took it is deleted', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 2 });
    const b = await createBenefit(t.prisma, { pool: 1, valor: 1 });
    const { cupom: coupon } = redemptionResponseSchema.parse((await redeem(m.headers, { idBeneficio: b.id })).json());
    // Deleting the account cascades to its redemptions and ledger (the only DELETE the ledger accepts).
    await t.prisma.usuario.delete({ where: { id: m.usuario.id } });
    expect(await t.prisma.lancamento.count({ where: { usuarioId: m.usuario.id } })).toBe(0);
    expect((await t.prisma.cupom.findUniqueOrThrow({ where: { codigo: coupon } })).resgatadoEm).not.toBeNull();
    const other = await createEconomyMember(t.app, t.prisma, { saldo: 2 });
    expectError(await redeem(other.headers, { idBeneficio: b.id }), 409, BENEFIT_MSG.esgotado);
  });
});
