import { randomBytes, randomInt } from 'node:crypto';

const uniqueTag = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** A never-used address; the fake SMTP server accepts any domain. */
export function uniqueEmail(prefix = 'membro'): string {
  return `${prefix}.${uniqueTag()}@e2e.legiao.test`;
}

function checkDigit(digits: number[]): number {
  const weight = digits.length + 1;
  const sum = digits.reduce((acc, d, i) => acc + d * (weight - i), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** A random CPF with correct check digits (11 digits, not all the same). */
export function validCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => randomInt(10));
    if (base.every((d) => d === base[0])) continue;
    const d1 = checkDigit(base);
    const d2 = checkDigit([...base, d1]);
    return [...base, d1, d2].join('');
  }
}

export const formatCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

/** Meets every rule: a letter, an uppercase letter, a digit, a special character, 8+ long. */
export function strongPassword(): string {
  return `Legiao#${randomInt(1000, 9999)}${randomBytes(2).toString('hex')}`;
}

/** Mobile number as typed (digits) and as the (##) #####-#### mask shows it. */
export function randomPhone(): { digits: string; masked: string } {
  const rest = String(randomInt(10_000_000, 99_999_999));
  const digits = `119${rest}`;
  return { digits, masked: `(11) 9${rest.slice(0, 4)}-${rest.slice(4)}` };
}

export const FIRST_NAMES = ['Beatriz', 'Rafael', 'Juliana', 'Thiago', 'Camila', 'Gustavo', 'Larissa', 'Mateus'];

export function randomName(): { nome: string; primeiroNome: string } {
  const firstName = FIRST_NAMES[randomInt(FIRST_NAMES.length)]!;
  return { nome: `${firstName} Teste ${uniqueTag().slice(-4).toUpperCase()}`, primeiroNome: firstName };
}
