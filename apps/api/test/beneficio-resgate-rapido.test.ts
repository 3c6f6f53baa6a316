import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENEFICIO_MSG, beneficiosResponseSchema, faltamPontos, resgateResponseSchema } from '@legiao/contracts';
import { importarCupons } from '../src/features/beneficio/cupons.service.js';
import { PERFIL_CAMPOS_OBRIGATORIOS } from '../src/features/usuario/usuario.service.js';
import { definicaoBeneficio } from '../src/features/beneficio/resgate.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { decodeJwt } from './support/jwt.js';
import { createBeneficio, createMembroEconomia, saldoDe } from './beneficio-fixtures.js';

// The redemption fast path (docs/decisions/0020-redemptions-fast-path.md): the SQL function
// resgatar_beneficio (one call, its own transaction) and the pools' free-code counters kept by
// triggers on cupom, read by GET /api/beneficio.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const resgatar = (headers: Headers, payload: Record<string, unknown>, chave?: string) =>
  t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers: { ...headers, ...(chave ? { 'idempotency-key': chave } : {}) }, payload });
const card = async (headers: Headers, id: number) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/beneficio', headers });
  expect(res.statusCode, res.body).toBe(200);
  return beneficiosResponseSchema.parse(res.json()).find((b) => b.id === id);
};
const dia = (offsetDias: number) => new Date(Date.now() + offsetDias * 24 * 3600_000);

/** Counter (sum of the slots) and real count of free codes, per pool ('' = the benefit's own pool). */
async function contagens(beneficioId: number) {
  const contador = await t.prisma.$queryRaw<{ opcao: number; n: number }[]>`
    SELECT opcao_id AS opcao, SUM(livres)::int AS n FROM cupom_estoque WHERE beneficio_id = ${beneficioId} GROUP BY opcao_id HAVING SUM(livres) <> 0 ORDER BY 1`;
  const real = await t.prisma.$queryRaw<{ opcao: number; n: number }[]>`
    SELECT COALESCE(opcao_id, 0) AS opcao, count(*)::int AS n FROM cupom WHERE beneficio_id = ${beneficioId} AND resgatado_em IS NULL GROUP BY 1 ORDER BY 1`;
  return { contador, real };
}
async function expectContadorCerto(beneficioId: number) {
  const { contador, real } = await contagens(beneficioId);
  expect(contador).toEqual(real);
  return real;
}
const escritas = async (beneficioId: number, usuarioId: string) => ({
  resgates: await t.prisma.resgate.count({ where: { beneficioId } }),
  tomados: await t.prisma.cupom.count({ where: { beneficioId, resgatadoEm: { not: null } } }),
  saldo: await saldoDe(t.prisma, usuarioId),
});

