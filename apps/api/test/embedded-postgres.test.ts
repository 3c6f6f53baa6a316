import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reachableBinaries, type Binaries } from '../src/db/embedded/binaries.js';
import { EmbeddedDatabaseError, startEmbeddedPostgres } from '../src/db/embedded/index.js';
import { canReach, resolveRunAs } from '../src/db/embedded/os-user.js';
import { placeData, sharedRoot } from '../src/db/embedded/placement.js';
import { getFreePort } from './support/ports.js';

// The embedded PostgreSQL of the zero-setup start (docs/decisions/0043-first-command-anywhere.md):
// what stops it is said in Portuguese, a server left behind by a killed start is taken over, and,
// as root, what `postgres` must reach leaves a private folder (the first-command test runs it all
// together; these take each rule on its own).

const asRoot = process.getuid?.() === 0;
const temp: string[] = [];
/** A folder for this test; `open` lets every user cross it (PostgreSQL's user must, as root). */
function folder(open = true) {
  const dir = mkdtempSync(join(tmpdir(), 'legiao-embedded-'));
  if (open) chmodSync(dir, 0o755);
  temp.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

async function startFails(opts: Parameters<typeof startEmbeddedPostgres>[0]) {
  try {
    const db = await startEmbeddedPostgres(opts);
    await db.stop();
  } catch (err) {
    return err as Error;
  }
  throw new Error('the start was expected to fail');
}

describe('the embedded PostgreSQL says what stopped it, in Portuguese', () => {
  it('a port another program holds', async () => {
    const port = await getFreePort();
    const holder: Server = createServer().listen(port, '127.0.0.1');
    await new Promise((r) => holder.once('listening', r));
    try {
      const err = await startFails({ dir: join(folder(), 'data'), port });
      expect(err).toBeInstanceOf(EmbeddedDatabaseError);
      expect(err.message).toBe(
        `A porta ${port} do banco embutido já está em uso por outro programa. Pare-o, ou escolha outra porta: EMBEDDED_PG_PORT=${port + 1} pnpm start. Ou defina DATABASE_URL com um PostgreSQL seu e o banco embutido não é usado.`,
      );
    } finally {
      holder.close();
    }
  }, 60_000);

  it('data another live start is using, and data of another PostgreSQL version', async () => {
    const dir = join(folder(), 'data');
    const db = await startEmbeddedPostgres({ dir, port: await getFreePort() });
    try {
      const err = await startFails({ dir, port: await getFreePort() });
      expect(err).toBeInstanceOf(EmbeddedDatabaseError);
      expect(err.message).toMatch(/^Os dados do banco embutido \(.+\) já estão em uso por outro PostgreSQL \(pid \d+\): outro `pnpm start`/);
    } finally {
      await db.stop();
    }

    const old = join(folder(), 'data');
    mkdirSync(old, { mode: 0o700 });
    // What an older PostgreSQL's initdb leaves first: its version and its configuration.
    writeFileSync(join(old, 'PG_VERSION'), '15\n');
    writeFileSync(join(old, 'postgresql.conf'), '');
    const runAs = resolveRunAs();
    if (runAs) for (const path of [old, join(old, 'PG_VERSION'), join(old, 'postgresql.conf')]) chownSync(path, runAs.uid, runAs.gid);
    const err = await startFails({ dir: old, port: await getFreePort() });
    expect(err.message).toMatch(/^Os dados do banco embutido em .+ são do PostgreSQL 15, e este portal traz o PostgreSQL 18/);
  }, 90_000);
});

describe('a server left running by a start that was killed', () => {
  it('is stopped and the new start serves the same data', async () => {
    const dir = join(folder(), 'data');
    const port = await getFreePort();
    // A start in a process of its own, killed with SIGKILL once its database is up: its PostgreSQL
    // outlives it (nobody told it to stop), as after a closed terminal.
    const script = `
      const { startEmbeddedPostgres } = await import(${JSON.stringify(resolve('src/db/embedded/index.ts'))});
      const db = await startEmbeddedPostgres({ dir: ${JSON.stringify(dir)}, port: ${port} });
      const pg = (await import('pg')).default;
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      await c.query("CREATE TABLE kept (v text)");
      await c.query("INSERT INTO kept VALUES ('antes')");
      await c.end();
      console.log('ready');
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((ok, fail) => {
      child.stdout.on('data', (d) => String(d).includes('ready') && ok());
      child.once('exit', (code) => fail(new Error(`the first start exited with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(existsSync(join(dir, 'postmaster.pid'))).toBe(true);

    const logs: string[] = [];
    const db = await startEmbeddedPostgres({ dir, port, log: (m) => logs.push(m) });
    try {
      expect(logs.join('\n')).toContain('um PostgreSQL de uma partida anterior ainda estava no ar');
      const pg = (await import('pg')).default;
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      const { rows } = await c.query('SELECT v FROM kept');
      await c.end();
      expect(rows).toEqual([{ v: 'antes' }]);
    } finally {
      await db.stop();
    }
  }, 90_000);
});

describe.runIf(asRoot)('as root, what `postgres` must reach leaves a private folder', () => {
  const runAs = asRoot ? resolveRunAs()! : undefined;

  it('the shared place is root\'s alone: one made or loosened by someone else is refused', () => {
    const base = folder();
    const good = join(base, 'good');
    expect(sharedRoot(runAs!, [good])).toBe(good);
    expect(statSync(good).mode & 0o777).toBe(0o755);

    const foreign = join(base, 'foreign');
    mkdirSync(foreign);
    chownSync(foreign, runAs!.uid, runAs!.gid);
    const loose = join(base, 'loose');
    mkdirSync(loose);
    chmodSync(loose, 0o777);
    expect(() => sharedRoot(runAs!, [foreign, loose])).toThrow(/pertence a outro usuário .*aceita escrita de outros usuários/s);
    expect(sharedRoot(runAs!, [foreign, loose, good])).toBe(good);
  });

  it('the data: behind a link, found again, moved when it was there before, gone when its link is deleted', () => {
    const shared = join(folder(), 'shared');
    mkdirSync(shared, { mode: 0o755 });
    const clone = folder(false); // 0700, like /root
    const configured = join(clone, '.data/postgres');
    expect(canReach(clone, runAs)).toBe(false);

    const first = placeData(configured, runAs, () => shared);
    expect(lstatSync(configured).isSymbolicLink()).toBe(true);
    expect(readlinkSync(configured)).toBe(first.dir);
    expect(first.dir.startsWith(join(shared, 'data'))).toBe(true);
    expect(statSync(first.dir).uid).toBe(runAs!.uid);
    expect(canReach(first.dir, runAs)).toBe(true);
    writeFileSync(join(first.dir, 'PG_VERSION'), '18\n');

    expect(placeData(configured, runAs, () => shared).dir).toBe(first.dir);

    // Deleting .data/postgres deletes the database, as it does for a plain user.
    rmSync(join(clone, '.data'), { recursive: true });
    const fresh = placeData(configured, runAs, () => shared);
    expect(fresh.dir).toBe(first.dir);
    expect(existsSync(join(fresh.dir, 'PG_VERSION'))).toBe(false);

    // Data that was in the folder itself (a start from before it was private): moved, owned by postgres.
    const other = join(folder(false), '.data/postgres');
    mkdirSync(join(other, 'base'), { recursive: true });
    writeFileSync(join(other, 'base/1'), 'dados');
    const moved = placeData(other, runAs, () => shared);
    expect(moved.note).toContain('movidos para');
    expect(statSync(join(moved.dir, 'base/1')).uid).toBe(runAs!.uid);
  });

  it('the binaries: copied once per version into the shared place, whole, then reused', () => {
    const shared = join(folder(), 'shared');
    mkdirSync(shared, { mode: 0o755 });
    const pkg = join(folder(false), 'native');
    mkdirSync(join(pkg, 'bin'), { recursive: true });
    mkdirSync(join(pkg, 'lib'), { recursive: true });
    writeFileSync(join(pkg, 'bin/postgres'), '#!/bin/sh\necho 18\n', { mode: 0o755 });
    writeFileSync(join(pkg, 'bin/initdb'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(pkg, 'lib/libpgcommon.a'), 'static');
    const packaged: Binaries = { root: pkg, version: '18.9.9-test', initdb: join(pkg, 'bin/initdb'), postgres: join(pkg, 'bin/postgres') };

    const copy = reachableBinaries(packaged, runAs, () => shared);
    expect(copy.root).toBe(join(shared, 'postgresql-18.9.9-test'));
    expect(existsSync(join(copy.root, 'lib/libpgcommon.a'))).toBe(false);
    const ran = spawnSync(copy.postgres, [], { uid: runAs!.uid, gid: runAs!.gid, encoding: 'utf8', cwd: '/' });
    expect(ran.stdout.trim()).toBe('18');
    const made = statSync(copy.postgres).mtimeMs;
    expect(reachableBinaries(packaged, runAs, () => shared).postgres).toBe(copy.postgres);
    expect(statSync(copy.postgres).mtimeMs).toBe(made);
  });
});
