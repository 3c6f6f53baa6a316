import type { Db } from '../../db/prisma.js';
import { CODIGO_IMPORTADO, normalizarCodigo } from './codigos.js';

// The operators' side of coupons: importing a pool of codes from the brand or a partner, and
// recording that the store saw a code used (usoCupom / dataUsoCupom). docs/decisions/0009-economy.md

export interface ImportacaoCupons {
  importados: number;
  /** Codes already in the database (this pool or another): skipped, never duplicated. */
  repetidos: number;
  /** Lines that are not a valid code (letters, digits, - and _, 3 to 64 characters). */
  invalidos: string[];
}

export class ImportacaoInvalida extends Error {}

/**
 * Adds codes to a lista-mode benefit's pool (or one of its days). Idempotent: importing the same
 * file twice adds nothing the second time (unique code, ON CONFLICT DO NOTHING).
 */
export async function importarCupons(prisma: Db, alvo: { beneficio: string | number; opcao?: number }, codigos: string[]): Promise<ImportacaoCupons> {
  const b = await prisma.beneficio.findFirst({
    where: typeof alvo.beneficio === 'number' ? { id: alvo.beneficio } : { chave: alvo.beneficio },
    include: { opcoes: true },
  });
  if (!b) throw new ImportacaoInvalida(`benefício não encontrado: ${alvo.beneficio}`);
  if (b.modoCupom !== 'lista') throw new ImportacaoInvalida(`o benefício ${b.chave} gera os próprios códigos (modo ${b.modoCupom})`);
  if (b.opcoes.length && alvo.opcao === undefined) throw new ImportacaoInvalida(`o benefício ${b.chave} tem dias: informe a opção (${b.opcoes.map((o) => `${o.id} = ${o.nome}`).join(', ')})`);
  if (!b.opcoes.length && alvo.opcao !== undefined) throw new ImportacaoInvalida(`o benefício ${b.chave} não tem dias`);
  if (alvo.opcao !== undefined && !b.opcoes.some((o) => o.id === alvo.opcao)) throw new ImportacaoInvalida(`a opção ${alvo.opcao} não é do benefício ${b.chave}`);

  const invalidos: string[] = [];
  const validos = new Set<string>();
  for (const bruto of codigos) {
    const c = normalizarCodigo(bruto);
    if (!c) continue;
    if (CODIGO_IMPORTADO.test(c)) validos.add(c);
    else invalidos.push(bruto);
  }
  let importados = 0;
  const lista = [...validos];
  for (let i = 0; i < lista.length; i += 5000) {
    const { count } = await prisma.cupom.createMany({
      data: lista.slice(i, i + 5000).map((codigo) => ({ beneficioId: b.id, opcaoId: alvo.opcao ?? null, codigo })),
      skipDuplicates: true,
    });
    importados += count;
  }
  return { importados, repetidos: lista.length - importados, invalidos };
}

/**
 * Marks handed-out codes as used (benefit coupons and Friends & Family coupons). A code nobody
 * redeemed yet can't be used; marking twice keeps the first date.
 */
export async function marcarUsoCupons(prisma: Db, codigos: string[], quando = new Date()): Promise<{ marcados: number; naoEncontrados: string[] }> {
  const lista = [...new Set(codigos.map(normalizarCodigo).filter(Boolean))];
  return prisma.$transaction(async (tx) => {
    const beneficios = await tx.cupom.findMany({ where: { codigo: { in: lista }, resgatadoEm: { not: null } }, select: { codigo: true } });
    const ff = await tx.cupomFriendsFamily.findMany({ where: { codigo: { in: lista } }, select: { codigo: true } });
    const a = await tx.cupom.updateMany({ where: { codigo: { in: lista }, resgatadoEm: { not: null }, usadoEm: null }, data: { usadoEm: quando } });
    const f = await tx.cupomFriendsFamily.updateMany({ where: { codigo: { in: lista }, usadoEm: null }, data: { usadoEm: quando } });
    const achados = new Set([...beneficios, ...ff].map((c) => c.codigo));
    return { marcados: a.count + f.count, naoEncontrados: lista.filter((c) => !achados.has(c)) };
  });
}
