import { BANNER_MSG, type Recommendation } from '@legiao/contracts/banner';
import { forbidden } from '../../errors/app-error.js';
import type { SqlPool } from '../../db/prisma.js';
import type { Usuario } from '../../generated/prisma/client.js';
import { searchName } from '../produto/name-search.js';

// The recommendations banner (spec 000 sections 2, 3, 7; docs/decisions/0012-banners-faq.md):
// pairs of catalogue products the member doesn't own yet, her perfil's categories first.

/** The categories each perfil (personalisation survey) leans to; 'geral' has none: the best known win. */
export const PROFILE_CATEGORIES: Record<string, readonly string[]> = {
  funcional: ['Hidratação', 'Camping'],
  outsider: ['Camping', 'Mate'],
  estiloso: ['Bar', 'Café'],
  geral: [],
};

export const MAX_PAIRS = 3;

/** The store's product page: STORE_URL + /produto/ + a slug of the name ('garrafa-termica-750ml-azul'). */
export const productUrl = (storeUrl: string, name: string) => `${storeUrl}/produto/${searchName(name).replace(/ /g, '-')}`;

interface Candidate {
  nome: string;
  img: string;
}

/**
 * Up to MAX_PARES pairs, one product line each (a member who owns the black cup doesn't need the
 * white one recommended next to it): active products she has no entry of, ordered by her perfil's
 * categories, then lines she has nothing of, then the best known (most numbered pieces handed out).
 * One query. `hash` must be the caller's own public hash: nobody reads another member's shelf.
 */
export async function recommendations(pool: SqlPool, user: Pick<Usuario, 'id' | 'hash' | 'perfil'>, hash: string, storeUrl: string): Promise<Recommendation[]> {
  if (hash.toLowerCase() !== user.hash.toLowerCase()) throw forbidden(BANNER_MSG.hashDeOutroUsuario, 'HASH_DE_OUTRO_USUARIO');
  const favourite = [...(PROFILE_CATEGORIES[user.perfil ?? 'geral'] ?? [])];
  const { rows } = await pool.query<Candidate>({
    name: 'recomendacoes',
    values: [user.id, favourite, MAX_PAIRS * 2],
    text: `
    WITH meus AS (
      SELECT DISTINCT pc.produto_id, p.subcategoria FROM produto_cliente pc JOIN produto p ON p.id = pc.produto_id
      WHERE pc.usuario_id = $1::uuid AND pc.cancelado_em IS NULL
    ), por_linha AS (
      SELECT DISTINCT ON (p.subcategoria) p.id, p.nome, p.img, p.categoria, p.subcategoria, p.numeros_atribuidos
      FROM produto p
      WHERE p.ativo AND NOT EXISTS (SELECT 1 FROM meus m WHERE m.produto_id = p.id)
      ORDER BY p.subcategoria, p.numeros_atribuidos DESC, p.id
    )
    SELECT nome, img FROM por_linha l
    ORDER BY (l.categoria = ANY($2::text[])) DESC,
             (l.subcategoria IN (SELECT subcategoria FROM meus)) ASC,
             l.numeros_atribuidos DESC, l.id
    LIMIT $3`,
  });
  const pairs: Recommendation[] = [];
  for (let i = 0; i + 1 < rows.length; i += 2) {
    const [a, b] = [rows[i]!, rows[i + 1]!];
    pairs.push({ produto: a.nome, produto2: b.nome, img1: a.img, img2: b.img, urlSite: productUrl(storeUrl, a.nome), urlSite2: productUrl(storeUrl, b.nome) });
  }
  return pairs;
}
