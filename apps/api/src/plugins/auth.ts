import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

  // Without the session check: for a route whose own statement checks the session (the redemption,
  // docs/decisions/0020-redemptions-fast-path.md). Every other route uses authenticate.
  app.decorate('verifyToken', async (request: FastifyRequest) => {
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
  });

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    await app.verifyToken(request, reply);
    const claims = request.user;
    // One statement: the user, only if the named session is live (not revoked, not expired).
    const balance = request.routeOptions.config?.saldo === true;
    const user = await loadSessionUser(pool, claims.sub, claims.sid, { saldo: balance });
    if (!user) throw unauthenticated();
    if (balance) request.saldo = user.saldo ?? 0;
    delete user.saldo;
    request.usuario = user;
  });

  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(request, reply);
    if (!request.usuario.admin) throw forbidden();
  });
});
