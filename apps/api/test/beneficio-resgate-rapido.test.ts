import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENEFIT_MSG, benefitsResponseSchema, missingPoints, redemptionResponseSchema } from '@legiao/contracts';
import { importCoupons } from '../src/features/beneficio/cupons.service.js';
import { PROFILE_REQUIRED_FIELDS } from '../src/features/usuario/usuario.service.js';
import { benefitDefinition } from '../src/features/beneficio/redemption.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { decodeJwt } from './support/jwt.js';
import { createBenefit, createEconomyMember, balanceOf } from './beneficio-fixtures.js';

// The redemption fast path (docs/decisions/0020-redemptions-fast-path.md): the SQL function
// resgatar_beneficio (one call, its own transaction) and the pools' free-code counters kept by
// triggers on cupom, read by GET /api/beneficio.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const redeem = (headers: Headers, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, payload });
const card = async (headers: Headers, id: number) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/beneficio', headers });
  expect(res.statusCode, res.body).toBe(200);
  return benefitsResponseSchema.parse(res.json()).find((b) => b.id === id);
};
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 24 * 3600_000);

/** Counter (sum of the slots) and real count of free codes, per pool ('' = the benefit's own pool). */
async function counts(benefitId: number) {
  const counter = await t.prisma.$queryRaw<{ opcao: number; n: number }[]>`
    SELECT opcao_id AS opcao, SUM(livres)::int AS n FROM cupom_estoque WHERE beneficio_id = ${benefitId} GROUP BY opcao_id HAVING SUM(livres) <> 0 ORDER BY 1`;
  const real = await t.prisma.$queryRaw<{ opcao: number; n: number }[]>`
    SELECT COALESCE(opcao_id, 0) AS opcao, count(*)::int AS n FROM cupom WHERE beneficio_id = ${benefitId} AND resgatado_em IS NULL GROUP BY 1 ORDER BY 1`;
  return { contador: counter, real };
}
async function expectRightCounter(benefitId: number) {
  const { contador: counter, real } = await counts(benefitId);
  expect(counter).toEqual(real);
  return real;
}
const written = async (benefitId: number, userId: string) => ({
  resgates: await t.prisma.resgate.count({ where: { beneficioId: benefitId } }),
  taken: await t.prisma.cupom.count({ where: { beneficioId: benefitId, resgatadoEm: { not: null } } }),
  saldo: await balanceOf(t.prisma, userId),
});

