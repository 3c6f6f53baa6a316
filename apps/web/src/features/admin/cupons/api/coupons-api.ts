import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BenefitCoupon, BenefitCouponDetail, CouponImport } from '@legiao/contracts/admin/cupons';
import { http } from '../../../../shared/api/http';
import { uploadFile } from '../../imagens/api/upload-file';

// The code pools' calls (docs/decisions/0028-code-pools-and-images.md).

export const couponsQueryKey = ['admin', 'cupons'] as const;

/** GET /api/admin/cupons: every code-pool benefit with its stock. */
export const useCouponsQuery = () => useQuery(queryOptions({ queryKey: couponsQueryKey, queryFn: ({ signal }) => http<BenefitCoupon[]>('/admin/cupons', { signal }) }));

/** GET /api/admin/cupons/beneficios/{id}: stock per day and recent imports. */
export const useBenefitCouponQuery = (id: number) =>
  useQuery(queryOptions({ queryKey: [...couponsQueryKey, 'beneficio', id], queryFn: ({ signal }) => http<BenefitCouponDetail>(`/admin/cupons/beneficios/${id}`, { signal }) }));

/** GET /api/admin/cupons/importacoes/{id}, read every second while it is being added (the progress bar). */
export const useImportQuery = (id: string | null) =>
  useQuery({
    queryKey: [...couponsQueryKey, 'importacao', id],
    queryFn: ({ signal }) => http<CouponImport>(`/admin/cupons/importacoes/${id}`, { signal }),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data?.estado === 'importando' || q.state.data?.estado === 'analisando' ? 1000 : false),
  });

/** POST .../importacoes (multipart): the file goes to a staged import and comes back analysed. */
export const uploadCouponsFile = (benefitId: number, file: File, option: number | undefined, onProgress: (sent: number, total: number) => void) =>
  uploadFile<CouponImport>(`/admin/cupons/beneficios/${benefitId}/importacoes`, file, { query: { opcao: option }, onProgress });

export const confirmImport = (id: string) => http<CouponImport>(`/admin/cupons/importacoes/${id}/confirmar`, { method: 'POST' });
export const cancelImport = (id: string) => http<CouponImport>(`/admin/cupons/importacoes/${id}/cancelar`, { method: 'POST' });
export const setAlert = (benefitId: number, minimum: number) => http<BenefitCoupon>(`/admin/cupons/beneficios/${benefitId}/alerta`, { method: 'PUT', body: { minimo: minimum } });
