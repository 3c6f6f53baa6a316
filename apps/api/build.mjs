// Builds the API for production: one ESM bundle per entry point in apps/api/dist/ (Node 20), with
// linked source maps. docs/decisions/0021-compiled-api.md
//
// - npm packages stay external (imported from node_modules at run time, as under tsx);
// - @legiao/contracts (a workspace package published as TypeScript source) and the generated
//   Prisma client (src/generated, TypeScript) are bundled;
// - every entry is written flat in dist/ (dist/server.js, dist/cli-migrate.js, ...), one folder
//   below apps/api like src/config.ts is, so REPO_ROOT (three folders up from the module's URL) and
//   everything derived from it (prisma/migrations, apps/web/dist, .data/postgres) resolve the same.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
// API_BUILD_DIR: another folder directly under apps/api (the tests build their own copy, so a
// `pnpm start` running from dist/ meanwhile keeps its files).
const outName = process.env.API_BUILD_DIR ?? 'dist';
if (!/^[\w.-]+$/.test(outName)) throw new Error(`API_BUILD_DIR deve ser uma pasta direto em apps/api: ${outName}`);
const outdir = join(here, outName);

export const entryPoints = {
  server: 'src/server.ts',
  'cli-migrate': 'src/db/cli-migrate.ts',
  'cli-seed': 'src/db/cli-seed.ts',
  'cli-admin-grant': 'src/features/admin/cli-admin-grant.ts',
  'import-compras': 'src/features/produto/import-purchases.ts',
  'cli-import-cupons': 'src/features/beneficio/cli-import-coupons.ts',
};

// `packages: 'external'` leaves every bare import to Node; this plugin runs first and sends the
// workspace contracts package to its TypeScript source instead, so it is bundled.
const CONTRACTS = '@legiao/contracts';
const bundleContracts = {
  name: 'bundle-contracts',
  setup(build) {
    build.onResolve({ filter: /^@legiao\/contracts(\/.*)?$/ }, (args) => {
      const sub = args.path.slice(CONTRACTS.length); // '' or '/fields'
      const file = sub ? `src${sub}.ts` : 'src/index.ts'; // its package.json "exports"
      return { path: join(here, '../../packages/contracts', file) };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints,
  outdir,
  bundle: true,
  packages: 'external',
  plugins: [bundleContracts],
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Source paths in the maps relative to the map file (../src/...), readable in stack traces.
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
if (result.errors.length) process.exit(1);

const outputs = Object.entries(result.metafile.outputs).filter(([f]) => f.endsWith('.js'));
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`API compilada em ${Date.now() - started} ms: ${outputs.map(([f, o]) => `${f.replace(/^[^/]+\//, '')} ${kb(o.bytes)}`).join(', ')}`);
