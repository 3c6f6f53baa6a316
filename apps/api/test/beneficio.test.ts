import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENEFICIO_MSG, beneficioSchema, beneficiosResponseSchema, cuponsResponseSchema, resgateResponseSchema, type Beneficio } from '@legiao/contracts';
import { importarCupons, ImportacaoInvalida } from '../src/features/beneficio/cupons.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login } from './support/factories.js';
import { createBeneficio, createMembroEconomia, invariantesDoBeneficio, saldoDe } from './beneficio-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const listar = async (headers: Headers) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/beneficio', headers });
  expect(res.statusCode, res.body).toBe(200);
  return beneficiosResponseSchema.parse(res.json());
};
const doList = async (headers: Headers, id: number): Promise<Beneficio | undefined> => (await listar(headers)).find((b) => b.id === id);
const resgatar = (headers: Headers, payload: Record<string, unknown>, chave?: string) =>
  t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers: { ...headers, ...(chave ? { 'idempotency-key': chave } : {}) }, payload });
const dia = (offsetDias: number) => new Date(Date.now() + offsetDias * 24 * 3600_000);

describe('GET /api/beneficio', () => {
  it('answers the spec fields, the card state and why it is blocked, per member', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 2 });
    const barato = await createBeneficio(t.prisma, { valor: 1, textoLegal: 'Legal', urlBeneficio: 'https://loja.legiao.example', percentualDesconto: 10 });
    const caro = await createBeneficio(t.prisma, { valor: 5 });
    const lista = await listar(m.headers);
    expect(lista.find((b) => b.id === barato.id)).toEqual({
      id: barato.id,
      nome: barato.nome,
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
    expect(lista.find((b) => b.id === caro.id)).toMatchObject({ podeResgatar: false, estado: 'bloqueado', codigoBloqueio: 'SALDO_INSUFICIENTE', motivoBloqueio: `${BENEFICIO_MSG.saldoInsuficiente} Faltam 3 pontos.` });
  });

  it('shows each benefit only to its audience: member kind and city (without accents or case)', async () => {
    const [membro, niteroi, lead, colaborador] = await Promise.all([
      createMembroEconomia(t.app, t.prisma),
      createMembroEconomia(t.app, t.prisma, { cidade: 'NITEROI' }),
      createMembroEconomia(t.app, t.prisma, { tipo: 'lead' }),
      createMembroEconomia(t.app, t.prisma, { tipo: 'colaborador' }),
    ]);
    const geral = await createBeneficio(t.prisma);
    const exclusivo = await createBeneficio(t.prisma, { cidades: ['Niterói', 'Salvador'] });
    const staff = await createBeneficio(t.prisma, { publico: ['colaborador'] });
    const leads = await createBeneficio(t.prisma, { publico: ['lead'], valor: 0 });
    const inativo = await createBeneficio(t.prisma, { ativo: false });
    const encerrado = await createBeneficio(t.prisma, { inicio: dia(-10), fim: dia(-1) });
    const ids = async (h: Headers) => (await listar(h)).map((b) => b.id).filter((id) => [geral.id, exclusivo.id, staff.id, leads.id, inativo.id, encerrado.id].includes(id)).sort();
    expect(await ids(membro.headers)).toEqual([geral.id]);
    expect(await ids(niteroi.headers)).toEqual([geral.id, exclusivo.id].sort());
    expect(await ids(lead.headers)).toEqual([leads.id]);
    expect(await ids(colaborador.headers)).toEqual([staff.id]);
    // Not visible = not found, also by id: ids can't be probed.
    expectError(await t.app.inject({ method: 'GET', url: `/api/beneficio/${staff.id}`, headers: membro.headers }), 404, BENEFICIO_MSG.naoEncontrado);
    expectError(await t.app.inject({ method: 'GET', url: `/api/beneficio/${encerrado.id}`, headers: membro.headers }), 404, BENEFICIO_MSG.naoEncontrado);
    expectError(await resgatar(membro.headers, { idBeneficio: staff.id }), 404, BENEFICIO_MSG.naoEncontrado);
    const one = await t.app.inject({ method: 'GET', url: `/api/beneficio/${geral.id}`, headers: membro.headers });
    expect(beneficioSchema.parse(one.json())).toMatchObject({ id: geral.id, estado: 'bloqueado', codigoBloqueio: 'SALDO_INSUFICIENTE' });
  });

  it('locks everything until the profile is complete and defined (spec 000 section 6)', async () => {
    const semPerfil = await createMembroEconomia(t.app, t.prisma, { perfil: null, saldo: 5 });
    const incompleto = await createMembroEconomia(t.app, t.prisma, { saldo: 5 });
    await t.prisma.usuario.update({ where: { id: incompleto.usuario.id }, data: { numero: null } });
    const b = await createBeneficio(t.prisma, { valor: 0 });
    expect(await doList(semPerfil.headers, b.id)).toMatchObject({ podeResgatar: false, estado: 'bloqueado', codigoBloqueio: 'PERFIL_NAO_DEFINIDO', motivoBloqueio: BENEFICIO_MSG.perfilNaoDefinido });
    expect(await doList(incompleto.headers, b.id)).toMatchObject({ podeResgatar: false, codigoBloqueio: 'PERFIL_INCOMPLETO', motivoBloqueio: BENEFICIO_MSG.perfilIncompleto });
    expectError(await resgatar(semPerfil.headers, { idBeneficio: b.id }), 403, BENEFICIO_MSG.perfilNaoDefinido);
    expectError(await resgatar(incompleto.headers, { idBeneficio: b.id }), 403, BENEFICIO_MSG.perfilIncompleto);
    expect(await t.prisma.resgate.count({ where: { beneficioId: b.id } })).toBe(0);
  });

  it('shows a benefit that opens later as blocked, with its start for the countdown', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 5 });
    const inicio = dia(3);
    const b = await createBeneficio(t.prisma, { tipo: 'MeninasMalvadas2025', evento: true, inicio });
    expect(await doList(m.headers, b.id)).toMatchObject({ estado: 'bloqueado', codigoBloqueio: 'EM_BREVE', inicio: inicio.toISOString(), evento: true });
    expectError(await resgatar(m.headers, { idBeneficio: b.id }), 409, BENEFICIO_MSG.emBreve);
  });

  it('reports sold out for an empty pool or a zero counter', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 5 });
    const pool = await createBeneficio(t.prisma, { pool: 0 });
    const contador = await createBeneficio(t.prisma, { estoque: 0 });
    for (const b of [pool, contador]) {
      expect(await doList(m.headers, b.id)).toMatchObject({ esgotado: true, podeResgatar: false, estado: 'esgotado', codigoBloqueio: 'ESGOTADO' });
      expectError(await resgatar(m.headers, { idBeneficio: b.id }), 409, BENEFICIO_MSG.esgotado);
    }
  });
});

