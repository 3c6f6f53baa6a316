import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { INTEGRATION_MSG, INTEGRATION_SCOPES, type IntegrationScope } from '@legiao/contracts/integracao/constants';
import type { IntegrationMe } from '@legiao/contracts/integracao/consultas';
import { AppError, forbidden, unauthenticated } from '../../errors/app-error.js';
import { poolOf, type Db } from '../../db/prisma.js';
import { digest, sameDigest } from '../../lib/secrets.js';
import { markGuard } from '../../plugins/auth.js';
import { keyPrefix, shownKey } from './keys.js';

/** The machine calling, once its key was accepted. */
export interface ApiClient {
  id: string;
  nome: string;
  escopos: IntegrationScope[];
  keyId: string;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The integration routes' guard (onRequest, first): 401 without a valid, live key of a live
     * client, 429 with Retry-After past the client's limit per minute, 403 without the scope; on
     * success request.apiClient says who calls. A member's or staff JWT is no key: 401.
     */
    requireClientScope: (scope: IntegrationScope) => Hook;
    /** The same guard without a scope: any valid key (GET /api/integracao/v1/eu, "does my key work?"). */
    requireClient: Hook;
  }
  interface FastifyRequest {
    apiClient: ApiClient;
  }
}

/** Last use is written at most this often per key (in each process): informative, not worth a write per call. */
const LAST_USE_EVERY_MS = 60_000;

/**
 * An accepted key is remembered per process for KEY_CACHE_TTL_MS (docs/decisions/0047-launches.md,
 * "The home under the launch's load": the store's checkout calls thousands of times a minute, and the
 * key's statement was one of each call's two). Kept by the SHA-256 of the whole key, so a hit is the
 * same comparison the database row makes; a refused key is never kept (no map of made-up keys). How
 * late a change of the key or its client is seen:
 * - revoked (the key or the client), scopes or limit changed, a rotation: at once in the process that
 *   made the change (the back office's routes forget the whole cache after their commit); at most
 *   KEY_CACHE_TTL_MS in every other process (WORKERS > 1, several machines): a revoked key is refused
 *   everywhere within 5 s;
 * - expiring (`expira_em`): at once, the instant is kept with the key and compared on every call.
 */
export const KEY_CACHE_TTL_MS = 5000;
const KEY_CACHE_MAX = 1000;
type KnownKey = ApiClient & { perMinute: number; expiresAt: number | null; until: number };
const knownKeys = new Map<string, KnownKey>();

/** After this process's own change of a key or a client (admin/integracoes): every key is read again. */
export function forgetIntegrationKeys(): void {
  knownKeys.clear();
}

/**
 * Machine credentials (docs/decisions/0041-store-integration.md). The key is looked up by its public
 * id in one indexed statement with its client, compared by SHA-256 in constant time, and must be
 * neither revoked nor past its rotation window, nor its client revoked.
 */
