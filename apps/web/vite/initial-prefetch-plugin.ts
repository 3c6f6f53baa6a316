import type { Plugin, Rolldown } from 'vite';
import { initialPrefetch, type Rules } from '../src/app/prefetch/initial-prefetch.ts';
import { chooseHero } from '../src/features/home/lib/choose-hero.ts';
import { roleOf, profileReady } from '../src/features/home/lib/perfil.ts';

/**
 * The chunks the member home's first screen loads after the app's entry, by their source modules.
 * (The waiting room's controller waits for an idle moment: it stays off the first screen's link.)
 */
const HOME_MODULES = ['/src/features/home/pages/home-page.tsx'];
/** The same for the visitor's first screen, the landing page (`/` without a session). */
export const LANDING_MODULES = ['/src/features/landing/pages/landing-page.tsx'];

type WithMeta = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/**
 * The home's own code as the build wrote it: each of HOME_MODULES's chunks and what it imports,
 * less what the entry already loads, with their CSS.
 */
export function homeModules(bundle: Rolldown.OutputBundle, modules: readonly string[] = HOME_MODULES): { js: string[]; css: string[] } {
  const chunks = Object.values(bundle).filter((c): c is WithMeta => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entryChunks = new Set<string>();
  const visit = (name: string, seen: Set<string>) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const i of byName.get(name)?.imports ?? []) visit(i, seen);
  };
  for (const c of chunks) if (c.isEntry) visit(c.fileName, entryChunks);
  const homeChunks = new Set<string>();
  for (const suffix of modules) {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(suffix)) ?? chunks.find((c) => c.moduleIds.some((id) => id.endsWith(suffix)));
    if (!chunk) throw new Error(`prefetch-inicial: o build não tem o chunk de ${suffix}`);
    visit(chunk.fileName, homeChunks);
  }
  const fresh = [...homeChunks].filter((n) => !entryChunks.has(n));
  const css = [...new Set(fresh.flatMap((n) => [...(byName.get(n)?.viteMetadata?.importedCss ?? [])]))];
  // A chunk of CSS modules only is dropped by Vite after this hook: its styles stay, the file goes.
  const cssOnly = (n: string) => byName.get(n)!.moduleIds.every((id: string) => /\.css($|\?)/.test(id));
  const js = fresh.filter((n) => !cssOnly(n));
  return { js: js.map((n) => `/${n}`), css: css.map((n) => `/${n}`) };
}

/**
 * The script's source: the prefetch function called with its rules, as source text, under the names
 * it reads. Typed by Rules, so a renamed rule fails the type check instead of the script at run time
 * (a rename once left the old names here: the second wave of calls and the hero's preload stopped,
 * silently; app/prefetch/initial-prefetch.test.ts now runs this very text).
 */
export function prefetchScript(modules: Rules['modules'], landing?: Rules['landing']): string {
  const rules: Record<Exclude<keyof Rules, 'modules' | 'landing'>, string> = {
    chooseHero: chooseHero.toString(),
    roleOf: roleOf.toString(),
    profileReady: profileReady.toString(),
  };
  const args = Object.entries(rules).map(([name, source]) => `${name}: ${source}`).join(', ');
  return `(${initialPrefetch.toString()})({ ${args}, modules: ${JSON.stringify(modules)}, landing: ${JSON.stringify(landing)} });\n`;
}

/**
 * Writes the first-screen prefetch (src/app/prefetch/initial-prefetch.ts) inline at the top of
 * index.html, so it starts the member home's calls, and the download of the home's own chunks,
 * while the app's code still downloads. Inline, not a file: a file of its own was one more request
 * (a round trip on a slow phone link) before the first call could leave. The API's
 * Content-Security-Policy allows this exact text by its hash, read from index.html at boot
 * (apps/api/src/plugins/security-headers.ts). The home's rules travel as their own source text, so
 * the script and the app choose the same hero; the chunk names come from the bundle. Build only: in
 * dev the app just asks for everything itself.
 */
export function initialPrefetchPlugin(): Plugin {
  let code = '';
  return {
    name: 'legiao-prefetch-inicial',
    apply: 'build',
    // 'pre': before Vite's HTML plugin writes index.html, which needs the script's text.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        code = prefetchScript(homeModules(bundle), homeModules(bundle, LANDING_MODULES));
        // The text goes into HTML as is: it must not be able to close its own element.
        if (/<\/script|<!--/i.test(code)) throw new Error('prefetch-inicial: o script contém </script ou <!--');
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!code) throw new Error('prefetch-inicial: index.html escrito antes do script');
        return [{ tag: 'script', children: code, injectTo: 'head-prepend' }];
      },
    },
  };
}
