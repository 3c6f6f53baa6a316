import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { getFreePort } from './ports.js';

// A Redis of the test's own (issue 23 section 3): a real redis-server on a free loopback port,
// nothing on disk, that the test may SIGKILL and start again on the same port while the portal runs.

const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

export interface OwnRedis {
  port: number;
  url: string;
  /** SIGKILL: the server dies at once, every connection is reset, the data is gone (no persistence). */
  kill(): Promise<void>;
  /** Starts it again on the same port; resolves once it answers PING. */
  start(): Promise<void>;
  /** SIGSTOP: connected but silent (as behind a network partition); resume() with SIGCONT. */
  pause(): void;
  resume(): void;
  /** Ends it for good (SIGTERM, then SIGKILL). */
  stop(): Promise<void>;
}

/** PONG over a raw socket, so the helper needs no client library (and no client keeps reconnecting). */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await getFreePort();
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const start = async () => {
    let out = '';
    const proc = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
    proc.stdout!.on('data', (d) => (out += d));
    proc.stderr!.on('data', (d) => (out += d));
    exited = new Promise((resolve) => proc.on('exit', () => resolve()));
    child = proc;
    const started = Date.now();
    while (!(await pings(port))) {
      if (proc.exitCode !== null) throw new Error(`redis-server saiu com ${proc.exitCode}:\n${out}`);
      if (Date.now() - started > 10_000) throw new Error(`redis-server não respondeu em 10 s:\n${out}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  const kill = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited;
  };

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    stop: async () => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
