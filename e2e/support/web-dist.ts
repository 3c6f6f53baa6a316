import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR, WEB_DIST } from './env';

const SNAPSHOT_DIR = path.join(RESULTS_DIR, 'web-dist');

/** The /assets files index.html loads; all must exist or the page stays blank. */
function missingAssets(dir: string): string[] {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
  return refs.filter((ref) => !existsSync(path.join(dir, ref)));
}

/**
 * A private copy of apps/web/dist for this run. Someone rebuilding the web app while the tests
 * run (vite empties dist first) would otherwise blank every page that loads after it.
 */
export async function snapshotWebDist(): Promise<string> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`E2E: ${WEB_DIST}/index.html não existe. Gere o web antes: pnpm --filter @legiao/web build`);
  }
  for (let attempt = 1; ; attempt++) {
    rmSync(SNAPSHOT_DIR, { recursive: true, force: true });
    try {
      cpSync(WEB_DIST, SNAPSHOT_DIR, { recursive: true });
      const missing = missingAssets(SNAPSHOT_DIR);
      if (missing.length === 0) return SNAPSHOT_DIR;
      if (attempt >= 10) throw new Error(`E2E: ${WEB_DIST} está incompleto (faltam ${missing.join(', ')}). Gere o web de novo.`);
    } catch (err) {
      // A build running right now may delete files while they are copied.
      if (attempt >= 10) throw err;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}
