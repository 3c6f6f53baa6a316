import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resgateResponseSchema } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { createBeneficio, createMembroEconomia, invariantesDoBeneficio, saldoDe } from './beneficio-fixtures.js';

// Reliability against the real PostgreSQL: redemptions fired in parallel, then the database is
// checked for the economy's invariants (nothing lost, nothing counted twice, no negative balance).
// docs/decisions/0009-economy.md

let t: TestApp;
// 100 members, each with 10 pontos, logged in once for all the cases below.
let membros: Awaited<ReturnType<typeof createMembroEconomia>>[];
const SALDO_INICIAL = 10;

beforeAll(async () => {
  t = await buildTestApp();
  membros = [];
  for (let i = 0; i < 100; i += 20) {
    membros.push(...(await Promise.all(Array.from({ length: 20 }, () => createMembroEconomia(t.app, t.prisma, { saldo: SALDO_INICIAL })))));
  }
}, 120_000);
afterAll(() => t.close());

const resgatar = (headers: Record<string, string>, payload: Record<string, unknown>, chave?: string) =>
  t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers: { ...headers, ...(chave ? { 'idempotency-key': chave } : {}) }, payload });

/** The running balance of a member, entry by entry in commit order: never below zero. */
async function menorSaldoCorrente(usuarioId: string) {
  const [row] = await t.prisma.$queryRaw<{ menor: number }[]>`
    SELECT COALESCE(MIN(corrente), 0)::int AS menor FROM (
      SELECT SUM(valor) OVER (ORDER BY data, id ROWS UNBOUNDED PRECEDING) AS corrente FROM lancamento WHERE usuario_id = ${usuarioId}::uuid
    ) s`;
  return row!.menor;
}

async function expectLedgerAndCouponsAgree(beneficioId: number, valor: number, sucessos: { cupom: string; numeroCupom: number }[]) {
  const { tomados, resgates, debitos } = await invariantesDoBeneficio(t.prisma, beneficioId);
  // Every code handed out is a taken code of this benefit, once.
  expect(new Set(sucessos.map((s) => s.cupom)).size).toBe(sucessos.length);
  expect(tomados.map((c) => c.codigo).sort()).toEqual(sucessos.map((s) => s.cupom).sort());
  // Every taken code has exactly one redemption and every redemption exactly one debit of the cost.
  expect(resgates.map((r) => r.cupomId).sort()).toEqual(tomados.map((c) => c.id).sort());
  expect(resgates.map((r) => r.id).sort()).toEqual(sucessos.map((s) => s.numeroCupom).sort());
  expect(debitos.map((d) => d.resgateId).sort()).toEqual(resgates.map((r) => r.id).sort());
  for (const d of debitos) expect(d.valor).toBe(-valor);
  for (const r of resgates) expect(debitos.find((d) => d.resgateId === r.id)!.usuarioId).toBe(r.usuarioId);
}

describe('50 parallel redemptions by one member whose balance pays for one', () => {
  it('exactly one succeeds and the balance never goes negative', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 2 });
    const b = await createBeneficio(t.prisma, { valor: 2, limitePorMembro: 100, pool: 100 });
    const respostas = await Promise.all(Array.from({ length: 50 }, () => resgatar(m.headers, { idBeneficio: b.id })));
    const status = respostas.map((r) => r.statusCode);
    expect(status.filter((s) => s === 201)).toHaveLength(1);
    expect(status.filter((s) => s === 409)).toHaveLength(49);
    for (const r of respostas.filter((x) => x.statusCode === 409)) expect(r.json().errors[0].code).toBe('SALDO_INSUFICIENTE');
    const sucesso = resgateResponseSchema.parse(respostas.find((r) => r.statusCode === 201)!.json());
    expect(sucesso.saldo).toBe(0);
    expect(await saldoDe(t.prisma, m.usuario.id)).toBe(0);
    expect(await menorSaldoCorrente(m.usuario.id)).toBeGreaterThanOrEqual(0);
    await expectLedgerAndCouponsAgree(b.id, 2, [sucesso]);
    expect(await t.prisma.cupom.count({ where: { beneficioId: b.id, resgatadoEm: null } })).toBe(99);
  }, 60_000);

  it('the same 50 requests with one Idempotency-Key redeem once and all answer the same coupon', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { saldo: 50 });
    const b = await createBeneficio(t.prisma, { valor: 1, limitePorMembro: 100, pool: 100 });
    const chave = randomUUID();
    const respostas = await Promise.all(Array.from({ length: 50 }, () => resgatar(m.headers, { idBeneficio: b.id }, chave)));
    expect(respostas.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const corpos = respostas.map((r) => resgateResponseSchema.parse(r.json()));
    expect(new Set(corpos.map((c) => c.cupom)).size).toBe(1);
    expect(respostas.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(await t.prisma.resgate.count({ where: { usuarioId: m.usuario.id } })).toBe(1);
    expect(await saldoDe(t.prisma, m.usuario.id)).toBe(49);
    await expectLedgerAndCouponsAgree(b.id, 1, [corpos[0]!]);
  }, 60_000);
});

