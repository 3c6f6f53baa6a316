import { randomInt } from 'node:crypto';

/** Check digit of the first `digits.length` digits (weights len+1 down to 2). */
function checkDigit(digits: number[]): number {
  const len = digits.length;
  const sum = digits.reduce((acc, d, i) => acc + d * (len + 1 - i), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** Appends both check digits to a 9-digit base. */
export function cpfFromBase(base: string): string {
  const digits = [...base].map(Number);
  digits.push(checkDigit(digits));
  digits.push(checkDigit(digits));
  return digits.join('');
}

/** A random CPF with correct check digits (and not all digits equal). */
export function randomCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => randomInt(10)).join('');
    const cpf = cpfFromBase(base);
    if (!/^(\d)\1{10}$/.test(cpf)) return cpf;
  }
}

/** The same CPF with its last check digit wrong. */
export function withWrongCheckDigit(cpf: string): string {
  return cpf.slice(0, 10) + String((Number(cpf[10]) + 1) % 10);
}

export const maskCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
