// The statement's month/year filter (spec 001 section 2.19), kept in the URL (?mes=&ano=) so the back
// button and a shared link keep it. 'Ver tudo' clears both.

export interface FiltroExtrato {
  mes?: number;
  ano?: number;
}

export const MESES = [
  'Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho',
  'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro',
] as const;

/** The first year the program has entries for. */
export const ANO_INICIAL = 2024;

/** The years offered, newest first: the current one (in São Paulo) back to ANO_INICIAL. */
export function anosDoFiltro(agora = new Date()): number[] {
  const atual = Number(new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(agora));
  const anos: number[] = [];
  for (let ano = Math.max(atual, ANO_INICIAL); ano >= ANO_INICIAL; ano--) anos.push(ano);
  return anos;
}

const inteiroEntre = (valor: string | null, min: number, max: number): number | undefined => {
  if (!valor || !/^\d{1,4}$/.test(valor)) return undefined;
  const n = Number(valor);
  return n >= min && n <= max ? n : undefined;
};

/** Reads ?mes=&ano=; anything out of range is ignored (no filter), never sent to the API. */
export function filtroDeParams(params: URLSearchParams): FiltroExtrato {
  return { mes: inteiroEntre(params.get('mes'), 1, 12), ano: inteiroEntre(params.get('ano'), 2000, 2100) };
}

/** The search params for a filter (empty when none: 'Ver tudo'). */
export function paramsDeFiltro(filtro: FiltroExtrato): URLSearchParams {
  const params = new URLSearchParams();
  if (filtro.mes !== undefined) params.set('mes', String(filtro.mes));
  if (filtro.ano !== undefined) params.set('ano', String(filtro.ano));
  return params;
}

export const filtroAtivo = (filtro: FiltroExtrato) => filtro.mes !== undefined || filtro.ano !== undefined;

/** 'Março de 2025', 'Março', '2025' or 'Todos os lançamentos'. */
export function descricaoFiltro(filtro: FiltroExtrato): string {
  const mes = filtro.mes !== undefined ? MESES[filtro.mes - 1] : undefined;
  if (mes && filtro.ano !== undefined) return `${mes} de ${filtro.ano}`;
  if (mes) return mes;
  if (filtro.ano !== undefined) return String(filtro.ano);
  return 'Todos os lançamentos';
}
