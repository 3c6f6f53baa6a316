import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefitsResponseSchema, couponsResponseSchema, statementResponseSchema, referralSummarySchema, signedInUserSchema } from '@legiao/contracts';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed.js';
import { FRIENDS_DEMO, benefitsDemo, seedBenefits, seedEconomyDemo } from '../src/db/seed-economy.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, login } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('demo economy (seed-economia.ts)', () => {
  it('is idempotent, also when several processes seed at once', async () => {
    await seedDemo(t.prisma, { bcryptCost: 4 });
    await Promise.all([seedEconomyDemo(t.prisma, { bcryptCost: 4 }), seedEconomyDemo(t.prisma, { bcryptCost: 4 })]);
    const count = async () => ({
      beneficios: await t.prisma.beneficio.count({ where: { chave: { in: benefitsDemo(new Date()).map((b) => b.chave) } } }),
      cupons: await t.prisma.cupom.count({ where: { beneficio: { chave: { in: benefitsDemo(new Date()).map((b) => b.chave) } } } }),
      lancamentos: await t.prisma.lancamento.count({ where: { usuario: { email: 'membro@legiao.dev' } } }),
      friends: await t.prisma.usuario.count({ where: { email: { in: FRIENDS_DEMO.map((a) => a.email) } } }),
    });
    const before = await count();
    expect(before.beneficios).toBe(12);
    expect(before.friends).toBe(4);
    await seedDemo(t.prisma, { bcryptCost: 4 });
    expect(await seedBenefits(t.prisma)).toBe(0);
    expect(await count()).toEqual(before);
  });

  it('gives the demo member a balance made of ledger entries, referrals, coupons and every card state', async () => {
    await seedDemo(t.prisma, { bcryptCost: 4 });
    const headers = bearer(await login(t.app, 'membro@legiao.dev', DEMO_PASSWORD));
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers })).json();

    const statement = statementResponseSchema.parse(await get('/api/usuario/extrato'));
    const balance = statement.reduce((acc, i) => acc + i.valor, 0);
    expect(new Set(statement.map((i) => i.motivo))).toEqual(new Set(['Compra', 'Indicação', 'Enriquecimento de Perfil', 'Resgate de Benefício']));
    expect(signedInUserSchema.parse(await get('/api/usuario/logged')).saldo).toBe(balance);
    expect(balance).toBe(5);

    const referral = referralSummarySchema.parse(await get('/api/indicacao'));
    expect(referral).toMatchObject({ confirmados: 3, pendentes: 1, saldo: 5, emailsPendentes: ['diego.amigo@legiao.dev'] });
    expect([...referral.emailsConfirmados].sort()).toEqual(['ana.amiga@legiao.dev', 'bruno.amigo@legiao.dev', 'carla.amiga@legiao.dev']);

    // Only the seeded ones: other test files create benefits in the same database.
    const demoNames = new Set(benefitsDemo(new Date()).map((b) => b.nome));
    const benefits = benefitsResponseSchema.parse(await get('/api/beneficio')).filter((b) => demoNames.has(b.nome));
    const byKind = (kind: string) => benefits.find((b) => b.tipo === kind)!;
    expect(new Set(benefits.map((b) => b.estado))).toEqual(new Set(['esgotado', 'bloqueado', 'resgatavel', 'resgatado', 'utilizado']));
    expect(byKind('Missao_Personalizacao')).toMatchObject({ estado: 'utilizado', jaResgatado: true });
    expect(byKind('JerseyBoys2025')).toMatchObject({ estado: 'resgatado', evento: true });
    expect(byKind('MeninasMalvadas2025')).toMatchObject({ estado: 'bloqueado', codigoBloqueio: 'EM_BREVE' });
    expect(byKind('Cbe')).toMatchObject({ estado: 'esgotado' });
    expect(byKind('ParIngressoSpantaRJ')).toMatchObject({ estado: 'resgatavel' });
    expect(byKind('ParIngressoSpantaRJ').dias.map((d) => [d.nome, d.esgotado])).toEqual([['Sábado, 17/01', true], ['Domingo, 18/01', false], ['Segunda, 19/01', false]]);
    expect(benefits.find((b) => b.nome === 'Cupom 30% OFF')).toMatchObject({ estado: 'bloqueado', codigoBloqueio: 'SALDO_INSUFICIENTE' });
    // Staff-only and other cities' benefits are not shown to the demo member (São Paulo).
    expect(benefits.map((b) => b.tipo)).not.toContain('Colaboradores');
    expect(benefits.some((b) => b.nome.startsWith('Tardezinha'))).toBe(false);
    expect(couponsResponseSchema.parse(await get('/api/beneficio/cupom'))).toHaveLength(2);

    // Staff see the staff shop; the demo lead sees the lead offer.
    const staff = bearer(await login(t.app, 'colaborador@legiao.dev', DEMO_PASSWORD));
    const forStaff = benefitsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/beneficio', headers: staff })).json());
    expect(forStaff.map((b) => b.nome)).toContain('Loja do Colaborador');
    const lead = bearer(await login(t.app, 'lead@legiao.dev', DEMO_PASSWORD));
    const forLead = benefitsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/beneficio', headers: lead })).json());
    expect(forLead.map((b) => b.nome)).toContain('Sua primeira compra com 15% OFF');
  });
});
