import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Permission } from '@legiao/contracts/admin/roles';

// The back office's route table: one line per area (path relative to /admin, the permission the
// page needs, the page as its own chunk). A page a role cannot use is not routed for it: the URL
// shows the "sem permissão" state, and the server answers 403 anyway.
export interface AdminRoute {
  path: string;
  permission: Permission;
  page: LazyExoticComponent<ComponentType>;
}

export const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

export const adminRoutes: AdminRoute[] = [
  { path: 'beneficios/*', permission: 'content.read', page: page(() => import('./beneficios/benefits-routes'), 'BenefitsRoutes') },
  { path: 'equipe', permission: 'staff.manage', page: page(() => import('./equipe/equipe-page'), 'EquipePage') },
  { path: 'auditoria', permission: 'audit.read', page: page(() => import('./auditoria/auditoria-page'), 'AuditoriaPage') },
  { path: 'banners/*', permission: 'content.read', page: page(() => import('./banners/banners-page'), 'BannersArea') },
  { path: 'lancamentos/*', permission: 'content.read', page: page(() => import('./lancamentos/launches-area'), 'LaunchesArea') },
  { path: 'catalogo/*', permission: 'content.read', page: page(() => import('./catalogo/catalogue-page'), 'CatalogueArea') },
  { path: 'faq', permission: 'content.read', page: page(() => import('./faq/faq-page'), 'FaqPage') },
  { path: 'pesquisas/*', permission: 'content.read', page: page(() => import('./pesquisas/surveys-page'), 'SurveysArea') },
  { path: 'fila', permission: 'waitingRoom.manage', page: page(() => import('./fila/waiting-room-page'), 'WaitingRoomPage') },
  { path: 'cupons/*', permission: 'content.read', page: page(() => import('./cupons/coupons-page'), 'CouponsArea') },
  { path: 'imagens', permission: 'content.read', page: page(() => import('./imagens/images-page'), 'ImagesPage') },
  { path: 'emails/*', permission: 'content.read', page: page(() => import('./emails/emails-page'), 'EmailsArea') },
  { path: 'membros/*', permission: 'members.read', page: page(() => import('./membros/members-page'), 'MembersArea') },
  { path: 'painel/*', permission: 'dashboard.read', page: page(() => import('./painel/dashboard-page'), 'DashboardArea') },
  { path: 'importacoes', permission: 'imports.run', page: page(() => import('./importacoes/imports-page'), 'ImportsPage') },
  { path: 'integracoes/webhooks/*', permission: 'integrations.manage', page: page(() => import('./webhooks/webhooks-area'), 'WebhooksArea') },
  { path: 'integracoes/*', permission: 'integrations.manage', page: page(() => import('./integracoes/integrations-area'), 'IntegrationsArea') },
  // The launch day (ADR 0047, part 2): its own paths, so the launches' editor area merges beside it.
  { path: 'lancamentos-dia', permission: 'content.read', page: page(() => import('./lancamento-dia/launch-day-list'), 'LaunchDayList') },
  { path: 'lancamentos/:id/dia', permission: 'content.read', page: page(() => import('./lancamento-dia/launch-day-page'), 'LaunchDayPage') },
];
