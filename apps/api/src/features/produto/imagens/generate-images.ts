// npx tsx src/features/produto/imagens/generate-images.ts
// Writes the catalogue's drawings to apps/web/public/produtos (vite copies them to dist, the API
// serves them from there). Re-run after changing the catalogue or the drawings; the files are
// committed, so nothing is generated at build or start time.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../config.js';
import { CATALOGUE, COLORS, DEFAULT_IMAGE } from '../../../db/seed-catalogue.js';
import { drawImages, drawWithoutImage } from './drawings.js';

const dir = join(REPO_ROOT, 'apps/web/public');
mkdirSync(join(dir, 'produtos'), { recursive: true });
let n = 0;
for (const p of CATALOGUE) {
  const views = drawImages({ shape: p.drawing.shape, cor: COLORS[p.drawing.cor].hex, edition: p.drawing.edition, categoria: p.categoria, nome: p.nome });
  p.images.forEach((url, i) => {
    writeFileSync(join(dir, url), views[i]!);
    n++;
  });
}
writeFileSync(join(dir, DEFAULT_IMAGE), drawWithoutImage());
console.log(`${n + 1} imagens em ${join(dir, 'produtos')}`);