describe('the free-code counter of a pool (cupom_estoque, kept by triggers)', () => {
  it('stays equal to the real count through concurrent redemptions, concurrent imports, SQL edits and an emptied pool', async () => {
    const membros = await Promise.all(Array.from({ length: 30 }, () => createMembroEconomia(t.app, t.prisma, { saldo: 5 })));
    const b = await createBeneficio(t.prisma, { valor: 1, limitePorMembro: 10, pool: 20 });
    expect(await expectContadorCerto(b.id)).toEqual([{ opcao: 0, n: 20 }]);

    // 30 redemptions and two overlapping imports (10 new codes, 5 of them in both files) at once.
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const arquivo = (de: number, ate: number) => Array.from({ length: ate - de }, (_, i) => `CNT-${tag}-${de + i}`);
    const [respostas, imp1, imp2] = await Promise.all([
      Promise.all(membros.map((m) => resgatar(m.headers, { idBeneficio: b.id }))),
      importarCupons(t.prisma, { beneficio: b.id }, arquivo(0, 7)),
      importarCupons(t.prisma, { beneficio: b.id }, arquivo(2, 10)),
    ]);
    expect(imp1.importados + imp2.importados).toBe(10);
    const ok = respostas.filter((r) => r.statusCode === 201).length;
    for (const r of respostas.filter((x) => x.statusCode !== 201)) expectError(r, 409, BENEFICIO_MSG.esgotado);
    // 30 codes existed at the end; depending on timing the imports came before or after some takes.
    expect(ok).toBeGreaterThanOrEqual(20);
    expect(ok).toBeLessThanOrEqual(30);
    expect(await expectContadorCerto(b.id)).toEqual(ok === 30 ? [] : [{ opcao: 0, n: 30 - ok }]);

    // Empty it: the card says sold out from the counter, and the counter is 0, not negative.
    for (const m of membros) if ((await t.prisma.cupom.count({ where: { beneficioId: b.id, resgatadoEm: null } })) > 0) await resgatar(m.headers, { idBeneficio: b.id });
    expect(await expectContadorCerto(b.id)).toEqual([]);
    expect(await card(membros[0]!.headers, b.id)).toMatchObject({ esgotado: true, estado: 'resgatado' });
    expect(await card(membros[29]!.headers, b.id)).toMatchObject({ esgotado: true });
    expectError(await resgatar(membros[0]!.headers, { idBeneficio: b.id }), 409, BENEFICIO_MSG.esgotado);

    // Codes inserted with plain SQL (as bench/resgate-lib.mjs does), one moved, one deleted, one freed by hand.
    await t.prisma.$executeRaw`INSERT INTO cupom (id, beneficio_id, codigo) SELECT gen_random_uuid(), ${b.id}, ${`SQL-${tag}-`} || g FROM generate_series(1, 4) g`;
    expect(await expectContadorCerto(b.id)).toEqual([{ opcao: 0, n: 4 }]);
    expect((await card(membros[29]!.headers, b.id))!.esgotado).toBe(false);
    const outro = await createBeneficio(t.prisma, { pool: 0 });
    await t.prisma.$executeRaw`UPDATE cupom SET beneficio_id = ${outro.id} WHERE codigo = ${`SQL-${tag}-1`}`;
    await t.prisma.$executeRaw`DELETE FROM cupom WHERE codigo = ${`SQL-${tag}-2`}`;
    expect(await expectContadorCerto(b.id)).toEqual([{ opcao: 0, n: 2 }]);
    // Taken and freed again by hand (an operator's fix), one statement each.
    await t.prisma.$executeRaw`UPDATE cupom SET resgatado_em = now() WHERE codigo = ${`SQL-${tag}-3`}`;
    expect(await expectContadorCerto(b.id)).toEqual([{ opcao: 0, n: 1 }]);
    await t.prisma.$executeRaw`UPDATE cupom SET resgatado_em = NULL WHERE codigo = ${`SQL-${tag}-3`}`;
    // Marking a code used (another column) changes nothing.
    await t.prisma.$executeRaw`UPDATE cupom SET usado_em = now() WHERE beneficio_id = ${b.id} AND resgatado_em IS NOT NULL`;
    expect(await expectContadorCerto(outro.id)).toEqual([{ opcao: 0, n: 1 }]);
  }, 60_000);

  it('counts each event day on its own: one day emptied, the other untouched', async () => {
    const membros = await Promise.all(Array.from({ length: 12 }, () => createMembroEconomia(t.app, t.prisma, { saldo: 5 })));
    const b = await createBeneficio(t.prisma, { evento: true, opcoes: [{ nome: 'Dia 1', data: '2027-01-17', pool: 8 }, { nome: 'Dia 2', data: '2027-01-18', pool: 3 }] });
    const [d1, d2] = b.opcoes;
    expect(await expectContadorCerto(b.id)).toEqual([{ opcao: d1!.id, n: 8 }, { opcao: d2!.id, n: 3 }]);
    const respostas = await Promise.all(membros.map((m) => resgatar(m.headers, { idBeneficio: b.id, idOpcao: d1!.id })));
    expect(respostas.filter((r) => r.statusCode === 201)).toHaveLength(8);
    for (const r of respostas.filter((x) => x.statusCode !== 201)) expectError(r, 409, BENEFICIO_MSG.opcaoEsgotada);
    expect(await expectContadorCerto(b.id)).toEqual([{ opcao: d2!.id, n: 3 }]);
    const visto = await card(membros[11]!.headers, b.id);
    expect(visto!.dias.map((d) => d.esgotado)).toEqual([true, false]);
    expect(visto!.esgotado).toBe(false);
  }, 60_000);

  it('a rolled-back redemption or import leaves the counter as it was', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 5 });
    const b = await createBeneficio(t.prisma, { pool: 3 });
    await expect(
      t.prisma.$transaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO cupom (id, beneficio_id, codigo) VALUES (gen_random_uuid(), ${b.id}, ${`RB-${randomUUID()}`})`;
        await tx.$executeRaw`UPDATE cupom SET resgatado_em = now() WHERE id = (SELECT id FROM cupom WHERE beneficio_id = ${b.id} AND resgatado_em IS NULL ORDER BY codigo LIMIT 1)`;
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await expectContadorCerto(b.id)).toEqual([{ opcao: 0, n: 3 }]);
    expect((await resgatar(m.headers, { idBeneficio: b.id })).statusCode).toBe(201);
    expect(await expectContadorCerto(b.id)).toEqual([{ opcao: 0, n: 2 }]);
  });
});

describe('POST /api/beneficio/resgate: refusals in the rules order, nothing written', () => {
  it('answers the first rule that says no, whatever else is also wrong', async () => {
    const semNada = async (opts: Parameters<typeof createMembroEconomia>[2] = {}) => createMembroEconomia(t.app, t.prisma, { saldo: 0, ...opts });
    // Incomplete profile beats undefined profile, dates, stock, limit and balance.
    const incompleto = await semNada({ perfil: null });
    await t.prisma.usuario.update({ where: { id: incompleto.usuario.id }, data: { cep: null } });
    const fechado = await createBeneficio(t.prisma, { valor: 3, estoque: 0, inicio: dia(2) });
    expectError(await resgatar(incompleto.headers, { idBeneficio: fechado.id }), 403, BENEFICIO_MSG.perfilIncompleto);
    const naoDefinido = await semNada({ perfil: null });
    expectError(await resgatar(naoDefinido.headers, { idBeneficio: fechado.id }), 403, BENEFICIO_MSG.perfilNaoDefinido);
    const m = await semNada();
    expectError(await resgatar(m.headers, { idBeneficio: fechado.id }), 409, BENEFICIO_MSG.emBreve);
    // Sold-out counter beats the limit and the balance.
    const contadorZero = await createBeneficio(t.prisma, { valor: 3, estoque: 0 });
    expectError(await resgatar(m.headers, { idBeneficio: contadorZero.id }), 409, BENEFICIO_MSG.esgotado);
    // The limit beats the balance: one redemption of a free benefit, then the paid one with the same limit.
    const rico = await createMembroEconomia(t.app, t.prisma, { saldo: 1 });
    const unico = await createBeneficio(t.prisma, { valor: 1, pool: 5 });
    expect((await resgatar(rico.headers, { idBeneficio: unico.id })).statusCode).toBe(201);
    expectError(await resgatar(rico.headers, { idBeneficio: unico.id }), 409, BENEFICIO_MSG.jaResgatado);
    const duplo = await createBeneficio(t.prisma, { valor: 0, limitePorMembro: 2, pool: 5 });
    for (let i = 0; i < 2; i++) expect((await resgatar(rico.headers, { idBeneficio: duplo.id })).statusCode).toBe(201);
    expectError(await resgatar(rico.headers, { idBeneficio: duplo.id }), 409, BENEFICIO_MSG.limiteResgates);
    // A pool's stock is known only by taking a code: the balance comes first (as before).
    const vazio = await createBeneficio(t.prisma, { valor: 4, pool: 0 });
    expectError(await resgatar(m.headers, { idBeneficio: vazio.id }), 409, faltamPontos(4));
    // A day must be chosen before any rule about the member.
    const evento = await createBeneficio(t.prisma, { valor: 9, opcoes: [{ nome: 'Dia', data: '2027-01-17', estoque: 0 }] });
    expectError(await resgatar(m.headers, { idBeneficio: evento.id }), 400, BENEFICIO_MSG.opcaoObrigatoria);
    expectError(await resgatar(m.headers, { idBeneficio: evento.id, idOpcao: evento.opcoes[0]!.id + 1000 }), 400, BENEFICIO_MSG.opcaoInvalida);
    // Its only day sold out: the benefit is sold out (ESGOTADO), before the balance.
    expectError(await resgatar(m.headers, { idBeneficio: evento.id, idOpcao: evento.opcoes[0]!.id }), 409, BENEFICIO_MSG.esgotado);
    // Not visible: 404 (another city), also for an id that doesn't exist.
    const outraCidade = await createBeneficio(t.prisma, { cidades: ['Salvador'] });
    expectError(await resgatar(m.headers, { idBeneficio: outraCidade.id }), 404, BENEFICIO_MSG.naoEncontrado);
    expectError(await resgatar(m.headers, { idBeneficio: 2_000_000_000 }), 404, BENEFICIO_MSG.naoEncontrado);
    for (const b of [fechado, contadorZero, vazio, evento, outraCidade]) expect(await t.prisma.resgate.count({ where: { beneficioId: b.id } })).toBe(0);
    expect(await saldoDe(t.prisma, m.usuario.id)).toBe(0);
  }, 60_000);

  it('an ended benefit is 404 to who never redeemed it and ENCERRADO to who did', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 5 });
    const outro = await createMembroEconomia(t.app, t.prisma, { saldo: 5 });
    const b = await createBeneficio(t.prisma, { valor: 1, limitePorMembro: 5, pool: 5, inicio: dia(-10), fim: dia(10) });
    expect((await resgatar(m.headers, { idBeneficio: b.id })).statusCode).toBe(201);
    await t.prisma.beneficio.update({ where: { id: b.id }, data: { fim: dia(-1) } });
    expectError(await resgatar(m.headers, { idBeneficio: b.id }), 409, BENEFICIO_MSG.encerrado);
    expectError(await resgatar(outro.headers, { idBeneficio: b.id }), 404, BENEFICIO_MSG.naoEncontrado);
    expect(await escritas(b.id, m.usuario.id)).toEqual({ resgates: 1, tomados: 1, saldo: 4 });
  });

  it('the balance is checked under the lock: the function refuses what the optimistic pass let through', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 3 });
    const b = await createBeneficio(t.prisma, { valor: 2, limitePorMembro: 10, pool: 10 });
    const respostas = await Promise.all(Array.from({ length: 5 }, () => resgatar(m.headers, { idBeneficio: b.id })));
    expect(respostas.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of respostas.filter((x) => x.statusCode !== 201)) expectError(r, 409, faltamPontos(1));
    expect(await escritas(b.id, m.usuario.id)).toEqual({ resgates: 1, tomados: 1, saldo: 1 });
    expect(await expectContadorCerto(b.id)).toEqual([{ opcao: 0, n: 9 }]);
  });
});

describe('resgatar_beneficio, called directly', () => {
  type Args = { usuario: string; sessao?: string | null; membro?: string | null; beneficio: number; opcao?: number | null; chave?: string | null; tomar?: boolean; valor?: number; limite?: number; modo?: 'lista' | 'gerado'; codigos?: string[]; prazo?: Date; versao?: string | null };
  type Linha = { resultado: string; resgatados: number | null; saldo: number; estoque_beneficio: number | null; codigo: string | null; resgate_id: number | null; membro: Record<string, unknown> | null };
  const chamarCom = (args: Args) =>
    t.prisma.$queryRaw<Linha[]>`
      SELECT resultado, resgatados, saldo, estoque_beneficio, codigo, resgate_id, membro FROM resgatar_beneficio(${args.usuario}::uuid, ${args.sessao ?? null}::uuid,
        ${args.membro ?? null}::text, ${args.beneficio}::int, ${args.opcao ?? null}::int, ${args.chave ?? null}::text, ${new Date()}::timestamp(3), ${args.tomar ?? true},
        ${args.valor ?? 1}::int, ${args.limite ?? 1}::int, ${args.modo ?? 'lista'}::"ModoCupom", ${args.codigos ?? []}::text[], ${args.prazo ?? new Date(Date.now() + 20_000)}::timestamptz,
        ${args.versao ?? null}::text)`;
  /** The member's version as the API would hold it (the row's xmin). */
  const versaoMembro = async (usuario: string) => (await t.prisma.$queryRaw<{ v: string }[]>`SELECT xmin::text AS v FROM usuario WHERE id = ${usuario}::uuid`)[0]!.v;
  /** Without a session (as the seed calls it), with the member's current version. */
  const chamar = async (args: Args) => chamarCom({ ...args, membro: await versaoMembro(args.usuario) });

  it('writes only when told to and when limit, balance and stock allow; returns what the rules need', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 2 });
    const b = await createBeneficio(t.prisma, { valor: 2, pool: 2 });
    const u = m.usuario.id;
    expect(await chamar({ usuario: u, beneficio: b.id, tomar: false, valor: 2 })).toMatchObject([{ resultado: 'recusado', resgatados: 0, saldo: 2 }]);
    expect(await chamar({ usuario: u, beneficio: b.id, valor: 3 })).toMatchObject([{ resultado: 'recusado', saldo: 2 }]);
    expect(await escritas(b.id, u)).toEqual({ resgates: 0, tomados: 0, saldo: 2 });
    const [feito] = await chamar({ usuario: u, beneficio: b.id, valor: 2, chave: 'chave-direta-1' });
    expect(feito).toMatchObject({ resultado: 'resgatado', resgatados: 0, saldo: 2 });
    expect(await escritas(b.id, u)).toEqual({ resgates: 1, tomados: 1, saldo: 0 });
    // The limit (1) now refuses before anything is taken, and the replay answers the stored redemption.
    expect(await chamar({ usuario: u, beneficio: b.id, valor: 0 })).toMatchObject([{ resultado: 'recusado', resgatados: 1, saldo: 0 }]);
    expect(await chamar({ usuario: u, beneficio: b.id, valor: 0, chave: 'chave-direta-1', tomar: false })).toMatchObject([{ resultado: 'replay', codigo: feito!.codigo, resgate_id: feito!.resgate_id, saldo: 0 }]);
    // An empty pool: 'esgotado', nothing written.
    const vazio = await createBeneficio(t.prisma, { valor: 0, pool: 0 });
    expect(await chamar({ usuario: u, beneficio: vazio.id, valor: 0 })).toMatchObject([{ resultado: 'esgotado' }]);
    // A generated-code counter at 0: refused with the counter, nothing written.
    const zero = await createBeneficio(t.prisma, { valor: 0, estoque: 0 });
    expect(await chamar({ usuario: u, beneficio: zero.id, valor: 0, modo: 'gerado', codigos: ['ZERO-AAAA-BBBB'] })).toMatchObject([{ resultado: 'recusado', estoque_beneficio: 0 }]);
    // A generated code already taken by someone else: the next candidate is used.
    const gerado = await createBeneficio(t.prisma, { valor: 0, estoque: 1 });
    const existente = (await t.prisma.cupom.findFirstOrThrow({ where: { beneficioId: b.id } })).codigo;
    expect(await chamar({ usuario: u, beneficio: gerado.id, valor: 0, modo: 'gerado', codigos: [existente, 'NOVO-AAAA-BBBB'] })).toMatchObject([{ resultado: 'resgatado', codigo: 'NOVO-AAAA-BBBB', estoque_beneficio: 1 }]);
    expect((await t.prisma.beneficio.findUniqueOrThrow({ where: { id: gerado.id } })).estoque).toBe(0);
    for (const x of [vazio, zero]) expect(await t.prisma.resgate.count({ where: { beneficioId: x.id } })).toBe(0);
  });

  it("answers 'definicao' without writing when the definition changed since the version the API sent", async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 2 });
    const b = await createBeneficio(t.prisma, { valor: 1, pool: 2 });
    const versao = async () => (await t.prisma.$queryRaw<{ v: string }[]>`SELECT beneficio_versao(${b.id}::int) AS v`)[0]!.v;
    const antes = await versao();
    // The live counter and the update time are not part of it; any definition column is.
    await t.prisma.$executeRaw`UPDATE beneficio SET atualizado_em = now() WHERE id = ${b.id}`;
    expect(await versao()).toBe(antes);
    await t.prisma.$executeRaw`UPDATE beneficio SET valor = 2 WHERE id = ${b.id}`;
    expect(await versao()).not.toBe(antes);
    expect(await chamar({ usuario: m.usuario.id, beneficio: b.id, valor: 1, versao: antes })).toMatchObject([{ resultado: 'definicao' }]);
    expect(await escritas(b.id, m.usuario.id)).toEqual({ resgates: 0, tomados: 0, saldo: 2 });
    expect(await chamar({ usuario: m.usuario.id, beneficio: b.id, valor: 2, versao: await versao() })).toMatchObject([{ resultado: 'resgatado' }]);
    expect(await escritas(b.id, m.usuario.id)).toEqual({ resgates: 1, tomados: 1, saldo: 0 });
  });

  it('refuses to start past its deadline (a request that waited too long for a connection) and writes nothing', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 2 });
    const b = await createBeneficio(t.prisma, { valor: 1, pool: 2 });
    await expect(chamar({ usuario: m.usuario.id, beneficio: b.id, prazo: new Date(Date.now() - 1000) })).rejects.toThrow(/LG503|prazo esgotado/);
    expect(await escritas(b.id, m.usuario.id)).toEqual({ resgates: 0, tomados: 0, saldo: 2 });
    expect(await expectContadorCerto(b.id)).toEqual([{ opcao: 0, n: 2 }]);
  });
});

describe('the session and the member, checked by the redemption itself (one round trip)', () => {
  const versaoMembro = async (usuario: string) => (await t.prisma.$queryRaw<{ v: string }[]>`SELECT xmin::text AS v FROM usuario WHERE id = ${usuario}::uuid`)[0]!.v;
  const chamar = (usuario: string, sessao: string | null, membro: string | null, beneficio: number) =>
    t.prisma.$queryRaw<{ resultado: string; codigo: string | null; membro: Record<string, unknown> | null }[]>`
      SELECT resultado, codigo, membro FROM resgatar_beneficio(${usuario}::uuid, ${sessao}::uuid, ${membro}::text, ${beneficio}::int, NULL::int, NULL::text,
        ${new Date()}::timestamp(3), true, 1, 1, 'lista'::"ModoCupom", '{}'::text[], ${new Date(Date.now() + 20_000)}::timestamptz, NULL::text)`;

  it("answers 'sessao' for a session that is not live and 'membro' with the member's fields for an unknown version, writing nothing", async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 2 });
    const b = await createBeneficio(t.prisma, { valor: 1, pool: 2 });
    const sid = decodeJwt(m.token).sid;
    const u = m.usuario.id;
    const [membro] = await chamar(u, sid, null, b.id);
    // Exactly the fields the rules read (MembroBeneficio), with the values Prisma reads, and the version.
    expect(membro).toMatchObject({ resultado: 'membro', codigo: null });
    const user = await t.prisma.usuario.findUniqueOrThrow({ where: { id: u } });
    const campos = ['id', 'tipo', 'cidade', 'perfil', ...PERFIL_CAMPOS_OBRIGATORIOS] as const;
    expect(Object.keys(membro!.membro!).sort()).toEqual(['versao', ...new Set(campos)].sort());
    for (const k of campos) expect(membro!.membro![k], k).toEqual(k === 'dataNascimento' ? user.dataNascimento?.toISOString().slice(0, 10) ?? null : user[k]);
    expect(membro!.membro!.versao).toBe(await versaoMembro(u));
    expect(await chamar(u, randomUUID(), await versaoMembro(u), b.id)).toMatchObject([{ resultado: 'sessao' }]);
    expect(await escritas(b.id, u)).toEqual({ resgates: 0, tomados: 0, saldo: 2 });
    expect(await chamar(u, sid, await versaoMembro(u), b.id)).toMatchObject([{ resultado: 'resgatado' }]);
    // Any update of the row is a new version; an expired or revoked session, or an inactive member, is no session.
    await t.prisma.usuario.update({ where: { id: u }, data: { cidade: 'Niterói' } });
    expect(await chamar(u, sid, membro!.membro!.versao as string, b.id)).toMatchObject([{ resultado: 'membro', membro: { cidade: 'Niterói' } }]);
    await t.prisma.sessao.update({ where: { id: sid }, data: { expiraEm: new Date(Date.now() - 1000) } });
    expect(await chamar(u, sid, await versaoMembro(u), b.id)).toMatchObject([{ resultado: 'sessao' }]);
    await t.prisma.sessao.update({ where: { id: sid }, data: { expiraEm: new Date(Date.now() + 3600_000), revogadaEm: new Date() } });
    expect(await chamar(u, sid, await versaoMembro(u), b.id)).toMatchObject([{ resultado: 'sessao' }]);
    await t.prisma.sessao.update({ where: { id: sid }, data: { revogadaEm: null } });
    await t.prisma.usuario.update({ where: { id: u }, data: { ativo: false } });
    expect(await chamar(u, sid, await versaoMembro(u), b.id)).toMatchObject([{ resultado: 'sessao' }]);
    expect(await escritas(b.id, u)).toEqual({ resgates: 1, tomados: 1, saldo: 1 });
  });

  it('through the API: a revoked session is 401 and nothing is written; a member changed after a redemption is read again', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 10 });
    const b = await createBeneficio(t.prisma, { valor: 1, limitePorMembro: 5, pool: 5, cidades: ['São Paulo'] });
    expect((await resgatar(m.headers, { idBeneficio: b.id })).statusCode).toBe(201);
    // Moved to another city (plain SQL, nothing notified): the benefit is no longer theirs.
    await t.prisma.$executeRaw`UPDATE usuario SET cidade = 'Salvador' WHERE id = ${m.usuario.id}::uuid`;
    expectError(await resgatar(m.headers, { idBeneficio: b.id }), 404, BENEFICIO_MSG.naoEncontrado);
    await t.prisma.$executeRaw`UPDATE usuario SET cidade = 'são paulo', cep = NULL WHERE id = ${m.usuario.id}::uuid`;
    expectError(await resgatar(m.headers, { idBeneficio: b.id }), 403, BENEFICIO_MSG.perfilIncompleto);
    await t.prisma.$executeRaw`UPDATE usuario SET cep = '01310100' WHERE id = ${m.usuario.id}::uuid`;
    expect((await resgatar(m.headers, { idBeneficio: b.id })).statusCode).toBe(201);
    // Logged out elsewhere: the same token is refused, with or without an Idempotency-Key, and writes nothing.
    await t.prisma.sessao.update({ where: { id: decodeJwt(m.token).sid }, data: { revogadaEm: new Date() } });
    for (const chave of [undefined, randomUUID()]) expect((await resgatar(m.headers, { idBeneficio: b.id }, chave)).statusCode).toBe(401);
    expect((await resgatar(m.headers, { idBeneficio: 2_000_000_003 })).statusCode).toBe(401);
    expect(await escritas(b.id, m.usuario.id)).toEqual({ resgates: 2, tomados: 2, saldo: 8 });
  });
});

describe('Idempotency-Key on the fast path', () => {
  it('replays the stored coupon even once the benefit is hidden or the balance gone; another benefit with the key is a conflict', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 1 });
    const b = await createBeneficio(t.prisma, { valor: 1, pool: 3 });
    const chave = randomUUID();
    const primeira = await resgatar(m.headers, { idBeneficio: b.id }, chave);
    expect(primeira.statusCode).toBe(201);
    const corpo = resgateResponseSchema.parse(primeira.json());
    await t.prisma.beneficio.update({ where: { id: b.id }, data: { ativo: false } });
    const again = await resgatar(m.headers, { idBeneficio: b.id }, chave);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(resgateResponseSchema.parse(again.json())).toEqual(corpo);
    const outro = await createBeneficio(t.prisma, { valor: 0, pool: 3 });
    expectError(await resgatar(m.headers, { idBeneficio: outro.id }, chave), 409, BENEFICIO_MSG.chaveReusada);
    // The key names a redemption, so even an id that doesn't exist is a conflict, not a 404.
    expectError(await resgatar(m.headers, { idBeneficio: 2_000_000_001 }, chave), 409, BENEFICIO_MSG.chaveReusada);
    expect(await escritas(b.id, m.usuario.id)).toEqual({ resgates: 1, tomados: 1, saldo: 0 });
    expect(await expectContadorCerto(b.id)).toEqual([{ opcao: 0, n: 2 }]);
  });
});

describe('definitions kept between redemptions', () => {
  it('a benefit changed after this process read it is read again before anything is written', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 10 });
    const b = await createBeneficio(t.prisma, { valor: 1, limitePorMembro: 5, pool: 5 });
    expect((await resgatar(m.headers, { idBeneficio: b.id })).statusCode).toBe(201);
    // Changed with plain SQL (no updatedAt, no notification): the next redemption pays the new price.
    await t.prisma.$executeRaw`UPDATE beneficio SET valor = 3 WHERE id = ${b.id}`;
    const caro = await resgatar(m.headers, { idBeneficio: b.id });
    expect(caro.statusCode, caro.body).toBe(201);
    expect(resgateResponseSchema.parse(caro.json()).saldo).toBe(6);
    expect((await t.prisma.lancamento.findMany({ where: { resgate: { beneficioId: b.id } }, orderBy: { data: 'asc' } })).map((l) => l.valor).sort()).toEqual([-1, -3]);
    // A day added: the benefit now needs one; deactivated: 404.
    await t.prisma.beneficioOpcao.create({ data: { beneficioId: b.id, nome: 'Dia', data: new Date('2027-01-17T00:00:00.000Z') } });
    expectError(await resgatar(m.headers, { idBeneficio: b.id }), 400, BENEFICIO_MSG.opcaoObrigatoria);
    await t.prisma.$executeRaw`UPDATE beneficio SET ativo = false WHERE id = ${b.id}`;
    expectError(await resgatar(m.headers, { idBeneficio: b.id }), 404, BENEFICIO_MSG.naoEncontrado);
    expect(await escritas(b.id, m.usuario.id)).toEqual({ resgates: 2, tomados: 2, saldo: 6 });
  });
});

describe('definicaoBeneficio (one statement)', () => {
  it('reads the same definition as Prisma with its days in order', async () => {
    const b = await createBeneficio(t.prisma, {
      tipo: 'ParIngressoSpantaRJ', descricao: 'D', evento: true, dataEvento: new Date('2027-01-17T19:00:00.123Z'), urlBeneficio: 'https://x.example', percentualDesconto: 15,
      inicio: dia(-1), fim: dia(30), publico: ['legionario', 'colaborador'], cidades: ['Niterói'], limitePorMembro: 2, experiencia: 'tardezinha', ordem: 7,
      opcoes: [{ nome: 'B', data: '2027-01-18', estoque: 3 }, { nome: 'A', data: '2027-01-17', estoque: null }],
    });
    const prisma = await t.prisma.beneficio.findUnique({ where: { id: b.id }, include: { opcoes: { orderBy: [{ ordem: 'asc' }, { id: 'asc' }] } } });
    expect(await definicaoBeneficio(t.prisma, b.id)).toEqual(prisma);
    const pool = await createBeneficio(t.prisma, { pool: 1 });
    expect(await definicaoBeneficio(t.prisma, pool.id)).toEqual(await t.prisma.beneficio.findUnique({ where: { id: pool.id }, include: { opcoes: true } }));
    expect(await definicaoBeneficio(t.prisma, 2_000_000_002)).toBeNull();
  });
});
