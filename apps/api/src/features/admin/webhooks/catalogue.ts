import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES, WEBHOOK_MEMBER_BLOCK, WEBHOOK_PAYLOAD_VERSION, webhookMemberBlockSchema } from '@legiao/contracts/webhooks/catalogue';
import type { WebhookCatalogue } from '@legiao/contracts/admin/webhooks';

// The event catalogue as the API serves it: each type's description, its payload's JSON Schema (from
// the zod contract the triggers' payloads are tested against) and an example. Built once.
let built: WebhookCatalogue | undefined;

export function catalogue(): WebhookCatalogue {
  built ??= {
    versao: WEBHOOK_PAYLOAD_VERSION,
    eventos: WEBHOOK_EVENT_TYPES.map((type) => {
      const event = WEBHOOK_EVENTS[type];
      return { tipo: type, descricao: event.descricao, esquema: z.toJSONSchema(event.dados) as Record<string, unknown>, exemplo: event.exemplo as Record<string, unknown> };
    }),
    membro: { descricao: WEBHOOK_MEMBER_BLOCK.descricao, esquema: z.toJSONSchema(webhookMemberBlockSchema) as Record<string, unknown>, exemplo: WEBHOOK_MEMBER_BLOCK.exemplo as Record<string, unknown> },
  };
  return built;
}
