import { z } from 'zod';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { isIP } from 'node:net';
import { getHeapStatistics } from 'node:v8';
import { availableParallelism } from 'node:os';
import { isLoopbackHost, zeroSetupDefaults } from './lib/safe-defaults.js';
import { BOUNCE_LOCAL_MAX } from './features/mail/bounce-address.js';

/** Repository root, for defaults that point at files (web build, embedded database folder). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

const DEV_JWT_SECRET = 'legiao-dev-only-secret-do-not-use-in-production-0000';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Unset: loopback only outside production (the zero-setup start serves this machine alone),
    // every interface in production (docs/decisions/0036-safe-defaults.md).
    HOST: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined),
    // Outside production, listening beyond loopback while a zero-setup default is in use (the
    // development JWT secret, the demo accounts, the development inbox) stops the boot; this says
    // "a demonstration on a trusted network, on purpose" instead, with a warning at every start.
    ALLOW_INSECURE_DEFAULTS: bool.optional(),
    // Only behind a reverse proxy that sets X-Forwarded-For: otherwise clients could pick their IP
    // and dodge the rate limits. false (default), true, or a comma-separated list of
    // proxy addresses/CIDRs; parsed here so a typo stops the boot instead of trusting everyone.
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if (parsed === null) {
          ctx.addIssue({ code: 'custom', message: 'use false, true ou os endereços/CIDRs dos proxies separados por vírgula' });
          return z.NEVER;
        }
        return parsed;
      }),
    DATABASE_URL: z.string().url().optional(),
    EMBEDDED_PG_DIR: z.string().default(resolve(REPO_ROOT, '.data/postgres')),
    EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
    // The database away (docs/decisions/0038-database-outage.md): the longest wait for a connection,
    // new or from the pool, before the request is answered 503; and the Retry-After of that answer.
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
    DATABASE_RETRY_AFTER_S: z.coerce.number().int().min(1).max(600).default(2),
    // Connections per process (PostgreSQL's max_connections bounds WORKERS x this, plus the CLIs').
    DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).default(10),
    REDIS_URL: z.string().url().optional(),
    // Start of every Redis key and channel the API uses outside the waiting room (rate limits, login
    // failures): two deployments, or two test runs, on one Redis keep apart with different prefixes.
    REDIS_PREFIX: z.string().min(1).default('legiao-'),
    // Longest wait for any one Redis command (docs/decisions/0037-redis-outage.md): past it the
    // feature does without Redis (a limit in memory) or answers 503. A Redis that is down fails at once.
    REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(250),
    // API processes on the one PORT (docs/decisions/0025-many-processes.md): 1 (default), a number,
    // or auto (one per core). More than one needs REDIS_URL: the waiting room, rate limits and login
    // failures must be shared.
    WORKERS: z
      .string()
      .default('1')
      .transform((v, ctx) => {
        const n = v.trim() === 'auto' ? availableParallelism() : /^\d+$/.test(v.trim()) ? Number(v.trim()) : NaN;
        if (!Number.isInteger(n) || n < 1 || n > 256) {
          ctx.addIssue({ code: 'custom', message: 'use um número de 1 a 256 ou auto (um processo por núcleo)' });
          return z.NEVER;
        }
        return n;
      }),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Legião <nao-responda@legiao.local>'),
    // Where the relay's late bounces go (VERP: each launch alert's envelope sender is
    // <local>+<token>@<domain>; docs/decisions/0049-launch-alert-waves.md). Unset: alerts leave with
    // the From address as their envelope sender, as before, and no bounce names an alert.
    EMAIL_DEVOLUCOES: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const text = v?.trim();
        if (!text) return undefined;
        const match = /^([A-Za-z0-9._-]+)@([A-Za-z0-9.-]+\.[A-Za-z]{2,})$/.exec(text);
        if (!match || match[1]!.length > BOUNCE_LOCAL_MAX) {
          ctx.addIssue({ code: 'custom', message: `use um endereço simples, como devolucoes@legiao.dev: até ${BOUNCE_LOCAL_MAX} caracteres antes do @ (letras, números, . _ -), sem +` });
          return z.NEVER;
        }
        return { local: match[1]!, domain: match[2]!.toLowerCase() };
      }),
    PUBLIC_URL: z.string().url().optional(),
    CORS_ORIGIN: z.string().optional(),
    JWT_SECRET: z.string().min(32, 'precisa de pelo menos 32 caracteres').optional(),
    SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
    BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(10),
    CEP_PROVIDER_URL: z.string().default('https://viacep.com.br/ws/{cep}/json/'),
    CEP_TIMEOUT_MS: z.coerce.number().int().positive().default(4000),
    // Failed logins per account per window, and requests per IP and route on the other auth calls.
    RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(10),
    // Logins per IP per window, whatever the account: members behind one NAT share it (ADR 0023).
    RATE_LIMIT_LOGIN_IP_MAX: z.coerce.number().int().positive().default(1000),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Requests slower than this are logged at info even when they succeed (docs/decisions/0017-api-speed.md).
    LOG_SLOW_MS: z.coerce.number().int().min(0).default(1000),
    // Check every answer against its zod contract as well as serialising it with the compiled
    // serializer (slower): on by default in tests only.
    RESPONSE_CHECK: bool.optional(),
    // Before each request, wait until every content change already committed has reached this
    // process's cache (one round trip). Tests write to the database and read back at once; in
    // production a change arrives in milliseconds. On by default in tests only (ADR 0019).
    CACHE_SYNC_READS: bool.optional(),
    SEED_DEMO: bool.optional(),
    WEB_DIST: z.string().default(resolve(REPO_ROOT, 'apps/web/dist')),
    MAIL_RETRY_INTERVAL_MS: z.coerce.number().int().positive().default(15_000),
    // Waiting room (docs/decisions/0008-waiting-room.md).
    FILA_ENABLED: bool.optional(),
    FILA_CAPACIDADE: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    FILA_ADMISSOES_POR_MINUTO: z.coerce.number().int().min(1).max(1_000_000).default(1200),
    FILA_INATIVIDADE_MS: z.coerce.number().int().min(1000).default(120_000),
    FILA_TICKET_TTL_S: z.coerce.number().int().min(10).max(3600).default(300),
    FILA_REDIS_PREFIX: z.string().min(1).default('legiao:{fila}:'),
    // Apply the back office's scheduled waiting-room changes (fila_agendamento, ADR 0029) from this
    // process. On by default; off by default in tests, where every test app shares one database but
    // has its own in-memory queue, so one app would apply another's schedule.
    FILA_AGENDAMENTOS: bool.optional(),
    // Automatic waiting room (docs/decisions/0025-many-processes.md): off by default. When on, the
    // portal holds admissions by itself while admitted members reach FILA_AUTO_ATIVOS, or any
    // process's mean event-loop delay reaches FILA_AUTO_ATRASO_MS, or requests waiting for a
    // database connection in any process reach FILA_AUTO_POOL_AGUARDANDO (0 turns a trigger off);
    // it lets them go again once every reading has stayed under FILA_AUTO_FRACAO of its limit for
    // FILA_AUTO_MINIMO_MS.
    FILA_AUTO: bool.optional(),
    FILA_AUTO_ATIVOS: z.coerce.number().int().min(0).max(1_000_000).default(0),
    FILA_AUTO_ATRASO_MS: z.coerce.number().int().min(0).max(60_000).default(200),
    FILA_AUTO_POOL_AGUARDANDO: z.coerce.number().int().min(0).max(100_000).default(20),
    FILA_AUTO_FRACAO: z.coerce.number().gt(0).lt(1).default(0.7),
    FILA_AUTO_MINIMO_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    // A published launch holds the waiting room on (every login through the line) from
    // FILA_LANCAMENTO_ANTES_MIN minutes before its early-access window opens to
    // FILA_LANCAMENTO_DEPOIS_MIN minutes after (ADR 0047, part 2). Each process checks the schedule
    // every FILA_LANCAMENTO_INTERVALO_MS. On by default; off by default in tests (as FILA_AGENDAMENTOS).
    FILA_LANCAMENTO: bool.optional(),
    FILA_LANCAMENTO_ANTES_MIN: z.coerce.number().int().min(0).max(240).default(5),
    FILA_LANCAMENTO_DEPOIS_MIN: z.coerce.number().int().min(1).max(1440).default(15),
    FILA_LANCAMENTO_INTERVALO_MS: z.coerce.number().int().min(200).max(60_000).default(5000),
    // "Avise-me" alerts in waves at a launch's opening (docs/decisions/0049-launch-alert-waves.md).
    // ALERTAS_LANCAMENTO: this process plans waves and sends alerts (pg-boss); off by default in tests.
    // A wave every ALERTAS_ONDA_S, sent over 0.8 of it; the line aimed for is ALERTAS_FILA_ALVO_S of
    // admissions; a sender holds a claimed alert ALERTAS_CONCESSAO_MS (past it, another takes it, or
    // marks it uncertain if SMTP had it); a failed send is tried again after ALERTAS_REPETIR_MS·2^(n-1),
    // ALERTAS_TENTATIVAS at most; ALERTAS_CONCORRENCIA senders per process, each with its pooled SMTP
    // connection, and as many jobs per wave. ALERTAS_REACAO_S: the members' mean time from the alert to
    // the portal, which the waves count the members on their way with (e^(−age/τ) per alert sent).
    ALERTAS_LANCAMENTO: bool.optional(),
    ALERTAS_ONDA_S: z.coerce.number().min(0.2).max(600).default(30),
    ALERTAS_FILA_ALVO_S: z.coerce.number().int().min(0).max(3600).default(120),
    ALERTAS_CONCESSAO_MS: z.coerce.number().int().min(500).max(600_000).default(60_000),
    ALERTAS_REPETIR_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
    ALERTAS_TENTATIVAS: z.coerce.number().int().min(1).max(20).default(5),
    ALERTAS_CONCORRENCIA: z.coerce.number().int().min(1).max(32).default(2),
    ALERTAS_REACAO_S: z.coerce.number().min(1).max(86_400).default(120),
    // Overload and operations (docs/decisions/0024-overload-and-observability.md). Thresholds past
    // which requests get 503 + Retry-After instead of queueing until the process falls over; 0 turns a
    // check off. Unset: on outside tests (500 ms mean event-loop delay, heap at 90% of V8's limit);
    // off in tests unless a test sets them. Utilisation is off by default: a process serving at full
    // speed is near 1.0 while its answers are still fast (measured: ADR 0024).
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
    OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).optional(),
    OVERLOAD_MAX_HEAP_USED_MB: z.coerce.number().int().min(0).optional(),
    OVERLOAD_RETRY_AFTER_S: z.coerce.number().int().min(1).max(600).default(5),
    // Samples (one a second) past a threshold in a row before requests are refused; from the first
    // one /api/ready already says "not ready" (docs/decisions/0035-readiness-and-load-shedding.md).
    OVERLOAD_SUSTAINED_S: z.coerce.number().int().min(1).max(60).default(3),
    // The store's order batches yield to member calls: paused this many times their own duration while members are served (0: never).
    INTEGRATION_YIELD_FACTOR: z.coerce.number().min(0).max(20).default(2),
    // The CRM's sync pages (ADR 0045): nobody waits on them, so they give the members more.
    INTEGRATION_SYNC_YIELD_FACTOR: z.coerce.number().min(0).max(50).default(8),
    // How long the read log of personal data keeps a read (ADR 0045): five years by default.
    INTEGRATION_READ_LOG_DAYS: z.coerce.number().int().min(30).max(3650).default(1825),
    // Outgoing webhooks (docs/decisions/0042-webhooks.md). WEBHOOKS_DELIVERY: this process queues and
    // delivers them (pg-boss); on by default, off by default in tests (a test that delivers turns it on).
    WEBHOOKS_DELIVERY: bool.optional(),
    // Lets endpoints on this machine or the local network in (and plain http://): refused in production.
    WEBHOOKS_ALLOW_PRIVATE: bool.optional(),
    // Deliveries in flight at once in this process, and at most this many to any one endpoint in this
    // process (a slow or dead endpoint holds at most these slots; the others keep flowing). 64/16, the
    // same quarter as the first 16/4: a fetch fills the free slots at once, so the in-flight count is
    // what bounds a batch (ADR 0046: 4 per endpoint capped 3 local endpoints at ~12 per round trip).
    WEBHOOKS_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(64),
    WEBHOOKS_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(16),
    WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
    // Retries: exponential with jitter from WEBHOOKS_RETRY_DELAY_S, each at most WEBHOOKS_RETRY_MAX_S,
    // WEBHOOKS_RETRY_LIMIT of them (the defaults span at least 3 days); an endpoint failing for
    // WEBHOOKS_PAUSE_AFTER_H hours in a row is paused and the administrators are told.
    WEBHOOKS_RETRY_DELAY_S: z.coerce.number().int().min(1).max(3600).default(60),
    WEBHOOKS_RETRY_MAX_S: z.coerce.number().int().min(1).max(86_400).default(43_200),
    WEBHOOKS_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(15),
    WEBHOOKS_PAUSE_AFTER_H: z.coerce.number().min(0.001).max(720).default(120),
    // While members are being served, the deliveries fetch at most once per this many ms (members
    // first, as the store's batches; 0: no yield). docs/decisions/0046-webhook-throughput.md.
    WEBHOOKS_YIELD_MS: z.coerce.number().int().min(0).max(10_000).default(100),
    // Delivered events and their deliveries older than this are removed in the background; failed
    // and pending ones are kept (they can still be retried).
    WEBHOOKS_RETENTION_DAYS: z.coerce.number().min(1).max(3650).default(30),
    // SIGTERM/SIGINT: how long in-flight requests may take to finish before their connections are cut.
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    // Bearer token for GET /api/metrics (Prometheus); unset: only an administrator's session reads it.
    METRICS_TOKEN: z.string().min(16, 'precisa de pelo menos 16 caracteres').optional(),
    // Social login (docs/decisions/0010-social-login.md). A provider is on only when its ids are set.
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_USERINFO_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/userinfo'),
    GOOGLE_TOKENINFO_URL: z.string().url().default('https://oauth2.googleapis.com/tokeninfo'),
    FACEBOOK_APP_ID: z.string().min(1).optional(),
    FACEBOOK_APP_SECRET: z.string().min(1).optional(),
    FACEBOOK_AUTH_URL: z.string().url().default('https://www.facebook.com/v19.0/dialog/oauth'),
    FACEBOOK_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v19.0'),
    SOCIAL_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
    // Automatic login links and e-mail change links (docs/decisions/0010, 0011).
    LOGIN_LINK_TTL_MINUTES: z.coerce.number().int().min(5).max(10_080).default(1440),
    EMAIL_CHANGE_TTL_HOURS: z.coerce.number().int().min(1).max(168).default(24),
    // Engagement (docs/decisions/0012-banners-faq.md, 0013-conquistas.md): the brand store the
    // recommendation banners link to, and the last day (São Paulo) an account counts as founder.
    STORE_URL: z.string().url().default('https://loja.legiao.dev'),
    // Back-office uploads (docs/decisions/0028-code-pools-and-images.md). Images: disk (default, files
    // under IMAGES_DIR served by the API at /imagens/<name>) or s3 (PUT to an S3-compatible bucket,
    // loaded by members from IMAGES_PUBLIC_URL).
    IMAGES_STORAGE: z.enum(['disk', 's3']).default('disk'),
    IMAGES_DIR: z.string().min(1).default(resolve(REPO_ROOT, '.data/imagens')),
    IMAGES_PUBLIC_URL: z.string().min(1).optional(),
    IMAGES_MAX_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(10 * 1024 * 1024),
    COUPONS_MAX_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).default(100 * 1024 * 1024),
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // Back office, members (docs/decisions/0031-back-office-members.md): a staff ledger adjustment of
    // more pontos than this (credit or debit) waits for a second staff member's approval.
    LEDGER_ADJUSTMENT_APPROVAL_ABOVE: z.coerce.number().int().min(0).max(1_000_000).default(50),
    FOUNDERS_UNTIL: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'use AAAA-MM-DD').refine((v) => !Number.isNaN(Date.parse(v)), 'data inválida').default('2026-12-31'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'obrigatório em produção' });
    if (env.JWT_SECRET === DEV_JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'é o segredo de desenvolvimento, publicado no código: gere um seu' });
    if (!env.DATABASE_URL) ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'obrigatório em produção' });
    if (!env.SMTP_URL) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'obrigatório em produção' });
    if (!env.PUBLIC_URL) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'obrigatório em produção' });
    if (env.WEBHOOKS_ALLOW_PRIVATE) ctx.addIssue({ code: 'custom', path: ['WEBHOOKS_ALLOW_PRIVATE'], message: 'não vale em produção: webhooks só vão a endereços públicos (proteção contra SSRF)' });
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' || !env.HOST || isLoopbackHost(env.HOST) || env.ALLOW_INSECURE_DEFAULTS) return;
    const defaults = zeroSetupDefaults(env);
    if (defaults.length === 0) return;
    ctx.addIssue({
      code: 'custom',
      path: ['HOST'],
      message: `${env.HOST} aceita conexões de outras máquinas, e este servidor (fora de produção) ainda usa padrões que só servem para esta máquina:\n${defaults.map((d) => `      · ${d}`).join('\n')}\n    Defina-os (ou NODE_ENV=production), ou deixe HOST vazio (só esta máquina), ou ALLOW_INSECURE_DEFAULTS=true para uma demonstração numa rede de confiança.`,
    });
  })
  .superRefine((env, ctx) => {
    if (env.WORKERS > 1 && !env.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['WORKERS'], message: `${env.WORKERS} processos precisam de REDIS_URL (a sala de espera, os limites de tentativas e as falhas de login são compartilhados pelo Redis)` });
    }
    if (env.FILA_AUTO && env.FILA_AUTO_ATIVOS === 0 && env.FILA_AUTO_ATRASO_MS === 0 && env.FILA_AUTO_POOL_AGUARDANDO === 0) {
      ctx.addIssue({ code: 'custom', path: ['FILA_AUTO'], message: 'ligada sem nenhum gatilho: defina FILA_AUTO_ATIVOS, FILA_AUTO_ATRASO_MS ou FILA_AUTO_POOL_AGUARDANDO' });
    }
  })
  .superRefine((env, ctx) => {
    if (env.IMAGES_STORAGE !== 's3') return;
    for (const k of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'IMAGES_PUBLIC_URL'] as const) {
      if (!env[k]) ctx.addIssue({ code: 'custom', path: [k], message: 'obrigatório com IMAGES_STORAGE=s3' });
    }
  })
  .superRefine((env, ctx) => {
    // Facebook's token check (debug_token) needs both: an app id alone would be a disabled button.
    if (Boolean(env.FACEBOOK_APP_ID) !== Boolean(env.FACEBOOK_APP_SECRET)) {
      ctx.addIssue({ code: 'custom', path: [env.FACEBOOK_APP_ID ? 'FACEBOOK_APP_SECRET' : 'FACEBOOK_APP_ID'], message: 'FACEBOOK_APP_ID e FACEBOOK_APP_SECRET vão juntos' });
    }
  });

/**
 * Fastify's `trustProxy`: false, true, or the proxies' addresses/CIDRs.
 * null when the value is none of these.
 */
