import type { FastifyPluginAsync } from 'fastify';

/**
 * GET /api/fila/ws: the waiting room's hub (spec 000 section 7). Protocol in
 * docs/decisions/0008-waiting-room.md and packages/contracts/src/fila.ts.
 */
export const filaRoutes: FastifyPluginAsync = async (app) => {
  app.get('/fila/ws', { websocket: true }, (socket) => {
    app.fila.attach(socket);
  });
};
