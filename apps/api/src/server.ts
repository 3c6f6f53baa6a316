import { Redis } from 'ioredis';
import pino from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { resolveDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { createPrisma } from './db/prisma.js';
import { seedDemo } from './db/seed.js';
import { HttpCepProvider } from './features/cep/cep.provider.js';
import { Mailer } from './features/mail/mailer.js';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const log = pino({ level: config.logLevel === 'silent' ? 'silent' : config.logLevel });
const db = await resolveDatabase(config, (m) => log.info(m));
await migrate(db.url, (m) => log.info(m));
const prisma = createPrisma(db.url);
if (config.seedDemo) {
  const created = await seedDemo(prisma, config);
  if (created) log.info(`${created} conta(s) de demonstração criada(s)`);
}
const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
redis?.on('error', (err) => log.warn({ err }, 'redis error'));
const mailer = new Mailer(prisma, { smtpUrl: config.smtpUrl, from: config.mailFrom, retryIntervalMs: config.mailRetryIntervalMs, log });
const app = await buildApp({ config, prisma, mailer, cep: new HttpCepProvider(config.cep.providerUrl, config.cep.timeoutMs), redis });

mailer.start();
await app.listen({ port: config.port, host: config.host });
log.info(`Legião no ar em ${config.publicUrl} (API em /api, documentação em /api/docs)`);
if (mailer.mode === 'log') log.info(`Sem SMTP_URL: e-mails ficam em ${config.publicUrl}/api/dev/emails`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info(`${signal}: encerrando`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await mailer.stop();
    await prisma.$disconnect();
    redis?.disconnect();
    await db.stop();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