export const clientAuthPlugin = fp(async (app) => {
  app.decorateRequest('apiClient', null as unknown as ApiClient);
  const pool = poolOf(app.ctx.prisma);
  // Per client, not per address: a store's servers may use many addresses (the shared store: Redis when configured).
  const limiters = new Map<number, ReturnType<typeof app.createRateLimit>>();
  const limiterFor = (perMinute: number) => {
    let limiter = limiters.get(perMinute);
    if (!limiter) {
      limiter = app.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator: (request) => `integracao:${request.apiClient.id}` });
      limiters.set(perMinute, limiter);
    }
    return limiter;
  };
  const lastUse = new Map<string, number>();

  async function identify(request: FastifyRequest): Promise<ApiClient & { perMinute: number }> {
    const header = request.headers.authorization;
    if (!header) throw unauthenticated(INTEGRATION_MSG.chaveAusente, 'CHAVE_AUSENTE');
    const key = /^Bearer (.+)$/i.exec(header)?.[1]?.trim() ?? '';
    const prefix = keyPrefix(key);
    if (!prefix) throw unauthenticated(INTEGRATION_MSG.chaveInvalida, 'CHAVE_INVALIDA');
    const hash = digest(key);
    const now = Date.now();
    const known = knownKeys.get(hash);
    if (known && known.until > now && (known.expiresAt === null || known.expiresAt > now)) return known;
    const { rows } = await pool.query<{ key_id: string; hash: string; id: string; nome: string; escopos: IntegrationScope[]; per_minute: number; expires_ms: number | null }>({
      name: 'integracao-chave',
      text: `SELECT k.id AS key_id, k.hash, c.id, c.nome, c.escopos, c.limite_por_minuto AS per_minute,
                    (extract(epoch FROM k.expira_em AT TIME ZONE 'UTC') * 1000)::float8 AS expires_ms
               FROM chave_integracao k JOIN cliente_integracao c ON c.id = k.cliente_id
              WHERE k.prefixo = $1 AND k.revogada_em IS NULL AND (k.expira_em IS NULL OR k.expira_em > now() AT TIME ZONE 'UTC')
                AND c.revogado_em IS NULL`,
      values: [prefix],
    });
    const row = rows[0];
    if (!row || !sameDigest(row.hash, hash)) {
      knownKeys.delete(hash);
      throw unauthenticated(INTEGRATION_MSG.chaveInvalida, 'CHAVE_INVALIDA');
    }
    const client: KnownKey = { id: row.id, nome: row.nome, escopos: row.escopos, keyId: row.key_id, perMinute: row.per_minute, expiresAt: row.expires_ms, until: now + KEY_CACHE_TTL_MS };
    if (knownKeys.size >= KEY_CACHE_MAX) knownKeys.clear();
    knownKeys.set(hash, client);
    return client;
  }

  function recordUse(request: FastifyRequest, client: ApiClient) {
    const now = Date.now();
    if (now - (lastUse.get(client.keyId) ?? 0) < LAST_USE_EVERY_MS) return;
    lastUse.set(client.keyId, now);
    // Off the request path: a lost write of "last used" costs nothing.
    pool
      .query(
        `WITH k AS (UPDATE chave_integracao SET ultimo_uso_em = now() AT TIME ZONE 'UTC' WHERE id = $1 RETURNING cliente_id)
         UPDATE cliente_integracao SET ultimo_uso_em = now() AT TIME ZONE 'UTC', ultimo_uso_ip = $2 WHERE id = (SELECT cliente_id FROM k)`,
        [client.keyId, request.ip],
      )
      .catch((err) => request.log.warn({ err }, 'integração: último uso não registrado'));
  }

  /**
   * Who calls, then the client's limit, then the scope: every call a key makes counts against its
   * client's minute, also one its scopes refuse (a misconfigured store retrying a 403 in a loop is
   * load all the same).
   */
  async function guard(request: FastifyRequest, reply: FastifyReply, scope: IntegrationScope | null) {
    const known = await identify(request);
    const perMinute = known.perMinute;
    // Only ApiClient's fields on the request (the cached entry's own stay in the cache).
    const client: ApiClient = { id: known.id, nome: known.nome, escopos: known.escopos, keyId: known.keyId };
    request.apiClient = client;
    const limit = await limiterFor(perMinute)(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(limit.ttlInSeconds ?? 60))));
      throw new AppError('RATE_LIMITED', INTEGRATION_MSG.muitasChamadas, 'LIMITE_INTEGRACAO');
    }
    recordUse(request, client);
    if (scope && !client.escopos.includes(scope)) throw forbidden(INTEGRATION_MSG.escopoAusente, 'ESCOPO_AUSENTE');
  }

  app.decorate('requireClientScope', (scope: IntegrationScope): Hook => markGuard(`client:${scope}`, (request, reply) => guard(request, reply, scope)));
  app.decorate('requireClient', markGuard('client', (request: FastifyRequest, reply: FastifyReply) => guard(request, reply, null)));
});

/** GET /api/integracao/v1/eu: the client and the key that made this call, as the store may see them. */
export async function describeCaller(prisma: Db, client: ApiClient): Promise<IntegrationMe> {
  const key = await prisma.chaveIntegracao.findUniqueOrThrow({ where: { id: client.keyId }, select: { prefixo: true, expiraEm: true, cliente: { select: { limitePorMinuto: true } } } });
  return {
    clienteId: client.id,
    nome: client.nome,
    // Only the scopes this version knows (the answer's list is closed).
    escopos: INTEGRATION_SCOPES.filter((scope) => client.escopos.includes(scope)),
    limitePorMinuto: key.cliente.limitePorMinuto,
    chave: shownKey(key.prefixo),
    chaveExpiraEm: key.expiraEm ? key.expiraEm.toISOString() : null,
  };
}
