import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_MSG, leadResponseSchema, MSG } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError, uniqueEmail } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const payload = (overrides: Record<string, unknown> = {}) => ({
  nome: 'Paula Visitante',
  email: uniqueEmail('lead'),
  celular: '(71) 98765-4321',
  dtNascimento: '1996-04-12T00:00:00.000Z',
  cep: '40020-000',
  optinEmail: true,
  optinCelular: false,
  ...overrides,
});
const create = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/Leads/Create', payload: body as object });

describe('POST /api/Leads/Create', () => {
  it('stores the lead with its consents and answers a 40% coupon', async () => {
    const body = payload({ email: uniqueEmail('Lead.Maiusculo').toUpperCase() });
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    const r = leadResponseSchema.parse(res.json());
    expect(r).toMatchObject({ message: LEAD_MSG.sucesso, percentual: 40, novo: true });
    expect(r.cupom).toMatch(/^XP40-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const row = await t.prisma.lead.findUniqueOrThrow({ where: { email: body.email.toLowerCase() } });
    expect(row).toMatchObject({ nome: 'Paula Visitante', celular: '71987654321', cep: '40020000', optInEmail: true, optInCelular: false, origem: 'expert-xp', cupom: r.cupom, percentual: 40 });
    expect(row.dataNascimento.toISOString().slice(0, 10)).toBe('1996-04-12');
  });

  it('one coupon per e-mail: the same address gets its coupon back and nothing changes', async () => {
    const body = payload();
    const first = leadResponseSchema.parse((await create(body)).json());
    const again = await create({ ...body, nome: 'Outro Nome', optinCelular: true });
    expect(again.statusCode).toBe(200);
    expect(leadResponseSchema.parse(again.json())).toEqual({ ...first, novo: false });
    expect(await t.prisma.lead.findUniqueOrThrow({ where: { email: body.email } })).toMatchObject({ nome: 'Paula Visitante', optInCelular: false });
    // At once, too.
    const other = payload();
    const res = await Promise.all([0, 1, 2, 3].map(() => create(other)));
    const coupons = res.map((x) => leadResponseSchema.parse(x.json()).cupom);
    expect(new Set(coupons).size).toBe(1);
    expect(await t.prisma.lead.count({ where: { email: other.email } })).toBe(1);
  });

  it('validates the payload with Portuguese messages', async () => {
    expectError(await create(payload({ email: undefined })), 400, MSG.camposObrigatorios);
    expectError(await create(payload({ email: 'nao-e-email' })), 400, MSG.emailInvalido);
    expectError(await create(payload({ celular: '123' })), 400, MSG.celularInvalido);
    expectError(await create(payload({ cep: '123' })), 400, MSG.cepInvalido);
    expectError(await create(payload({ dtNascimento: 'ontem' })), 400, MSG.dataNascimentoInvalida);
    expectError(await create(payload({ nome: '' })), 400, MSG.camposObrigatorios);
  });
});
