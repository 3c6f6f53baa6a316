// Zod-free on purpose: the member home imports these, and zod (~24 KB gzipped) must not ride along
// with them (docs/decisions/0016-home-performance.md). The schemas live in produto.ts.

/** Legion numbers are shown as code/1913: each product has one numbered series of 1913 pieces. */
export const LEGION_TOTAL = 1913;

/** Category badges, in display order (spec 001 section 2.14, spec 000 section 2). */
export const CATEGORIES = ['Bar', 'Café', 'Hidratação', 'Camping', 'Youth', 'Mate'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The select option meaning "no filter" (spec 001 section 2.13); an empty value means the same. */
export const ALL = 'TODOS';

export const GIFT_PLACE = 'Ganhei de presente';
export const OTHER_PLACE = 'Outro';
/** Where verified purchases come from (the import command); members can't choose it. */
export const OFFICIAL_SITE_PLACE = 'Site oficial';

/** Frames (moldura) of the catalogue: the classic one, the founders' series, collabs, artists. */
export const FRAMES = ['Clássica', 'Legião 1913', 'Collab Cervejaria Serra Azul', 'Collab Torrefação Grão Nobre', 'Artista Nina Prado', 'Artista Joca Pampa'] as const;

/** The picture to show when a product has none (spec 000 section 2: "or a default image"). */
export const DEFAULT_PRODUCT_IMAGE = '/produtos/sem-imagem.svg';

/** Purchase places a member can choose (spec 001 section 9), value as sent on the wire. */
export const PURCHASE_PLACES = [
  { value: 'Loja Física', label: 'Loja Física' },
  { value: 'Amazon', label: 'Amazon' },
  { value: 'Mercado Livre', label: 'Mercado Livre' },
  { value: 'Americanas', label: 'Americanas' },
  { value: 'Submarino', label: 'Submarino' },
  { value: 'Magalu', label: 'Magalu' },
  { value: GIFT_PLACE, label: 'Ganhei de presente' },
  { value: 'Nao Lembro', label: 'Não lembro' },
  { value: OTHER_PLACE, label: 'Outro' },
] as const;

export const PRODUCT_MSG = {
  cadastrado: 'Produto cadastrado com sucesso!',
  atualizado: 'Produto atualizado com sucesso!',
  removido: 'Produto removido com sucesso!',
  dataInvalida: 'Data inválida',
  localObrigatorio: 'Informe onde você comprou.',
  localLongo: 'O local de compra deve ter no máximo 80 caracteres.',
  produtoObrigatorio: 'Escolha um produto.',
  produtoNaoEncontrado: 'Produto não encontrado.',
  quantidadeInvalida: 'Informe uma quantidade entre 1 e 99.',
  quantidadePresenteInvalida: 'A quantidade de presentes deve ficar entre 0 e a quantidade do pedido.',
  escolhaPedido: 'Este produto tem mais de um pedido: escolha qual deseja alterar.',
  verificadoNaoRemove: 'Produtos com compra verificada não podem ser removidos.',
  verificadoNaoAltera: 'Compras verificadas só podem ser marcadas como presente.',
  compradoParaPresenteSoVerificado: "Só compras verificadas podem ser marcadas como 'Comprei para presente'.",
  presenteVerificado: "Compras verificadas não podem ser marcadas como 'Ganhei de presente'.",
  buscaLonga: 'A busca deve ter no máximo 100 caracteres.',
  paginaInvalida: 'Página inválida.',
} as const;

const MIN_PURCHASE_DATE = '1950-01-01';
const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/**
 * 'YYYY-MM-DD', an ISO date-time (its date part) or 'dd/MM/yyyy' to 'YYYY-MM-DD', or null when it
 * isn't a real calendar day between 1950-01-01 and tomorrow (a day of slack for time zones).
 */
export function parsePurchaseDate(value: string): string | null {
  const s = value.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  let y: number, mo: number, d: number;
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s))) [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null; // 31/02
  const day = isoDay(date);
  const tomorrow = isoDay(new Date(Date.now() + 24 * 3600_000));
  return day >= MIN_PURCHASE_DATE && day <= tomorrow ? day : null;
}
