import { describe, expect, it } from 'vitest';
import { diffRows } from './diff';

describe('diffRows', () => {
  it('lists changed fields first, then the unchanged ones', () => {
    const rows = diffRows({ nome: 'A', valor: 2, cidades: ['Niterói'] }, { nome: 'B', valor: 2, cidades: ['Niterói', 'Salvador'] });
    expect(rows).toEqual([
      { campo: 'nome', antes: 'A', depois: 'B', mudou: true },
      { campo: 'cidades', antes: '["Niterói"]', depois: '["Niterói","Salvador"]', mudou: true },
      { campo: 'valor', antes: '2', depois: '2', mudou: false },
    ]);
  });

  it('a creation (before null) shows every field as new; a deletion every field as gone', () => {
    expect(diffRows(null, { nome: 'A' })).toEqual([{ campo: 'nome', antes: '—', depois: 'A', mudou: true }]);
    expect(diffRows({ ativo: true }, null)).toEqual([{ campo: 'ativo', antes: 'true', depois: '—', mudou: true }]);
  });
});
