import { categoriaSlug } from '../lib/produto-format';

/** The category badge (Bar, Café, Mate, Hidratação, Camping, Youth), coloured per category. */
export function CategoriaBadge({ categoria }: { categoria: string }) {
  return <span className={`categoria-badge categoria-badge--${categoriaSlug(categoria)}`}>{categoria}</span>;
}
