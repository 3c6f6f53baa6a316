import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { API_DIR, API_SECRET, BOUNCE_MAILBOX, RESULTS_DIR } from './env';

export interface ApiServerOptions {
  port: number;
  databaseUrl: string;
  smtpUrl: string;
  publicUrl: string;
  cepProviderUrl: string;
  webDist: string;
  /** Log file name under test-results (default api.log): a second server must not overwrite the first's. */
  logName?: string;
  /** Extra environment for this server only (e.g. FILA_CAPACIDADE). */
  env?: Record<string, string>;
}

const READY_TIMEOUT_MS = 90_000;

/**
 * Runs apps/api/src/server.ts (API under /api plus the built web app) as a child process and
 * waits for GET /api/ready. Its output goes to test-results/api.log.
 */
export async function startApiServer(opts: ApiServerOptions) {
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  if (await isUp(`${baseUrl}/api/ready`)) {
    throw new Error(`E2E: a porta ${opts.port} já está em uso por outro servidor. Pare-o ou use E2E_PORT.`);
  }

  mkdirSync(RESULTS_DIR, { recursive: true });
  const logPath = path.join(RESULTS_DIR, opts.logName ?? 'api.log');
  const logFile = createWriteStream(logPath, { flags: 'w' });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    logFile.write(chunk);
    tail.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 40));
  };

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl,
      SMTP_URL: opts.smtpUrl,
      PUBLIC_URL: opts.publicUrl,
      CEP_PROVIDER_URL: opts.cepProviderUrl,
      WEB_DIST: opts.webDist,
      RATE_LIMIT_AUTH_MAX: '1000',
      LOG_LEVEL: process.env.E2E_API_LOG_LEVEL ?? 'warn',
      SEED_DEMO: 'true',
      BCRYPT_COST: '4', // the lowest bcrypt allows: the tests log in a lot
      // Outgoing webhooks delivered by this API to the tests' local receivers, retried within seconds
      // (admin-webhooks.spec.ts: a failing receiver's delivery reaches "Falhou" and is sent again).
      WEBHOOKS_DELIVERY: 'true',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOKS_RETRY_LIMIT: '1',
      WEBHOOKS_RETRY_DELAY_S: '1',
      // The launch alerts' bounce address (VERP, ADR 0049) and the secret that signs it, both known to
      // the tests: admin-lancamento-dia-devolvidos.spec.ts posts a bounce for an alert's own address.
      EMAIL_DEVOLUCOES: BOUNCE_MAILBOX,
      JWT_SECRET: API_SECRET,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  let stopping = false;
  child.once('exit', (code, signal) => {
    exitCode = code;
    const line = `[e2e] o processo da API (pid ${child.pid}) terminou: código ${code}, sinal ${signal}`;
    logFile.write(`${line}\n`);
    if (!stopping) console.error(`${line} no meio da execução; veja ${logPath}`);
  });

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await isUp(`${baseUrl}/api/ready`))) {
    if (exitCode !== undefined) {
      throw new Error(`E2E: o servidor da API terminou (código ${exitCode}) antes de ficar pronto. Últimas linhas de ${logPath}:\n${tail.join('\n')}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`E2E: a API não respondeu /api/ready em ${READY_TIMEOUT_MS / 1000} s. Últimas linhas:\n${tail.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseUrl,
    logPath,
    async stop() {
      stopping = true;
      if (exitCode === undefined) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await new Promise<void>((resolve) => logFile.end(() => resolve()));
    },
  };
}

async function isUp(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}
