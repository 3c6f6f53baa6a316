import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementSchema, ACHIEVEMENT_THRESHOLDS, type Achievement } from '@legiao/contracts/conquista';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createBenefit, createEconomyMember } from './beneficio-fixtures.js';
import { createVerifiedPurchase, createEntry, createProduct } from './produto-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const DAY = 24 * 3600_000;

async function achievements(headers: Headers, app = t.app): Promise<Achievement> {
  const res = await app.inject({ method: 'GET', url: '/api/Conquista', headers });
  expect(res.statusCode, res.body).toBe(200);
  return achievementSchema.parse(res.json());
}

/** `n` confirmed referrals made by the member (and one pending, which never counts). */
async function referrals(referrerId: string, n: number, status: 'confirmada' | 'pendente' = 'confirmada') {
  await t.prisma.indicacao.createMany({
    data: Array.from({ length: n }, () => ({ indicadorId: referrerId, cpfDigest: `cpf-${randomUUID()}`, emailDigest: `email-${randomUUID()}`, status, confirmadaEm: status === 'confirmada' ? new Date() : null })),
  });
}

describe('GET /api/Conquista', () => {
  it('a new member: Novato, nothing else yet, founder before the cutoff', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { perfil: null });
    expect(await achievements(m.headers)).toEqual({
      numeroLegionario: null,
      membroFundador: true,
      perfil: null,
      nivelTempo: 1,
      nivelIndicacao: 0,
      nivelColecao: 0,
      experiencias: [],
      progresso: { diasDeLegiao: 0, indicacoesConfirmadas: 0, produtosNaColecao: 0 },
    });
  });

  it('needs a session', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/conquista' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/conquista', headers: { authorization: 'Bearer nao-e-um-token' } }), 401);
  });

  it('nivelTempo: Veterano from 180 days after activation, Legionário from 365 (dataCadastro when never activated)', async () => {
    const m = await createEconomyMember(t.app, t.prisma);
    const [veteran, member] = ACHIEVEMENT_THRESHOLDS.tempoDias.slice(1) as [number, number];
    const activatedAgo = async (ms: number, withoutActivation = false) => {
      await t.prisma.usuario.update({ where: { id: m.usuario.id }, data: withoutActivation ? { ativadoEm: null, dataCadastro: new Date(Date.now() - ms) } : { ativadoEm: new Date(Date.now() - ms) } });
      const c = await achievements(m.headers);
      return [c.nivelTempo, c.progresso.diasDeLegiao];
    };
    const minute = 60_000;
    expect(await activatedAgo(veteran * DAY - minute)).toEqual([1, veteran - 1]);
    expect(await activatedAgo(veteran * DAY + minute)).toEqual([2, veteran]);
    expect(await activatedAgo(member * DAY - minute)).toEqual([2, member - 1]);
    expect(await activatedAgo(member * DAY + minute)).toEqual([3, member]);
    expect(await activatedAgo(member * DAY + minute, true)).toEqual([3, member]);
    expect(await activatedAgo(veteran * DAY - minute, true)).toEqual([1, veteran - 1]);
  });

  it('nivelIndicacao counts confirmed referrals only: 1, 5 and 15', async () => {
    const m = await createEconomyMember(t.app, t.prisma);
    await referrals(m.usuario.id, 3, 'pendente');
    const levelWith = async (total: number) => {
      const current = await t.prisma.indicacao.count({ where: { indicadorId: m.usuario.id, status: 'confirmada' } });
      await referrals(m.usuario.id, total - current);
      const c = await achievements(m.headers);
      expect(c.progresso.indicacoesConfirmadas).toBe(total);
      return c.nivelIndicacao;
    };
    expect(await levelWith(0)).toBe(0);
    expect(await levelWith(1)).toBe(1);
    expect(await levelWith(4)).toBe(1);
    expect(await levelWith(5)).toBe(2);
    expect(await levelWith(14)).toBe(2);
    expect(await levelWith(15)).toBe(3);
  });

  it('nivelColecao counts distinct products on the shelf: 1, 5 and 10', async () => {
    const m = await createEconomyMember(t.app, t.prisma);
    const products = await Promise.all(Array.from({ length: 11 }, () => createProduct(t.prisma)));
    // A product whose every verified unit was bought to give away is not on her shelf.
    await createVerifiedPurchase(t.prisma, { usuarioId: m.usuario.id, produtoId: products[10]!.id, quantidade: 2, quantidadePresente: 2 });
    let has = 0;
    const levelWith = async (total: number) => {
      for (; has < total; has++) await createEntry(t.prisma, m.usuario.id, products[has]!.id);
      const c = await achievements(m.headers);
      expect(c.progresso.produtosNaColecao).toBe(total);
      return c.nivelColecao;
    };
    expect(await levelWith(0)).toBe(0);
    expect(await levelWith(1)).toBe(1);
    // Two entries of the same product are one product.
    await createEntry(t.prisma, m.usuario.id, products[0]!.id);
    expect(await levelWith(1)).toBe(1);
    expect(await levelWith(4)).toBe(1);
    expect(await levelWith(5)).toBe(2);
    expect(await levelWith(9)).toBe(2);
    expect(await levelWith(10)).toBe(3);
  });

  it('numeroLegionario is the lowest legion number of her verified pieces; perfil is a profile seal or null', async () => {
    const m = await createEconomyMember(t.app, t.prisma, { perfil: 'outsider' });
    const [a, b] = await Promise.all([createProduct(t.prisma, { numerosAtribuidos: 40 }), createProduct(t.prisma, { numerosAtribuidos: 6 })]);
    await createVerifiedPurchase(t.prisma, { usuarioId: m.usuario.id, produtoId: a.id, quantidade: 1 });
    await createVerifiedPurchase(t.prisma, { usuarioId: m.usuario.id, produtoId: b.id, quantidade: 2 });
    const c = await achievements(m.headers);
    expect(c.numeroLegionario).toBe(7);
    expect(c.perfil).toBe('outsider');
    await t.prisma.usuario.update({ where: { id: m.usuario.id }, data: { perfil: 'geral' } });
    expect((await achievements(m.headers)).perfil).toBeNull();
  });

  it('experiencias: the events of the benefits she redeemed, in the contract order', async () => {
    const m = await createEconomyMember(t.app, t.prisma);
    const other = await createEconomyMember(t.app, t.prisma);
    const jersey = await createBenefit(t.prisma, { valor: 0, evento: true, experiencia: 'jerseyBoys' });
    const afternoon = await createBenefit(t.prisma, { valor: 0, evento: true, experiencia: 'tardezinha' });
    const common = await createBenefit(t.prisma, { valor: 0 });
    for (const b of [jersey, common, afternoon]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers: m.headers, payload: { idBeneficio: b.id, aceiteTermos: true } });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await achievements(m.headers)).experiencias).toEqual(['tardezinha', 'jerseyBoys']);
    expect((await achievements(other.headers)).experiencias).toEqual([]);
  });

  it('staff and leads get an answer too', async () => {
    const [staff, lead] = await Promise.all([createEconomyMember(t.app, t.prisma, { tipo: 'colaborador' }), createEconomyMember(t.app, t.prisma, { tipo: 'lead', perfil: null })]);
    expect((await achievements(staff.headers)).nivelTempo).toBe(1);
    expect((await achievements(lead.headers)).nivelTempo).toBe(1);
  });

  it('membroFundador: accounts created up to the last day of FOUNDERS_UNTIL (São Paulo time)', async () => {
    const other = await buildTestApp({ env: { FOUNDERS_UNTIL: '2026-06-30' } });
    try {
      const m = await createEconomyMember(other.app, other.prisma);
      const founder = async (signupDate: string) => {
        await other.prisma.usuario.update({ where: { id: m.usuario.id }, data: { dataCadastro: new Date(signupDate) } });
        return (await achievements(m.headers, other.app)).membroFundador;
      };
      expect(await founder('2026-07-01T02:59:59.999Z')).toBe(true); // 30/06 23:59:59 in São Paulo
      expect(await founder('2026-07-01T03:00:00.000Z')).toBe(false); // 01/07 00:00
      expect(await founder('2025-01-01T12:00:00.000Z')).toBe(true);
    } finally {
      await other.close();
    }
  });
});
