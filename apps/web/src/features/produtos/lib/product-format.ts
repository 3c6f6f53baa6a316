import type { MemberProductGroup } from '@legiao/contracts/produto';
import { LEGION_TOTAL, PRODUCT_MSG, parsePurchaseDate } from '@legiao/contracts/produto-constants';

/** Shown when a product has no image, or its image fails to load (spec 000 section 2). */
export const DEFAULT_IMAGE = '/produtos/sem-imagem.svg';

/** 'YYYY-MM-DD' (or an ISO date-time) to dd/MM/yyyy; 'Data inválida' when missing or invalid. */
export function formatPurchaseDate(value: string | null | undefined): string {
  const day = value ? parsePurchaseDate(value) : null;
  if (!day) return PRODUCT_MSG.dataInvalida;
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** The legion number as code/1913 with four digits, e.g. 42 -> '0042/1913'. */
export function formatMemberCode(code: number): string {
  return `${String(code).padStart(4, '0')}/${LEGION_TOTAL}`;
}

/** '1 Produto', '3 Produtos' (spec: singular 'Produto', plural 'Produtos'). */
export function productsCount(total: number): string {
  return `${total} ${total === 1 ? 'Produto' : 'Produtos'}`;
}

export function formatUnits(quantity: number): string {
  return `${quantity} ${quantity === 1 ? 'unidade' : 'unidades'}`;
}

export function formatHours(hours: number): string {
  return `${hours} ${hours === 1 ? 'hora' : 'horas'}`;
}

/** What a product card shows about a group of entries. */
export interface GroupSummary {
  units: number;
  verified: boolean;
  presente: boolean;
  /** The lowest legion number among the entries, if any is numbered. */
  codigoLegionario: number | null;
}

/**
 * Sums a group up. In the gifts list the units are the pieces bought as gifts (verified entries'
 * quantidadePresente); elsewhere every unit the member registered.
 */
export function summariseGroup(group: MemberProductGroup, list: 'colecao' | 'presentes' = 'colecao'): GroupSummary {
  const products = group.produtos;
  const units =
    list === 'presentes'
      ? products.filter((i) => i.produtoValidado).reduce((n, i) => n + i.quantidadePresente, 0)
      : products.reduce((n, i) => n + i.quantidade, 0);
  const codes = products.map((i) => i.codigoLegionario).filter((c): c is number => c !== null);
  return {
    units,
    verified: products.some((i) => i.produtoValidado),
    presente: products.some((i) => i.presente || i.compradoParaPresente),
    codigoLegionario: codes.length ? Math.min(...codes) : null,
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
export const categorySlug = (category: string) => fold(category) || 'outra';

export type FrameKind = 'classica' | 'legiao' | 'collab' | 'artista';

/**
 * The kind of frame a card is drawn with, by the frame's name: the founders' series ('Legião
 * 1913'), a brand or product collaboration ('Collab ...'), an artist ('Artista ...'), or the
 * classic one (anything else, and no frame at all).
 */
export function frameKind(frame: string | null | undefined): FrameKind {
  const key = fold(frame ?? '');
  if (key.startsWith('legiao')) return 'legiao';
  if (key.startsWith('collab')) return 'collab';
  if (key.startsWith('artista')) return 'artista';
  return 'classica';
}

/** Only special frames are named on the card; the classic one is just the border. */
export const visibleFrame = (frame: string | null | undefined): frame is string =>
  !!frame && frameKind(frame) !== 'classica';