describe('a benefit with stock 10 and 100 members redeeming in parallel', () => {
  const casos = [
    { nome: 'a pool of 10 imported codes (FOR UPDATE SKIP LOCKED)', opts: { valor: 2, pool: 10 } },
    { nome: 'generated codes with a stock counter of 10 (conditional UPDATE)', opts: { valor: 2, estoque: 10 } },
    { nome: 'an event day with 10 tickets, the other day untouched', opts: { valor: 2, evento: true, opcoes: [{ nome: 'Dia 1', data: '2027-01-17', estoque: 10 }, { nome: 'Dia 2', data: '2027-01-18', estoque: 10 }] } },
  ];
  for (const caso of casos) {
    it(`hands out exactly 10 codes, none twice, ledger and coupons agree: ${caso.nome}`, async () => {
      const b = await createBeneficio(t.prisma, caso.opts);
      const idOpcao = b.opcoes[0]?.id;
      const respostas = await Promise.all(membros.map((m) => resgatar(m.headers, { idBeneficio: b.id, ...(idOpcao ? { idOpcao } : {}) })));
      const ok = respostas.filter((r) => r.statusCode === 201).map((r) => resgateResponseSchema.parse(r.json()));
      const recusas = respostas.filter((r) => r.statusCode !== 201);
      expect(ok).toHaveLength(10);
      expect(recusas).toHaveLength(90);
      for (const r of recusas) {
        expect(r.statusCode, r.body).toBe(409);
        expect(r.json().errors[0].code).toBe(idOpcao ? 'OPCAO_ESGOTADA' : 'ESGOTADO');
      }
      await expectLedgerAndCouponsAgree(b.id, 2, ok);
      // Each member paid only for what they got.
      const pagantes = new Set((await t.prisma.resgate.findMany({ where: { beneficioId: b.id }, select: { usuarioId: true } })).map((r) => r.usuarioId));
      expect(pagantes.size).toBe(10);
      const saldos = await t.prisma.lancamento.groupBy({ by: ['usuarioId'], where: { usuarioId: { in: membros.map((m) => m.usuario.id) }, resgate: { beneficioId: b.id } }, _sum: { valor: true } });
      for (const s of saldos) expect(s._sum.valor).toBe(-2);
      if (caso.opts.estoque !== undefined) expect((await t.prisma.beneficio.findUniqueOrThrow({ where: { id: b.id } })).estoque).toBe(0);
      if (idOpcao) expect((await t.prisma.beneficioOpcao.findMany({ where: { beneficioId: b.id }, orderBy: { ordem: 'asc' } })).map((o) => o.estoque)).toEqual([0, 10]);
    }, 60_000);
  }

  it('no member ended below zero after all of it', async () => {
    for (const m of membros) {
      expect(await saldoDe(t.prisma, m.usuario.id)).toBeGreaterThanOrEqual(SALDO_INICIAL - 3 * 2);
      expect(await menorSaldoCorrente(m.usuario.id)).toBeGreaterThanOrEqual(0);
    }
  }, 60_000);
});
