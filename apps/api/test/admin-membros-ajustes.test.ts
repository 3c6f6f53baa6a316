import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, MSG, type StaffRole } from '@legiao/contracts';
import { MEMBERS_MSG, adjustmentAnswerSchema, adjustmentsPageSchema } from '@legiao/contracts/admin/membros';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser, expectError } from './support/factories.js';
import { createStaff, createStaffByRole, type StaffSession } from './support/staff.js';

// Ledger adjustments (issue 17 item 4; ADR 0031): the rules the issue names (reason and reference
// required, never a negative balance, also under concurrent debits, four-eyes above the threshold,
// entries never changed), per role, bad input, audit.

const LIMIT = 10;
let t: TestApp;
let s: Record<StaffRole | 'membro', StaffSession>;
let atendimento2: StaffSession;
beforeAll(async () => {
  t = await buildTestApp({ env: { LEDGER_ADJUSTMENT_APPROVAL_ABOVE: String(LIMIT) } });
  s = await createStaffByRole(t);
  atendimento2 = await createStaff(t, ['atendimento']);
});
afterAll(() => t.close());

const newMember = async () => (await createUser(t.prisma)).usuario.id;
const balance = async (id: string) => (await t.prisma.lancamento.aggregate({ where: { usuarioId: id }, _sum: { valor: true } }))._sum.valor ?? 0;
const adjust = (who: StaffSession | null, memberId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/admin/membros/${memberId}/ajustes`, headers: who?.headers ?? {}, payload });
const ok = async (who: StaffSession, memberId: string, value: number, over: Record<string, unknown> = {}) => {
  const res = await adjust(who, memberId, { valor: value, motivo: 'Crédito de compra não importada', referencia: 'CHAMADO-123', ...over });
  expect(res.statusCode, res.body).toBe(201);
  return adjustmentAnswerSchema.parse(res.json());
};

describe('POST /api/admin/membros/:id/ajustes', () => {
  it('atendimento and admin credit and debit within the threshold at once; the entry and the audit row are written', async () => {
    const id = await newMember();
    const c = await ok(s.atendimento, id, 7);
    expect(c).toMatchObject({ saldo: 7, limiteAprovacao: LIMIT, ajuste: { status: 'aprovado', valor: 7, revisor: null, solicitante: { id: s.atendimento.id } } });
    expect(c.ajuste.lancamentoId).toBeTruthy();
    const d = await ok(s.admin, id, -3, { motivo: 'Estorno de crédito em dobro', corrigeLancamentoId: c.ajuste.lancamentoId });
    expect(d).toMatchObject({ saldo: 4, ajuste: { valor: -3, corrigeLancamentoId: c.ajuste.lancamentoId } });
    expect(await balance(id)).toBe(4);
    const entries = await t.prisma.lancamento.findMany({ where: { usuarioId: id }, orderBy: { data: 'asc' } });
    expect(entries.map((e) => [e.motivo, e.valor])).toEqual([['ajuste', 7], ['ajuste', -3]]);
    const audit = await t.prisma.auditEntry.findMany({ where: { entity: 'membro', entityId: id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([['membro.ajuste.aplicar', s.atendimento.id], ['membro.ajuste.aplicar', s.admin.id]]);
    expect(audit[1]!.after).toMatchObject({ valor: -3, motivo: 'Estorno de crédito em dobro', referencia: 'CHAMADO-123' });
  });

  it('the reason and the reference are required; bad values answer 400 in Portuguese and write nothing', async () => {
    const id = await newMember();
    const cases: [Record<string, unknown>, string][] = [
      [{ valor: 5, referencia: 'X' }, MEMBERS_MSG.motivoObrigatorio],
      [{ valor: 5, motivo: '  ', referencia: 'X' }, MEMBERS_MSG.motivoObrigatorio],
      [{ valor: 5, motivo: 'Motivo bom' }, MEMBERS_MSG.referenciaObrigatoria],
      [{ valor: 5, motivo: 'Motivo bom', referencia: '   ' }, MEMBERS_MSG.referenciaObrigatoria],
      [{ valor: 0, motivo: 'Motivo bom', referencia: 'X' }, MEMBERS_MSG.valorObrigatorio],
      [{ valor: 1.5, motivo: 'Motivo bom', referencia: 'X' }, MEMBERS_MSG.valorObrigatorio],
      [{ valor: '5', motivo: 'Motivo bom', referencia: 'X' }, MEMBERS_MSG.valorObrigatorio],
      [{ valor: 2_000_000, motivo: 'Motivo bom', referencia: 'X' }, MEMBERS_MSG.valorLimite],
      [{ valor: 5, motivo: 'x'.repeat(501), referencia: 'X' }, MEMBERS_MSG.motivoLongo],
    ];
    for (const [payload, msg] of cases) {
      const r = expectError(await adjust(s.atendimento, id, payload), 400);
      expect(r.errors.map((e) => e.message), JSON.stringify(payload)).toContain(msg);
    }
    expectError(await adjust(s.atendimento, 'nao-e-uuid', { valor: 1, motivo: 'Motivo bom', referencia: 'X' }), 400, ADMIN_MSG.idInvalido);
    expectError(await adjust(s.atendimento, '00000000-0000-4000-8000-000000000000', { valor: 1, motivo: 'Motivo bom', referencia: 'X' }), 404, MEMBERS_MSG.membroNaoEncontrado);
    // An entry of another member cannot be "corrected" here.
    const other = await newMember();
    const ofOther = await ok(s.admin, other, 1);
    expectError(await adjust(s.atendimento, id, { valor: 1, motivo: 'Motivo bom', referencia: 'X', corrigeLancamentoId: ofOther.ajuste.lancamentoId }), 409, MEMBERS_MSG.lancamentoInvalido);
    expect(await t.prisma.ajusteSaldo.count({ where: { usuarioId: id } })).toBe(0);
  });

  it('a debit that would make the balance negative is refused (409) and changes nothing', async () => {
    const id = await newMember();
    await ok(s.atendimento, id, 2);
    const r = expectError(await adjust(s.atendimento, id, { valor: -3, motivo: 'Débito indevido', referencia: 'X' }), 409);
    expect(r.errors[0]!.message).toBe(`${MEMBERS_MSG.saldoNegativo} Saldo atual: 2 pontos.`);
    expect(await balance(id)).toBe(2);
    expect(await t.prisma.ajusteSaldo.count({ where: { usuarioId: id } })).toBe(1);
  });

  it('concurrent debits never overdraw: 20 debits of 1 against a balance of 5 make exactly 5', async () => {
    const id = await newMember();
    await ok(s.admin, id, 5);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => adjust(i % 2 ? s.admin : s.atendimento, id, { valor: -1, motivo: 'Débito concorrente', referencia: `R-${i}` })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect(await balance(id)).toBe(0);
    // The running balance never went below zero, in the order the entries were written.
    const entries = await t.prisma.lancamento.findMany({ where: { usuarioId: id }, orderBy: { data: 'asc' } });
    let running = 0;
    for (const e of entries) expect((running += e.valor)).toBeGreaterThanOrEqual(0);
  });

  it('marketing and operacao 403, a member 403, no session 401; nothing written', async () => {
    const id = await newMember();
    const payload = { valor: 1, motivo: 'Motivo bom', referencia: 'X' };
    for (const who of [s.marketing, s.operacao, s.membro]) expectError(await adjust(who, id, payload), 403, ADMIN_MSG.semPermissao);
    expectError(await adjust(null, id, payload), 401, MSG.naoAutenticado);
    for (const who of [s.marketing, s.operacao, s.membro]) expectError(await t.app.inject({ method: 'GET', url: '/api/admin/membros/ajustes', headers: who.headers }), 403);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/membros/ajustes' }), 401);
    expect(await t.prisma.ajusteSaldo.count({ where: { usuarioId: id } })).toBe(0);
  });
});

describe('four-eyes above the threshold', () => {
  it('waits pending without an entry; the requester cannot approve or refuse it; another staff member approves once', async () => {
    const id = await newMember();
    const p = await ok(s.atendimento, id, LIMIT + 1);
    expect(p).toMatchObject({ saldo: 0, ajuste: { status: 'pendente', lancamentoId: null } });
    expect(await balance(id)).toBe(0);

    const list = adjustmentsPageSchema.parse((await t.app.inject({ method: 'GET', url: `/api/admin/membros/ajustes?status=pendente&membroId=${id}`, headers: s.admin.headers })).json());
    expect(list.itens.map((a) => a.id)).toEqual([p.ajuste.id]);

    const approve = (who: StaffSession) => t.app.inject({ method: 'POST', url: `/api/admin/membros/ajustes/${p.ajuste.id}/aprovar`, headers: who.headers });
    expectError(await approve(s.atendimento), 403, MEMBERS_MSG.aprovarProprio);
    expectError(await t.app.inject({ method: 'POST', url: `/api/admin/membros/ajustes/${p.ajuste.id}/recusar`, headers: s.atendimento.headers, payload: { motivo: 'Não confere' } }), 403, MEMBERS_MSG.aprovarProprio);
    for (const who of [s.marketing, s.operacao, s.membro]) expectError(await approve(who), 403, ADMIN_MSG.semPermissao);
    expect(await balance(id)).toBe(0);

    // Two approvals at once by two other staff members: one wins, the other finds it reviewed.
    const [a, b] = await Promise.all([approve(atendimento2), approve(s.admin)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const earned = adjustmentAnswerSchema.parse((a.statusCode === 200 ? a : b).json());
    expect(earned).toMatchObject({ saldo: LIMIT + 1, ajuste: { status: 'aprovado', solicitante: { id: s.atendimento.id } } });
    expect(earned.ajuste.revisor?.id).not.toBe(s.atendimento.id);
    expect(await balance(id)).toBe(LIMIT + 1);
    expectError(await approve(atendimento2), 409, MEMBERS_MSG.ajusteJaRevisado);

    const audit = await t.prisma.auditEntry.findMany({ where: { entity: 'membro', entityId: id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((x) => x.action)).toEqual(['membro.ajuste.solicitar', 'membro.ajuste.aprovar']);
    expect(audit[1]!.before).toMatchObject({ status: 'pendente' });
    expect(audit[1]!.after).toMatchObject({ status: 'aprovado' });
  });

  it('a large debit: refused up front when the balance cannot pay; approved only if it still can; a refusal needs a reason', async () => {
    const id = await newMember();
    expectError(await adjust(s.atendimento, id, { valor: -(LIMIT + 1), motivo: 'Débito grande', referencia: 'X' }), 409);
    await ok(s.admin, id, LIMIT);
    await ok(atendimento2, id, LIMIT);
    const p = await ok(s.atendimento, id, -(LIMIT + 5));
    expect(p.ajuste.status).toBe('pendente');
    // The balance drops below the pending debit before anyone approves it.
    await ok(s.admin, id, -LIMIT);
    expectError(await t.app.inject({ method: 'POST', url: `/api/admin/membros/ajustes/${p.ajuste.id}/aprovar`, headers: s.admin.headers }), 409);
    expect(await balance(id)).toBe(LIMIT);
    // Refusing: a reason is required; then it is closed for good.
    const refuse = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/admin/membros/ajustes/${p.ajuste.id}/recusar`, headers: atendimento2.headers, payload });
    expectError(await refuse({ motivo: 'x' }), 400, MEMBERS_MSG.motivoRecusaObrigatorio);
    const r = await refuse({ motivo: 'Saldo não cobre mais o débito' });
    expect(r.statusCode, r.body).toBe(200);
    expect(adjustmentAnswerSchema.parse(r.json()).ajuste).toMatchObject({ status: 'recusado', motivoRecusa: 'Saldo não cobre mais o débito', lancamentoId: null });
    expectError(await t.app.inject({ method: 'POST', url: `/api/admin/membros/ajustes/${p.ajuste.id}/aprovar`, headers: s.admin.headers }), 409, MEMBERS_MSG.ajusteJaRevisado);
    expectError(await t.app.inject({ method: 'POST', url: '/api/admin/membros/ajustes/00000000-0000-4000-8000-000000000000/aprovar', headers: s.admin.headers }), 404, MEMBERS_MSG.ajusteNaoEncontrado);
    expect(await balance(id)).toBe(LIMIT);
  });
});

