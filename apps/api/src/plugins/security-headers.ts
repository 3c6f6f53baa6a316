import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

// Helmet's headers, computed once at boot and copied onto every answer. @fastify/helmet ran
// helmet's middleware chain on every request (re-reading its CSP directives each time: 1.4% of the
// API's CPU under load) to produce the same dozen headers. docs/decisions/0017-api-speed.md

export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    // The default adds upgrade-insecure-requests, which breaks plain-HTTP hosts other than localhost.
    useDefaults: true,
    directives: { 'upgrade-insecure-requests': null, 'img-src': ["'self'", 'data:', 'blob:'], 'connect-src': ["'self'", 'ws:', 'wss:'] },
  },
};

/** The headers helmet would set, captured from one run of its middleware against a stub response. */
export function computeSecurityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (k: string, v: string | number | readonly string[]) => void (headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v)),
    removeHeader: (k: string) => void delete headers[k.toLowerCase()],
    getHeader: (k: string) => headers[k.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => void (failed = err));
  if (failed) throw failed;
  return headers;
}

export const securityHeadersPlugin = fp(async (app) => {
  const headers = computeSecurityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