describe('POST /api/beneficio/resgate', () => {
  it('debits the balance and hands out one code of the pool, in one go; the card becomes redeemed', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 3 });
    const b = await createBeneficio(t.prisma, { valor: 2, pool: 5 });
    const res = await resgatar(m.headers, { idBeneficio: b.id, aceiteTermos: true });
    expect(res.statusCode, res.body).toBe(201);
    const cupom = resgateResponseSchema.parse(res.json());
    expect(cupom).toMatchObject({ idBeneficio: b.id, usoCupom: false, dataUsoCupom: null, saldo: 1, nomeBeneficio: b.nome, opcao: null });
    expect(cupom.cupom).toMatch(/^T-/);
    expect(await saldoDe(t.prisma, m.usuario.id)).toBe(1);

    const { tomados, resgates, debitos } = await invariantesDoBeneficio(t.prisma, b.id);
    expect(tomados.map((c) => c.codigo)).toEqual([cupom.cupom]);
    expect(resgates).toEqual([{ id: cupom.numeroCupom, cupomId: tomados[0]!.id, valor: 2, usuarioId: m.usuario.id }]);
    expect(debitos).toEqual([{ resgateId: cupom.numeroCupom, valor: -2, usuarioId: m.usuario.id }]);
    // The code's taken mark and the redemption carry the same moment.
    const row = await t.prisma.cupom.findUniqueOrThrow({ where: { codigo: cupom.cupom }, include: { resgate: true } });
    expect(row.resgatadoEm).toEqual(row.resgate!.criadoEm);

    const card = await doList(m.headers, b.id);
    expect(card).toMatchObject({ jaResgatado: true, podeResgatar: false, estado: 'resgatado', codigoBloqueio: 'JA_RESGATADO', motivoBloqueio: BENEFICIO_MSG.jaResgatado });
    expect(card!.resgates).toEqual([{ dataResgate: cupom.dataResgate, usoCupom: false, dataUsoCupom: null, cupom: cupom.cupom, numeroCupom: cupom.numeroCupom, opcao: null }]);
    expectError(await resgatar(m.headers, { idBeneficio: b.id }), 409, BENEFICIO_MSG.jaResgatado);

    const cupons = cuponsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/beneficio/cupom', headers: m.headers })).json());
    expect(cupons).toEqual([{ idBeneficio: b.id, cupom: cupom.cupom, usoCupom: false, dataUsoCupom: null, numeroCupom: cupom.numeroCupom, dataResgate: cupom.dataResgate, nomeBeneficio: b.nome, evento: false, urlBeneficio: null, opcao: null }]);
  });

  it('generates unique codes with the prefix and counts the stock down', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 10 });
    const b = await createBeneficio(t.prisma, { valor: 1, estoque: 2, limitePorMembro: 5, prefixoCupom: 'Gen10' });
    const codigos = [];
    for (let i = 0; i < 2; i++) {
      const res = await resgatar(m.headers, { idBeneficio: b.id });
      expect(res.statusCode, res.body).toBe(201);
      codigos.push(resgateResponseSchema.parse(res.json()).cupom);
    }
    expect(new Set(codigos).size).toBe(2);
    for (const c of codigos) expect(c).toMatch(/^GEN10-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect((await t.prisma.beneficio.findUniqueOrThrow({ where: { id: b.id } })).estoque).toBe(0);
    expectError(await resgatar(m.headers, { idBeneficio: b.id }), 409, BENEFICIO_MSG.esgotado);
    expect(await doList(m.headers, b.id)).toMatchObject({ esgotado: true, jaResgatado: true, multiploResgate: true, estado: 'resgatado' });
    expect(await saldoDe(t.prisma, m.usuario.id)).toBe(8);
  });

  it('allows multiple redemption up to the per-member limit', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 10 });
    const b = await createBeneficio(t.prisma, { valor: 1, limitePorMembro: 2 });
    expect((await resgatar(m.headers, { idBeneficio: b.id })).statusCode).toBe(201);
    expect(await doList(m.headers, b.id)).toMatchObject({ jaResgatado: true, podeResgatar: true, multiploResgate: true, estado: 'resgatavel' });
    expect((await resgatar(m.headers, { idBeneficio: b.id })).statusCode).toBe(201);
    expectError(await resgatar(m.headers, { idBeneficio: b.id }), 409, BENEFICIO_MSG.limiteResgates);
    const card = await doList(m.headers, b.id);
    expect(card).toMatchObject({ estado: 'resgatado', codigoBloqueio: 'LIMITE_RESGATES' });
    expect(card!.resgates).toHaveLength(2);
    expect(card!.resgates[0]!.numeroCupom).toBeGreaterThan(card!.resgates[1]!.numeroCupom); // newest first
  });

  it('refuses without balance and changes nothing; free benefits need none', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 1 });
    const caro = await createBeneficio(t.prisma, { valor: 2, pool: 3 });
    const gratis = await createBeneficio(t.prisma, { valor: 0 });
    const res = expectError(await resgatar(m.headers, { idBeneficio: caro.id }), 409, 'Saldo insuficiente para resgatar este benefício. Faltam 1 ponto.');
    expect(res.errors[0]!.code).toBe('SALDO_INSUFICIENTE');
    expect(await t.prisma.cupom.count({ where: { beneficioId: caro.id, resgatadoEm: { not: null } } })).toBe(0);
    const ok = await resgatar(m.headers, { idBeneficio: gratis.id });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(resgateResponseSchema.parse(ok.json()).saldo).toBe(1);
    // A free redemption still appears in the statement, with value 0.
    expect(await t.prisma.lancamento.findFirst({ where: { usuarioId: m.usuario.id, motivo: 'resgate_beneficio' } })).toMatchObject({ valor: 0 });
  });

  it("refuses aceiteTermos false with the spec's message, and bad bodies", async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 1 });
    const b = await createBeneficio(t.prisma);
    expectError(await resgatar(m.headers, { idBeneficio: b.id, aceiteTermos: false }), 400, 'Você deve concordar com os termos antes de resgatar o benefício.');
    expectError(await resgatar(m.headers, {}), 400, BENEFICIO_MSG.idBeneficioInvalido);
    expectError(await resgatar(m.headers, { idBeneficio: 'abc' }), 400, BENEFICIO_MSG.idBeneficioInvalido);
    expectError(await resgatar(m.headers, { idBeneficio: 2_000_000_000 }), 404, BENEFICIO_MSG.naoEncontrado);
    expectError(await resgatar(m.headers, { idBeneficio: b.id }, 'curta'), 400, BENEFICIO_MSG.chaveInvalida);
    expectError(await t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', payload: { idBeneficio: b.id } }), 401);
    expect(await saldoDe(t.prisma, m.usuario.id)).toBe(1);
  });

  it('events with days: a day must be chosen, each day has its own stock, a sold-out day is refused', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 10 });
    const outro = await createMembroEconomia(t.app, t.prisma, { saldo: 10 });
    const b = await createBeneficio(t.prisma, {
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
    const card = await doList(m.headers, b.id);
    expect(card!.dias).toEqual([
      { id: d17!.id, nome: 'Sábado, 17/01', data: '2027-01-17', esgotado: true },
      { id: d18!.id, nome: 'Domingo, 18/01', data: '2027-01-18', esgotado: false },
      { id: b.opcoes[2]!.id, nome: 'Segunda, 19/01', data: '2027-01-19', esgotado: false },
    ]);
    expect(card).toMatchObject({ esgotado: false, podeResgatar: true });
    expectError(await resgatar(m.headers, { idBeneficio: b.id }), 400, BENEFICIO_MSG.opcaoObrigatoria);
    expectError(await resgatar(m.headers, { idBeneficio: b.id, idOpcao: 999_999_999 }), 400, BENEFICIO_MSG.opcaoInvalida);
    expectError(await resgatar(m.headers, { idBeneficio: b.id, idOpcao: d17!.id }), 409, BENEFICIO_MSG.opcaoEsgotada);
    const ok = await resgatar(m.headers, { idBeneficio: b.id, idOpcao: d18!.id });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(resgateResponseSchema.parse(ok.json())).toMatchObject({ evento: true, opcao: { id: d18!.id, nome: 'Domingo, 18/01', data: '2027-01-18' }, saldo: 7 });
    expectError(await resgatar(outro.headers, { idBeneficio: b.id, idOpcao: d18!.id }), 409, BENEFICIO_MSG.opcaoEsgotada);
    expect((await doList(outro.headers, b.id))!.dias.map((d) => d.esgotado)).toEqual([true, true, false]);
    // A benefit without days refuses one.
    const simples = await createBeneficio(t.prisma);
    expectError(await resgatar(m.headers, { idBeneficio: simples.id, idOpcao: d18!.id }), 400, BENEFICIO_MSG.opcaoInvalida);
  });

  it('a day with its own pool hands out that pool\'s codes', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 2 });
    const b = await createBeneficio(t.prisma, { evento: true, opcoes: [{ nome: 'Dia A', data: '2027-02-01', pool: 1 }, { nome: 'Dia B', data: '2027-02-02', pool: 0 }] });
    expect((await doList(m.headers, b.id))!.dias.map((d) => d.esgotado)).toEqual([false, true]);
    const ok = await resgatar(m.headers, { idBeneficio: b.id, idOpcao: b.opcoes[0]!.id });
    expect(ok.statusCode, ok.body).toBe(201);
    const cupom = await t.prisma.cupom.findUniqueOrThrow({ where: { codigo: resgateResponseSchema.parse(ok.json()).cupom } });
    expect(cupom.opcaoId).toBe(b.opcoes[0]!.id);
    expect(await doList(m.headers, b.id)).toMatchObject({ esgotado: true, estado: 'resgatado' });
  });
});

