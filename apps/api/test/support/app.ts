import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppContext } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createPrisma, type Db } from '../../src/db/prisma.js';
import { HttpCepProvider } from '../../src/features/cep/cep.provider.js';
import { Mailer } from '../../src/features/mail/mailer.js';
import { startFakeCep } from './fake-cep.js';

export const TEST_JWT_SECRET = 'legiao-test-secret-0123456789-abcdefghijklmnop';

export interface TestAppOptions {
  /** Environment overrides (strings, as in process.env), e.g. { RATE_LIMIT_AUTH_MAX: '3' }; undefined unsets one. */
  env?: Record<string, string | undefined>;
  /** Use this Prisma client instead of one on the test database (e.g. one that can't connect). */
  prisma?: Db;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  prisma: Db;
  mailer: Mailer;
  close: () => Promise<void>;
}

/**
 * The real app (buildApp) on the run's test database, mailing over SMTP to the run's catcher and
 * looking CEPs up in a local fake ViaCEP. Every test file builds its own and closes it in afterAll.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const fakeCep = await startFakeCep();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: inject('databaseUrl'),
    SMTP_URL: inject('smtpUrl'),
    PUBLIC_URL: 'http://legiao.test',
    JWT_SECRET: TEST_JWT_SECRET,
    CEP_PROVIDER_URL: fakeCep.url,
    CEP_TIMEOUT_MS: '3000',
    LOG_LEVEL: 'silent',
    BCRYPT_COST: '4',
    RATE_LIMIT_AUTH_MAX: '100000',
    // Whatever the web build holds, these tests are about the API alone.
    WEB_DIST: fileURLToPath(new URL('./no-web-dist', import.meta.url)),
    ...options.env,
  });
  const prisma = options.prisma ?? createPrisma(config.databaseUrl!, 4);
  const mailer = new Mailer(prisma, { smtpUrl: config.smtpUrl, from: config.mailFrom, retryIntervalMs: config.mailRetryIntervalMs, log: pino({ level: 'silent' }) });
  const ctx: AppContext = { config, prisma, mailer, cep: new HttpCepProvider(config.cep.providerUrl, config.cep.timeoutMs) };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    config,
    prisma,
    mailer,
    close: async () => {
      await app.close();
      await mailer.stop();
      await prisma.$disconnect();
      await fakeCep.close();
    },
  };
}
