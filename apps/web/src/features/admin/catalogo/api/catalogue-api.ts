import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueOptions, ProductAdmin, ProductAdminInput } from '@legiao/contracts/admin/catalogo';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import { http } from '../../../../shared/api/http';

// The catalogue's calls (docs/decisions/0029-back-office-content.md).

export const catalogueQueryKey = ['admin', 'catalogo'] as const;
type Query = Record<string, string | number | undefined>;

export const useCatalogueQuery = (query: Query) =>
  useQuery({ queryKey: [...catalogueQueryKey, 'lista', query], queryFn: ({ signal }) => http<AdminPage<ProductAdmin>>('/admin/catalogo', { query, signal }), placeholderData: keepPreviousData });
export const useProductQuery = (id: number | null) =>
  useQuery({ queryKey: [...catalogueQueryKey, 'produto', id], queryFn: ({ signal }) => http<ProductAdmin>(`/admin/catalogo/${id}`, { signal }), enabled: id !== null });
export const useOptionsQuery = () =>
  useQuery(queryOptions({ queryKey: [...catalogueQueryKey, 'opcoes'], queryFn: ({ signal }) => http<CatalogueOptions>('/admin/catalogo/opcoes', { signal }), staleTime: 60_000 }));

export const createProduct = (body: ProductAdminInput) => http<ProductAdmin>('/admin/catalogo', { method: 'POST', body });
export const editProduct = (id: number, body: ProductAdminInput) => http<ProductAdmin>(`/admin/catalogo/${id}`, { method: 'PUT', body });
export const activateProduct = (id: number, active: boolean) => http<ProductAdmin>(`/admin/catalogo/${id}/ativo`, { method: 'PUT', body: { ativo: active } });
