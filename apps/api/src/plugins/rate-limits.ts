import type { FastifyInstance } from 'fastify';

/**
 * Route-level limit for the calls an attacker would hammer (login, sign-up checks, forgot
 * password, resend activation): per client IP and route, answered with a Portuguese 429.
 */
export const authRateLimit = (app: FastifyInstance) => ({
  max: app.ctx.config.rateLimit.authMax,
  timeWindow: app.ctx.config.rateLimit.windowMs,
});

/**
 * POST /auth/login per client IP: a ceiling for credential stuffing (many accounts from one
 * address), far above what one NAT's members need. Failed attempts per account are limited in the
 * login service (features/auth/login-failures.ts). ADR 0023.
 */
export const loginIpRateLimit = (app: FastifyInstance) => ({
  max: app.ctx.config.rateLimit.loginIpMax,
  timeWindow: app.ctx.config.rateLimit.windowMs,
});
