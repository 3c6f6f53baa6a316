import type { MemberProductGroup, MemberProductItem } from '@legiao/contracts/produto';
import { describe, expect, it } from 'vitest';
import {
  categorySlug,
  productsCount,
  formatMemberCode,
  formatPurchaseDate,
  visibleFrame,
  summariseGroup,
  frameKind,
} from './product-format';

const item = (over: Partial<MemberProductItem> = {}): MemberProductItem => ({
  id: crypto.randomUUID(),
  quantidade: 1,
  dataCompra: '2025-03-14',
  localCompra: 'Amazon',
  produtoValidado: false,
  presente: false,
  compradoParaPresente: false,
  quantidadePresente: 0,
  legionario: false,
  codigoLegionario: null,
  codigosLegionario: [],
  ...over,
});

const group = (products: MemberProductItem[]): MemberProductGroup => ({
  id: 1,
  nome: 'Copo',
  categoria: 'Bar',
  img: '/produtos/x.svg',
  moldura: null,
  produtos: products,
});

describe('produto-format', () => {
  it('formats purchase dates as dd/MM/yyyy and says Data inválida otherwise', () => {
    expect(formatPurchaseDate('2025-03-14')).toBe('14/03/2025');
    expect(formatPurchaseDate('2025-03-14T00:00:00.000Z')).toBe('14/03/2025');
    expect(formatPurchaseDate('2025-02-31')).toBe('Data inválida');
    expect(formatPurchaseDate('')).toBe('Data inválida');
    expect(formatPurchaseDate(null)).toBe('Data inválida');
    expect(formatPurchaseDate('ontem')).toBe('Data inválida');
  });

  it('writes the legion number as code/1913 and the count as Produto/Produtos', () => {
    expect(formatMemberCode(42)).toBe('0042/1913');
    expect(formatMemberCode(1913)).toBe('1913/1913');
    expect(productsCount(0)).toBe('0 Produtos');
    expect(productsCount(1)).toBe('1 Produto');
    expect(productsCount(2)).toBe('2 Produtos');
  });

  it('sums a group: units, verification, gifts and the lowest legion number', () => {
    const g = group([
      item({ quantidade: 2, produtoValidado: true, codigoLegionario: 17, quantidadePresente: 1, compradoParaPresente: true }),
      item({ codigoLegionario: null }),
      item({ produtoValidado: true, codigoLegionario: 9 }),
    ]);
    expect(summariseGroup(g)).toEqual({ units: 4, verified: true, presente: true, codigoLegionario: 9 });
    expect(summariseGroup(g, 'presentes').units).toBe(1);
    expect(summariseGroup(group([item()]))).toEqual({ units: 1, verified: false, presente: false, codigoLegionario: null });
  });

  it('maps categories and frames to style keys', () => {
    expect(categorySlug('Hidratação')).toBe('hidratacao');
    expect(categorySlug('Café')).toBe('cafe');
    expect(frameKind('Legião 1913')).toBe('legiao');
    expect(frameKind('Collab Cervejaria Serra Azul')).toBe('collab');
    expect(frameKind('Artista Nina Prado')).toBe('artista');
    expect(frameKind('Clássica')).toBe('classica');
    expect(frameKind(null)).toBe('classica');
    expect(visibleFrame('Clássica')).toBe(false);
    expect(visibleFrame('Artista Nina Prado')).toBe(true);
  });
});
