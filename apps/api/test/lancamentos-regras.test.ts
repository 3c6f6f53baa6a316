import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchRuleSchema, type LaunchRule } from '@legiao/contracts/lancamentos';
import { poolOf } from '../src/db/prisma.js';
import { countEligible, decide, type RuleContext } from '../src/features/lancamentos/rule-engine.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { CATEGORY, confirmedReferral, credit, member, products, verifiedPurchase } from './lancamentos-fixtures.js';

// The launches' rule engine (docs/decisions/0047-launches.md): each condition kind decided for one
// member with its reason and hint, a combination, and the preview count equal to the per-member
// decisions over a seeded set (the count and the decision are the same SQL).

let t: TestApp;
let ctx: RuleContext;
const pool = () => poolOf(t.prisma);
beforeAll(async () => {
  t = await buildTestApp();
  ctx = { now: new Date(), foundersUntil: t.config.foundersUntil };
});
afterAll(() => t.close());

const rule = (...condicoes: LaunchRule['condicoes']): LaunchRule => launchRuleSchema.parse({ condicoes });
const decision = async (r: LaunchRule, userId: string) => (await decide(pool(), r, { userId }, { ...ctx, now: new Date() }))!;
const reason = async (r: LaunchRule, userId: string, kind: string) => (await decision(r, userId)).reasons.find((x) => x.tipo === kind)!;

