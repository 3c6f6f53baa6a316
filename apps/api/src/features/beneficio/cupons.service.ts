import type { Db } from '../../db/prisma.js';
import { IMPORTED_CODE, normaliseCode } from './codes.js';

// The operators' side of coupons: importing a pool of codes from the brand or a partner, and
// recording that the store saw a code used (usoCupom / dataUsoCupom). docs/decisions/0009-economy.md

export interface CouponImport {
  importados: number;
  /** Codes already in the database (this pool or another): skipped, never duplicated. */
  repetidos: number;
  /** Lines that are not a valid code (letters, digits, - and _, 3 to 64 characters). */
  invalidos: string[];
}

export class InvalidImport extends Error {}

/**
 * Adds codes to a lista-mode benefit's pool (or one of its days). Idempotent: importing the same
 * file twice adds nothing the second time (unique code, ON CONFLICT DO NOTHING).
 */
export async function importCoupons(prisma: Db, target: { beneficio: string | number; opcao?: number }, codes: string[]): Promise<CouponImport> {
  const b = await prisma.beneficio.findFirst({
    where: typeof target.beneficio === 'number' ? { id: target.beneficio } : { chave: target.beneficio },
    include: { opcoes: true },
  });
  if (!b) throw new InvalidImport(`benefício não encontrado: ${target.beneficio}`);
  if (b.modoCupom !== 'lista') throw new InvalidImport(`o benefício ${b.chave} gera os próprios códigos (modo ${b.modoCupom})`);
  if (b.opcoes.length && target.opcao === undefined) throw new InvalidImport(`o benefício ${b.chave} tem dias: informe a opção (${b.opcoes.map((o) => `${o.id} = ${o.nome}`).join(', ')})`);
  if (!b.opcoes.length && target.opcao !== undefined) throw new InvalidImport(`o benefício ${b.chave} não tem dias`);
  if (target.opcao !== undefined && !b.opcoes.some((o) => o.id === target.opcao)) throw new InvalidImport(`a opção ${target.opcao} não é do benefício ${b.chave}`);

  const invalidOnes: string[] = [];
  const validOnes = new Set<string>();
  for (const raw of codes) {
    const c = normaliseCode(raw);
    if (!c) continue;
    if (IMPORTED_CODE.test(c)) validOnes.add(c);
    else invalidOnes.push(raw);
  }
  let imported = 0;
  const list = [...validOnes];
  for (let i = 0; i < list.length; i += 5000) {
    const { count } = await prisma.cupom.createMany({
      data: list.slice(i, i + 5000).map((code) => ({ beneficioId: b.id, opcaoId: target.opcao ?? null, codigo: code })),
      skipDuplicates: true,
    });
    imported += count;
  }
  return { importados: imported, repetidos: list.length - imported, invalidos: invalidOnes };
}

/**
 * Marks handed-out codes as used (benefit coupons and Friends & Family coupons). A code nobody
 * redeemed yet can't be used; marking twice keeps the first date.
 */
export async function markCouponsUsed(prisma: Db, codes: string[], when = new Date()): Promise<{ marcados: number; naoEncontrados: string[] }> {
  const list = [...new Set(codes.map(normaliseCode).filter(Boolean))];
  return prisma.$transaction(async (tx) => {
    const benefits = await tx.cupom.findMany({ where: { codigo: { in: list }, resgatadoEm: { not: null } }, select: { codigo: true } });
    const ff = await tx.cupomFriendsFamily.findMany({ where: { codigo: { in: list } }, select: { codigo: true } });
    const a = await tx.cupom.updateMany({ where: { codigo: { in: list }, resgatadoEm: { not: null }, usadoEm: null }, data: { usadoEm: when } });
    const f = await tx.cupomFriendsFamily.updateMany({ where: { codigo: { in: list }, usadoEm: null }, data: { usadoEm: when } });
    const found = new Set([...benefits, ...ff].map((c) => c.codigo));
    return { marcados: a.count + f.count, naoEncontrados: list.filter((c) => !found.has(c)) };
  });
}
