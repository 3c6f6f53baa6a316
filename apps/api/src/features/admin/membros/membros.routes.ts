import type { FastifyPluginAsync } from 'fastify';
import { ajustesRoutes } from './ajustes.routes.js';
import { acoesRoutes } from './acoes.routes.js';
import { membroRoutes } from './membro.routes.js';

// The members area of the back office (issue 17 items 1-4; docs/decisions/0031-back-office-members.md).
export const membrosRoutes: FastifyPluginAsync = async (app) => {
  await app.register(ajustesRoutes);
  await app.register(acoesRoutes);
  await app.register(membroRoutes);
};
