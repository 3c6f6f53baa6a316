import pg from 'pg';
import pino from 'pino';
import { LaunchAlertDispatcher } from '../../src/features/lancamentos/alert-dispatcher.js';
import { MemoryQueueStore } from '../../src/features/fila/store-memory.js';

// A launch-alert dispatcher alone in a process of its own (lancamentos-alertas-processo.test.ts): the
// test kills it with SIGKILL in the middle of a send. Run with `node --import tsx`; settings from the env.

const env = process.env;
const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 4 });
const dispatcher = new LaunchAlertDispatcher({
  connectionString: env.DATABASE_URL!,
  pool,
  store: new MemoryQueueStore({ defaults: { capacidade: 1000, admissoesPorMinuto: 600 }, inactivityMs: 60_000 }),
  settings: { waveIntervalMs: 400, targetWaitMs: 0, reactionMs: 1000, leaseMs: Number(env.LEASE_MS), retryMs: 100, maxAttempts: 20, concurrency: 1 },
  smtpUrl: env.SMTP_URL,
  from: 'Legião <nao-responda@legiao.test>',
  site: { publicUrl: 'http://legiao.test', storeUrl: 'https://loja.legiao.dev' },
  secret: env.SECRET!,
  foundersUntil: new Date('2026-01-01T00:00:00Z'),
  log: pino({ level: 'silent' }),
  queue: env.ALERT_QUEUE,
  launchIds: () => [env.LAUNCH_ID!],
});
await dispatcher.start();
process.stdout.write('pronto\n');
