/**
 * What the search compares: lower case, no accents, every run of other characters one space.
 * Stored in produto.nome_busca for each name and applied to the query, so 'Café' finds 'cafe' and
 * '1,2L' finds '1,2 L'. Words then hold only [a-z0-9]: no LIKE wildcard can reach the database.
 */
export function nomeParaBusca(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
