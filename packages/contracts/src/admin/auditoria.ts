import { z } from 'zod';
import { ADMIN_MSG } from './roles.js';
import { adminPageQuerySchema, adminPageSchema, dateFilterSchema } from './paging.js';

/** One staff write as the audit screen shows it. antes/depois are the entity's JSON (null on create/delete). */
export const auditEntrySchema = z.object({
  id: z.string(),
  criadoEm: z.string(),
  acao: z.string(),
  entidade: z.string(),
  entidadeId: z.string().nullable(),
  /** Null: made outside the API (the admin:grant CLI). */
  autor: z.object({ id: z.string(), nome: z.string(), email: z.string() }).nullable(),
  antes: z.unknown(),
  depois: z.unknown(),
  requestId: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const AUDIT_SORTABLE = ['criadoEm'] as const;
/** GET /api/admin/auditoria?autor=&entidade=&entidadeId=&de=&ate= (dates inclusive, São Paulo days). */
export const auditListQuerySchema = adminPageQuerySchema(AUDIT_SORTABLE).extend({
  /** Part of the author's name or e-mail. */
  autor: z.string().trim().max(120).optional(),
  entidade: z.string().trim().max(60).optional(),
  entidadeId: z.string().trim().max(120).optional(),
  de: dateFilterSchema.optional(),
  ate: dateFilterSchema.optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export const auditListSchema = adminPageSchema(auditEntrySchema);

/** GET /api/admin/auditoria/entidades: the entity names the trail holds (the filter's options). */
export const auditEntitiesSchema = z.object({ entidades: z.array(z.string()) });

export const auditIdParamsSchema = z.object({ id: z.uuid({ error: ADMIN_MSG.idInvalido }) });
