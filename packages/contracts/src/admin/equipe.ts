import { z } from 'zod';
import { ADMIN_MSG, PERMISSIONS, STAFF_ROLES } from './roles.js';
import { adminPageQuerySchema, adminPageSchema } from './paging.js';

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: ADMIN_MSG.papelInvalido });
export const permissionSchema = z.enum(PERMISSIONS);

/** GET /api/admin/eu: who is using the back office and what they may do. */
export const staffMeSchema = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  papeis: z.array(staffRoleSchema),
  permissoes: z.array(permissionSchema),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** One person with at least one role (or found by e-mail to receive one). */
export const staffMemberSchema = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  papeis: z.array(staffRoleSchema),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const STAFF_SORTABLE = ['nome', 'email'] as const;
/** GET /api/admin/equipe?busca=&papel=: people holding roles. */
export const staffListQuerySchema = adminPageQuerySchema(STAFF_SORTABLE).extend({
  busca: z.string().trim().max(120).optional(),
  papel: staffRoleSchema.optional(),
});
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;
export const staffListSchema = adminPageSchema(staffMemberSchema);

/** PUT /api/admin/equipe/papeis: the full set of roles one account holds (empty takes them all). */
export const staffRolesBodySchema = z.object({
  email: z.string({ error: ADMIN_MSG.contaInexistente }).trim().toLowerCase().min(3, ADMIN_MSG.contaInexistente).max(254, ADMIN_MSG.contaInexistente),
  papeis: z.array(staffRoleSchema).max(STAFF_ROLES.length),
});
export type StaffRolesBody = z.infer<typeof staffRolesBodySchema>;
