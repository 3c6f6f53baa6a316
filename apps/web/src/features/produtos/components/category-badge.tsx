import { categorySlug } from '../lib/product-format';

/** The category badge (Bar, Café, Mate, Hidratação, Camping, Youth), coloured per category. */
export function CategoryBadge({ categoria: category }: { categoria: string }) {
  return <span className={`categoria-badge categoria-badge--${categorySlug(category)}`}>{category}</span>;
}
