// The statement's month/year filter (spec 001 section 2.19), kept in the URL (?mes=&ano=) so the back
// button and a shared link keep it. 'Ver tudo' clears both.

export interface FilterStatement {
  mes?: number;
  ano?: number;
}

export const MONTHS = [
  'Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho',
  'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro',
] as const;

/** The first year the program has entries for. */
export const INITIAL_YEAR = 2024;

/** The years offered, newest first: the current one (in São Paulo) back to ANO_INICIAL. */
export function filterYears(now = new Date()): number[] {
  const current = Number(new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(now));
  const years: number[] = [];
  for (let year = Math.max(current, INITIAL_YEAR); year >= INITIAL_YEAR; year--) years.push(year);
  return years;
}

const integerBetween = (value: string | null, min: number, max: number): number | undefined => {
  if (!value || !/^\d{1,4}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
};

/** Reads ?mes=&ano=; anything out of range is ignored (no filter), never sent to the API. */
export function paramsFilter(params: URLSearchParams): FilterStatement {
  return { mes: integerBetween(params.get('mes'), 1, 12), ano: integerBetween(params.get('ano'), 2000, 2100) };
}

/** The search params for a filter (empty when none: 'Ver tudo'). */
export function filterParams(filter: FilterStatement): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.mes !== undefined) params.set('mes', String(filter.mes));
  if (filter.ano !== undefined) params.set('ano', String(filter.ano));
  return params;
}

export const activeFilter = (filter: FilterStatement) => filter.mes !== undefined || filter.ano !== undefined;

/** 'Março de 2025', 'Março', '2025' or 'Todos os lançamentos'. */
export function filterDescription(filter: FilterStatement): string {
  const month = filter.mes !== undefined ? MONTHS[filter.mes - 1] : undefined;
  if (month && filter.ano !== undefined) return `${month} de ${filter.ano}`;
  if (month) return month;
  if (filter.ano !== undefined) return String(filter.ano);
  return 'Todos os lançamentos';
}
