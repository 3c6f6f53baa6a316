import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createServer, type Plugin, type Rolldown } from 'vite';
import { homeModules, LANDING_MODULES } from './initial-prefetch-plugin.ts';

const SHELL_MODULE = '/src/features/landing/prerender/landing-shell.tsx';
const ROOT = '<div id="root"></div>';

/**
 * landing.html: index.html with the landing page's first screen already in #root and its styles
 * linked, for the API to serve at `/` (apps/api/src/app.ts). Without it a visitor's phone painted
 * nothing until the app's 100 KB of script had downloaded and run, then asked for the landing's
 * chunk: LCP 2.2 s at Lighthouse's x4 (issue 33, bench/README.md). The markup comes from the page's
 * own components, rendered once at build time by Vite's SSR loader; the app's first render
 * replaces it. Every other route keeps index.html (an empty #root: a member's home must not flash
 * the visitor's page).
 */
export function prerenderLandingPlugin(): Plugin {
  let root = '';
  return {
    name: 'legiao-prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'] as Rolldown.OutputAsset | undefined;
        if (!index) throw new Error('prerender-landing: o build não escreveu index.html');
        const html = String(index.source);
        if (!html.includes(ROOT)) throw new Error(`prerender-landing: index.html sem ${ROOT}`);
        const server = await createServer({ root, configFile: false, logLevel: 'silent', appType: 'custom', server: { middlewareMode: true, hmr: false, ws: false } });
        let shell: string;
        try {
          const mod = (await server.ssrLoadModule(SHELL_MODULE)) as { renderLandingShell: () => string };
          shell = mod.renderLandingShell();
        } finally {
          await server.close();
        }
        const styles = homeModules(bundle, LANDING_MODULES).css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
        // The app's code after the styles: on a slow link the static screen paints first, then the
        // app's 100 KB arrive (low priority: the styles are what the first paint waits for).
        const appCode = /<(script type="module"|link rel="modulepreload") crossorigin (?=(?:src|href)="\/)/g;
        if (!appCode.test(html)) throw new Error('prerender-landing: index.html sem os scripts do app');
        const landing = html
          .replace(appCode, '<$1 fetchpriority="low" crossorigin ')
          .replace('</head>', `${styles}</head>`)
          .replace(ROOT, `<div id="root">${shell}</div>`);
        this.emitFile({ type: 'asset', fileName: 'landing.html', source: landing });
        // The compression plugin has passed index.html's siblings by now: the .br and .gz the API
        // serves (preCompressed) are written here, as it writes them.
        this.emitFile({ type: 'asset', fileName: 'landing.html.br', source: brotliCompressSync(landing) });
        this.emitFile({ type: 'asset', fileName: 'landing.html.gz', source: gzipSync(landing, { level: 9 }) });
      },
    },
  };
}
