import type { FastifyInstance } from 'fastify';

/**
 * Route-level limit for the calls an attacker would hammer (login, sign-up checks, forgot
 * password, resend activation): per client IP and route, answered with a Portuguese 429.
 */
export const authRateLimit = (app: FastifyInstance) => ({
  max: app.ctx.config.rateLimit.authMax,
  timeWindow: app.ctx.config.rateLimit.windowMs,
});
