import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from './plugins/rate-limit-store.js';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import { z } from 'zod';
import { MSG, REQUEST_MSG, typeIssueMessage } from '@legiao/contracts';
import type { Config } from './config.js';
import { poolOf, type Db } from './db/prisma.js';
import { ContentCache } from './cache/content-cache.js';
import { clientErrorHandler, connectMethodHandler, errorBody, frameworkErrors, malformedQuery, registerErrorHandler } from './errors/error-handler.js';
import { authPlugin } from './plugins/auth.js';
import { permissionsPlugin } from './features/admin/permissions.js';
import { clientAuthPlugin } from './features/integracao/client-auth.js';
import { orderGatePlugin } from './features/integracao/order-gate.js';
import { readLogRetentionPlugin } from './features/integracao/read-log-retention.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { RequestLog } from './plugins/request-log.js';
import { loggerOptions } from './plugins/log-redaction.js';
import { requestIdGenerator, requestIdPlugin } from './plugins/request-id.js';
import { overloadPlugin } from './plugins/overload.js';
import { ApiMetrics } from './features/metrics/metrics.js';
import { metricsRoutes } from './features/metrics/metrics.routes.js';
import { compiledSerializerCompiler } from './lib/compiled-serializer.js';
import { validatorCompiler } from './lib/validator.js';
import { completeDocument, documentRoute } from './lib/openapi.js';
import type { Mailer } from './features/mail/mailer.js';
import type { CepProvider } from './features/cep/cep.provider.js';
import { healthRoutes } from './features/health/health.routes.js';
import { cepRoutes } from './features/cep/cep.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { userRoutes } from './features/usuario/usuario.routes.js';
import { webhooksPlugin } from './features/webhooks/webhooks.plugin.js';
import { devInboxRoutes } from './features/mail/dev-inbox.routes.js';
import { waitingRoomPlugin } from './features/fila/fila.plugin.js';
import { launchDayPlugin } from './features/lancamentos/launch-day.plugin.js';
import { launchAlertsPlugin } from './features/lancamentos/alert.plugin.js';
import type { Redis } from 'ioredis';
import type { SocialProviders } from './features/social/social.providers.js';
import { socialRoutes } from './features/social/social.routes.js';
import { loginLinkRoutes } from './features/login-link/login-link.routes.js';
import { changeEmailRoutes } from './features/usuario/change-email.routes.js';
import { consentRoutes } from './features/consentimento/consentimento.routes.js';
import { lgpdRoutes } from './features/lgpd/lgpd.routes.js';
import { MemoryLoginFailures, RedisLoginFailures, type LoginFailures } from './features/auth/login-failures.js';

// Portuguese fallback messages for any zod issue a contract didn't word itself; a wrong or missing
// type names the field instead of JavaScript's value ("undefined", "NaN").
z.config({ ...z.locales.pt(), customError: typeIssueMessage });

