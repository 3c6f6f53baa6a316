import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@legiao/contracts/admin/paging';

export interface ListParams<F extends string> {
  pagina: number;
  porPagina: number;
  /** 'campo' or '-campo' (descending), as the API takes it. */
  ordem: string | undefined;
  filters: Partial<Record<F, string>>;
  /** What to send to the API: paging, sorting and the filters that are set. */
  query: Record<string, string | number | undefined>;
  setPage: (page: number) => void;
  setPageSize: (byPage: number) => void;
  setOrder: (order: string | undefined) => void;
  /** Sets (or clears, with '' or undefined) one filter; back to page 1. */
  setFilter: (key: F, value: string | undefined) => void;
  clearFilters: () => void;
}

const positive = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * A back-office list's state kept in the URL (?pagina=2&porPagina=20&ordem=-criadoEm&autor=ana):
 * a link, a reload or the back button reopens the same view. Each change replaces the history entry
 * for typing in filters, and pushes one for paging.
 */
export function useListParams<F extends string>(filterKeys: readonly F[], defaults: { ordem?: string; porPagina?: number } = {}): ListParams<F> {
  const [params, setParams] = useSearchParams();
  // The query string a change starts from: the latest one rendered, or the one the last change
  // asked for if it has not rendered yet. react-router's functional form hands the params of the
  // render that made the callback (a debounced filter would undo a change made meanwhile), and its
  // navigations render in a transition, so two changes in a row (a filter typed, then a date picked
  // before the first re-render) must not both start from the same rendered string.
  const location = useLocation();
  const rendered = useRef<string | null>(null);
  const search = useRef(location.search);
  if (rendered.current !== location.search) {
    rendered.current = location.search;
    search.current = location.search;
  }
  const page = positive(params.get('pagina'), 1);
  const byPage = Math.min(positive(params.get('porPagina'), defaults.porPagina ?? DEFAULT_PAGE_SIZE), 100);
  const order = params.get('ordem') ?? defaults.ordem;
  const filterValues = filterKeys.map((k) => params.get(k) ?? '');
  const filtersKey = filterValues.join('\u0000');

  const filters = useMemo(() => {
    const out: Partial<Record<F, string>> = {};
    filterKeys.forEach((k, i) => {
      if (filterValues[i]) out[k] = filterValues[i];
    });
    return out;
  }, [filtersKey]); // the values, not the array identity

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) => {
      const next = new URLSearchParams(search.current);
      change(next);
      search.current = `?${next.toString()}`;
      setParams(next, { replace });
    },
    [setParams],
  );

  return {
    pagina: page,
    porPagina: byPage,
    ordem: order,
    filters,
    query: { pagina: page, porPagina: byPage, ordem: order, ...filters },
    setPage: (p) => update((n) => (p <= 1 ? n.delete('pagina') : n.set('pagina', String(p)))),
    setPageSize: (size) =>
      update((n) => {
        n.set('porPagina', String(size));
        n.delete('pagina');
      }),
    setOrder: (o) =>
      update((n) => {
        if (o) n.set('ordem', o);
        else n.delete('ordem');
        n.delete('pagina');
      }),
    setFilter: (key, value) =>
      update((n) => {
        if (value) n.set(key, value);
        else n.delete(key);
        n.delete('pagina');
      }, true),
    clearFilters: () =>
      update((n) => {
        for (const k of filterKeys) n.delete(k);
        n.delete('pagina');
      }),
  };
}
