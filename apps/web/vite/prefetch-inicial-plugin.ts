import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { prefetchInicial } from '../src/app/prefetch/prefetch-inicial.ts';
import { escolherHero } from '../src/features/home/lib/escolher-hero.ts';
import { papelDe, perfilPronto } from '../src/features/home/lib/perfil.ts';

/**
 * Writes the first-screen prefetch (src/app/prefetch/prefetch-inicial.ts) as a small script of
 * its own and loads it from index.html with `async`, so it starts the member home's calls while
 * the app's code still downloads. A file, not inline: the API's Content-Security-Policy allows
 * scripts from 'self' only. The home's rules travel as their own source text, so the script and
 * the app choose the same hero. Build only: in dev the app just asks for everything itself.
 */
export function prefetchInicialPlugin(): Plugin {
  const codigo = `(${prefetchInicial.toString()})({ escolherHero: ${escolherHero.toString()}, papelDe: ${papelDe.toString()}, perfilPronto: ${perfilPronto.toString()} });\n`;
  const arquivo = `assets/prefetch-inicial-${createHash('sha256').update(codigo).digest('hex').slice(0, 10)}.js`;
  return {
    name: 'legiao-prefetch-inicial',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: arquivo, source: codigo });
    },
    transformIndexHtml() {
      return [{ tag: 'script', attrs: { async: true, src: `/${arquivo}` }, injectTo: 'head-prepend' }];
    },
  };
}
