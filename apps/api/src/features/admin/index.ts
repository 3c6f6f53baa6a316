import type { FastifyPluginAsync } from 'fastify';
import { equipeRoutes } from './equipe/equipe.routes.js';
import { auditoriaRoutes } from './auditoria/auditoria.routes.js';
import { beneficiosRoutes } from './beneficios/beneficios.routes.js';
import { cuponsRoutes } from './cupons/cupons.routes.js';
import { imagensRoutes } from './imagens/imagens.routes.js';
import { bannersRoutes } from './banners/banners.routes.js';
import { faqAdminRoutes } from './faq/faq.routes.js';
import { catalogoRoutes } from './catalogo/catalogo.routes.js';
import { filaAgendamentoRoutes } from './fila/fila-agendamento.routes.js';
import { pesquisasRoutes } from './pesquisas/pesquisas.routes.js';
import { membrosRoutes } from './membros/membros.routes.js';
import { importacoesRoutes } from './importacoes/importacoes.routes.js';
import { painelRoutes } from './painel/painel.routes.js';

// The back office's API under /api/admin (docs/decisions/0027-back-office.md). Each area registers
// its own routes from its folder; add one line per area here. Every route names its permission
// (app.requirePermission), writes call recordAudit in the same transaction, OpenAPI tag 'admin'.
const adminPlugin: FastifyPluginAsync = async (app) => {
  await app.register(equipeRoutes);
  await app.register(auditoriaRoutes);
  await app.register(beneficiosRoutes);
  await app.register(cuponsRoutes);
  await app.register(imagensRoutes);
  await app.register(bannersRoutes);
  await app.register(faqAdminRoutes);
  await app.register(catalogoRoutes);
  await app.register(filaAgendamentoRoutes);
  await app.register(pesquisasRoutes);
  await app.register(membrosRoutes);
  await app.register(importacoesRoutes);
  await app.register(painelRoutes);
};

export default adminPlugin;
