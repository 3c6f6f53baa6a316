import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('separates with ";", quotes what needs it and leaves nulls empty', () => {
    const csv = toCsv([{ header: 'Benefício', value: (r: { nome: string; n: number | null }) => r.nome }, { header: 'Resgates', value: (r) => r.n }], [
      { nome: 'Copo; edição "Lua"', n: 3 },
      { nome: 'Ingresso', n: null },
    ]);
    expect(csv).toBe('Benefício;Resgates\r\n"Copo; edição ""Lua""";3\r\nIngresso;\r\n');
  });
});
