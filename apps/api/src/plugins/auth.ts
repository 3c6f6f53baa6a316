import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { unauthenticated, forbidden } from '../errors/app-error.js';
import { isUuid } from '../lib/secrets.js';
import type { Usuario, Sessao } from '../generated/prisma/client.js';
import { poolOf } from '../db/prisma.js';
import { loadSessionUser } from './auth-query.js';

export interface TokenClaims {
  sub: string; // usuario id
  sid: string; // sessao id: revoking the session revokes the token
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The token alone (401 unless validly signed and naming ids); request.user holds its claims. */
    verifyToken: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Every route registered after the auth plugin and the guard it runs (the boot check's record; tests read it). */
    routeGuards: readonly RouteGuard[];
  }
  interface FastifyContextConfig {
    /** authenticate also reads the member's balance into request.saldo, in the same statement. */
    saldo?: boolean;
  }
  interface FastifyRequest {
    usuario: Usuario;
    /** The ledger balance, on routes whose config asks for it (`config: { saldo: true }`). */
    saldo: number;
    /** Only the id is loaded: it is all logout and password changes need. */
    sessao: Pick<Sessao, 'id'>;
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** What a route runs to authenticate and authorise, as recorded at boot. */
export interface RouteGuard {
  method: string;
  url: string;
  /** 'authenticate', 'verifyToken', 'requireAdmin', 'requireStaff', 'permission:<name>', or null (public). */
  guard: string | null;
  /** The route declares an OpenAPI security requirement. */
  secured: boolean;
  /** Left out of the OpenAPI document (`schema.hide`). */
  hidden: boolean;
}

const guards = new WeakMap<object, string>();

/** Marks a hook as a guard (authentication or authorisation), so the boot check below can find it. */
export function markGuard<T extends Guard>(name: string, hook: T): T {
  guards.set(hook, name);
  return hook;
}

const hooksOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const LATER_HOOKS = ['preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend', 'onResponse'] as const;

/**
 * The boot check (issue 23 §4.1, docs/decisions/0039-security-review-findings.md): Fastify parses
 * and validates a request before its preValidation/preHandler hooks, so a guard there lets anyone
 * learn a secured call's schema from its 400s. A secured route runs its guard as its first onRequest
 * hook; a guard anywhere else, a declared `security` without a guard, or a guard on a route the
 * document calls public stops the server from starting.
 */
function checkRoute(route: RouteOptions): RouteGuard {
  const where = `${[route.method].flat().join(',')} ${route.url}`;
  const schema = (route.schema ?? {}) as { security?: unknown; hide?: boolean };
  const secured = Array.isArray(schema.security) && schema.security.length > 0;
  for (const hook of LATER_HOOKS) {
    if (hooksOf(route[hook]).some((h) => guards.has(h as object))) {
      throw new Error(`${where}: autenticação/autorização em ${hook}, que roda depois da validação; use onRequest.`);
    }
  }
  const onRequest = hooksOf(route.onRequest) as object[];
  const guard = (onRequest.length > 0 ? guards.get(onRequest[0]!) : undefined) ?? null;
  if (!guard && onRequest.some((h) => guards.has(h))) throw new Error(`${where}: a autenticação precisa ser o primeiro hook onRequest da rota.`);
  if (secured && !guard) throw new Error(`${where}: declara security no OpenAPI mas não autentica no onRequest.`);
  if (guard && !secured && !schema.hide) throw new Error(`${where}: autentica mas o documento OpenAPI não declara security.`);
  return { method: [route.method].flat().join(','), url: route.url ?? '', guard, secured, hidden: schema.hide === true };
}

/**
 * Bearer JWT (HS256) whose `sid` names a row in `sessao`: every authenticated request checks the
 * session is neither revoked nor expired, so logout and password resets end tokens at once.
 * docs/decisions/0003-token-format.md
 */
export const authPlugin = fp(async (app) => {
  await app.register(jwt, { secret: app.ctx.config.jwtSecret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'] } });
  app.decorateRequest('usuario', null as unknown as Usuario);
  app.decorateRequest('sessao', null as unknown as Pick<Sessao, 'id'>);
  app.decorateRequest('saldo', 0);
  const pool = poolOf(app.ctx.prisma);
  const routeGuards: RouteGuard[] = [];
  app.decorate('routeGuards', routeGuards);
  // Seen for every route registered after this plugin (all of /api): auth before validation, at boot.
  app.addHook('onRoute', (route) => {
    routeGuards.push(checkRoute(route));
  });

  // Without the session check: for a route whose own statement checks the session (the redemption,
  // docs/decisions/0020-redemptions-fast-path.md). Every other route uses authenticate.
  app.decorate('verifyToken', markGuard('verifyToken', async (request: FastifyRequest) => {
    let claims: TokenClaims;
    try {
      claims = await request.jwtVerify<TokenClaims>();
    } catch {
      throw unauthenticated();
    }
    // A malformed id in a validly signed token is just an unknown session. Checked here rather than
    // by swallowing query errors: a database failure must be a 500, not a 401 that logs members out.
    if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string' || !isUuid(claims.sid) || !isUuid(claims.sub)) throw unauthenticated();
    request.sessao = { id: claims.sid };
  }));

  app.decorate('authenticate', markGuard('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    await app.verifyToken(request, reply);
    const claims = request.user;
    // One statement: the user, only if the named session is live (not revoked, not expired).
    const balance = request.routeOptions.config?.saldo === true;
    const user = await loadSessionUser(pool, claims.sub, claims.sid, { saldo: balance });
    if (!user) throw unauthenticated();
    if (balance) request.saldo = user.saldo ?? 0;
    delete user.saldo;
    request.usuario = user;
  }));

  app.decorate('requireAdmin', markGuard('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(request, reply);
    if (!request.usuario.admin) throw forbidden();
  }));
});
