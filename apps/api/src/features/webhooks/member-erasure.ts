import type { Prisma } from '../../generated/prisma/client.js';

// The erasure of an account reaches the stored events (docs/decisions/0045-crm-personal-data.md):
// in the anonymisation's transaction, every event naming the member (evento.membro_id, written by
// webhook_publicar) loses the facts that could point back at the person (the store's order code:
// a receipt, an e-mail thread at the store); ids, amounts and dates stay (the receivers' accounting
// and the ledger's events still add up). The deliveries' last answers and errors are the receivers'
// words about that event: cleared too. The read log stays (ADR 0045: accountability).

/** Payload keys that identify a person through another system, set to null on erasure. */
export const PERSONAL_EVENT_FIELDS = ['codigoPedido'] as const;

export async function scrubMemberEvents(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE evento SET dados = dados || (SELECT jsonb_object_agg(k, null) FROM unnest(${[...PERSONAL_EVENT_FIELDS]}::text[]) AS k WHERE dados ? k)
     WHERE membro_id = ${userId}::uuid AND dados ?| ${[...PERSONAL_EVENT_FIELDS]}::text[]`;
  await tx.$executeRaw`
    UPDATE webhook_entrega SET ultima_resposta = NULL, ultimo_erro = NULL
     WHERE evento_id IN (SELECT id FROM evento WHERE membro_id = ${userId}::uuid) AND (ultima_resposta IS NOT NULL OR ultimo_erro IS NOT NULL)`;
}
