import { statementResponseSchema, type StatementItem } from '@legiao/contracts/extrato';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import type { FilterStatement } from '../lib/statement-filters';

export const statementKey = ['extrato'] as const;

/** GET /usuario/extrato?mes=&ano=: the member's ledger, newest first (no filter = everything). */
export async function getStatement(filter: FilterStatement, signal?: AbortSignal): Promise<StatementItem[]> {
  const data = await http('/usuario/extrato', { query: { mes: filter.mes, ano: filter.ano }, signal });
  return statementResponseSchema.parse(data);
}

export function useStatement(filter: FilterStatement) {
  return useQuery({
    queryKey: [...statementKey, { mes: filter.mes ?? null, ano: filter.ano ?? null }],
    queryFn: ({ signal }) => getStatement(filter, signal),
    // Changing the filter keeps the old list on screen until the new one arrives (no flashing loader).
    placeholderData: keepPreviousData,
  });
}
