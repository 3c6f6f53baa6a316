import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

export interface FaqItem {
  pergunta: string;
  resposta: string;
  categoria: string;
  ativo: boolean;
}

/** GET /Faq?ativo=true: the active FAQ entries of every category. */
export function getFaq(signal?: AbortSignal): Promise<FaqItem[]> {
  return http<FaqItem[]>('/Faq', { query: { ativo: true }, signal });
}

/** The logged-out landing shows only the 'duvidas' entries that are active. */
export function selectDuvidas(items: unknown): FaqItem[] {
  if (!Array.isArray(items)) return [];
  return items.filter(
    (item): item is FaqItem =>
      !!item &&
      typeof item.pergunta === 'string' &&
      typeof item.resposta === 'string' &&
      item.categoria === 'duvidas' &&
      item.ativo === true,
  );
}

export const faqQueryOptions = () =>
  queryOptions({
    queryKey: ['faq', { ativo: true }],
    queryFn: ({ signal }) => getFaq(signal),
    staleTime: 5 * 60_000,
  });

export function useDuvidasFaq() {
  return useQuery({ ...faqQueryOptions(), select: selectDuvidas });
}
