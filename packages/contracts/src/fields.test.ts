import { describe, expect, it } from 'vitest';
import { phoneSchema, cepSchema, cpfSchema, birthDateSchema, emailSchema } from './fields.js';
import { MSG } from './messages.js';

const issue = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error!.issues[0]!.message;
};

describe('emailSchema: a simple e-mail shape', () => {
  it('accepts, trims and lower-cases', () => {
    expect(emailSchema.parse('  Maria.Silva+legiao@Exemplo.COM.br ')).toBe('maria.silva+legiao@exemplo.com.br');
  });

  it('refuses spaces, a missing or doubled @, a domain without a dot, and over-long addresses', () => {
    for (const bad of ['maria silva@exemplo.com', 'maria.exemplo.com', 'maria@@exemplo.com', 'ma@ria@exemplo.com', 'maria@exemplo', '@exemplo.com', 'maria@.', '', `${'a'.repeat(250)}@x.com`]) {
      expect(issue(emailSchema, bad), bad).toBe(MSG.emailInvalido);
    }
    expect(issue(emailSchema, undefined)).toBe(MSG.emailInvalido);
    expect(issue(emailSchema, 42)).toBe(MSG.emailInvalido);
  });
});

describe('cpfSchema', () => {
  it('keeps the digits of a valid CPF and refuses an invalid one', () => {
    expect(cpfSchema.parse('529.982.247-25')).toBe('52998224725');
    expect(issue(cpfSchema, '529.982.247-26')).toBe(MSG.cpfInvalido);
    expect(issue(cpfSchema, '11111111111')).toBe(MSG.cpfInvalido);
  });
});

describe('cepSchema and celularSchema', () => {
  it('accept the masks and keep the digits', () => {
    expect(cepSchema.parse('01310-100')).toBe('01310100');
    expect(phoneSchema.parse('(11) 98765-4321')).toBe('11987654321');
  });

  it('refuse the wrong number of digits, a landline or a DDD with 0', () => {
    expect(issue(cepSchema, '0131-100')).toBe(MSG.cepInvalido);
    expect(issue(cepSchema, '013101000')).toBe(MSG.cepInvalido);
    expect(issue(phoneSchema, '(11) 3765-4321')).toBe(MSG.celularInvalido);
    expect(issue(phoneSchema, '(01) 98765-4321')).toBe(MSG.celularInvalido);
    expect(issue(phoneSchema, '11987654')).toBe(MSG.celularInvalido);
  });
});

describe('dataNascimentoSchema', () => {
  it('accepts ISO dates of people aged 0 to 120', () => {
    expect(birthDateSchema.parse('1990-05-17')).toBe('1990-05-17');
    expect(birthDateSchema.parse('1990-05-17T00:00:00.000Z')).toBe('1990-05-17T00:00:00.000Z');
  });

  it('refuses garbage, the future and the implausibly old', () => {
    const nextYear = `${new Date().getFullYear() + 1}-01-01`;
    for (const bad of ['ontem', '', nextYear, '1800-01-01']) expect(issue(birthDateSchema, bad), bad).toBe(MSG.dataNascimentoInvalida);
  });
});
