import { z } from 'zod';
import { ADMIN_MSG } from './roles.js';

// The back office's tables page, sort and filter on the server; the web keeps these same names in
// the URL (?pagina=2&porPagina=20&ordem=-criadoEm&...filters), so a link reopens the same view.

export const pageSchema = z.coerce
  .number({ error: ADMIN_MSG.paginaInvalida })
  .int(ADMIN_MSG.paginaInvalida)
  .min(1, ADMIN_MSG.paginaInvalida)
  .max(1_000_000, ADMIN_MSG.paginaInvalida);
export const perPageSchema = z.coerce
  .number({ error: ADMIN_MSG.porPaginaInvalido })
  .int(ADMIN_MSG.porPaginaInvalido)
  .min(1, ADMIN_MSG.porPaginaInvalido)
  .max(100, ADMIN_MSG.porPaginaInvalido);

export const DEFAULT_PAGE_SIZE = 20;

/**
 * ?pagina&porPagina&ordem: `ordem` is a column name, `-` in front for descending; each list names
 * the columns it sorts by (the rest answer 400).
 */
export function adminPageQuerySchema<const C extends readonly [string, ...string[]]>(sortable: C) {
  const orders = sortable.flatMap((c) => [c, `-${c}`]) as [string, ...string[]];
  return z.object({
    pagina: pageSchema.default(1),
    porPagina: perPageSchema.default(DEFAULT_PAGE_SIZE),
    ordem: z.enum(orders, { error: ADMIN_MSG.ordemInvalida }).optional(),
  });
}

/** One page of a list: the rows and the total the filters match. */
export function adminPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ itens: z.array(item), total: z.number().int(), pagina: z.number().int(), porPagina: z.number().int() });
}

export interface AdminPage<T> {
  itens: T[];
  total: number;
  pagina: number;
  porPagina: number;
}

/** `-campo` -> { campo, desc: true }. */
export function parseOrder(order: string | undefined): { campo: string; desc: boolean } | null {
  if (!order) return null;
  return order.startsWith('-') ? { campo: order.slice(1), desc: true } : { campo: order, desc: false };
}

/** An optional date filter (AAAA-MM-DD). */
// A real calendar day: Date.parse rolls 2020-02-31 over to 2 March, so the parsed day must read back the same.
export const dateFilterSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ADMIN_MSG.dataInvalida)
  .refine((s) => {
    const t = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
  }, ADMIN_MSG.dataInvalida);
