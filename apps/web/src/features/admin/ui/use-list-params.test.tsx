import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams, type ListParams } from './use-list-params';

function Probe({ out }: { out: { params?: ListParams<'autor' | 'entidade'>; search?: string } }) {
  out.params = useListParams(['autor', 'entidade'] as const, { ordem: '-criadoEm' });
  out.search = useLocation().search;
  return null;
}

describe('useListParams', () => {
  it('reads paging, sorting and filters from the URL, with defaults', () => {
    const out: { params?: ListParams<'autor' | 'entidade'> } = {};
    render(
      <MemoryRouter initialEntries={['/admin/auditoria?pagina=3&porPagina=500&autor=ana']}>
        <Probe out={out} />
      </MemoryRouter>,
    );
    expect(out.params!.pagina).toBe(3);
    expect(out.params!.porPagina).toBe(100);
    expect(out.params!.ordem).toBe('-criadoEm');
    expect(out.params!.query).toEqual({ pagina: 3, porPagina: 100, ordem: '-criadoEm', autor: 'ana' });
  });

  it('a change made through an older render keeps what changed since (a debounced filter)', () => {
    const out: { params?: ListParams<'autor' | 'entidade'>; search?: string } = {};
    render(
      <MemoryRouter initialEntries={['/admin/auditoria?pagina=2']}>
        <Probe out={out} />
      </MemoryRouter>,
    );
    const old = out.params!;
    act(() => out.params!.setFilter('entidade', 'beneficio'));
    act(() => old.setFilter('autor', 'ana'));
    const params = new URLSearchParams(out.search);
    expect(params.get('entidade')).toBe('beneficio');
    expect(params.get('autor')).toBe('ana');
    // A filter change goes back to the first page.
    expect(params.get('pagina')).toBeNull();
  });

  it('two changes before a re-render both stay (a typed filter ends its pause as a date is picked)', () => {
    const out: { params?: ListParams<'autor' | 'entidade'>; search?: string } = {};
    render(
      <MemoryRouter initialEntries={['/admin/auditoria']}>
        <Probe out={out} />
      </MemoryRouter>,
    );
    const params = out.params!;
    act(() => {
      params.setFilter('autor', 'ana');
      params.setFilter('entidade', 'equipe');
    });
    const search = new URLSearchParams(out.search);
    expect(search.get('autor')).toBe('ana');
    expect(search.get('entidade')).toBe('equipe');
  });
});
