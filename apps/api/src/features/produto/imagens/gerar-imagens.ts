// npx tsx src/features/produto/imagens/gerar-imagens.ts
// Writes the catalogue's drawings to apps/web/public/produtos (vite copies them to dist, the API
// serves them from there). Re-run after changing the catalogue or the drawings; the files are
// committed, so nothing is generated at build or start time.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../config.js';
import { CATALOGO, CORES, IMAGEM_PADRAO } from '../../../db/seed-catalogo.js';
import { desenharImagens, desenharSemImagem } from './desenhos.js';

const dir = join(REPO_ROOT, 'apps/web/public');
mkdirSync(join(dir, 'produtos'), { recursive: true });
let n = 0;
for (const p of CATALOGO) {
  const views = desenharImagens({ forma: p.desenho.forma, cor: CORES[p.desenho.cor].hex, edicao: p.desenho.edicao, categoria: p.categoria, nome: p.nome });
  p.imagens.forEach((url, i) => {
    writeFileSync(join(dir, url), views[i]!);
    n++;
  });
}
writeFileSync(join(dir, IMAGEM_PADRAO), desenharSemImagem());
console.log(`${n + 1} imagens em ${join(dir, 'produtos')}`);
