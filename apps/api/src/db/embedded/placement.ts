import { createHash } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, lchownSync, lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { embeddedErrors } from './errors.js';
import { canReach, type RunAs } from './os-user.js';

/**
 * Where root keeps what the `postgres` user must reach when the clone sits in a private folder
 * (docs/decisions/0043-first-command-anywhere.md): the first that is root's and writable by no one
 * else. /var/lib is where a system keeps state across reboots; the temporary folder is the fallback
 * for a read-only /var (its data lasts until the next reboot or cleanup).
 */
export const SHARED_CANDIDATES = ['/var/lib/legiao', join(tmpdir(), 'legiao-root')];

/**
 * The first candidate that exists or can be made as a folder owned by root, writable by root
 * alone, that the server's user can enter. One that someone else made first is refused (it could
 * hold binaries of theirs), never used.
 */
export function sharedRoot(runAs: RunAs, candidates = SHARED_CANDIDATES): string {
  const reasons: string[] = [];
  for (const dir of candidates) {
    try {
      if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o755 });
      const st = lstatSync(dir);
      if (!st.isDirectory()) reasons.push(`${dir} não é uma pasta`);
      else if (st.uid !== 0) reasons.push(`${dir} pertence a outro usuário (uid ${st.uid})`);
      else if (st.mode & 0o022) reasons.push(`${dir} aceita escrita de outros usuários`);
      else if (!canReach(dir, runAs)) reasons.push(`o usuário ${runAs.name} não entra em ${dir}`);
      else return dir;
    } catch (err) {
      reasons.push(`${dir}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  throw embeddedErrors.noReachablePlace(candidates, reasons.join('; '));
}

export interface DataPlace {
  /** The folder PostgreSQL is given (the configured one, or where its link points). */
  dir: string;
  /** Said once in the log when the data is not where EMBEDDED_PG_DIR says. */
  note?: string;
}

/**
 * The data folder. As a plain user, or as root when `postgres` can enter the configured folder's
 * parent, it is the configured folder (EMBEDDED_PG_DIR, `.data/postgres`), as always. As root in a
 * private folder the data lives in `<shared>/data/<name>-<hash of the configured path>` and the
 * configured folder is a link to it, so `ls -l .data` says where it is, a later start finds it
 * again, and deleting `.data/postgres` deletes the database (as it does everywhere else): a target
 * left without its link is an earlier database its owner deleted, and is removed.
 */
export function placeData(configured: string, runAs: RunAs | undefined, shared: () => string): DataPlace {
  const wanted = resolve(configured);
  if (!runAs) {
    mkdirSync(wanted, { recursive: true });
    return { dir: wanted };
  }
  const link = lstatOrUndefined(wanted);
  if (link?.isSymbolicLink()) {
    const target = resolve(dirname(wanted), readlinkSync(wanted));
    if (!existsSync(target)) mkdirSync(target, { recursive: true, mode: 0o700 });
    own(target, runAs);
    return { dir: target, note: `dados do banco embutido em ${target} (${wanted} aponta para lá)` };
  }
  mkdirSync(dirname(wanted), { recursive: true });
  if (canReach(dirname(wanted), runAs)) {
    mkdirSync(wanted, { recursive: true, mode: 0o700 });
    own(wanted, runAs);
    return { dir: wanted };
  }

  const id = createHash('sha256').update(wanted).digest('hex').slice(0, 12);
  const name = basename(resolve(wanted, '../..')).replace(/[^\p{L}\p{N}._-]+/gu, '-') || 'legiao';
  const dataRoot = join(shared(), 'data');
  mkdirSync(dataRoot, { recursive: true, mode: 0o755 });
  const target = join(dataRoot, `${name}-${id}`);
  let moved = false;
  if (existsSync(target)) rmSync(target, { recursive: true, force: true }); // its link was deleted: see above
  if (link?.isDirectory()) {
    // Data from before (a start as a plain user, or before this folder became private): moved, not lost.
    try {
      renameSync(wanted, target);
    } catch {
      cpSync(wanted, target, { recursive: true, verbatimSymlinks: true });
      rmSync(wanted, { recursive: true, force: true });
    }
    moved = true;
  } else {
    mkdirSync(target, { mode: 0o700 });
  }
  own(target, runAs, moved);
  symlinkSync(target, wanted, 'dir');
  return {
    dir: target,
    note:
      `o usuário ${runAs.name} (quem roda o PostgreSQL, que recusa rodar como root) não entra em ${dirname(wanted)}: ` +
      `dados do banco embutido ${moved ? 'movidos para' : 'em'} ${target}, e ${wanted} aponta para lá`,
  };
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** PostgreSQL wants its data folder its own and closed to others (0700). */
function own(dir: string, runAs: RunAs, recursive = false) {
  chownSync(dir, runAs.uid, runAs.gid);
  chmodSync(dir, 0o700);
  if (recursive) chownTree(dir, runAs);
}

function chownTree(dir: string, runAs: RunAs) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    lchownSync(path, runAs.uid, runAs.gid);
    if (entry.isDirectory()) chownTree(path, runAs);
  }
}
