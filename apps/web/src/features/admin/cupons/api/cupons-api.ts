import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CupomBeneficio, CupomBeneficioDetalhe, CupomImportacao } from '@legiao/contracts/admin/cupons';
import { http } from '../../../../shared/api/http';
import { uploadFile } from '../../imagens/api/upload-file';

// The code pools' calls (docs/decisions/0028-code-pools-and-images.md).

export const cuponsQueryKey = ['admin', 'cupons'] as const;

/** GET /api/admin/cupons: every code-pool benefit with its stock. */
export const useCuponsQuery = () => useQuery(queryOptions({ queryKey: cuponsQueryKey, queryFn: ({ signal }) => http<CupomBeneficio[]>('/admin/cupons', { signal }) }));

/** GET /api/admin/cupons/beneficios/{id}: stock per day and recent imports. */
export const useCupomBeneficioQuery = (id: number) =>
  useQuery(queryOptions({ queryKey: [...cuponsQueryKey, 'beneficio', id], queryFn: ({ signal }) => http<CupomBeneficioDetalhe>(`/admin/cupons/beneficios/${id}`, { signal }) }));

/** GET /api/admin/cupons/importacoes/{id}, read every second while it is being added (the progress bar). */
export const useImportacaoQuery = (id: string | null) =>
  useQuery({
    queryKey: [...cuponsQueryKey, 'importacao', id],
    queryFn: ({ signal }) => http<CupomImportacao>(`/admin/cupons/importacoes/${id}`, { signal }),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data?.estado === 'importando' || q.state.data?.estado === 'analisando' ? 1000 : false),
  });

/** POST .../importacoes (multipart): the file goes to a staged import and comes back analysed. */
export const enviarArquivoCupons = (beneficioId: number, file: File, opcao: number | undefined, onProgress: (sent: number, total: number) => void) =>
  uploadFile<CupomImportacao>(`/admin/cupons/beneficios/${beneficioId}/importacoes`, file, { query: { opcao }, onProgress });

export const confirmarImportacao = (id: string) => http<CupomImportacao>(`/admin/cupons/importacoes/${id}/confirmar`, { method: 'POST' });
export const cancelarImportacao = (id: string) => http<CupomImportacao>(`/admin/cupons/importacoes/${id}/cancelar`, { method: 'POST' });
export const definirAlerta = (beneficioId: number, minimo: number) => http<CupomBeneficio>(`/admin/cupons/beneficios/${beneficioId}/alerta`, { method: 'PUT', body: { minimo } });
