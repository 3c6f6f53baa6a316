import type { GrupoProdutoCliente } from '@legiao/contracts/produto';
import { LEGIAO_TOTAL, PRODUTO_MSG, parseDataCompra } from '@legiao/contracts/produto-constantes';

/** Shown when a product has no image, or its image fails to load (spec 000 section 2). */
export const IMAGEM_PADRAO = '/produtos/sem-imagem.svg';

/** 'YYYY-MM-DD' (or an ISO date-time) to dd/MM/yyyy; 'Data inválida' when missing or invalid. */
export function formatDataCompra(value: string | null | undefined): string {
  const day = value ? parseDataCompra(value) : null;
  if (!day) return PRODUTO_MSG.dataInvalida;
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** The legion number as code/1913 with four digits, e.g. 42 -> '0042/1913'. */
export function formatCodigoLegionario(codigo: number): string {
  return `${String(codigo).padStart(4, '0')}/${LEGIAO_TOTAL}`;
}

/** '1 Produto', '3 Produtos' (spec: singular 'Produto', plural 'Produtos'). */
export function contagemProdutos(total: number): string {
  return `${total} ${total === 1 ? 'Produto' : 'Produtos'}`;
}

export function formatUnidades(quantidade: number): string {
  return `${quantidade} ${quantidade === 1 ? 'unidade' : 'unidades'}`;
}

export function formatHoras(horas: number): string {
  return `${horas} ${horas === 1 ? 'hora' : 'horas'}`;
}

/** What a product card shows about a group of entries. */
export interface ResumoGrupo {
  unidades: number;
  verificado: boolean;
  presente: boolean;
  /** The lowest legion number among the entries, if any is numbered. */
  codigoLegionario: number | null;
}

/**
 * Sums a group up. In the gifts list the units are the pieces bought as gifts (verified entries'
 * quantidadePresente); elsewhere every unit the member registered.
 */
export function resumirGrupo(grupo: GrupoProdutoCliente, lista: 'colecao' | 'presentes' = 'colecao'): ResumoGrupo {
  const itens = grupo.produtos;
  const unidades =
    lista === 'presentes'
      ? itens.filter((i) => i.produtoValidado).reduce((n, i) => n + i.quantidadePresente, 0)
      : itens.reduce((n, i) => n + i.quantidade, 0);
  const codigos = itens.map((i) => i.codigoLegionario).filter((c): c is number => c !== null);
  return {
    unidades,
    verificado: itens.some((i) => i.produtoValidado),
    presente: itens.some((i) => i.presente || i.compradoParaPresente),
    codigoLegionario: codigos.length ? Math.min(...codigos) : null,
  };
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A CSS-safe key of a category ('Hidratação' -> 'hidratacao') for its badge colour. */
export const categoriaSlug = (categoria: string) => fold(categoria) || 'outra';

export type TipoMoldura = 'classica' | 'legiao' | 'collab' | 'artista';

/**
 * The kind of frame a card is drawn with, by the frame's name: the founders' series ('Legião
 * 1913'), a brand or product collaboration ('Collab ...'), an artist ('Artista ...'), or the
 * classic one (anything else, and no frame at all).
 */
export function tipoMoldura(moldura: string | null | undefined): TipoMoldura {
  const key = fold(moldura ?? '');
  if (key.startsWith('legiao')) return 'legiao';
  if (key.startsWith('collab')) return 'collab';
  if (key.startsWith('artista')) return 'artista';
  return 'classica';
}

/** Only special frames are named on the card; the classic one is just the border. */
export const molduraVisivel = (moldura: string | null | undefined): moldura is string =>
  !!moldura && tipoMoldura(moldura) !== 'classica';
