import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Binaries } from './binaries.js';
import { EmbeddedDatabaseError, embeddedErrors } from './errors.js';
import type { RunAs } from './os-user.js';

export const SUPERUSER = 'postgres';
export const PASSWORD = 'postgres';

/** The last lines PostgreSQL wrote, kept for the error message; all of it goes to `logLine`. */
class Output {
  private lines: string[] = [];
  constructor(private readonly logLine: (line: string) => void) {}
  attach(child: ChildProcess) {
    const take = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        this.logLine(line);
        this.lines.push(line);
      }
      this.lines.splice(0, Math.max(0, this.lines.length - 30));
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
  }
  text() {
    return this.lines.join('\n');
  }
  /** The last FATAL/ERROR line, else the last line: what a person needs to read. */
  summary() {
    const important = [...this.lines].reverse().find((l) => /FATAL|ERROR|PANIC|could not|não/i.test(l));
    return (important ?? this.lines.at(-1) ?? '').replace(/^.*?(FATAL|ERROR|PANIC):\s*/, '').trim();
  }
}

const spawnOptions = (runAs: RunAs | undefined) => ({
  // cwd: a folder every user can enter (the clone's may be private: PostgreSQL's tools look at it).
  cwd: '/',
  ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
  // Messages in English whatever the machine's language: they are matched below.
  env: { ...process.env, LC_ALL: 'C', LANG: 'C', LC_MESSAGES: 'C' },
  stdio: ['ignore', 'pipe', 'pipe'] as Array<'ignore' | 'pipe'>,
});

function spawnError(err: NodeJS.ErrnoException, runAs: RunAs | undefined, what: string) {
  if (runAs && (err.code === 'EPERM' || err.code === 'EACCES')) return embeddedErrors.cannotRunAs(`${what}: ${err.code}`);
  return embeddedErrors.failed('iniciar', `${what}: ${err.code ?? err.message}`, undefined);
}

/**
 * initdb: UTF-8 with PostgreSQL's own (builtin) C.UTF-8 locale, which every machine has and which
 * sorts like the CI server's C.UTF-8; password authentication for the `postgres` superuser.
 */
export async function initialise(bin: Binaries, dataDir: string, runAs: RunAs | undefined, logLine: (l: string) => void, logPath?: string) {
  const pwDir = mkdtempSync(join(tmpdir(), 'legiao-pw-'));
  const pwFile = join(pwDir, 'senha');
  writeFileSync(pwFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (runAs) {
    chownSync(pwDir, runAs.uid, runAs.gid);
    chownSync(pwFile, runAs.uid, runAs.gid);
  }
  const out = new Output(logLine);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        bin.initdb,
        [
          `--pgdata=${dataDir}`,
          `--username=${SUPERUSER}`,
          `--pwfile=${pwFile}`,
          '--auth=password',
          '--encoding=UTF8',
          '--locale=C',
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          '--no-instructions',
        ],
        spawnOptions(runAs),
      );
      out.attach(child);
      child.once('error', (err) => reject(spawnError(err, runAs, 'initdb')));
      child.once('close', resolve);
    });
    if (code !== 0) throw classify(out, 'criar o banco (initdb)', dataDir, undefined, logPath);
  } finally {
    rmSync(pwDir, { recursive: true, force: true });
  }
}

export interface RunningServer {
  process: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts the server on 127.0.0.1/localhost:`port` and resolves once it accepts a connection (asked
 * with a real one, whatever language it logs in). A server that exits first is explained.
 */
export async function startServer(opts: {
  bin: Binaries;
  dataDir: string;
  port: number;
  runAs: RunAs | undefined;
  logLine: (l: string) => void;
  logPath: string | undefined;
  /** What a person reads (the server's log). */
  log: (m: string) => void;
}): Promise<RunningServer> {
  await stopOrphan(opts.dataDir, opts.log);
  const out = new Output(opts.logLine);
  // 127.0.0.1 only (the URL's host): with 'localhost', a port another program holds on IPv4 left
  // PostgreSQL up on ::1 alone, and the readiness check below talking to that other program.
  const args = ['-D', opts.dataDir, '-p', String(opts.port), '-c', 'listen_addresses=127.0.0.1'];
  // Its own process group: Ctrl+C in the terminal signals the whole foreground group, and the
  // database must outlive the API's graceful shutdown (requests in flight, the mail outbox, the
  // webhook queue), then be stopped by it (stop() below), not die first under it.
  const child = spawn(opts.bin.postgres, args, { ...spawnOptions(opts.runAs), detached: true });
  out.attach(child);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let spawnFailure: EmbeddedDatabaseError | undefined;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
    child.once('error', (err) => {
      spawnFailure = spawnError(err, opts.runAs, 'postgres');
      exited ??= { code: null, signal: null };
      resolve();
    });
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) {
      if (spawnFailure) throw spawnFailure;
      throw classify(out, 'iniciar', opts.dataDir, opts.port, opts.logPath);
    }
    if (await accepts(opts.port)) break;
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      throw embeddedErrors.failed('iniciar em 60 s', out.summary(), opts.logPath);
    }
    await Promise.race([exit, new Promise((r) => setTimeout(r, 100))]);
  }

  const stop = async () => {
    if (exited) return;
    // SIGINT: PostgreSQL's fast shutdown (open sessions end, nothing is lost); SIGQUIT if it hangs.
    child.kill('SIGINT');
    const hung = setTimeout(() => child.kill('SIGQUIT'), 30_000);
    await exit;
    clearTimeout(hung);
  };
  return { process: child, stop };
}

async function accepts(port: number) {
  const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password: PASSWORD, database: 'postgres', connectionTimeoutMillis: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch (err) {
    // 57P03: "the database system is starting up" (recovery after a crash can take a while).
    void err;
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A server still running on this data folder. One whose parent is gone (an earlier start killed
 * with SIGKILL, a closed terminal) is an orphan: stopped, and the start goes on. One that belongs to
 * a live process (another `pnpm start` of this clone) is not ours to stop: explained.
 */
async function stopOrphan(dataDir: string, log: (m: string) => void) {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return; // stale: PostgreSQL removes it itself
  // Started by a live Node process (ours spawn it directly): in use. Otherwise its parent is init or
  // a container's subreaper: an orphan.
  const parent = parentOf(pid);
  if (parent === undefined || (parent !== 1 && /node/.test(commandOf(parent)))) throw embeddedErrors.dataInUse(dataDir, pid);
  log(`um PostgreSQL de uma partida anterior ainda estava no ar nestes dados (pid ${pid}): encerrando-o`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, 'SIGQUIT');
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The parent pid from /proc (Linux); undefined elsewhere, where the server is treated as in use. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** PostgreSQL's last words, turned into what a person can act on. */
function classify(out: Output, step: string, dataDir: string, port: number | undefined, logPath?: string): EmbeddedDatabaseError {
  const text = out.text();
  if (port !== undefined && /Address already in use|Is another postmaster already running on port|could not create any TCP\/IP sockets/i.test(text)) {
    return embeddedErrors.portInUse(port);
  }
  const pid = text.match(/lock file "postmaster\.pid" already exists[\s\S]*?PID (\d+)/i);
  if (pid) return embeddedErrors.dataInUse(dataDir, Number(pid[1]));
  const version = text.match(/initialized by PostgreSQL version (\d+)[^\n]*not compatible with this version ([\d.]+)/i);
  if (version) return embeddedErrors.incompatibleData(dataDir, version[1]!, version[2]!);
  if (/No space left on device/i.test(text)) return embeddedErrors.diskFull(dataDir);
  return embeddedErrors.failed(step, out.summary(), logPath);
}
