import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, statSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { getFreePort } from './support/ports.js';

// Issue 29 §1: the README's first command, run the way a newcomer runs it, from a folder only its
// owner may enter (as root: the home folder of a fresh VM; `mktemp -d`), whose path has a space and
// an accent. As root, PostgreSQL runs as the `postgres` OS user, which cannot enter that folder:
// the start must still serve the portal, and keep its data for the next start.
//
// The clone is this checkout's files (tracked and new, not ignored: what a commit of them would
// hold), copied; `pnpm install` takes the packages from the machine's pnpm store, as a second
// clone on any machine does. The command runs with no settings but the two ports, which must not
// clash with the rest of the suite (and PORT is how the README says to pick another).

const FIRST_COMMAND = 'pnpm install && pnpm start';
const asRoot = process.getuid?.() === 0;

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function runShell(command: string, cwd: string, env: NodeJS.ProcessEnv): Run {
  // Its own process group, so the "Ctrl+C" below reaches pnpm and the server as a terminal's would.
  const child = spawn('sh', ['-c', command], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitForHealth(base: string, run: Run, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let exitedWith: number | null | undefined;
  void run.exited.then((code) => (exitedWith = code));
  while (Date.now() < deadline) {
    if (exitedWith !== undefined) throw new Error(`o comando terminou (código ${exitedWith}) antes de servir:\n${run.output().slice(-4000)}`);
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`/api/health não respondeu em ${timeoutMs / 1000} s:\n${run.output().slice(-4000)}`);
}

/** Ctrl+C in the terminal: SIGINT to the whole process group. Answers once all of it has exited. */
async function interrupt(run: Run) {
  process.kill(-run.child.pid!, 'SIGINT');
  const timer = setTimeout(() => process.kill(-run.child.pid!, 'SIGKILL'), 30_000);
  await run.exited;
  clearTimeout(timer);
  // The shell itself dies of the SIGINT, as at a prompt; what counts is how the server ended.
  while (groupAlive(run.child.pid!)) await new Promise((r) => setTimeout(r, 100));
}

function groupAlive(pgid: number) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** This checkout's files, as a clone of them would have them, into `dest`. */
function copyCheckout(dest: string) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO_ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && existsSync(join(REPO_ROOT, f)) && !lstatSync(join(REPO_ROOT, f)).isDirectory());
  for (const file of files) {
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    copyFileSync(join(REPO_ROOT, file), join(dest, file));
  }
}

describe(`the first command (${FIRST_COMMAND}) from a private folder${asRoot ? ', as root' : ''}`, () => {
  const parent = mkdtempSync(join(tmpdir(), 'legião primeiro comando '));
  const clone = join(parent, 'meu clone');
  let dataTarget: string | undefined;
  const runs: Run[] = [];

  afterAll(async () => {
    for (const run of runs) if (groupAlive(run.child.pid!)) await interrupt(run).catch(() => {});
    rmSync(parent, { recursive: true, force: true });
    // Root's data lives outside the clone (behind .data/postgres): removed with it.
    if (dataTarget) rmSync(dataTarget, { recursive: true, force: true });
  }, 60_000);

  it('serves the portal with demo data, stops on Ctrl+C, and the next start finds the same database', async () => {
    expect(statSync(parent).mode & 0o077, 'mktemp -d: only its owner enters').toBe(0);
    copyCheckout(clone);
    const port = await getFreePort();
    const pgPort = await getFreePort();
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: process.env.LANG, CI: process.env.CI, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort) };
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
    const base = `http://127.0.0.1:${port}`;

    const first = runShell(FIRST_COMMAND, clone, env);
    runs.push(first);
    await waitForHealth(base, first, 420_000);

    // The demo data: the seeded member logs in.
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'membro@legiao.dev', senha: 'Legiao@2025' }),
    });
    expect(login.status, first.output().slice(-2000)).toBe(200);
    // The web app on the same port.
    expect(await (await fetch(`${base}/home`)).text()).toContain('<div id="root">');

    const link = join(clone, '.data/postgres');
    if (asRoot) {
      // `postgres` cannot enter the clone: the data lives where it can, and .data/postgres says where.
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      dataTarget = resolve(dirname(link), readlinkSync(link));
      expect(statSync(dataTarget).uid).not.toBe(0);
    } else {
      expect(existsSync(join(link, 'PG_VERSION'))).toBe(true);
    }
    await interrupt(first);
    // The server's own last line: a clean stop (its PostgreSQL with it), no stack trace on the way.
    expect(first.output()).toContain('"msg":"encerrado"');
    expect(first.output()).not.toMatch(/EACCES|\n\s+at .+\(.+:\d+:\d+\)/);

    // The second start: nothing to create, migrate or seed again.
    const second = runShell('pnpm --filter @legiao/api run start', clone, env);
    runs.push(second);
    await waitForHealth(base, second, 120_000);
    expect(second.output()).not.toContain('iniciando banco embutido');
    expect(second.output()).not.toContain('migração aplicada');
    expect(second.output()).not.toContain('conta(s) de demonstração criada(s)');
    const again = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'membro@legiao.dev', senha: 'Legiao@2025' }),
    });
    expect(again.status).toBe(200);
    await interrupt(second);
    expect(second.output()).toContain('"msg":"encerrado"');
  }, 600_000);
});
