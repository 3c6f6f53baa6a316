import type { FastifyPluginAsync } from 'fastify';
import { errorResponseSchema, REQUEST_MSG } from '@legiao/contracts';
import { AppError } from '../../errors/app-error.js';

/**
 * GET /api/fila/ws: the waiting room's hub (spec 000 section 7). Protocol in
 * docs/decisions/0008-waiting-room.md and packages/contracts/src/fila.ts.
 */
export const waitingRoomRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    method: 'GET',
    url: '/fila/ws',
    schema: { tags: ['fila'], summary: 'Sala de espera (WebSocket); sem o cabeçalho Upgrade responde 426', response: { 426: errorResponseSchema } },
    // A plain GET (no Upgrade header) reaches `handler`: @fastify/websocket's default is an empty 404.
    handler: async () => {
      throw new AppError('UPGRADE_REQUIRED', REQUEST_MSG.somenteWebSocket);
    },
    wsHandler: (socket) => {
      app.fila.attach(socket);
    },
  });
};