describe('Idempotency-Key', () => {
  it('a retry with the same key answers the same coupon and redeems nothing more', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 5 });
    const b = await createBeneficio(t.prisma, { valor: 2, limitePorMembro: 5, pool: 5 });
    const chave = randomUUID();
    const first = await resgatar(m.headers, { idBeneficio: b.id }, chave);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await resgatar(m.headers, { idBeneficio: b.id }, chave);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await t.prisma.resgate.count({ where: { usuarioId: m.usuario.id } })).toBe(1);
    expect(await saldoDe(t.prisma, m.usuario.id)).toBe(3);
    // Another key is another redemption.
    const novo = await resgatar(m.headers, { idBeneficio: b.id }, randomUUID());
    expect(resgateResponseSchema.parse(novo.json()).cupom).not.toBe(first.json().cupom);
    // The same key for another benefit is a mistake, not a redemption.
    const outro = await createBeneficio(t.prisma, { valor: 0 });
    expectError(await resgatar(m.headers, { idBeneficio: outro.id }, chave), 409, BENEFICIO_MSG.chaveReusada);
  });

  it('keys belong to the member: two members may use the same key', async () => {
    const [a, c] = await Promise.all([createMembroEconomia(t.app, t.prisma, { saldo: 1 }), createMembroEconomia(t.app, t.prisma, { saldo: 1 })]);
    const b = await createBeneficio(t.prisma, { pool: 2 });
    const chave = `chave-${randomUUID()}`;
    const ra = resgateResponseSchema.parse((await resgatar(a.headers, { idBeneficio: b.id }, chave)).json());
    const rc = resgateResponseSchema.parse((await resgatar(c.headers, { idBeneficio: b.id }, chave)).json());
    expect(ra.cupom).not.toBe(rc.cupom);
  });

  it('the replay survives a balance that is now too low (the answer is the stored redemption)', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 1 });
    const b = await createBeneficio(t.prisma, { valor: 1 });
    const chave = randomUUID();
    const first = await resgatar(m.headers, { idBeneficio: b.id }, chave);
    expect(first.statusCode).toBe(201);
    const again = await resgatar(m.headers, { idBeneficio: b.id }, chave);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
  });
});

