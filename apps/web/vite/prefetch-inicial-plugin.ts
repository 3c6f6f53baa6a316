import { createHash } from 'node:crypto';
import type { Plugin, Rolldown } from 'vite';
import { prefetchInicial } from '../src/app/prefetch/prefetch-inicial.ts';
import { escolherHero } from '../src/features/home/lib/escolher-hero.ts';
import { papelDe, perfilPronto } from '../src/features/home/lib/perfil.ts';

/** The chunks the member home's first screen loads after the app's entry, by their source modules. */
const MODULOS_DA_HOME = ['/src/features/home/pages/home-page.tsx', '/src/features/fila/lib/create-fila-controller.ts'];

type ComMeta = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/**
 * The home's own code as the build wrote it: each of MODULOS_DA_HOME's chunks and what it imports,
 * less what the entry already loads, with their CSS.
 */
export function modulosDaHome(bundle: Rolldown.OutputBundle): { js: string[]; css: string[] } {
  const chunks = Object.values(bundle).filter((c): c is ComMeta => c.type === 'chunk');
  const porNome = new Map(chunks.map((c) => [c.fileName, c]));
  const daEntrada = new Set<string>();
  const visitar = (nome: string, vistos: Set<string>) => {
    if (vistos.has(nome)) return;
    vistos.add(nome);
    for (const i of porNome.get(nome)?.imports ?? []) visitar(i, vistos);
  };
  for (const c of chunks) if (c.isEntry) visitar(c.fileName, daEntrada);
  const daHome = new Set<string>();
  for (const fim of MODULOS_DA_HOME) {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(fim));
    if (!chunk) throw new Error(`prefetch-inicial: o build não tem o chunk de ${fim}`);
    visitar(chunk.fileName, daHome);
  }
  const novos = [...daHome].filter((n) => !daEntrada.has(n));
  const css = [...new Set(novos.flatMap((n) => [...(porNome.get(n)?.viteMetadata?.importedCss ?? [])]))];
  // A chunk of CSS modules only is dropped by Vite after this hook: its styles stay, the file goes.
  const soCss = (n: string) => porNome.get(n)!.moduleIds.every((id: string) => /\.css($|\?)/.test(id));
  const js = novos.filter((n) => !soCss(n));
  return { js: js.map((n) => `/${n}`), css: css.map((n) => `/${n}`) };
}

/**
 * Writes the first-screen prefetch (src/app/prefetch/prefetch-inicial.ts) as a small script of
 * its own and loads it from index.html with `async`, so it starts the member home's calls, and the
 * download of the home's own chunks, while the app's code still downloads. A file, not inline: the
 * API's Content-Security-Policy allows scripts from 'self' only. The home's rules travel as their
 * own source text, so the script and the app choose the same hero; the chunk names come from the
 * bundle. Build only: in dev the app just asks for everything itself.
 */
export function prefetchInicialPlugin(): Plugin {
  let arquivo = '';
  return {
    name: 'legiao-prefetch-inicial',
    apply: 'build',
    // 'pre': before Vite's HTML plugin writes index.html, which needs the script's name.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const modulos = JSON.stringify(modulosDaHome(bundle));
        const codigo = `(${prefetchInicial.toString()})({ escolherHero: ${escolherHero.toString()}, papelDe: ${papelDe.toString()}, perfilPronto: ${perfilPronto.toString()}, modulos: ${modulos} });\n`;
        arquivo = `assets/prefetch-inicial-${createHash('sha256').update(codigo).digest('hex').slice(0, 10)}.js`;
        this.emitFile({ type: 'asset', fileName: arquivo, source: codigo });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!arquivo) throw new Error('prefetch-inicial: index.html escrito antes do script');
        return [{ tag: 'script', attrs: { async: true, src: `/${arquivo}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}
