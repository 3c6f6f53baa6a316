import { describe, expect, it } from 'vitest';
import { isValidCpf, onlyDigits } from './cpf.js';

/** Textbook modulo-11 check digits, written independently of cpf.ts. */
function textbookCheckDigits(base9: string) {
  const dv = (digits: string) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(base9);
  return `${d1}${dv(base9 + d1)}`;
}

describe('isValidCpf', () => {
  it('accepts real-world valid CPFs, with or without the mask', () => {
    for (const cpf of ['52998224725', '11144477735', '93541134780', '529.982.247-25', '111.444.777-35']) expect(isValidCpf(cpf), cpf).toBe(true);
  });

  it('refuses a wrong first or second check digit', () => {
    expect(isValidCpf('52998224735')).toBe(false); // first digit off
    expect(isValidCpf('52998224726')).toBe(false); // second digit off
    expect(isValidCpf('529.982.247-26')).toBe(false);
  });

  it('refuses all-equal digits even though their check digits add up', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11)), String(d)).toBe(false);
  });

  it('refuses the wrong length', () => {
    for (const cpf of ['', '5299822472', '529982247250', '529.982.247-2']) expect(isValidCpf(cpf), cpf).toBe(false);
  });

  it('agrees with the textbook algorithm on many CPFs', () => {
    for (let n = 0; n < 500; n++) {
      const base = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
      if (/^(\d)\1{8}$/.test(base)) continue;
      const good = base + textbookCheckDigits(base);
      expect(isValidCpf(good), good).toBe(true);
      const bad = good.slice(0, 10) + String((Number(good[10]) + 1 + (n % 9)) % 10);
      expect(isValidCpf(bad), bad).toBe(false);
    }
  });
});

describe('onlyDigits', () => {
  it('strips the masks of CPF, mobile and CEP', () => {
    expect(onlyDigits('529.982.247-25')).toBe('52998224725');
    expect(onlyDigits('(11) 98765-4321')).toBe('11987654321');
    expect(onlyDigits('01310-100')).toBe('01310100');
  });
});
