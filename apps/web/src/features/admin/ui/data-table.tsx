import type { ReactNode } from 'react';
import { rowPaginationFeature, rowSortingFeature, tableFeatures, useTable, type ColumnDef, type PaginationState, type RowData, type SortingState, type Updater } from '@tanstack/react-table';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import { errorMessage } from '../../../shared/api/api-error';
import type { ListParams } from './use-list-params';
import { EmptyState, ErrorState, LoadingState } from './states';

// The back office's one table (TanStack Table v9, headless): the server pages, sorts and filters
// (manualPagination / manualSorting), the state lives in the URL (useListParams), the markup is ours.

export const adminTableFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature });
/** A column: `id` (or accessorKey) is the API's sort name; `enableSorting: true` on the ones it sorts by. */
export type AdminColumn<T extends RowData> = ColumnDef<typeof adminTableFeatures, T>;

const PAGE_SIZES = [10, 20, 50, 100];

const toSorting = (order: string | undefined): SortingState => (order ? [{ id: order.replace(/^-/, ''), desc: order.startsWith('-') }] : []);
const resolve = <S,>(updater: Updater<S>, old: S): S => (typeof updater === 'function' ? (updater as (o: S) => S)(old) : updater);

interface DataTableProps<T extends RowData> {
  /** What the table lists, for screen readers (caption). */
  caption: string;
  columns: AdminColumn<T>[];
  page: AdminPage<T> | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry?: () => void;
  /** Paging and sorting from useListParams (the filters stay with the page's toolbar). */
  params: Pick<ListParams<string>, 'pagina' | 'porPagina' | 'ordem' | 'setPage' | 'setPageSize' | 'setOrder'>;
  getRowId: (row: T) => string;
  empty?: ReactNode;
}

export function DataTable<T extends RowData>({ caption, columns, page, isLoading, error, onRetry, params, getRowId, empty }: DataTableProps<T>) {
  const sorting = toSorting(params.ordem);
  const pagination: PaginationState = { pageIndex: params.pagina - 1, pageSize: params.porPagina };
  const table = useTable({
    features: adminTableFeatures,
    columns,
    data: page?.itens ?? [],
    getRowId: (row) => getRowId(row),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: true,
    enableMultiSort: false,
    rowCount: page?.total ?? 0,
    state: { sorting, pagination },
    onSortingChange: (updater) => {
      const [first] = resolve(updater, sorting);
      params.setOrder(first ? `${first.desc ? '-' : ''}${first.id}` : undefined);
    },
    onPaginationChange: (updater) => {
      const next = resolve(updater, pagination);
      if (next.pageSize !== pagination.pageSize) params.setPageSize(next.pageSize);
      else params.setPage(next.pageIndex + 1);
    },
  });

  if (error && !page) return <ErrorState message={errorMessage(error)} onRetry={onRetry} />;
  const total = page?.total ?? 0;
  const first = total === 0 ? 0 : (params.pagina - 1) * params.porPagina + 1;
  const last = Math.min(params.pagina * params.porPagina, total);
  const pageCount = Math.max(1, Math.ceil(total / params.porPagina));

  return (
    <div className="admin-tabela">
      <div className="admin-tabela__rolagem">
        <table aria-busy={isLoading}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                  return (
                    <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {header.column.getCanSort() ? (
                        <button type="button" className="admin-tabela__ordenar" onClick={header.column.getToggleSortingHandler()}>
                          {label}
                          <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}</span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {isLoading && !page && <LoadingState />}
      {page && page.itens.length === 0 && (empty ?? <EmptyState message="Nenhum item encontrado com esses filtros." />)}
      <div className="admin-paginacao">
        <span aria-live="polite">{total === 0 ? 'Nenhum resultado' : `${first}–${last} de ${total}`}</span>
        <label>
          Por página{' '}
          <select value={params.porPagina} onChange={(e) => table.setPageSize(Number(e.target.value))}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="admin-btn" onClick={() => table.previousPage()} disabled={params.pagina <= 1}>
          Anterior
        </button>
        <span>
          Página {params.pagina} de {pageCount}
        </span>
        <button type="button" className="admin-btn" onClick={() => table.nextPage()} disabled={params.pagina >= pageCount}>
          Próxima
        </button>
      </div>
    </div>
  );
}
