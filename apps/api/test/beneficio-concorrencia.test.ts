import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redemptionResponseSchema } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { createBenefit, createEconomyMember, benefitInvariants, balanceOf } from './beneficio-fixtures.js';

// Reliability against the real PostgreSQL: redemptions fired in parallel, then the database is
// checked for the economy's invariants (nothing lost, nothing counted twice, no negative balance).
// docs/decisions/0009-economy.md

let t: TestApp;
// 100 members, each with 10 pontos, logged in once for all the cases below.
let members: Awaited<ReturnType<typeof createEconomyMember>>[];
const INITIAL_BALANCE = 10;

beforeAll(async () => {
  t = await buildTestApp();
  members = [];
  for (let i = 0; i < 100; i += 20) {
    members.push(...(await Promise.all(Array.from({ length: 20 }, () => createEconomyMember(t.app, t.prisma, { saldo: INITIAL_BALANCE })))));
  }
}, 120_000);
afterAll(() => t.close());

const redeem = (headers: Record<string, string>, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, payload });

/** The running balance of a member, entry by entry in commit order: never below zero. */
async function lowestRunningBalance(userId: string) {
  const [row] = await t.prisma.$queryRaw<{ menor: number }[]>`
    SELECT COALESCE(MIN(corrente), 0)::int AS menor FROM (
      SELECT SUM(valor) OVER (ORDER BY data, id ROWS UNBOUNDED PRECEDING) AS corrente FROM lancamento WHERE usuario_id = ${userId}::uuid
    ) s`;
  return row!.menor;
}

async function expectLedgerAndCouponsAgree(benefitId: number, value: number, successes: { cupom: string; numeroCupom: number }[]) {
  const { taken: taken, resgates: redemptions, debitos: debits } = await benefitInvariants(t.prisma, benefitId);
  // Every code handed out is a taken code of this benefit, once.
  expect(new Set(successes.map((s) => s.cupom)).size).toBe(successes.length);
  expect(taken.map((c) => c.codigo).sort()).toEqual(successes.map((s) => s.cupom).sort());
  // Every taken code has exactly one redemption and every redemption exactly one debit of the cost.
  expect(redemptions.map((r) => r.cupomId).sort()).toEqual(taken.map((c) => c.id).sort());
  expect(redemptions.map((r) => r.id).sort()).toEqual(successes.map((s) => s.numeroCupom).sort());
  expect(debits.map((d) => d.resgateId).sort()).toEqual(redemptions.map((r) => r.id).sort());
  for (const d of debits) expect(d.valor).toBe(-value);
  for (const r of redemptions) expect(debits.find((d) => d.resgateId === r.id)!.usuarioId).toBe(r.usuarioId);
}

describe('50 parallel redemptions by one member whose balance pays for one', () => {
  it('exactly one succeeds and the balance never goes negative', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 2 });
    const b = await createBenefit(t.prisma, { valor: 2, limitePorMembro: 100, pool: 100 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => redeem(m.headers, { idBeneficio: b.id })));
    const status = answers.map((r) => r.statusCode);
    expect(status.filter((s) => s === 201)).toHaveLength(1);
    expect(status.filter((s) => s === 409)).toHaveLength(49);
    for (const r of answers.filter((x) => x.statusCode === 409)) expect(r.json().errors[0].code).toBe('SALDO_INSUFICIENTE');
    const success = redemptionResponseSchema.parse(answers.find((r) => r.statusCode === 201)!.json());
    expect(success.saldo).toBe(0);
    expect(await balanceOf(t.prisma, m.usuario.id)).toBe(0);
    expect(await lowestRunningBalance(m.usuario.id)).toBeGreaterThanOrEqual(0);
    await expectLedgerAndCouponsAgree(b.id, 2, [success]);
    expect(await t.prisma.cupom.count({ where: { beneficioId: b.id, resgatadoEm: null } })).toBe(99);
  }, 60_000);

  it('the same 50 requests with one Idempotency-Key redeem once and all answer the same coupon', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { saldo: 50 });
    const b = await createBenefit(t.prisma, { valor: 1, limitePorMembro: 100, pool: 100 });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => redeem(m.headers, { idBeneficio: b.id }, key)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const bodies = answers.map((r) => redemptionResponseSchema.parse(r.json()));
    expect(new Set(bodies.map((c) => c.cupom)).size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(await t.prisma.resgate.count({ where: { usuarioId: m.usuario.id } })).toBe(1);
    expect(await balanceOf(t.prisma, m.usuario.id)).toBe(49);
    await expectLedgerAndCouponsAgree(b.id, 1, [bodies[0]!]);
  }, 60_000);
});

describe('a benefit with stock 10 and 100 members redeeming in parallel', () => {
  const cases = [
    { nome: 'a pool of 10 imported codes (FOR UPDATE SKIP LOCKED)', opts: { valor: 2, pool: 10 } },
    { nome: 'generated codes with a stock counter of 10 (conditional UPDATE)', opts: { valor: 2, estoque: 10 } },
    { nome: 'an event day with 10 tickets, the other day untouched', opts: { valor: 2, evento: true, opcoes: [{ nome: 'Dia 1', data: '2027-01-17', estoque: 10 }, { nome: 'Dia 2', data: '2027-01-18', estoque: 10 }] } },
  ];
  for (const testCase of cases) {
    it(`hands out exactly 10 codes, none twice, ledger and coupons agree: ${testCase.nome}`, async () => {
      const b = await createBenefit(t.prisma, testCase.opts);
      const optionId = b.opcoes[0]?.id;
      const answers = await Promise.all(members.map((m) => redeem(m.headers, { idBeneficio: b.id, ...(optionId ? { idOpcao: optionId } : {}) })));
      const ok = answers.filter((r) => r.statusCode === 201).map((r) => redemptionResponseSchema.parse(r.json()));
      const refusals = answers.filter((r) => r.statusCode !== 201);
      expect(ok).toHaveLength(10);
      expect(refusals).toHaveLength(90);
      for (const r of refusals) {
        expect(r.statusCode, r.body).toBe(409);
        expect(r.json().errors[0].code).toBe(optionId ? 'OPCAO_ESGOTADA' : 'ESGOTADO');
      }
      await expectLedgerAndCouponsAgree(b.id, 2, ok);
      // Each member paid only for what they got.
      const paying = new Set((await t.prisma.resgate.findMany({ where: { beneficioId: b.id }, select: { usuarioId: true } })).map((r) => r.usuarioId));
      expect(paying.size).toBe(10);
      const balances = await t.prisma.lancamento.groupBy({ by: ['usuarioId'], where: { usuarioId: { in: members.map((m) => m.usuario.id) }, resgate: { beneficioId: b.id } }, _sum: { valor: true } });
      for (const s of balances) expect(s._sum.valor).toBe(-2);
      if (testCase.opts.estoque !== undefined) expect((await t.prisma.beneficio.findUniqueOrThrow({ where: { id: b.id } })).estoque).toBe(0);
      if (optionId) expect((await t.prisma.beneficioOpcao.findMany({ where: { beneficioId: b.id }, orderBy: { ordem: 'asc' } })).map((o) => o.estoque)).toEqual([0, 10]);
    }, 60_000);
  }

  it('no member ended below zero after all of it', async () => {
    for (const m of members) {
      expect(await balanceOf(t.prisma, m.usuario.id)).toBeGreaterThanOrEqual(INITIAL_BALANCE - 3 * 2);
      expect(await lowestRunningBalance(m.usuario.id)).toBeGreaterThanOrEqual(0);
    }
  }, 60_000);
});
