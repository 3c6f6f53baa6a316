import cluster from 'node:cluster';
import { createRedis } from './lib/redis.js';
import pino from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { resolveDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { createPrisma } from './db/prisma.js';
import { seedDemo } from './db/seed.js';
import { demoAccountsWithPublishedPassword } from './db/demo-exposure.js';
import { isLoopbackHost } from './lib/safe-defaults.js';
import { HttpCepProvider } from './features/cep/cep.provider.js';
import { Mailer } from './features/mail/mailer.js';
import { runPrimary } from './cluster.js';
import { answerMetricsCollection } from './features/metrics/cluster-metrics.js';
import { guardBoot } from './lib/boot-failure.js';

// Until the server listens, a failure is explained in one Portuguese paragraph, not a stack trace.
const bootDone = guardBoot();

let config: Config;
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
// WORKERS > 1: the first process migrates and seeds once, then forks the API processes and only
// watches them (cluster.ts); each worker runs the rest of this file on the database it was given.
const isWorker = cluster.isWorker;
const db = isWorker ? { url: config.databaseUrl!, stop: async () => {} } : await resolveDatabase(config, (m) => log.info(m));
const seed = async (client: ReturnType<typeof createPrisma>) => {
  const created = await seedDemo(client, config);
  if (created) log.info(`${created} conta(s) de demonstração criada(s)`);
};
if (!isWorker) await migrate(db.url, (m) => log.info(m));
if (!isWorker) await refuseExposedDemo();
if (config.workers > 1 && cluster.isPrimary) {
  if (config.seedDemo) {
    const seeding = createPrisma(db.url, 2);
    await seed(seeding);
    await seeding.$disconnect();
  }
  const code = await runPrimary(config, log, { DATABASE_URL: db.url });
  await db.stop();
  log.info('encerrado');
  process.exit(code);
}
const prisma = createPrisma(db.url, config.database.poolMax, config.database.connectTimeoutMs);
if (!isWorker && config.seedDemo) await seed(prisma);
// Fail-fast client: no request waits for a Redis that is away (lib/redis.ts, ADR 0037); it logs the loss and the return.
const redis = config.redisUrl ? createRedis(config.redisUrl, { name: 'limites', commandTimeoutMs: config.redisTimeoutMs, log }) : undefined;
const mailer = new Mailer(prisma, { smtpUrl: config.smtpUrl, from: config.mailFrom, retryIntervalMs: config.mailRetryIntervalMs, log });
const app = await buildApp({ config, prisma, mailer, cep: new HttpCepProvider(config.cep.providerUrl, config.cep.timeoutMs), redis });

// WORKERS > 1: this worker's readings go into every scrape, whichever worker serves it.
if (isWorker) answerMetricsCollection(app.metrics);
mailer.start();
await app.listen({ port: config.port, host: config.host });
bootDone();
log.info(`Legião no ar em ${config.publicUrl} (API em /api, documentação em /api/docs)`);
if (mailer.mode === 'log') log.info(`Sem SMTP_URL: e-mails ficam em ${config.publicUrl}/api/dev/emails`);

/**
 * Outside production, a server other machines can reach must not run with what exists for the
 * zero-setup start (docs/decisions/0036-safe-defaults.md). The environment was checked when it was
 * parsed; the database may still hold demo accounts from an earlier zero-setup start, which open
 * with the password the README publishes. Refused, unless ALLOW_INSECURE_DEFAULTS=true (warned).
 */
async function refuseExposedDemo() {
  if (config.isProduction || isLoopbackHost(config.host)) return;
  const client = createPrisma(db.url, 1);
  const open = await demoAccountsWithPublishedPassword(client).finally(() => client.$disconnect());
  const found = [...config.insecureDefaults, ...(open.length ? [`contas de demonstração que abrem com a senha publicada no README: ${open.join(', ')} (troque as senhas delas ou remova-as, ou use outro banco)`] : [])];
  if (found.length === 0) return;
  const list = found.map((d) => `  · ${d}`).join('\n');
  if (config.allowInsecureDefaults) {
    log.warn(`ALLOW_INSECURE_DEFAULTS=true: ${config.host} aceita conexões de outras máquinas com padrões de desenvolvimento:\n${list}`);
    return;
  }
  console.error(`Configuração insegura: ${config.host} aceita conexões de outras máquinas e este servidor (fora de produção) ainda tem:\n${list}\nDeixe HOST vazio (só esta máquina), ou ALLOW_INSECURE_DEFAULTS=true para uma demonstração numa rede de confiança.`);
  await db.stop();
  process.exit(1);
}

let closing = false;
/**
 * SIGTERM/SIGINT (docs/decisions/0024-overload-and-observability.md): stop taking connections,
 * answer requests still arriving on open keep-alive connections with 503 + Retry-After (they go to
 * another process), let the requests in flight finish for up to SHUTDOWN_TIMEOUT_MS, tell the
 * waiting room's sockets 1012 (reconnect: they keep their place), then stop the mail worker and
 * close the pool, Redis and the embedded database, and exit 0.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const deadline = config.shutdownTimeoutMs;
  log.info(`${signal}: encerrando (até ${deadline} ms para os pedidos em andamento)`);
  // Requests still running at the deadline lose their connection; cleanup goes on.
  const cut = setTimeout(() => {
    log.warn('pedidos ainda em andamento no prazo do encerramento: conexões fechadas');
    app.server.closeAllConnections();
  }, deadline);
  cut.unref();
  // Last resort if the cleanup itself hangs (a database that never answers).
  const force = setTimeout(() => process.exit(1), deadline + 10_000);
  force.unref();
  let code = 0;
  try {
    await app.close();
    clearTimeout(cut);
    await mailer.stop();
    await prisma.$disconnect();
    await redis?.quit().catch(() => redis.disconnect());
    await db.stop();
    log.info('encerrado');
  } catch (err) {
    log.error({ err }, 'falha ao encerrar');
    code = 1;
  } finally {
    process.exit(code);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
