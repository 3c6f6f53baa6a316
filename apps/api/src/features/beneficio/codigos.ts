import { randomInt } from 'node:crypto';

// Coupon codes the portal makes itself (generated benefits, Friends & Family, leads): a prefix and
// 8 characters from an alphabet without look-alikes (0/O, 1/I/L), e.g. 'LEG10-7KQ2-M9XD'.
// 31^8 ≈ 8.5e11 combinations; the unique index on the code is what guarantees uniqueness, and the
// callers insert with ON CONFLICT DO NOTHING and draw again on the (rare) collision.

const ALFABETO = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const bloco = (n: number) => Array.from({ length: n }, () => ALFABETO[randomInt(ALFABETO.length)]).join('');

export function gerarCodigo(prefixo: string): string {
  const p = prefixo.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 12) || 'LEG';
  return `${p}-${bloco(4)}-${bloco(4)}`;
}

/** A code as members type it: upper case, no surrounding spaces. */
export const normalizarCodigo = (codigo: string) => codigo.trim().toUpperCase();

/** Imported codes: letters, digits, '-' and '_', 3 to 64 characters. */
export const CODIGO_IMPORTADO = /^[A-Z0-9_-]{3,64}$/;
