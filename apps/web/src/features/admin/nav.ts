import type { Permission } from '@legiao/contracts/admin/roles';

// The back office's menu: one line per area, shown only to roles with the permission (the server
// refuses the rest anyway). Paths are relative to /admin; keep them in step with routes.tsx.
export interface AdminNavItem {
  to: string;
  label: string;
  permission: Permission;
}

export const adminNav: AdminNavItem[] = [
  { to: 'membros', label: 'Membros', permission: 'members.read' },
  { to: 'beneficios', label: 'Benefícios', permission: 'content.read' },
  { to: 'banners', label: 'Banners', permission: 'content.read' },
  { to: 'lancamentos', label: 'Lançamentos', permission: 'content.read' },
  { to: 'catalogo', label: 'Catálogo', permission: 'content.read' },
  { to: 'faq', label: 'Perguntas frequentes', permission: 'content.read' },
  { to: 'pesquisas', label: 'Pesquisas', permission: 'content.read' },
  { to: 'fila', label: 'Sala de espera', permission: 'waitingRoom.manage' },
  { to: 'cupons', label: 'Cupons', permission: 'content.read' },
  { to: 'imagens', label: 'Imagens', permission: 'content.read' },
  { to: 'emails', label: 'E-mails', permission: 'content.read' },
  { to: 'importacoes', label: 'Importações', permission: 'imports.run' },
  { to: 'integracoes', label: 'Integrações', permission: 'integrations.manage' },
  { to: 'equipe', label: 'Equipe e papéis', permission: 'staff.manage' },
  { to: 'auditoria', label: 'Auditoria', permission: 'audit.read' },
  { to: 'painel', label: 'Painel do lançamento', permission: 'dashboard.read' },
  { to: 'lancamentos-dia', label: 'Dia do lançamento', permission: 'content.read' },
];
