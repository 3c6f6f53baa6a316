import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

// Helmet's headers, computed once at boot and copied onto every answer. @fastify/helmet ran
// helmet's middleware chain on every request (re-reading its CSP directives each time: 1.4% of the
// API's CPU under load) to produce the same dozen headers. docs/decisions/0017-api-speed.md

export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    // The default adds upgrade-insecure-requests, which breaks plain-HTTP hosts other than localhost.
    // connect-src is the page's own origin: `ws:`/`wss:` alone would let an injected script open a
    // socket to any host (ASVS 14.4.3, docs/decisions/0040-asvs-level-2.md).
    useDefaults: true,
    directives: { 'upgrade-insecure-requests': null, 'img-src': ["'self'", 'data:', 'blob:'], 'connect-src': ["'self'"] },
  },
};

/**
 * The waiting room's WebSocket origin for PUBLIC_URL (ws://host for http, wss://host for https).
 * CSP Level 3 counts a same-host socket as 'self', but older Safari didn't: named outright it works
 * there too, and still only for this host.
 */
export function socketSources(publicUrl: string | undefined): string[] {
  if (!publicUrl) return [];
  try {
    const url = new URL(publicUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
    return [`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`];
  } catch {
    return [];
  }
}

/**
 * On answers of the API (not its HTML pages: the OpenAPI viewer, the dev inbox): never stored by a
 * browser, proxy or CDN (they carry members' data and tokens; ASVS 8.1.1, 8.2.1), and a download if
 * a browser ever opens one as a page (ASVS 14.4.2). A route that may be kept and revalidated
 * (content with an ETag, cache/send-cached.ts) or is a named download sets its own value over these.
 */
export const API_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-disposition': 'attachment; filename="api.json"',
};
const API_PATH = /^\/api(?:[/?]|$)/i;
const API_PAGES = /^\/api\/(?:docs|dev)(?:[/?]|$)/i;
export const isApiAnswer = (url: string) => API_PATH.test(url) && !API_PAGES.test(url);

/**
 * The CSP sources ('sha256-…') of the inline scripts in the web app's index.html: the build inlines
 * the first screen's prefetch (apps/web/vite/initial-prefetch-plugin.ts) so it starts without a
 * request of its own, and the policy allows exactly that text, not inline scripts in general.
 * Read once at boot from the files this process serves. docs/decisions/0022-home-first-screen.md
 */
export function inlineScriptSources(html: string): string[] {
  const sources: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!) || !m[2]) continue;
    sources.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return sources;
}

/** HELMET_OPTIONS with script-src widened to the given inline scripts' hashes and connect-src to the given socket origins (none: unchanged). */
export function helmetOptionsFor(inlineSources: string[], sockets: string[] = []): HelmetOptions {
  if (!inlineSources.length && !sockets.length) return HELMET_OPTIONS;
  const csp = HELMET_OPTIONS.contentSecurityPolicy as { useDefaults: boolean; directives: Record<string, string[] | null> };
  const directives = { ...csp.directives };
  if (inlineSources.length) directives['script-src'] = ["'self'", ...inlineSources];
  if (sockets.length) directives['connect-src'] = ["'self'", ...sockets];
  return { ...HELMET_OPTIONS, contentSecurityPolicy: { ...csp, directives } };
}

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

export const securityHeadersPlugin = fp<{ webDist?: string; publicUrl?: string }>(async (app, opts) => {
  // index.html and landing.html (`/`, the same head with the landing's first screen in it).
  const pages = opts.webDist ? ['index.html', 'landing.html'].map((f) => join(opts.webDist!, f)).filter((f) => existsSync(f)) : [];
  const scripts = [...new Set(pages.flatMap((f) => inlineScriptSources(readFileSync(f, 'utf8'))))];
  const headers = computeSecurityHeaders(helmetOptionsFor(scripts, socketSources(opts.publicUrl)));
  const apiHeaders = { ...headers, ...API_ANSWER_HEADERS };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : headers);
    done();
  });
});