describe('each condition', () => {
  it('audience: legionários only; staff and leads only when included; a blocked account never', async () => {
    const [legionary, staff, lead, blocked] = [await member(t.prisma), await member(t.prisma, { tipo: 'colaborador' }), await member(t.prisma, { tipo: 'lead' }), await member(t.prisma, { bloqueado: true })];
    const none = rule();
    expect((await decision(none, legionary.id)).eligible).toBe(true);
    const staffNo = await decision(none, staff.id);
    expect(staffNo.eligible).toBe(false);
    expect(staffNo.reasons).toEqual([{ tipo: 'publico', atendida: false, descricao: 'Para legionários com a conta em dia. Colaboradores não participam deste lançamento.', dica: null }]);
    const leadNo = await decision(none, lead.id);
    expect(leadNo.eligible).toBe(false);
    expect(leadNo.reasons[0]!.dica).toBe('Faça a sua primeira compra na loja para virar legionário.');
    expect((await decision(none, blocked.id)).eligible).toBe(false);

    expect((await decision(rule({ tipo: 'incluirColaboradores' }), staff.id)).eligible).toBe(true);
    expect((await decision(rule({ tipo: 'incluirColaboradores' }), lead.id)).eligible).toBe(false);
    expect((await decision(rule({ tipo: 'incluirLeads' }), lead.id)).eligible).toBe(true);
    const both = await decision(rule({ tipo: 'incluirLeads' }, { tipo: 'incluirColaboradores' }), staff.id);
    expect(both.eligible).toBe(true);
    expect(both.reasons[0]!.descricao).toBe('Para legionários, colaboradores e leads com a conta em dia.');
    expect((await decision(rule({ tipo: 'incluirColaboradores' }, { tipo: 'incluirLeads' }), blocked.id)).eligible).toBe(false);
  });

  it('legionarioAtivo: an account not yet activated is not', async () => {
    const [active, inactive] = [await member(t.prisma), await member(t.prisma, { ativo: false })];
    const r = rule({ tipo: 'legionarioAtivo' });
    expect(await reason(r, active.id, 'legionarioAtivo')).toEqual({ tipo: 'legionarioAtivo', atendida: true, descricao: 'Conta ativada.', dica: null });
    expect(await reason(r, inactive.id, 'legionarioAtivo')).toMatchObject({ atendida: false, dica: 'Ative a sua conta pelo link que enviamos por e-mail.' });
    expect((await decision(rule(), inactive.id)).eligible).toBe(true); // without the condition
  });

  it('comprasVerificadas: verified and not cancelled purchases; unverified ones do not count', async () => {
    const p = await products(t.prisma);
    const m = await member(t.prisma);
    const r = rule({ tipo: 'comprasVerificadas', minimo: 2 });
    await verifiedPurchase(t.prisma, m.id, p.a.id);
    await verifiedPurchase(t.prisma, m.id, p.b.id, { canceladoEm: new Date() });
    await t.prisma.produtoCliente.create({ data: { usuarioId: m.id, produtoId: p.b.id, dataCompra: new Date('2026-01-01'), localCompra: 'Loja' } });
    expect(await reason(r, m.id, 'comprasVerificadas')).toEqual({ tipo: 'comprasVerificadas', atendida: false, descricao: '2 compras verificadas.', dica: 'Tenha 2 compras verificadas (você tem 1).' });
    await verifiedPurchase(t.prisma, m.id, p.other.id);
    expect(await reason(r, m.id, 'comprasVerificadas')).toMatchObject({ atendida: true, dica: null });
    expect((await reason(rule({ tipo: 'comprasVerificadas', minimo: 1 }), (await member(t.prisma)).id, 'comprasVerificadas')).dica).toBe('Tenha 1 compra verificada (você tem 0).');
  });

  it('possuiCategoria and possuiProduto: a verified product of that category / that product, still owned', async () => {
    const category = CATEGORY;
    const p = await products(t.prisma);
    const [owner, gifted, unverified] = [await member(t.prisma), await member(t.prisma), await member(t.prisma)];
    await verifiedPurchase(t.prisma, owner.id, p.a.id);
    // Every unit bought to give away: not on the member's shelf.
    await verifiedPurchase(t.prisma, gifted.id, p.a.id, { quantidade: 2, quantidadePresente: 2 });
    await t.prisma.produtoCliente.create({ data: { usuarioId: unverified.id, produtoId: p.a.id, dataCompra: new Date('2026-01-01'), localCompra: 'Loja' } });
    const byCategory = rule({ tipo: 'possuiCategoria', categoria: category });
    const byProduct = rule({ tipo: 'possuiProduto', produtoId: p.a.id });
    expect(await reason(byCategory, owner.id, 'possuiCategoria')).toMatchObject({ atendida: true });
    expect(await reason(byProduct, owner.id, 'possuiProduto')).toEqual({ tipo: 'possuiProduto', atendida: true, descricao: `O produto ${p.a.nome}.`, dica: null });
    for (const who of [gifted, unverified]) {
      expect(await reason(byCategory, who.id, 'possuiCategoria')).toEqual({ tipo: 'possuiCategoria', atendida: false, descricao: `Um produto da categoria ${category}.`, dica: `Tenha um produto da categoria ${category}, com a compra verificada.` });
      expect((await reason(byProduct, who.id, 'possuiProduto')).dica).toBe(`Tenha o produto ${p.a.nome}, com a compra verificada.`);
    }
    expect((await reason(rule({ tipo: 'possuiProduto', produtoId: p.b.id }), owner.id, 'possuiProduto')).atendida).toBe(false);
  });

  it('saldoMinimo: the balance as the statement sums it', async () => {
    const p = await products(t.prisma);
    const m = await member(t.prisma);
    const r = rule({ tipo: 'saldoMinimo', minimo: 5 });
    expect(await reason(r, m.id, 'saldoMinimo')).toEqual({ tipo: 'saldoMinimo', atendida: false, descricao: 'Saldo de 5 pontos.', dica: 'Tenha 5 pontos de saldo (você tem 0).' });
    await credit(t.prisma, m.id, 3, p.a.id);
    expect((await reason(r, m.id, 'saldoMinimo')).dica).toBe('Tenha 5 pontos de saldo (você tem 3).');
    await credit(t.prisma, m.id, 2, p.b.id);
    expect((await reason(r, m.id, 'saldoMinimo')).atendida).toBe(true);
  });

  it('conquista: the seals of Minhas conquistas, by their own measures', async () => {
    const [old, fresh] = [await member(t.prisma, { activatedDaysAgo: 200 }), await member(t.prisma, { activatedDaysAgo: 10 })];
    const veteran = rule({ tipo: 'conquista', chave: 'veterano' });
    expect(await reason(veteran, old.id, 'conquista')).toEqual({ tipo: 'conquista', atendida: true, descricao: 'A conquista Veterano.', dica: null });
    expect((await reason(veteran, fresh.id, 'conquista')).dica).toBe('Conquiste Veterano: 180 dias de Legião (você tem 10).');
    // The same answer as GET /Conquista's nivelTempo for that member.
    const seals = await t.app.inject({ method: 'GET', url: '/api/conquista', headers: { authorization: `Bearer ${(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: old.email, senha: 'Senha@123' } })).json().token.token}` } });
    expect(seals.json().nivelTempo).toBeGreaterThanOrEqual(2);

    const recruiter = rule({ tipo: 'conquista', chave: 'recrutador' });
    expect((await reason(recruiter, fresh.id, 'conquista')).dica).toBe('Conquiste Recrutador: 1 indicação confirmada (você tem 0).');
    await confirmedReferral(t.prisma, fresh.id);
    expect((await reason(recruiter, fresh.id, 'conquista')).atendida).toBe(true);
  });
});

describe('conquista: the collection seals and the event badges', () => {
  it('Iniciante by the collection as GET /Conquista counts it; an experience by a redeemed benefit of it', async () => {
    const p = await products(t.prisma);
    const m = await member(t.prisma);
    const starter = rule({ tipo: 'conquista', chave: 'iniciante' });
    expect((await reason(starter, m.id, 'conquista')).dica).toBe('Conquiste Iniciante: 1 produto na coleção (você tem 0).');
    await t.prisma.produtoCliente.create({ data: { usuarioId: m.id, produtoId: p.a.id, dataCompra: new Date('2026-01-01'), localCompra: 'Loja' } });
    expect((await reason(starter, m.id, 'conquista')).atendida).toBe(true);
    expect(await reason(rule({ tipo: 'conquista', chave: 'tardezinha' }), m.id, 'conquista')).toEqual({
      tipo: 'conquista',
      atendida: false,
      descricao: 'A experiência Tardezinha.',
      dica: 'Resgate um benefício da experiência Tardezinha.',
    });
  });
});

