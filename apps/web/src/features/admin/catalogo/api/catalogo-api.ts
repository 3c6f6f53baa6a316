import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogoOpcoes, ProdutoAdmin, ProdutoAdminInput } from '@legiao/contracts/admin/catalogo';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import { http } from '../../../../shared/api/http';

// The catalogue's calls (docs/decisions/0029-back-office-content.md).

export const catalogoQueryKey = ['admin', 'catalogo'] as const;
type Query = Record<string, string | number | undefined>;

export const useCatalogoQuery = (query: Query) =>
  useQuery({ queryKey: [...catalogoQueryKey, 'lista', query], queryFn: ({ signal }) => http<AdminPage<ProdutoAdmin>>('/admin/catalogo', { query, signal }), placeholderData: keepPreviousData });
export const useProdutoQuery = (id: number | null) =>
  useQuery({ queryKey: [...catalogoQueryKey, 'produto', id], queryFn: ({ signal }) => http<ProdutoAdmin>(`/admin/catalogo/${id}`, { signal }), enabled: id !== null });
export const useOpcoesQuery = () =>
  useQuery(queryOptions({ queryKey: [...catalogoQueryKey, 'opcoes'], queryFn: ({ signal }) => http<CatalogoOpcoes>('/admin/catalogo/opcoes', { signal }), staleTime: 60_000 }));

export const criarProduto = (body: ProdutoAdminInput) => http<ProdutoAdmin>('/admin/catalogo', { method: 'POST', body });
export const editarProduto = (id: number, body: ProdutoAdminInput) => http<ProdutoAdmin>(`/admin/catalogo/${id}`, { method: 'PUT', body });
export const ativarProduto = (id: number, ativo: boolean) => http<ProdutoAdmin>(`/admin/catalogo/${id}/ativo`, { method: 'PUT', body: { ativo } });
