const DATA = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' });

/** ISO instant -> 'dd/MM/yyyy' in São Paulo time (usage and redemption dates). */
export function dataBr(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : DATA.format(d);
}

/** 1 -> '1 ponto', 3 -> '3 pontos'. */
export const pointCount = (n: number) => `${n} ${n === 1 || n === -1 ? 'ponto' : 'pontos'}`;

/** A benefit's cost: 'Grátis' or '3 pontos'. */
export const cost = (value: number) => (value === 0 ? 'Grátis' : pointCount(value));