describe('coupon use and the pool (operators)', () => {
  it("marks codes used: the card turns 'utilizado' with the date; only administrators may", async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 1 });
    const b = await createBeneficio(t.prisma, { valor: 0, pool: 2 });
    const cupom = resgateResponseSchema.parse((await resgatar(m.headers, { idBeneficio: b.id })).json()).cupom;
    const livre = (await t.prisma.cupom.findFirstOrThrow({ where: { beneficioId: b.id, resgatadoEm: null } })).codigo;
    const marcar = (headers: Headers, codigos: string[]) => t.app.inject({ method: 'POST', url: '/api/beneficio/cupom/uso', headers, payload: { codigos, dataUso: '2026-06-10T15:00:00.000Z' } });
    expectError(await marcar(m.headers, [cupom]), 403);
    const { usuario: admin, email } = await createUser(t.prisma);
    await t.prisma.usuario.update({ where: { id: admin.id }, data: { admin: true } });
    const adminHeaders = bearer(await login(t.app, email));
    const res = await marcar(adminHeaders, [cupom.toLowerCase(), livre, 'NAO-EXISTE']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ marcados: 1, naoEncontrados: [livre, 'NAO-EXISTE'] });
    const card = await doList(m.headers, b.id);
    expect(card).toMatchObject({ estado: 'utilizado', resgates: [{ usoCupom: true, dataUsoCupom: '2026-06-10T15:00:00.000Z' }] });
    // Marking again keeps the first date.
    await marcar(adminHeaders, [cupom]);
    expect((await t.prisma.cupom.findUniqueOrThrow({ where: { codigo: cupom } })).usadoEm?.toISOString()).toBe('2026-06-10T15:00:00.000Z');
  });

  it('imports a pool idempotently and refuses what does not fit', async () => {
    const b = await createBeneficio(t.prisma, { pool: 0 });
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const codigos = [`IMP-${tag}-1`, `imp-${tag}-2`, ` IMP-${tag}-3 `, 'com espaço', `IMP-${tag}-1`];
    expect(await importarCupons(t.prisma, { beneficio: b.chave }, codigos)).toEqual({ importados: 3, repetidos: 0, invalidos: ['com espaço'] });
    expect(await importarCupons(t.prisma, { beneficio: b.id }, codigos)).toEqual({ importados: 0, repetidos: 3, invalidos: ['com espaço'] });
    expect(await t.prisma.cupom.count({ where: { beneficioId: b.id, resgatadoEm: null } })).toBe(3);
    const gerado = await createBeneficio(t.prisma);
    await expect(importarCupons(t.prisma, { beneficio: gerado.id }, ['ABC-1'])).rejects.toBeInstanceOf(ImportacaoInvalida);
    const evento = await createBeneficio(t.prisma, { opcoes: [{ nome: 'Dia', data: '2027-01-01', pool: 0 }] });
    await expect(importarCupons(t.prisma, { beneficio: evento.id }, ['ABC-2'])).rejects.toThrow(/informe a opção/);
    expect((await importarCupons(t.prisma, { beneficio: evento.id, opcao: evento.opcoes[0]!.id }, [`IMP-${tag}-D`])).importados).toBe(1);
  });

  it('a taken code is never given again, even when the account that took it is deleted', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 2 });
    const b = await createBeneficio(t.prisma, { pool: 1, valor: 1 });
    const { cupom } = resgateResponseSchema.parse((await resgatar(m.headers, { idBeneficio: b.id })).json());
    // Deleting the account cascades to its redemptions and ledger (the only DELETE the ledger accepts).
    await t.prisma.usuario.delete({ where: { id: m.usuario.id } });
    expect(await t.prisma.lancamento.count({ where: { usuarioId: m.usuario.id } })).toBe(0);
    expect((await t.prisma.cupom.findUniqueOrThrow({ where: { codigo: cupom } })).resgatadoEm).not.toBeNull();
    const outro = await createMembroEconomia(t.app, t.prisma, { saldo: 2 });
    expectError(await resgatar(outro.headers, { idBeneficio: b.id }), 409, BENEFICIO_MSG.esgotado);
  });
});