/** Everything a request handler may need; built once at boot (server.ts) or per test. */
export interface AppContext {
  config: Config;
  prisma: Db;
  mailer: Mailer;
  cep: CepProvider;
  redis?: Redis;
  /** Social login providers; unset means the real ones for the configured ids (tests inject fakes). */
  social?: SocialProviders;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** What staff change and members only read, in memory (docs/decisions/0019-content-cache.md). */
    cache: ContentCache;
    /** Failed logins per account (docs/decisions/0023-request-hardening.md). */
    loginFailures: LoginFailures;
  }
}

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  // Prometheus metrics (docs/decisions/0024-overload-and-observability.md): counted where requests are logged.
  const metrics = new ApiMetrics();
  const app = Fastify({
    // pino writing asynchronously (batched writes off the request path); a request is logged only
    // when it fails or is slow (RequestLog), not twice per request as Fastify does by default.
    loggerInstance:
      config.logLevel === 'silent'
        ? undefined
        : (pino(loggerOptions(config.logLevel), pino.destination({ sync: false })) as FastifyBaseLogger),
    logController: new RequestLog(config.logSlowMs, metrics.observe),
    // X-Request-Id believed only from a trusted proxy (TRUST_PROXY), else a new UUID.
    genReqId: requestIdGenerator(config.trustProxy),
    // While closing, requests on open keep-alive connections get our 503 (plugins/overload.ts), not Fastify's.
    return503OnClosing: false,
    // `/Faq` and `/faq` both appear in the spec; `/produto/?page=` has a trailing slash.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Errors produced before routing answer in the one error format too (issue 14).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler(config.responseCheck));
  app.decorate('ctx', ctx);
  const cache = new ContentCache(poolOf(ctx.prisma), (msg, err) => app.log.warn({ err }, msg));
  app.decorate('cache', cache);
  const { authMax, windowMs } = config.rateLimit;
  app.decorate<LoginFailures>('loginFailures', ctx.redis ? new RedisLoginFailures(ctx.redis, authMax, windowMs, `${config.redisPrefix}login-falhas:`) : new MemoryLoginFailures(authMax, windowMs));
  await cache.start();
  app.addHook('onClose', () => cache.close());
  if (config.cacheSyncReads) app.addHook('onRequest', () => cache.sync());
  app.decorate('metrics', metrics);
  metrics.attach(app);
  await app.register(requestIdPlugin);
  // Load shedding and draining first: a refused request costs nothing past this point.
  await app.register(overloadPlugin);
  registerErrorHandler(app);
  // `Content-Type: application/json` with zero bytes is how common HTTP clients send a DELETE or a
  // logout: "no body", not bad JSON. Routes that need a body name the missing fields (lib/validator.ts).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    if (raw === '') return done(null, undefined);
    parseJson(request, raw as string, done);
  });
  // A query that doesn't percent-decode is refused like a path that doesn't (frameworkErrors).
  app.addHook('onRequest', (request, reply, done) => {
    if (malformedQuery(request.url)) return reply.status(400).send(errorBody(REQUEST_MSG.enderecoInvalido, 'FST_ERR_BAD_URL'));
    done();
  });
  app.server.on('connect', connectMethodHandler);
  // @fastify/cors answers a preflight without Origin or Access-Control-Request-Method with a
  // text/plain 400 ('Invalid Preflight Request'); this hook runs first and answers in the error format.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'OPTIONS' && (!request.headers.origin || !request.headers['access-control-request-method'])) {
      return reply.status(400).send(errorBody(REQUEST_MSG.preflightInvalido, 'BAD_PREFLIGHT'));
    }
    done();
  });

  await app.register(securityHeadersPlugin, { webDist: config.webDist, publicUrl: config.publicUrl });
  await app.register(cors, { origin: config.corsOrigin.split(',').map((s) => s.trim()), credentials: false, strictPreflight: false });
  await app.register(rateLimit, {
    global: false,
    // Shared in Redis; in this process's memory while Redis is away (ADR 0037).
    ...(ctx.redis ? { store: sharedRateLimitStore(ctx.redis, `${config.redisPrefix}rl:`, app.log) } : {}),
    // The default key reads req.ip, which injected WebSocket requests don't have.
    keyGenerator: (req) => req.ip ?? 'inject',
    errorResponseBuilder: (_req, ctxRl) => ({ statusCode: ctxRl.statusCode, errors: [{ message: MSG.muitasTentativas, code: 'RATE_LIMITED' }] }),
  });
  // The waiting room's messages are a few hundred bytes: refuse big frames before buffering them.
  await app.register(websocket, {
    options: { maxPayload: 16 * 1024 },
    // On shutdown every waiting-room socket hears 1012 (service restart): the web client reconnects
    // with its backoff and the same clientId, on whichever process the balancer picks (ADR 0024).
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1012, 'reiniciando');
      this.websocketServer.close();
      done();
    },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Legião API', version: '1.0.0', description: 'API do portal Legião. Todas as rotas ficam sob /api.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The store's systems (docs/decisions/0041-store-integration.md): a key from Integrações, not a session.
          chaveIntegracao: { type: 'http', scheme: 'bearer', bearerFormat: 'lgk_live_…', description: 'Chave de integração criada em /admin/integracoes (Authorization: Bearer lgk_live_...).' },
        },
      },
    },
    transform: documentRoute,
    transformObject: completeDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin);
  // Back-office permissions: app.requirePermission, request.staff (docs/decisions/0027-back-office.md).
  await app.register(permissionsPlugin);
  // Machine keys of the store integration: app.requireClientScope (docs/decisions/0041-store-integration.md).
  await app.register(clientAuthPlugin);
  await app.register(orderGatePlugin, { yieldFactor: config.integrationYieldFactor });
  await app.register(readLogRetentionPlugin, { days: config.integrationReadLogDays });
  // The waiting room (app.fila, used by login) with its routes under /api (ADR 0008).
  await app.register(waitingRoomPlugin);
  // The launch day: members' first views of launches, the room held on at openings (ADR 0047, part 2).
  await app.register(launchDayPlugin);
  // "Avise-me": the alerts in waves at each launch's opening (ADR 0049).
  await app.register(launchAlertsPlugin);
  // Outgoing webhooks: pg-boss, the relay and the delivery worker (docs/decisions/0042-webhooks.md).
  await app.register(webhooksPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(metricsRoutes);
      await api.register(cepRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(socialRoutes);
      await api.register(loginLinkRoutes);
      await api.register(changeEmailRoutes);
      await api.register(consentRoutes);
      await api.register(lgpdRoutes);
      await api.register(import('./features/produto/produto.routes.js'));
      // The economy: ledger, referrals, benefits, coupons (docs/decisions/0009-economy.md).
      await api.register(import('./features/extrato/extrato.routes.js'));
      await api.register(import('./features/indicacao/indicacao.routes.js'));
      await api.register(import('./features/beneficio/beneficio.routes.js'));
      await api.register(import('./features/friends-family/friends-family.routes.js'));
      await api.register(import('./features/leads/leads.routes.js'));
      // Engagement: home banners, FAQ, achievements (docs/decisions/0012-banners-faq.md, 0013-conquistas.md).
      await api.register(import('./features/banner/banner.routes.js'));
      await api.register(import('./features/faq/faq.routes.js'));
      await api.register(import('./features/conquista/conquista.routes.js'));
      // Launches and their early access (docs/decisions/0047-launches.md).
      await api.register(import('./features/lancamentos/lancamentos.routes.js'));
      // One-click unsubscribe of the marketing e-mails (RFC 8058; docs/decisions/0049-launch-alert-waves.md).
      await api.register(import('./features/consentimento/unsubscribe.routes.js'));
      // Surveys: personalisation (login) and satisfaction (public, by hash) (docs/decisions/0014-pesquisas.md).
      await api.register(import('./features/pesquisa/pesquisa.routes.js'));
      await api.register(import('./features/satisfacao/satisfacao.routes.js'));
      // The back office under /api/admin (docs/decisions/0027-back-office.md).
      await api.register(import('./features/admin/index.js'));
      // The store's systems, with machine keys, under /api/integracao/v1 (docs/decisions/0041-store-integration.md).
      await api.register(import('./features/integracao/integracao.routes.js'));
      await api.register(import('./features/integracao/pedidos.routes.js'));
      await api.register(import('./features/integracao/cupons.routes.js'));
      await api.register(import('./features/integracao/membros-dados.routes.js'));
      await api.register(import('./features/integracao/lancamentos.routes.js'));
      // The mail relay's late bounces of the launch alerts (docs/decisions/0049-launch-alert-waves.md).
      await api.register(import('./features/integracao/devolucoes.routes.js'));
      // Only for the zero-setup start: no SMTP, not production; and only to this machine (dev-inbox.routes.ts).
      if (!config.isProduction && !config.smtpUrl) await api.register(devInboxRoutes);
    },
    { prefix: '/api' },
  );
  // Back-office pictures at /imagens/<content-hashed name>, cached for a year (docs/decisions/0028-code-pools-and-images.md).
  await app.register(import('./features/admin/imagens/images-public.routes.js'));

  // The built web app on the same port; any other GET outside /api gets index.html (SPA routes).
  const hasWeb = existsSync(config.webDist);
  const hasLanding = existsSync(join(config.webDist, 'landing.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each file (vite-plugin-compression2); sent when the browser accepts them.
      preCompressed: true,
      // /assets/* names carry a content hash: cache them for a year; everything else revalidates.
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', /[\\/]assets[\\/]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!.toLowerCase();
    // Paths with a file extension (a stale /assets/*.js) get a real 404, not the SPA's HTML. HEAD
    // answers wherever GET does (uptime monitors and link checkers use it).
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api') && !/\.[a-z0-9]+$/.test(path)) {
      // `/` gets the landing page's first screen already in the HTML (apps/web/vite/prerender-landing-plugin.ts).
      return reply.type('text/html').sendFile(path === '/' && hasLanding ? 'landing.html' : 'index.html');
    }
    return reply.status(404).send({ errors: [{ message: MSG.naoEncontrado, code: 'NOT_FOUND' }] });
  });

  return app;
}
