import { execFileSync, spawnSync } from 'node:child_process';
import { embeddedErrors } from './errors.js';

/** The OS account PostgreSQL runs as: undefined for our own (a plain user), `postgres` when we are root. */
export interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

const USER = 'postgres';

function lookup(): RunAs | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gid = Number(execFileSync('id', ['-g', USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid, name: USER } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` OS user: the one the
 * machine has (Debian's postgresql package makes it), else a system account created here with no
 * home and no login shell. A plain user runs it as themselves.
 */
export function resolveRunAs(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const found = lookup();
  if (found) return found;
  const attempts: Array<[string, string[]]> = [
    ['useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', USER]],
    // BusyBox (Alpine): a system group, then a system user in it.
    ['sh', ['-c', `addgroup -S ${USER} && adduser -S -D -H -G ${USER} -s /sbin/nologin ${USER}`]],
  ];
  const errors: string[] = [];
  for (const [cmd, args] of attempts) {
    const result = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const created = lookup();
    if (created) return created;
    errors.push(result.error ? `${cmd}: ${(result.error as NodeJS.ErrnoException).code ?? result.error.message}` : `${cmd}: ${(result.stderr || `código ${result.status}`).trim()}`);
  }
  throw embeddedErrors.noOsUser(errors.join('; '));
}

/**
 * Whether `runAs` can reach `path` (search permission on every folder down to it, and on it when it
 * is a folder): asked of the kernel by running `test -x` as that user, so ACLs and mount options
 * count as they will for PostgreSQL itself. Node drops the supplementary groups when it switches
 * user, exactly as it does for the server, so the answer is the server's.
 */
export function canReach(path: string, runAs: RunAs | undefined): boolean {
  if (!runAs) return true;
  const result = spawnSync('test', ['-x', path], { uid: runAs.uid, gid: runAs.gid, cwd: '/', stdio: 'ignore' });
  if (result.error) {
    const code = (result.error as NodeJS.ErrnoException).code ?? result.error.message;
    throw embeddedErrors.cannotRunAs(`test -x como ${runAs.name}: ${code}`);
  }
  return result.status === 0;
}
