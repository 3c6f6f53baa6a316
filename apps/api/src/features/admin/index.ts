import type { FastifyPluginAsync } from 'fastify';
import { equipeRoutes } from './equipe/equipe.routes.js';
import { auditoriaRoutes } from './auditoria/auditoria.routes.js';
import { benefitsRoutes } from './beneficios/beneficios.routes.js';
import { couponsRoutes } from './cupons/cupons.routes.js';
import { imagesRoutes } from './imagens/imagens.routes.js';
import { bannersRoutes } from './banners/banners.routes.js';
import { faqAdminRoutes } from './faq/faq.routes.js';
import { catalogueRoutes } from './catalogo/catalogo.routes.js';
import { waitingRoomScheduleRoutes } from './fila/waiting-room-schedule.routes.js';
import { surveysRoutes } from './pesquisas/pesquisas.routes.js';
import { membersRoutes } from './membros/membros.routes.js';
import { importsRoutes } from './importacoes/importacoes.routes.js';
import { dashboardRoutes } from './painel/painel.routes.js';
import { integrationsRoutes } from './integracoes/integracoes.routes.js';
import { webhooksRoutes } from './webhooks/webhooks.routes.js';
import { launchesAdminRoutes } from './lancamentos/lancamentos.routes.js';
import { launchDayRoutes } from './lancamento-dia/painel.routes.js';
import { emailsRoutes } from './emails/emails.routes.js';

// The back office's API under /api/admin (docs/decisions/0027-back-office.md). Each area registers
// its own routes from its folder; add one line per area here. Every route names its permission
// (app.requirePermission), writes call recordAudit in the same transaction, OpenAPI tag 'admin'.
const adminPlugin: FastifyPluginAsync = async (app) => {
  await app.register(equipeRoutes);
  await app.register(auditoriaRoutes);
  await app.register(benefitsRoutes);
  await app.register(couponsRoutes);
  await app.register(imagesRoutes);
  await app.register(bannersRoutes);
  await app.register(faqAdminRoutes);
  await app.register(catalogueRoutes);
  await app.register(waitingRoomScheduleRoutes);
  await app.register(surveysRoutes);
  await app.register(membersRoutes);
  await app.register(importsRoutes);
  await app.register(dashboardRoutes);
  await app.register(integrationsRoutes);
  await app.register(webhooksRoutes);
  await app.register(launchesAdminRoutes);
  await app.register(launchDayRoutes);
  await app.register(emailsRoutes);
};

export default adminPlugin;