describe('entries are never changed', () => {
  it('the database refuses to update or delete an adjustment entry, to re-review an adjustment, or to let its requester review it', async () => {
    const id = await newMember();
    const a = await ok(s.admin, id, 3);
    await expect(t.prisma.$executeRawUnsafe('UPDATE lancamento SET valor = 30 WHERE id = $1::uuid', a.ajuste.lancamentoId)).rejects.toThrow(/só aceita novos lançamentos/);
    await expect(t.prisma.$executeRawUnsafe('DELETE FROM lancamento WHERE id = $1::uuid', a.ajuste.lancamentoId)).rejects.toThrow(/só aceita novos lançamentos/);
    await expect(t.prisma.$executeRawUnsafe("UPDATE ajuste_saldo SET motivo = 'outro' WHERE id = $1::uuid", a.ajuste.id)).rejects.toThrow(/revisado/);
    await expect(t.prisma.$executeRawUnsafe('DELETE FROM ajuste_saldo WHERE id = $1::uuid', a.ajuste.id)).rejects.toThrow(/não são apagados/);
    const p = await ok(s.admin, id, LIMIT + 1);
    await expect(t.prisma.$executeRawUnsafe("UPDATE ajuste_saldo SET status = 'aprovado', revisor_id = solicitante_id WHERE id = $1::uuid", p.ajuste.id)).rejects.toThrow(/ajuste_saldo_regras_check/);
    expect(await balance(id)).toBe(3);
  });
});
