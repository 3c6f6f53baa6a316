// Back-office roles and what each may do (docs/decisions/0027-back-office.md). The server checks
// these on every /api/admin route (app.requirePermission); the web mirrors them to hide what a role
// cannot use. No zod here: the admin shell reads these constants without loading schemas.

/** Wire values, as issue 16 names the roles. Kept apart from the member-side `colaborador` type. */
export const STAFF_ROLES = ['admin', 'marketing', 'atendimento', 'operacao', 'integracoes'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'staff.manage',
  'audit.read',
  'content.read',
  'content.write',
  'members.read',
  'members.write',
  // The CSV of many members' personal data (docs/decisions/0045-crm-personal-data.md, "The back
  // office's CSV export"): apart from members.read, which shows one search page at a time.
  'members.export',
  'waitingRoom.manage',
  'imports.run',
  'dashboard.read',
  // The store integration's API clients and keys (docs/decisions/0041-store-integration.md).
  'integrations.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  // Everything, and the only role that grants and revokes roles.
  admin: PERMISSIONS,
  // Content and campaigns.
  marketing: ['audit.read', 'content.read', 'content.write', 'dashboard.read'],
  // Support: members one at a time (not members.export: a support call needs the one person, never
  // the base; the export stays with administrators, ADR 0045); campaigns read-only.
  atendimento: ['audit.read', 'content.read', 'members.read', 'members.write'],
  // The waiting room and imports.
  operacao: ['audit.read', 'content.read', 'waitingRoom.manage', 'imports.run'],
  // The store's developers: API clients and their keys, nothing of members or content (ADR 0041).
  integracoes: ['audit.read', 'integrations.manage'],
};

/** Whether any of the roles grants the permission. */
export function can(roles: readonly StaffRole[], permission: Permission): boolean {
  return roles.some((role) => ROLE_PERMISSIONS[role]?.includes(permission));
}

/** Every permission the roles grant, without repeats, in PERMISSIONS order. */
export function permissionsOf(roles: readonly StaffRole[]): Permission[] {
  return PERMISSIONS.filter((p) => can(roles, p));
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** How people read each role (screens, audit trail). */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administração',
  marketing: 'Marketing',
  atendimento: 'Atendimento',
  operacao: 'Operação',
  integracoes: 'Integrações',
};

export const ADMIN_MSG = {
  semPermissao: 'Você não tem permissão para esta ação.',
  somenteEquipe: 'Esta área é só para a equipe da Legião. Peça acesso a um administrador.',
  papelInvalido: 'Papel desconhecido. Use admin, marketing, atendimento, operacao ou integracoes.',
  proprioPapel: 'Você não pode mudar os seus próprios papéis.',
  contaInexistente: 'Nenhuma conta com esse e-mail.',
  pessoaNaoEncontrada: 'Pessoa não encontrada.',
  paginaInvalida: 'Página inválida.',
  porPaginaInvalido: 'Informe de 1 a 100 itens por página.',
  ordemInvalida: 'Ordenação inválida.',
  dataInvalida: 'Data inválida. Use o formato AAAA-MM-DD.',
  idInvalido: 'Identificador inválido.',
} as const;
