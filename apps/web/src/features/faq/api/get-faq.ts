import type { FaqItem } from '@legiao/contracts/faq';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

export type { FaqItem };

/** GET /Faq?ativo=true: the active FAQ entries of every category (public). */
export function getFaq(signal?: AbortSignal): Promise<FaqItem[]> {
  return http<FaqItem[]>('/Faq', { query: { ativo: true }, signal });
}

/** Keeps the active, well-formed entries of one category (the server may send both). */
export function selectCategory(items: unknown, category: FaqItem['categoria']): FaqItem[] {
  if (!Array.isArray(items)) return [];
  return items.filter(
    (item): item is FaqItem =>
      !!item &&
      typeof item.pergunta === 'string' &&
      typeof item.resposta === 'string' &&
      item.categoria === category &&
      item.ativo === true,
  );
}

/** The logged-out landing shows only the 'duvidas' entries that are active. */
export const selectQuestions = (items: unknown) => selectCategory(items, 'duvidas');
/** The member home shows only the 'faq' entries that are active (spec 000 section 7). */
export const selectFaq = (items: unknown) => selectCategory(items, 'faq');

export const faqQueryOptions = () =>
  queryOptions({
    queryKey: ['faq', { ativo: true }],
    queryFn: ({ signal }) => getFaq(signal),
    staleTime: 5 * 60_000,
  });

export function useFaqQuestions() {
  return useQuery({ ...faqQueryOptions(), select: selectQuestions });
}

export function useFaqHome() {
  return useQuery({ ...faqQueryOptions(), select: selectFaq });
}