describe('conquista: the founder seal', () => {
  it('by the config\'s cut-off; nothing a member can do about it, so no hint', async () => {
    const m = await member(t.prisma);
    const founder = rule({ tipo: 'conquista', chave: 'membroFundador' });
    const before = await decide(pool(), founder, { userId: m.id }, { now: new Date(), foundersUntil: new Date(Date.now() + 86400_000) });
    expect(before!.eligible).toBe(true);
    const after = await decide(pool(), founder, { userId: m.id }, { now: new Date(), foundersUntil: new Date(Date.now() - 86400_000) });
    expect(after!.reasons[1]).toEqual({ tipo: 'conquista', atendida: false, descricao: 'A conquista Membro fundador.', dica: null });
  });
});

describe('the SQL shape the count relies on (100,000 members: ADR 0046)', () => {
  it('the count aggregates each table once and counts after the joins; one decision walks the indexes of one account', async () => {
    const seen: string[] = [];
    const spy = { query: async (q: string | { text: string }) => (seen.push(typeof q === 'string' ? q : q.text), { rows: [{ total: 0 }] }) } as unknown as Parameters<typeof countEligible>[0];
    const r = rule({ tipo: 'comprasVerificadas', minimo: 2 }, { tipo: 'saldoMinimo', minimo: 1 }, { tipo: 'incluirLeads' });
    await countEligible(spy, r, ctx);
    expect(seen[0]).toContain('count(*) FILTER (WHERE');
    expect(seen[0]).not.toContain('IN (SELECT id FROM alvo)');
    expect(seen[0]).not.toContain('tipo::text = ANY');
    await decide(spy, r, { userId: '00000000-0000-4000-8000-000000000000' }, ctx);
    expect(seen[1]!.match(/IN \(SELECT id FROM alvo\)/g)).toHaveLength(2);
  });
});

describe('a combination, counted and decided by the same SQL', () => {
  it('the preview count equals the per-member decisions over a seeded set', async () => {
    const p = await products(t.prisma);
    const r = rule({ tipo: 'legionarioAtivo' }, { tipo: 'possuiProduto', produtoId: p.a.id }, { tipo: 'comprasVerificadas', minimo: 2 }, { tipo: 'saldoMinimo', minimo: 3 }, { tipo: 'incluirColaboradores' });
    const seeded = [];
    // 12 members: every mix of kind, activation, purchases and balance.
    for (let i = 0; i < 12; i++) {
      const m = await member(t.prisma, { tipo: i % 4 === 3 ? (i % 8 === 3 ? 'lead' : 'colaborador') : 'legionario', ativo: i % 5 !== 4, bloqueado: i === 10 });
      if (i % 3 !== 2) await verifiedPurchase(t.prisma, m.id, p.a.id);
      if (i % 2 === 0) await verifiedPurchase(t.prisma, m.id, p.other.id);
      if (i % 6 !== 5) await credit(t.prisma, m.id, i % 4 === 1 ? 2 : 3, p.other.id);
      seeded.push(m);
    }
    const decisions = await Promise.all(seeded.map((m) => decision(r, m.id)));
    const eligible = decisions.filter((d) => d.eligible).length;
    expect(eligible).toBeGreaterThan(1);
    expect(eligible).toBeLessThan(seeded.length - 1);
    // Only these members own the fresh product p.a: the count over everyone is theirs.
    expect(await countEligible(pool(), r, ctx)).toBe(eligible);
    // Each unmet condition named, the met ones too.
    for (const d of decisions) expect(d.reasons.map((x) => x.tipo)).toEqual(['publico', 'legionarioAtivo', 'possuiProduto', 'comprasVerificadas', 'saldoMinimo']);
    for (const d of decisions) expect(d.eligible).toBe(d.reasons.every((x) => x.atendida));
  });
});

describe('the rule contract', () => {
  it('refuses unknown kinds, bad numbers and repeated single conditions, in Portuguese', () => {
    const msg = (v: unknown) => launchRuleSchema.safeParse(v).error?.issues[0]?.message;
    expect(msg({ condicoes: [{ tipo: 'vip' }] })).toMatch(/^Condição desconhecida/);
    expect(msg({ condicoes: [{ tipo: 'comprasVerificadas', minimo: 0 }] })).toBe('Compras verificadas: de 1 a 1000.');
    expect(msg({ condicoes: [{ tipo: 'saldoMinimo', minimo: 1 }, { tipo: 'saldoMinimo', minimo: 2 }] })).toBe('Esta condição só pode aparecer uma vez na regra.');
    expect(msg({ condicoes: [{ tipo: 'conquista', chave: 'rei' }] })).toBe('Conquista desconhecida.');
    expect(launchRuleSchema.safeParse({ condicoes: [{ tipo: 'possuiProduto', produtoId: 1 }, { tipo: 'possuiProduto', produtoId: 2 }] }).success).toBe(true);
  });
});
