import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { fitsPasswordLimit, isStrongPassword, passwordBytes, passwordRules, passwordSchema } from './password.js';

const message = (value: unknown) => {
  const r = passwordSchema.safeParse(value);
  return r.success ? undefined : r.error.issues[0]!.message;
};

describe('password rules (spec 001 section 5)', () => {
  it('accepts a password with a letter, an uppercase letter, a digit and a special character', () => {
    for (const s of ['Senha@123', 'Abcdefg1!', 'X1#xxxxx', 'Legiao@2025']) expect(isStrongPassword(s), s).toBe(true);
  });

  it('refuses a password missing any one rule', () => {
    expect(isStrongPassword('senha@123')).toBe(false); // no uppercase
    expect(isStrongPassword('Senha@abc')).toBe(false); // no digit
    expect(isStrongPassword('Senha1234')).toBe(false); // no special
    expect(isStrongPassword('Se@1')).toBe(false); // too short
    expect(isStrongPassword('')).toBe(false);
  });

  it('counts only the listed special characters', () => {
    for (const c of '!@#$%^&*(),.?":{}|<>') expect(isStrongPassword(`Senha1${c}x`), c).toBe(true);
    for (const c of ['_', '-', '+', '=', '~', ' ', '/']) expect(isStrongPassword(`Senha1${c}x`), JSON.stringify(c)).toBe(false);
  });

  it('labels the live checklist as the spec writes it', () => {
    const labels = passwordRules.map((r) => r.label);
    expect(labels).toEqual(expect.arrayContaining(['1 Letra maiúscula', '1 Número', '1 Caractere especial (ex:#?!)']));
    const rule = (id: string) => passwordRules.find((r) => r.id === id)!;
    expect(rule('maiuscula').test('abc')).toBe(false);
    expect(rule('maiuscula').test('aBc')).toBe(true);
    expect(rule('numero').test('abc')).toBe(false);
    expect(rule('numero').test('a1c')).toBe(true);
  });

  it('answers with the Portuguese messages', () => {
    expect(message('Senha@123')).toBeUndefined();
    expect(message('fraca')).toBe(MSG.senhaRegras);
    expect(message(`Aa1!${'x'.repeat(69)}`)).toBe(MSG.senhaLonga); // 73 characters: bcrypt reads only 72
    expect(message(undefined)).toBe(MSG.camposObrigatorios);
  });

  it('bounds the password to the 72 bytes bcrypt reads, counting UTF-8 bytes, not characters', () => {
    const long = `S@1ab${'ç'.repeat(36)}`; // 41 characters, 77 bytes
    expect([long.length, passwordBytes(long)]).toEqual([41, 77]);
    expect(message(long)).toBe(MSG.senhaLonga);
    expect(message(`S@1ab${'ç'.repeat(33)}x`)).toBeUndefined(); // exactly 72 bytes
    expect(message(`Aa1!${'x'.repeat(68)}`)).toBeUndefined(); // 72 ASCII characters
    expect(passwordBytes('Senha@1😀')).toBe(11);
    expect(fitsPasswordLimit(`Senha@1${'😀'.repeat(16)}`)).toBe(true); // 7 + 64 bytes
    expect(fitsPasswordLimit(`Senha@1${'😀'.repeat(17)}`)).toBe(false); // 7 + 68 bytes, 41 characters
    // One message, even when the long password breaks other rules too.
    expect(passwordSchema.safeParse('ç'.repeat(40)).error?.issues.map((i) => i.message)).toEqual([MSG.senhaLonga]);
  });
});
