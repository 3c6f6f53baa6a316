import { extratoResponseSchema, type ExtratoItem } from '@legiao/contracts/extrato';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import type { FiltroExtrato } from '../lib/filtro-extrato';

export const extratoKey = ['extrato'] as const;

/** GET /usuario/extrato?mes=&ano=: the member's ledger, newest first (no filter = everything). */
export async function getExtrato(filtro: FiltroExtrato, signal?: AbortSignal): Promise<ExtratoItem[]> {
  const data = await http('/usuario/extrato', { query: { mes: filtro.mes, ano: filtro.ano }, signal });
  return extratoResponseSchema.parse(data);
}

export function useExtrato(filtro: FiltroExtrato) {
  return useQuery({
    queryKey: [...extratoKey, { mes: filtro.mes ?? null, ano: filtro.ano ?? null }],
    queryFn: ({ signal }) => getExtrato(filtro, signal),
    // Changing the filter keeps the old list on screen until the new one arrives (no flashing loader).
    placeholderData: keepPreviousData,
  });
}
