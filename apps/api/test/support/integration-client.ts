import type { IntegrationScope } from '@legiao/contracts/integracao/constants';
import type { Db } from '../../src/db/prisma.js';
import { generateKey } from '../../src/features/integracao/keys.js';

/** A store integration client with one live key (what the back office creates), for tests. */
export async function createApiClient(prisma: Db, scopes: IntegrationScope[], opts: { nome?: string; perMinute?: number } = {}) {
  const { key, prefix, hash } = generateKey();
  const client = await prisma.clienteIntegracao.create({
    data: {
      nome: opts.nome ?? `Loja de teste ${prefix}`,
      escopos: scopes,
      ...(opts.perMinute ? { limitePorMinuto: opts.perMinute } : {}),
      chaves: { create: { prefixo: prefix, hash } },
    },
    select: { id: true },
  });
  return { id: client.id, key, prefix, headers: { authorization: `Bearer ${key}` } };
}