export function parseTrustProxy(raw: string): boolean | string[] | null {
  const v = raw.trim();
  if (v === 'false' || v === '') return false;
  if (v === 'true') return true;
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  const valid = (entry: string) => {
    const [addr, bits, ...rest] = entry.split('/');
    const family = isIP(addr ?? '');
    if (!family || rest.length) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  };
  return list.length > 0 && list.every(valid) ? list : null;
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Parses the environment once at boot; lists every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost'),
    /** Outside production and beyond loopback: the zero-setup defaults still in use (only with ALLOW_INSECURE_DEFAULTS, or none). */
    insecureDefaults: e.NODE_ENV !== 'production' && !!e.HOST && !isLoopbackHost(e.HOST) ? zeroSetupDefaults(e) : [],
    allowInsecureDefaults: e.ALLOW_INSECURE_DEFAULTS === true,
    trustProxy: e.TRUST_PROXY,
    databaseUrl: e.DATABASE_URL,
    embeddedPg: { dir: e.EMBEDDED_PG_DIR, port: e.EMBEDDED_PG_PORT },
    database: { poolMax: e.DATABASE_POOL_MAX, connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS, retryAfterS: e.DATABASE_RETRY_AFTER_S },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
    workers: e.WORKERS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /** The launch alerts' bounce mailbox (VERP), if any. */
    bounceMailbox: e.EMAIL_DEVOLUCOES,
    mailRetryIntervalMs: e.MAIL_RETRY_INTERVAL_MS,
    publicUrl,
    corsOrigin: e.CORS_ORIGIN ?? publicUrl,
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    bcryptCost: e.BCRYPT_COST,
    cep: { providerUrl: e.CEP_PROVIDER_URL, timeoutMs: e.CEP_TIMEOUT_MS },
    rateLimit: { authMax: e.RATE_LIMIT_AUTH_MAX, loginIpMax: e.RATE_LIMIT_LOGIN_IP_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    logLevel: e.LOG_LEVEL,
    logSlowMs: e.LOG_SLOW_MS,
    responseCheck: e.RESPONSE_CHECK ?? e.NODE_ENV === 'test',
    cacheSyncReads: e.CACHE_SYNC_READS ?? e.NODE_ENV === 'test',
    seedDemo: e.SEED_DEMO ?? !(e.NODE_ENV === 'production'),
    webDist: e.WEB_DIST,
    fila: {
      enabled: e.FILA_ENABLED ?? true,
      capacidade: e.FILA_CAPACIDADE,
      admissoesPorMinuto: e.FILA_ADMISSOES_POR_MINUTO,
      inactivityMs: e.FILA_INATIVIDADE_MS,
      ticketTtlS: e.FILA_TICKET_TTL_S,
      redisPrefix: e.FILA_REDIS_PREFIX,
      agendamentos: e.FILA_AGENDAMENTOS ?? e.NODE_ENV !== 'test',
      auto: {
        enabled: e.FILA_AUTO ?? false,
        maxActive: e.FILA_AUTO_ATIVOS,
        maxDelayMs: e.FILA_AUTO_ATRASO_MS,
        maxPoolWaiting: e.FILA_AUTO_POOL_AGUARDANDO,
        fracao: e.FILA_AUTO_FRACAO,
        minimoMs: e.FILA_AUTO_MINIMO_MS,
      },
      launchOpening: {
        enabled: e.FILA_LANCAMENTO ?? e.NODE_ENV !== 'test',
        beforeMs: e.FILA_LANCAMENTO_ANTES_MIN * 60_000,
        afterMs: e.FILA_LANCAMENTO_DEPOIS_MIN * 60_000,
        intervalMs: e.FILA_LANCAMENTO_INTERVALO_MS,
      },
    },
    launchAlerts: {
      enabled: e.ALERTAS_LANCAMENTO ?? e.NODE_ENV !== 'test',
      waveIntervalMs: Math.round(e.ALERTAS_ONDA_S * 1000),
      targetWaitMs: e.ALERTAS_FILA_ALVO_S * 1000,
      reactionMs: e.ALERTAS_REACAO_S * 1000,
      leaseMs: e.ALERTAS_CONCESSAO_MS,
      retryMs: e.ALERTAS_REPETIR_MS,
      maxAttempts: e.ALERTAS_TENTATIVAS,
      concurrency: e.ALERTAS_CONCORRENCIA,
    },
    social: {
      timeoutMs: e.SOCIAL_TIMEOUT_MS,
      google: e.GOOGLE_CLIENT_ID
        ? { clientId: e.GOOGLE_CLIENT_ID, authUrl: e.GOOGLE_AUTH_URL, userinfoUrl: e.GOOGLE_USERINFO_URL, tokeninfoUrl: e.GOOGLE_TOKENINFO_URL }
        : null,
      facebook:
        e.FACEBOOK_APP_ID && e.FACEBOOK_APP_SECRET
          ? { appId: e.FACEBOOK_APP_ID, appSecret: e.FACEBOOK_APP_SECRET, authUrl: e.FACEBOOK_AUTH_URL, graphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/$/, '') }
          : null,
    },
    overload: {
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS ?? (e.NODE_ENV === 'test' ? 0 : 500),
      maxEventLoopUtilization: e.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION ?? 0,
      maxHeapUsedBytes: e.OVERLOAD_MAX_HEAP_USED_MB !== undefined ? e.OVERLOAD_MAX_HEAP_USED_MB * 1024 * 1024 : e.NODE_ENV === 'test' ? 0 : Math.floor(getHeapStatistics().heap_size_limit * 0.9),
      retryAfterS: e.OVERLOAD_RETRY_AFTER_S,
      sustainedSamples: e.OVERLOAD_SUSTAINED_S,
    },
    integrationYieldFactor: e.INTEGRATION_YIELD_FACTOR,
    integrationSyncYieldFactor: e.INTEGRATION_SYNC_YIELD_FACTOR,
    integrationReadLogDays: e.INTEGRATION_READ_LOG_DAYS,
    webhooks: {
      delivery: e.WEBHOOKS_DELIVERY ?? e.NODE_ENV !== 'test',
      allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === true,
      concurrency: e.WEBHOOKS_CONCURRENCY,
      endpointConcurrency: e.WEBHOOKS_ENDPOINT_CONCURRENCY,
      timeoutMs: e.WEBHOOKS_TIMEOUT_MS,
      retryDelayS: e.WEBHOOKS_RETRY_DELAY_S,
      retryMaxS: e.WEBHOOKS_RETRY_MAX_S,
      retryLimit: e.WEBHOOKS_RETRY_LIMIT,
      pauseAfterMs: Math.round(e.WEBHOOKS_PAUSE_AFTER_H * 3600_000),
      yieldMs: e.WEBHOOKS_YIELD_MS,
      retentionDays: e.WEBHOOKS_RETENTION_DAYS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    loginLinkTtlMinutes: e.LOGIN_LINK_TTL_MINUTES,
    emailChangeTtlHours: e.EMAIL_CHANGE_TTL_HOURS,
    storeUrl: e.STORE_URL.replace(/\/$/, ''),
    ledgerAdjustmentApprovalAbove: e.LEDGER_ADJUSTMENT_APPROVAL_ABOVE,
    uploads: {
      imageMaxBytes: e.IMAGES_MAX_BYTES,
      couponMaxBytes: e.COUPONS_MAX_BYTES,
      images:
        e.IMAGES_STORAGE === 's3'
          ? { kind: 's3' as const, endpoint: e.S3_ENDPOINT!, region: e.S3_REGION, bucket: e.S3_BUCKET!, accessKeyId: e.S3_ACCESS_KEY_ID!, secretAccessKey: e.S3_SECRET_ACCESS_KEY!, publicUrl: e.IMAGES_PUBLIC_URL! }
          : { kind: 'disk' as const, dir: e.IMAGES_DIR, publicUrl: e.IMAGES_PUBLIC_URL ?? '/imagens' },
    },
    /** Accounts created before this instant (the day after FOUNDERS_UNTIL, 00:00 in São Paulo) are founders. */
    foundersUntil: new Date(Date.parse(`${e.FOUNDERS_UNTIL}T00:00:00-03:00`) + 24 * 3600_000),
  };
}