describe('the free-code counter of a pool (cupom_estoque, kept by triggers)', () => {
  it('stays equal to the real count through concurrent redemptions, concurrent imports, SQL edits and an emptied pool', async () => {
    const members = await Promise.all(Array.from({ length: 30 }, () => createEconomyMember(t.app, t.prisma, { saldo: 5 })));
    const b = await createBenefit(t.prisma, { valor: 1, limitePorMembro: 10, pool: 20 });
    expect(await expectRightCounter(b.id)).toEqual([{ opcao: 0, n: 20 }]);

    // 30 redemptions and two overlapping imports (10 new codes, 5 of them in both files) at once.
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const file = (from: number, until: number) => Array.from({ length: until - from }, (_, i) => `CNT-${tag}-${from + i}`);
    const [answers, imp1, imp2] = await Promise.all([
      Promise.all(members.map((m) => redeem(m.headers, { idBeneficio: b.id }))),
      importCoupons(t.prisma, { beneficio: b.id }, file(0, 7)),
      importCoupons(t.prisma, { beneficio: b.id }, file(2, 10)),
    ]);
    expect(imp1.importados + imp2.importados).toBe(10);
    const ok = answers.filter((r) => r.statusCode === 201).length;
    for (const r of answers.filter((x) => x.statusCode !== 201)) expectError(r, 409, BENEFIT_MSG.esgotado);
    // 30 codes existed at the end; depending on timing the imports came before or after some takes.
    expect(ok).toBeGreaterThanOrEqual(20);
    expect(ok).toBeLessThanOrEqual(30);
    expect(await expectRightCounter(b.id)).toEqual(ok === 30 ? [] : [{ opcao: 0, n: 30 - ok }]);

    // Empty it: the card says sold out from the counter, and the counter is 0, not negative.
    for (const m of members) if ((await t.prisma.cupom.count({ where: { beneficioId: b.id, resgatadoEm: null } })) > 0) await redeem(m.headers, { idBeneficio: b.id });
    expect(await expectRightCounter(b.id)).toEqual([]);
    expect(await card(members[0]!.headers, b.id)).toMatchObject({ esgotado: true, estado: 'resgatado' });
    expect(await card(members[29]!.headers, b.id)).toMatchObject({ esgotado: true });
    expectError(await redeem(members[0]!.headers, { idBeneficio: b.id }), 409, BENEFIT_MSG.esgotado);

    // Codes inserted with plain SQL (as bench/resgate-lib.mjs does), one moved, one deleted, one freed by hand.
    await t.prisma.$executeRaw`INSERT INTO cupom (id, beneficio_id, codigo) SELECT gen_random_uuid(), ${b.id}, ${`SQL-${tag}-`} || g FROM generate_series(1, 4) g`;
    expect(await expectRightCounter(b.id)).toEqual([{ opcao: 0, n: 4 }]);
    expect((await card(members[29]!.headers, b.id))!.esgotado).toBe(false);
    const other = await createBenefit(t.prisma, { pool: 0 });
    await t.prisma.$executeRaw`UPDATE cupom SET beneficio_id = ${other.id} WHERE codigo = ${`SQL-${tag}-1`}`;
    await t.prisma.$executeRaw`DELETE FROM cupom WHERE codigo = ${`SQL-${tag}-2`}`;
    expect(await expectRightCounter(b.id)).toEqual([{ opcao: 0, n: 2 }]);
    // Taken and freed again by hand (an operator's fix), one statement each.
    await t.prisma.$executeRaw`UPDATE cupom SET resgatado_em = now() WHERE codigo = ${`SQL-${tag}-3`}`;
    expect(await expectRightCounter(b.id)).toEqual([{ opcao: 0, n: 1 }]);
    await t.prisma.$executeRaw`UPDATE cupom SET resgatado_em = NULL WHERE codigo = ${`SQL-${tag}-3`}`;
    // Marking a code used (another column) changes nothing.
    await t.prisma.$executeRaw`UPDATE cupom SET usado_em = now() WHERE beneficio_id = ${b.id} AND resgatado_em IS NOT NULL`;
    expect(await expectRightCounter(other.id)).toEqual([{ opcao: 0, n: 1 }]);
  }, 60_000);

  it('counts each event day on its own: one day emptied, the other untouched', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => createEconomyMember(t.app, t.prisma, { saldo: 5 })));
    const b = await createBenefit(t.prisma, { evento: true, opcoes: [{ nome: 'Dia 1', data: '2027-01-17', pool: 8 }, { nome: 'Dia 2', data: '2027-01-18', pool: 3 }] });
    const [d1, d2] = b.opcoes;
    expect(await expectRightCounter(b.id)).toEqual([{ opcao: d1!.id, n: 8 }, { opcao: d2!.id, n: 3 }]);
    const answers = await Promise.all(members.map((m) => redeem(m.headers, { idBeneficio: b.id, idOpcao: d1!.id })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(8);
    for (const r of answers.filter((x) => x.statusCode !== 201)) expectError(r, 409, BENEFIT_MSG.opcaoEsgotada);
    expect(await expectRightCounter(b.id)).toEqual([{ opcao: d2!.id, n: 3 }]);
    const seen = await card(members[11]!.headers, b.id);
    expect(seen!.dias.map((d) => d.esgotado)).toEqual([true, false]);
    expect(seen!.esgotado).toBe(false);
  }, 60_000);

  it('a rolled-back redemption or import leaves the counter as it was', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 5 });
    const b = await createBenefit(t.prisma, { pool: 3 });
    await expect(
      t.prisma.$transaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO cupom (id, beneficio_id, codigo) VALUES (gen_random_uuid(), ${b.id}, ${`RB-${randomUUID()}`})`;
        await tx.$executeRaw`UPDATE cupom SET resgatado_em = now() WHERE id = (SELECT id FROM cupom WHERE beneficio_id = ${b.id} AND resgatado_em IS NULL ORDER BY codigo LIMIT 1)`;
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await expectRightCounter(b.id)).toEqual([{ opcao: 0, n: 3 }]);
    expect((await redeem(m.headers, { idBeneficio: b.id })).statusCode).toBe(201);
    expect(await expectRightCounter(b.id)).toEqual([{ opcao: 0, n: 2 }]);
  });
});

describe('POST /api/beneficio/resgate: refusals in the rules order, nothing written', () => {
  it('answers the first rule that says no, whatever else is also wrong', async () => {
    const withNothing = async (opts: Parameters<typeof createEconomyMember>[2] = {}) => createEconomyMember(t.app, t.prisma, { saldo: 0, ...opts });
    // Incomplete profile beats undefined profile, dates, stock, limit and balance.
    const incomplete = await withNothing({ perfil: null });
    await t.prisma.usuario.update({ where: { id: incomplete.usuario.id }, data: { cep: null } });
    const closed = await createBenefit(t.prisma, { valor: 3, estoque: 0, inicio: day(2) });
    expectError(await redeem(incomplete.headers, { idBeneficio: closed.id }), 403, BENEFIT_MSG.perfilIncompleto);
    const notSet = await withNothing({ perfil: null });
    expectError(await redeem(notSet.headers, { idBeneficio: closed.id }), 403, BENEFIT_MSG.perfilNaoDefinido);
    const m = await withNothing();
    expectError(await redeem(m.headers, { idBeneficio: closed.id }), 409, BENEFIT_MSG.emBreve);
    // Sold-out counter beats the limit and the balance.
    const counterZero = await createBenefit(t.prisma, { valor: 3, estoque: 0 });
    expectError(await redeem(m.headers, { idBeneficio: counterZero.id }), 409, BENEFIT_MSG.esgotado);
    // The limit beats the balance: one redemption of a free benefit, then the paid one with the same limit.
    const rich = await createEconomyMember(t.app, t.prisma, { saldo: 1 });
    const single = await createBenefit(t.prisma, { valor: 1, pool: 5 });
    expect((await redeem(rich.headers, { idBeneficio: single.id })).statusCode).toBe(201);
    expectError(await redeem(rich.headers, { idBeneficio: single.id }), 409, BENEFIT_MSG.jaResgatado);
    const double = await createBenefit(t.prisma, { valor: 0, limitePorMembro: 2, pool: 5 });
    for (let i = 0; i < 2; i++) expect((await redeem(rich.headers, { idBeneficio: double.id })).statusCode).toBe(201);
    expectError(await redeem(rich.headers, { idBeneficio: double.id }), 409, BENEFIT_MSG.limiteResgates);
    // A pool's stock is known only by taking a code: the balance comes first (as before).
    const empty = await createBenefit(t.prisma, { valor: 4, pool: 0 });
    expectError(await redeem(m.headers, { idBeneficio: empty.id }), 409, missingPoints(4));
    // A day must be chosen before any rule about the member.
    const event = await createBenefit(t.prisma, { valor: 9, opcoes: [{ nome: 'Dia', data: '2027-01-17', estoque: 0 }] });
    expectError(await redeem(m.headers, { idBeneficio: event.id }), 400, BENEFIT_MSG.opcaoObrigatoria);
    expectError(await redeem(m.headers, { idBeneficio: event.id, idOpcao: event.opcoes[0]!.id + 1000 }), 400, BENEFIT_MSG.opcaoInvalida);
    // Its only day sold out: the benefit is sold out (ESGOTADO), before the balance.
    expectError(await redeem(m.headers, { idBeneficio: event.id, idOpcao: event.opcoes[0]!.id }), 409, BENEFIT_MSG.esgotado);
    // Not visible: 404 (another city), also for an id that doesn't exist.
    const otherCity = await createBenefit(t.prisma, { cidades: ['Salvador'] });
    expectError(await redeem(m.headers, { idBeneficio: otherCity.id }), 404, BENEFIT_MSG.naoEncontrado);
    expectError(await redeem(m.headers, { idBeneficio: 2_000_000_000 }), 404, BENEFIT_MSG.naoEncontrado);
    for (const b of [closed, counterZero, empty, event, otherCity]) expect(await t.prisma.resgate.count({ where: { beneficioId: b.id } })).toBe(0);
    expect(await balanceOf(t.prisma, m.usuario.id)).toBe(0);
  }, 60_000);

  it('an ended benefit is 404 to who never redeemed it and ENCERRADO to who did', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 5 });
    const other = await createEconomyMember(t.app, t.prisma, { saldo: 5 });
    const b = await createBenefit(t.prisma, { valor: 1, limitePorMembro: 5, pool: 5, inicio: day(-10), fim: day(10) });
    expect((await redeem(m.headers, { idBeneficio: b.id })).statusCode).toBe(201);
    await t.prisma.beneficio.update({ where: { id: b.id }, data: { fim: day(-1) } });
    expectError(await redeem(m.headers, { idBeneficio: b.id }), 409, BENEFIT_MSG.encerrado);
    expectError(await redeem(other.headers, { idBeneficio: b.id }), 404, BENEFIT_MSG.naoEncontrado);
    expect(await written(b.id, m.usuario.id)).toEqual({ resgates: 1, taken: 1, saldo: 4 });
  });

  it('the balance is checked under the lock: the function refuses what the optimistic pass let through', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 3 });
    const b = await createBenefit(t.prisma, { valor: 2, limitePorMembro: 10, pool: 10 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => redeem(m.headers, { idBeneficio: b.id })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 201)) expectError(r, 409, missingPoints(1));
    expect(await written(b.id, m.usuario.id)).toEqual({ resgates: 1, taken: 1, saldo: 1 });
    expect(await expectRightCounter(b.id)).toEqual([{ opcao: 0, n: 9 }]);
  });
});

describe('resgatar_beneficio, called directly', () => {
  type Args = { usuario: string; sessao?: string | null; membro?: string | null; beneficio: number; opcao?: number | null; chave?: string | null; tomar?: boolean; valor?: number; limite?: number; modo?: 'lista' | 'gerado'; codigos?: string[]; prazo?: Date; versao?: string | null };
  type Line = { resultado: string; resgatados: number | null; saldo: number; estoque_beneficio: number | null; codigo: string | null; resgate_id: number | null; membro: Record<string, unknown> | null };
  const callWith = (args: Args) =>
    t.prisma.$queryRaw<Line[]>`
      SELECT resultado, resgatados, saldo, estoque_beneficio, codigo, resgate_id, membro FROM resgatar_beneficio(${args.usuario}::uuid, ${args.sessao ?? null}::uuid,
        ${args.membro ?? null}::text, ${args.beneficio}::int, ${args.opcao ?? null}::int, ${args.chave ?? null}::text, ${new Date()}::timestamp(3), ${args.tomar ?? true},
        ${args.valor ?? 1}::int, ${args.limite ?? 1}::int, ${args.modo ?? 'lista'}::"ModoCupom", ${args.codigos ?? []}::text[], ${args.prazo ?? new Date(Date.now() + 20_000)}::timestamptz,
        ${args.versao ?? null}::text)`;
  /** The member's version as the API would hold it (the row's xmin). */
  const memberVersion = async (user: string) => (await t.prisma.$queryRaw<{ v: string }[]>`SELECT xmin::text AS v FROM usuario WHERE id = ${user}::uuid`)[0]!.v;
  /** Without a session (as the seed calls it), with the member's current version. */
  const call = async (args: Args) => callWith({ ...args, membro: await memberVersion(args.usuario) });

  it('writes only when told to and when limit, balance and stock allow; returns what the rules need', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 2 });
    const b = await createBenefit(t.prisma, { valor: 2, pool: 2 });
    const u = m.usuario.id;
    expect(await call({ usuario: u, beneficio: b.id, tomar: false, valor: 2 })).toMatchObject([{ resultado: 'recusado', resgatados: 0, saldo: 2 }]);
    expect(await call({ usuario: u, beneficio: b.id, valor: 3 })).toMatchObject([{ resultado: 'recusado', saldo: 2 }]);
    expect(await written(b.id, u)).toEqual({ resgates: 0, taken: 0, saldo: 2 });
    const [done] = await call({ usuario: u, beneficio: b.id, valor: 2, chave: 'chave-direta-1' });
    expect(done).toMatchObject({ resultado: 'resgatado', resgatados: 0, saldo: 2 });
    expect(await written(b.id, u)).toEqual({ resgates: 1, taken: 1, saldo: 0 });
    // The limit (1) now refuses before anything is taken, and the replay answers the stored redemption.
    expect(await call({ usuario: u, beneficio: b.id, valor: 0 })).toMatchObject([{ resultado: 'recusado', resgatados: 1, saldo: 0 }]);
    expect(await call({ usuario: u, beneficio: b.id, valor: 0, chave: 'chave-direta-1', tomar: false })).toMatchObject([{ resultado: 'replay', codigo: done!.codigo, resgate_id: done!.resgate_id, saldo: 0 }]);
    // An empty pool: 'esgotado', nothing written.
    const empty = await createBenefit(t.prisma, { valor: 0, pool: 0 });
    expect(await call({ usuario: u, beneficio: empty.id, valor: 0 })).toMatchObject([{ resultado: 'esgotado' }]);
    // A generated-code counter at 0: refused with the counter, nothing written.
    const zero = await createBenefit(t.prisma, { valor: 0, estoque: 0 });
    expect(await call({ usuario: u, beneficio: zero.id, valor: 0, modo: 'gerado', codigos: ['ZERO-AAAA-BBBB'] })).toMatchObject([{ resultado: 'recusado', estoque_beneficio: 0 }]);
    // A generated code already taken by someone else: the next candidate is used.
    const generated = await createBenefit(t.prisma, { valor: 0, estoque: 1 });
    const existing = (await t.prisma.cupom.findFirstOrThrow({ where: { beneficioId: b.id } })).codigo;
    expect(await call({ usuario: u, beneficio: generated.id, valor: 0, modo: 'gerado', codigos: [existing, 'NOVO-AAAA-BBBB'] })).toMatchObject([{ resultado: 'resgatado', codigo: 'NOVO-AAAA-BBBB', estoque_beneficio: 1 }]);
    expect((await t.prisma.beneficio.findUniqueOrThrow({ where: { id: generated.id } })).estoque).toBe(0);
    for (const x of [empty, zero]) expect(await t.prisma.resgate.count({ where: { beneficioId: x.id } })).toBe(0);
  });

  it("answers 'definicao' without writing when the definition changed since the version the API sent", async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 2 });
    const b = await createBenefit(t.prisma, { valor: 1, pool: 2 });
    const version = async () => (await t.prisma.$queryRaw<{ v: string }[]>`SELECT beneficio_versao(${b.id}::int) AS v`)[0]!.v;
    const before = await version();
    // The live counter and the update time are not part of it; any definition column is.
    await t.prisma.$executeRaw`UPDATE beneficio SET atualizado_em = now() WHERE id = ${b.id}`;
    expect(await version()).toBe(before);
    await t.prisma.$executeRaw`UPDATE beneficio SET valor = 2 WHERE id = ${b.id}`;
    expect(await version()).not.toBe(before);
    expect(await call({ usuario: m.usuario.id, beneficio: b.id, valor: 1, versao: before })).toMatchObject([{ resultado: 'definicao' }]);
    expect(await written(b.id, m.usuario.id)).toEqual({ resgates: 0, taken: 0, saldo: 2 });
    expect(await call({ usuario: m.usuario.id, beneficio: b.id, valor: 2, versao: await version() })).toMatchObject([{ resultado: 'resgatado' }]);
    expect(await written(b.id, m.usuario.id)).toEqual({ resgates: 1, taken: 1, saldo: 0 });
  });

  it('refuses to start past its deadline (a request that waited too long for a connection) and writes nothing', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 2 });
    const b = await createBenefit(t.prisma, { valor: 1, pool: 2 });
    await expect(call({ usuario: m.usuario.id, beneficio: b.id, prazo: new Date(Date.now() - 1000) })).rejects.toThrow(/LG503|prazo esgotado/);
    expect(await written(b.id, m.usuario.id)).toEqual({ resgates: 0, taken: 0, saldo: 2 });
    expect(await expectRightCounter(b.id)).toEqual([{ opcao: 0, n: 2 }]);
  });
});

describe('the session and the member, checked by the redemption itself (one round trip)', () => {
  const memberVersion = async (user: string) => (await t.prisma.$queryRaw<{ v: string }[]>`SELECT xmin::text AS v FROM usuario WHERE id = ${user}::uuid`)[0]!.v;
  const call = (user: string, session: string | null, member: string | null, benefit: number) =>
    t.prisma.$queryRaw<{ resultado: string; codigo: string | null; membro: Record<string, unknown> | null }[]>`
      SELECT resultado, codigo, membro FROM resgatar_beneficio(${user}::uuid, ${session}::uuid, ${member}::text, ${benefit}::int, NULL::int, NULL::text,
        ${new Date()}::timestamp(3), true, 1, 1, 'lista'::"ModoCupom", '{}'::text[], ${new Date(Date.now() + 20_000)}::timestamptz, NULL::text)`;

  it("answers 'sessao' for a session that is not live and 'membro' with the member's fields for an unknown version, writing nothing", async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 2 });
    const b = await createBenefit(t.prisma, { valor: 1, pool: 2 });
    const sid = decodeJwt(m.token).sid;
    const u = m.usuario.id;
    const [member] = await call(u, sid, null, b.id);
    // Exactly the fields the rules read (MembroBeneficio), with the values Prisma reads, and the version.
    expect(member).toMatchObject({ resultado: 'membro', codigo: null });
    const user = await t.prisma.usuario.findUniqueOrThrow({ where: { id: u } });
    const fields = ['id', 'tipo', 'cidade', 'perfil', ...PROFILE_REQUIRED_FIELDS] as const;
    expect(Object.keys(member!.membro!).sort()).toEqual(['versao', ...new Set(fields)].sort());
    for (const k of fields) expect(member!.membro![k], k).toEqual(k === 'dataNascimento' ? user.dataNascimento?.toISOString().slice(0, 10) ?? null : user[k]);
    expect(member!.membro!.versao).toBe(await memberVersion(u));
    expect(await call(u, randomUUID(), await memberVersion(u), b.id)).toMatchObject([{ resultado: 'sessao' }]);
    expect(await written(b.id, u)).toEqual({ resgates: 0, taken: 0, saldo: 2 });
    expect(await call(u, sid, await memberVersion(u), b.id)).toMatchObject([{ resultado: 'resgatado' }]);
    // Any update of the row is a new version; an expired or revoked session, or an inactive member, is no session.
    await t.prisma.usuario.update({ where: { id: u }, data: { cidade: 'Niterói' } });
    expect(await call(u, sid, member!.membro!.versao as string, b.id)).toMatchObject([{ resultado: 'membro', membro: { cidade: 'Niterói' } }]);
    await t.prisma.sessao.update({ where: { id: sid }, data: { expiraEm: new Date(Date.now() - 1000) } });
    expect(await call(u, sid, await memberVersion(u), b.id)).toMatchObject([{ resultado: 'sessao' }]);
    await t.prisma.sessao.update({ where: { id: sid }, data: { expiraEm: new Date(Date.now() + 3600_000), revogadaEm: new Date() } });
    expect(await call(u, sid, await memberVersion(u), b.id)).toMatchObject([{ resultado: 'sessao' }]);
    await t.prisma.sessao.update({ where: { id: sid }, data: { revogadaEm: null } });
    await t.prisma.usuario.update({ where: { id: u }, data: { ativo: false } });
    expect(await call(u, sid, await memberVersion(u), b.id)).toMatchObject([{ resultado: 'sessao' }]);
    expect(await written(b.id, u)).toEqual({ resgates: 1, taken: 1, saldo: 1 });
  });

  it('through the API: a revoked session is 401 and nothing is written; a member changed after a redemption is read again', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 10 });
    const b = await createBenefit(t.prisma, { valor: 1, limitePorMembro: 5, pool: 5, cidades: ['São Paulo'] });
    expect((await redeem(m.headers, { idBeneficio: b.id })).statusCode).toBe(201);
    // Moved to another city (plain SQL, nothing notified): the benefit is no longer theirs.
    await t.prisma.$executeRaw`UPDATE usuario SET cidade = 'Salvador' WHERE id = ${m.usuario.id}::uuid`;
    expectError(await redeem(m.headers, { idBeneficio: b.id }), 404, BENEFIT_MSG.naoEncontrado);
    await t.prisma.$executeRaw`UPDATE usuario SET cidade = 'são paulo', cep = NULL WHERE id = ${m.usuario.id}::uuid`;
    expectError(await redeem(m.headers, { idBeneficio: b.id }), 403, BENEFIT_MSG.perfilIncompleto);
    await t.prisma.$executeRaw`UPDATE usuario SET cep = '01310100' WHERE id = ${m.usuario.id}::uuid`;
    expect((await redeem(m.headers, { idBeneficio: b.id })).statusCode).toBe(201);
    // Logged out elsewhere: the same token is refused, with or without an Idempotency-Key, and writes nothing.
    await t.prisma.sessao.update({ where: { id: decodeJwt(m.token).sid }, data: { revogadaEm: new Date() } });
    for (const key of [undefined, randomUUID()]) expect((await redeem(m.headers, { idBeneficio: b.id }, key)).statusCode).toBe(401);
    expect((await redeem(m.headers, { idBeneficio: 2_000_000_003 })).statusCode).toBe(401);
    expect(await written(b.id, m.usuario.id)).toEqual({ resgates: 2, taken: 2, saldo: 8 });
  });
});

describe('Idempotency-Key on the fast path', () => {
  it('replays the stored coupon even once the benefit is hidden or the balance gone; another benefit with the key is a conflict', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 1 });
    const b = await createBenefit(t.prisma, { valor: 1, pool: 3 });
    const key = randomUUID();
    const first = await redeem(m.headers, { idBeneficio: b.id }, key);
    expect(first.statusCode).toBe(201);
    const body = redemptionResponseSchema.parse(first.json());
    await t.prisma.beneficio.update({ where: { id: b.id }, data: { ativo: false } });
    const again = await redeem(m.headers, { idBeneficio: b.id }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(redemptionResponseSchema.parse(again.json())).toEqual(body);
    const other = await createBenefit(t.prisma, { valor: 0, pool: 3 });
    expectError(await redeem(m.headers, { idBeneficio: other.id }, key), 409, BENEFIT_MSG.chaveReusada);
    // The key names a redemption, so even an id that doesn't exist is a conflict, not a 404.
    expectError(await redeem(m.headers, { idBeneficio: 2_000_000_001 }, key), 409, BENEFIT_MSG.chaveReusada);
    expect(await written(b.id, m.usuario.id)).toEqual({ resgates: 1, taken: 1, saldo: 0 });
    expect(await expectRightCounter(b.id)).toEqual([{ opcao: 0, n: 2 }]);
  });
});

describe('definitions kept between redemptions', () => {
  it('a benefit changed after this process read it is read again before anything is written', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 10 });
    const b = await createBenefit(t.prisma, { valor: 1, limitePorMembro: 5, pool: 5 });
    expect((await redeem(m.headers, { idBeneficio: b.id })).statusCode).toBe(201);
    // Changed with plain SQL (no updatedAt, no notification): the next redemption pays the new price.
    await t.prisma.$executeRaw`UPDATE beneficio SET valor = 3 WHERE id = ${b.id}`;
    const expensive = await redeem(m.headers, { idBeneficio: b.id });
    expect(expensive.statusCode, expensive.body).toBe(201);
    expect(redemptionResponseSchema.parse(expensive.json()).saldo).toBe(6);
    expect((await t.prisma.lancamento.findMany({ where: { resgate: { beneficioId: b.id } }, orderBy: { data: 'asc' } })).map((l) => l.valor).sort()).toEqual([-1, -3]);
    // A day added: the benefit now needs one; deactivated: 404.
    await t.prisma.beneficioOpcao.create({ data: { beneficioId: b.id, nome: 'Dia', data: new Date('2027-01-17T00:00:00.000Z') } });
    expectError(await redeem(m.headers, { idBeneficio: b.id }), 400, BENEFIT_MSG.opcaoObrigatoria);
    await t.prisma.$executeRaw`UPDATE beneficio SET ativo = false WHERE id = ${b.id}`;
    expectError(await redeem(m.headers, { idBeneficio: b.id }), 404, BENEFIT_MSG.naoEncontrado);
    expect(await written(b.id, m.usuario.id)).toEqual({ resgates: 2, taken: 2, saldo: 6 });
  });
});

describe('definicaoBeneficio (one statement)', () => {
  it('reads the same definition as Prisma with its days in order', async () => {
    const b = await createBenefit(t.prisma, {
      tipo: 'ParIngressoSpantaRJ', descricao: 'D', evento: true, dataEvento: new Date('2027-01-17T19:00:00.123Z'), urlBeneficio: 'https://x.example', percentualDesconto: 15,
      inicio: day(-1), fim: day(30), publico: ['legionario', 'colaborador'], cidades: ['Niterói'], limitePorMembro: 2, experiencia: 'tardezinha', ordem: 7,
      opcoes: [{ nome: 'B', data: '2027-01-18', estoque: 3 }, { nome: 'A', data: '2027-01-17', estoque: null }],
    });
    const prisma = await t.prisma.beneficio.findUnique({ where: { id: b.id }, include: { opcoes: { orderBy: [{ ordem: 'asc' }, { id: 'asc' }] } } });
    expect(await benefitDefinition(t.prisma, b.id)).toEqual(prisma);
    const pool = await createBenefit(t.prisma, { pool: 1 });
    expect(await benefitDefinition(t.prisma, pool.id)).toEqual(await t.prisma.beneficio.findUnique({ where: { id: pool.id }, include: { opcoes: true } }));
    expect(await benefitDefinition(t.prisma, 2_000_000_002)).toBeNull();
  });
});
