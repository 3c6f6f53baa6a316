import type { GrupoProdutoCliente, ProdutoClienteItem } from '@legiao/contracts/produto';
import { describe, expect, it } from 'vitest';
import {
  categoriaSlug,
  contagemProdutos,
  formatCodigoLegionario,
  formatDataCompra,
  molduraVisivel,
  resumirGrupo,
  tipoMoldura,
} from './produto-format';

const item = (over: Partial<ProdutoClienteItem> = {}): ProdutoClienteItem => ({
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

const grupo = (produtos: ProdutoClienteItem[]): GrupoProdutoCliente => ({
  id: 1,
  nome: 'Copo',
  categoria: 'Bar',
  img: '/produtos/x.svg',
  moldura: null,
  produtos,
});

describe('produto-format', () => {
  it('formats purchase dates as dd/MM/yyyy and says Data inválida otherwise', () => {
    expect(formatDataCompra('2025-03-14')).toBe('14/03/2025');
    expect(formatDataCompra('2025-03-14T00:00:00.000Z')).toBe('14/03/2025');
    expect(formatDataCompra('2025-02-31')).toBe('Data inválida');
    expect(formatDataCompra('')).toBe('Data inválida');
    expect(formatDataCompra(null)).toBe('Data inválida');
    expect(formatDataCompra('ontem')).toBe('Data inválida');
  });

  it('writes the legion number as code/1913 and the count as Produto/Produtos', () => {
    expect(formatCodigoLegionario(42)).toBe('0042/1913');
    expect(formatCodigoLegionario(1913)).toBe('1913/1913');
    expect(contagemProdutos(0)).toBe('0 Produtos');
    expect(contagemProdutos(1)).toBe('1 Produto');
    expect(contagemProdutos(2)).toBe('2 Produtos');
  });

  it('sums a group: units, verification, gifts and the lowest legion number', () => {
    const g = grupo([
      item({ quantidade: 2, produtoValidado: true, codigoLegionario: 17, quantidadePresente: 1, compradoParaPresente: true }),
      item({ codigoLegionario: null }),
      item({ produtoValidado: true, codigoLegionario: 9 }),
    ]);
    expect(resumirGrupo(g)).toEqual({ unidades: 4, verificado: true, presente: true, codigoLegionario: 9 });
    expect(resumirGrupo(g, 'presentes').unidades).toBe(1);
    expect(resumirGrupo(grupo([item()]))).toEqual({ unidades: 1, verificado: false, presente: false, codigoLegionario: null });
  });

  it('maps categories and frames to style keys', () => {
    expect(categoriaSlug('Hidratação')).toBe('hidratacao');
    expect(categoriaSlug('Café')).toBe('cafe');
    expect(tipoMoldura('Legião 1913')).toBe('legiao');
    expect(tipoMoldura('Collab Cervejaria Serra Azul')).toBe('collab');
    expect(tipoMoldura('Artista Nina Prado')).toBe('artista');
    expect(tipoMoldura('Clássica')).toBe('classica');
    expect(tipoMoldura(null)).toBe('classica');
    expect(molduraVisivel('Clássica')).toBe(false);
    expect(molduraVisivel('Artista Nina Prado')).toBe(true);
  });
});
