import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRIENDS_FAMILY_MSG, friendsFamilyResponseSchema } from '@legiao/contracts';
import { friendsFamilyCoupons, currentMonth } from '../src/features/friends-family/friends-family.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createEconomyMember } from './beneficio-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/friends-family', headers });

describe('GET /api/friends-family', () => {
  it('gives a staff member 5 coupons of 20% valid until the last day of the month, the same ones on every visit', async () => {
    const staff = await createEconomyMember(t.app, t.prisma, { tipo: 'colaborador' });
    const res = await get(staff.headers);
    expect(res.statusCode, res.body).toBe(200);
    const coupons = friendsFamilyResponseSchema.parse(res.json());
    const { validoAte: validUntil } = currentMonth();
    expect(coupons).toHaveLength(5);
    expect(coupons.map((c) => c.ordem)).toEqual([1, 2, 3, 4, 5]);
    for (const c of coupons) {
      expect(c).toMatchObject({ percentual: 20, validoAte: validUntil, usoCupom: false, dataUsoCupom: null });
      expect(c.cupom).toMatch(/^FF20-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
      expect(c.validade).toBe(`Válido até ${validUntil.slice(8, 10)}/${validUntil.slice(5, 7)}/${validUntil.slice(0, 4)}. ${FRIENDS_FAMILY_MSG.restricao}`);
    }
    expect(new Set(coupons.map((c) => c.cupom)).size).toBe(5);
    expect(friendsFamilyResponseSchema.parse((await get(staff.headers)).json())).toEqual(coupons);
  });

  it('creates them once when the first visits of the month race', async () => {
    const staff = await createEconomyMember(t.app, t.prisma, { tipo: 'colaborador' });
    const res = await Promise.all(Array.from({ length: 8 }, () => get(staff.headers)));
    const lists = res.map((r) => friendsFamilyResponseSchema.parse(r.json()));
    for (const l of lists) expect(l).toEqual(lists[0]);
    expect(await t.prisma.cupomFriendsFamily.count({ where: { usuarioId: staff.usuario.id } })).toBe(5);
  });

  it('renews them each month (São Paulo time)', async () => {
    const staff = await createEconomyMember(t.app, t.prisma, { tipo: 'colaborador' });
    // 2026-03-01 02:00 UTC is still 28 February in São Paulo.
    const fev = await friendsFamilyCoupons(t.app, staff.usuario, new Date('2026-03-01T02:00:00.000Z'));
    const mar = await friendsFamilyCoupons(t.app, staff.usuario, new Date('2026-03-01T04:00:00.000Z'));
    expect(fev.map((c) => c.validoAte)).toEqual(Array(5).fill('2026-02-28'));
    expect(mar.map((c) => c.validoAte)).toEqual(Array(5).fill('2026-03-31'));
    expect(mar.map((c) => c.cupom)).not.toEqual(fev.map((c) => c.cupom));
    expect(currentMonth(new Date('2028-02-10T12:00:00.000Z'))).toEqual({ mes: '2028-02', validoAte: '2028-02-29' });
  });

  it('answers 403 to members and leads (the web app then goes to /home), 401 without a token', async () => {
    const [member, lead] = await Promise.all([createEconomyMember(t.app, t.prisma), createEconomyMember(t.app, t.prisma, { tipo: 'lead' })]);
    expectError(await get(member.headers), 403, FRIENDS_FAMILY_MSG.soColaboradores);
    expectError(await get(lead.headers), 403, FRIENDS_FAMILY_MSG.soColaboradores);
    expectError(await t.app.inject({ method: 'GET', url: '/api/friends-family' }), 401);
    expect(await t.prisma.cupomFriendsFamily.count({ where: { usuarioId: { in: [member.usuario.id, lead.usuario.id] } } })).toBe(0);
  });
});
