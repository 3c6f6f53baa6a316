/**
 * What the search compares: lower case, no accents, every run of other characters one space.
 * Stored in produto.nome_busca for each name and applied to the query, so 'cafe' finds 'Café' and
 * '1,2l' finds '1,2L'. Words then hold only [a-z0-9]: no LIKE wildcard can reach the database.
 */
export function searchName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
