import type { FastifyInstance, FastifyRequest } from 'fastify';
import { digest } from '../../lib/secrets.js';

/**
 * Coupon mails to one address: at most `max` per window, however many callers and addresses
 * type it (the route's per-IP limit doesn't stop a botnet). The first mail of a new lead counts too.
 * docs/decisions/0039-security-review-findings.md
 */
export const LEAD_COUPON_MAILS = { max: 3, windowMs: 24 * 60 * 60_000 } as const;

/**
 * Answers whether one more coupon mail may go to `email`, and counts it. Built on the rate-limit
 * plugin's own store (Redis when REDIS_URL is set, shared by every process), but it never answers
 * 429: the caller's answer must not change with it (a 429 for one address would tell it is a lead).
 */
export function couponMailLimit(app: FastifyInstance) {
  const limit = app.createRateLimit({
    max: LEAD_COUPON_MAILS.max,
    timeWindow: LEAD_COUPON_MAILS.windowMs,
    // The address's digest, not the address, in the store's keys.
    keyGenerator: (request) => `lead-cupom:${digest((request.body as { email: string }).email)}`,
  });
  return async (request: FastifyRequest): Promise<boolean> => {
    try {
      const counted = await limit(request);
      return counted.isAllowed || !counted.isExceeded;
    } catch (err) {
      // The store is away: no mail (the page already shows the campaign's coupon) rather than no limit.
      request.log.warn({ err }, 'lead coupon mail limit unavailable; mail not sent');
      return false;
    }
  };
}
