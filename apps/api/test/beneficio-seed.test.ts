import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiosResponseSchema, cuponsResponseSchema, extratoResponseSchema, indicacaoResumoSchema, usuarioLogadoSchema } from '@legiao/contracts';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed.js';
import { AMIGOS_DEMO, beneficiosDemo, seedBeneficios, seedEconomiaDemo } from '../src/db/seed-economia.js';
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
    await Promise.all([seedEconomiaDemo(t.prisma, { bcryptCost: 4 }), seedEconomiaDemo(t.prisma, { bcryptCost: 4 })]);
    const contar = async () => ({
      beneficios: await t.prisma.beneficio.count({ where: { chave: { in: beneficiosDemo(new Date()).map((b) => b.chave) } } }),
      cupons: await t.prisma.cupom.count({ where: { beneficio: { chave: { in: beneficiosDemo(new Date()).map((b) => b.chave) } } } }),
      lancamentos: await t.prisma.lancamento.count({ where: { usuario: { email: 'membro@legiao.dev' } } }),
      amigos: await t.prisma.usuario.count({ where: { email: { in: AMIGOS_DEMO.map((a) => a.email) } } }),
    });
    const antes = await contar();
    expect(antes.beneficios).toBe(12);
    expect(antes.amigos).toBe(4);
    await seedDemo(t.prisma, { bcryptCost: 4 });
    expect(await seedBeneficios(t.prisma)).toBe(0);
    expect(await contar()).toEqual(antes);
  });

  it('gives the demo member a balance made of ledger entries, referrals, coupons and every card state', async () => {
    await seedDemo(t.prisma, { bcryptCost: 4 });
    const headers = bearer(await login(t.app, 'membro@legiao.dev', DEMO_PASSWORD));
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers })).json();

    const extrato = extratoResponseSchema.parse(await get('/api/usuario/extrato'));
    const saldo = extrato.reduce((acc, i) => acc + i.valor, 0);
    expect(new Set(extrato.map((i) => i.motivo))).toEqual(new Set(['Compra', 'Indicação', 'Enriquecimento de Perfil', 'Resgate de Benefício']));
    expect(usuarioLogadoSchema.parse(await get('/api/usuario/logged')).saldo).toBe(saldo);
    expect(saldo).toBe(5);

    const indicacao = indicacaoResumoSchema.parse(await get('/api/indicacao'));
    expect(indicacao).toMatchObject({ confirmados: 3, pendentes: 1, saldo: 5, emailsPendentes: ['diego.amigo@legiao.dev'] });
    expect([...indicacao.emailsConfirmados].sort()).toEqual(['ana.amiga@legiao.dev', 'bruno.amigo@legiao.dev', 'carla.amiga@legiao.dev']);

    // Only the seeded ones: other test files create benefits in the same database.
    const nomesDemo = new Set(beneficiosDemo(new Date()).map((b) => b.nome));
    const beneficios = beneficiosResponseSchema.parse(await get('/api/beneficio')).filter((b) => nomesDemo.has(b.nome));
    const porTipo = (tipo: string) => beneficios.find((b) => b.tipo === tipo)!;
    expect(new Set(beneficios.map((b) => b.estado))).toEqual(new Set(['esgotado', 'bloqueado', 'resgatavel', 'resgatado', 'utilizado']));
    expect(porTipo('Missao_Personalizacao')).toMatchObject({ estado: 'utilizado', jaResgatado: true });
    expect(porTipo('JerseyBoys2025')).toMatchObject({ estado: 'resgatado', evento: true });
    expect(porTipo('MeninasMalvadas2025')).toMatchObject({ estado: 'bloqueado', codigoBloqueio: 'EM_BREVE' });
    expect(porTipo('Cbe')).toMatchObject({ estado: 'esgotado' });
    expect(porTipo('ParIngressoSpantaRJ')).toMatchObject({ estado: 'resgatavel' });
    expect(porTipo('ParIngressoSpantaRJ').dias.map((d) => [d.nome, d.esgotado])).toEqual([['Sábado, 17/01', true], ['Domingo, 18/01', false], ['Segunda, 19/01', false]]);
    expect(beneficios.find((b) => b.nome === 'Cupom 30% OFF')).toMatchObject({ estado: 'bloqueado', codigoBloqueio: 'SALDO_INSUFICIENTE' });
    // Staff-only and other cities' benefits are not shown to the demo member (São Paulo).
    expect(beneficios.map((b) => b.tipo)).not.toContain('Colaboradores');
    expect(beneficios.some((b) => b.nome.startsWith('Tardezinha'))).toBe(false);
    expect(cuponsResponseSchema.parse(await get('/api/beneficio/cupom'))).toHaveLength(2);

    // Staff see the staff shop; the demo lead sees the lead offer.
    const staff = bearer(await login(t.app, 'colaborador@legiao.dev', DEMO_PASSWORD));
    const doStaff = beneficiosResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/beneficio', headers: staff })).json());
    expect(doStaff.map((b) => b.nome)).toContain('Loja do Colaborador');
    const lead = bearer(await login(t.app, 'lead@legiao.dev', DEMO_PASSWORD));
    const doLead = beneficiosResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/beneficio', headers: lead })).json());
    expect(doLead.map((b) => b.nome)).toContain('Sua primeira compra com 15% OFF');
  });
});
