import { describe, expect, it } from 'vitest';
import { diffRows } from './diff';

describe('diffRows', () => {
  it('lists changed fields first, then the unchanged ones', () => {
    const rows = diffRows({ nome: 'A', valor: 2, cidades: ['Niterói'] }, { nome: 'B', valor: 2, cidades: ['Niterói', 'Salvador'] });
    expect(rows).toEqual([
      { field: 'nome', before: 'A', after: 'B', changed: true },
      { field: 'cidades', before: '["Niterói"]', after: '["Niterói","Salvador"]', changed: true },
      { field: 'valor', before: '2', after: '2', changed: false },
    ]);
  });

  it('a creation (before null) shows every field as new; a deletion every field as gone', () => {
    expect(diffRows(null, { nome: 'A' })).toEqual([{ field: 'nome', before: '—', after: 'A', changed: true }]);
    expect(diffRows({ ativo: true }, null)).toEqual([{ field: 'ativo', before: 'true', after: '—', changed: true }]);
  });
});
