import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_LEAD_COUPON, LEAD_MSG, leadResponseSchema, MSG } from '@legiao/contracts';
import { LEAD_COUPON_MAILS } from '../src/features/leads/coupon-mail-limit.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError, uniqueEmail } from './support/factories.js';
import { waitForMail } from './support/mailbox.js';

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
  // Issue 23, section 4, finding 4: the personal coupon goes to the address's owner, by e-mail, and
  // the answer is the same whether the address was new or not (docs/decisions/0039-security-review-findings.md).
  const ANSWER = { message: LEAD_MSG.sucesso, cupom: FIXED_LEAD_COUPON, percentual: 40 };
  const SUBJECT = 'Seu cupom de 40% OFF';

  it('stores the lead with its consents, answers the campaign coupon and mails the personal one to the address', async () => {
    const body = payload({ email: uniqueEmail('Lead.Maiusculo').toUpperCase() });
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(leadResponseSchema.parse(res.json())).toEqual(ANSWER);
    const row = await t.prisma.lead.findUniqueOrThrow({ where: { email: body.email.toLowerCase() } });
    expect(row).toMatchObject({ nome: 'Paula Visitante', celular: '71987654321', cep: '40020000', optInEmail: true, optInCelular: false, origem: 'expert-xp', percentual: 40 });
    expect(row.cupom).toMatch(/^XP40-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(res.body).not.toContain(row.cupom);
    expect(row.dataNascimento.toISOString().slice(0, 10)).toBe('1996-04-12');

    const mail = await waitForMail(row.email, { subject: SUBJECT });
    expect(mail.text).toContain(row.cupom);
    expect(mail.text).toContain('Olá, Paula!');
    expect(mail.html).toContain(row.cupom);
  });

  it('a repeated e-mail gets the same answer, without the code; its owner gets the code by e-mail; nothing changes', async () => {
    const body = payload();
    const first = await create(body);
    const again = await create({ ...body, nome: 'Outra Pessoa', optinCelular: true });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(again.json()).toEqual(ANSWER);

    const row = await t.prisma.lead.findUniqueOrThrow({ where: { email: body.email } });
    expect(row).toMatchObject({ nome: 'Paula Visitante', optInCelular: false });
    expect(again.body).not.toContain(row.cupom);
    // The owner's code, to the owner's address, greeting the owner (not what the caller typed).
    const mail = await waitForMail(body.email, { subject: SUBJECT, nth: 2 });
    expect(mail.text).toContain(row.cupom);
    expect(mail.text).toContain('Olá, Paula!');
    expect(mail.text).not.toContain('Outra');

    // At once, too: one lead, the same answer for everyone.
    const other = payload();
    const res = await Promise.all([0, 1, 2, 3].map(() => create(other)));
    expect(new Set(res.map((x) => `${x.statusCode} ${x.body}`))).toEqual(new Set([`200 ${JSON.stringify(ANSWER)}`]));
    expect(await t.prisma.lead.count({ where: { email: other.email } })).toBe(1);
  });

  it("can't be used to flood an inbox: coupon mails to one address are limited, silently", async () => {
    const body = payload();
    const res = [];
    for (let i = 0; i < LEAD_COUPON_MAILS.max + 3; i++) res.push(await create(body));
    expect(new Set(res.map((x) => `${x.statusCode} ${x.body}`))).toEqual(new Set([`200 ${JSON.stringify(ANSWER)}`]));
    expect(await t.prisma.emailSaida.count({ where: { para: body.email } })).toBe(LEAD_COUPON_MAILS.max);
    // Another address has its own budget.
    const other = payload();
    await create(other);
    expect(await t.prisma.emailSaida.count({ where: { para: other.email } })).toBe(1);
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
