import type { FastifyPluginAsync } from 'fastify';
import { adjustmentsRoutes } from './adjustments.routes.js';
import { actionsRoutes } from './actions.routes.js';
import { exportRoutes } from './export.routes.js';
import { memberRoutes } from './member.routes.js';
import { purchasesRoutes } from './purchases.routes.js';

// The members area of the back office (issue 17 items 1-4; docs/decisions/0031-back-office-members.md).
export const membersRoutes: FastifyPluginAsync = async (app) => {
  await app.register(adjustmentsRoutes);
  await app.register(actionsRoutes);
  await app.register(exportRoutes);
  await app.register(memberRoutes);
  await app.register(purchasesRoutes);
};
