import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FaqInput, FaqOrdemInput } from '@legiao/contracts/admin/faq';
import type { FaqItem } from '@legiao/contracts/faq';
import { http } from '../../../../shared/api/http';

// The FAQ's calls (docs/decisions/0029-back-office-content.md).

export const faqAdminQueryKey = ['admin', 'faq'] as const;
export const useFaqAdminQuery = () => useQuery(queryOptions({ queryKey: faqAdminQueryKey, queryFn: ({ signal }) => http<FaqItem[]>('/admin/faq', { signal }) }));

export const criarFaq = (body: FaqInput) => http<FaqItem>('/admin/faq', { method: 'POST', body });
export const editarFaq = (id: number, body: FaqInput) => http<FaqItem>(`/admin/faq/${id}`, { method: 'PUT', body });
export const removerFaq = (id: number) => http<null>(`/admin/faq/${id}`, { method: 'DELETE' });
export const ordenarFaq = (body: FaqOrdemInput) => http<FaqItem[]>('/admin/faq/ordem', { method: 'PUT', body });

export const faqParaInput = (f: FaqItem): FaqInput => ({ pergunta: f.pergunta, resposta: f.resposta, categoria: f.categoria, ativo: f.ativo });
