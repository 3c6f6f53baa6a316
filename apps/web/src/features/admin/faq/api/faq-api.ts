import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FaqInput, FaqOrderInput } from '@legiao/contracts/admin/faq';
import type { FaqItem } from '@legiao/contracts/faq';
import { http } from '../../../../shared/api/http';

// The FAQ's calls (docs/decisions/0029-back-office-content.md).

export const faqAdminQueryKey = ['admin', 'faq'] as const;
export const useFaqAdminQuery = () => useQuery(queryOptions({ queryKey: faqAdminQueryKey, queryFn: ({ signal }) => http<FaqItem[]>('/admin/faq', { signal }) }));

export const createFaq = (body: FaqInput) => http<FaqItem>('/admin/faq', { method: 'POST', body });
export const editFaq = (id: number, body: FaqInput) => http<FaqItem>(`/admin/faq/${id}`, { method: 'PUT', body });
export const removeFaq = (id: number) => http<null>(`/admin/faq/${id}`, { method: 'DELETE' });
export const sortFaq = (body: FaqOrderInput) => http<FaqItem[]>('/admin/faq/ordem', { method: 'PUT', body });

export const faqToInput = (f: FaqItem): FaqInput => ({ pergunta: f.pergunta, resposta: f.resposta, categoria: f.categoria, ativo: f.ativo });
