import fp from 'fastify-plugin';
import { poolOf } from '../../db/prisma.js';
import { LaunchOpeningRoom } from './launch-opening.js';
import { LaunchViews } from './launch-views.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** First views of launches (GET /api/lancamentos), buffered per process (launch-views.ts). */
    launchViews: LaunchViews;
  }
}

/**
 * The launch day (issue 31 item 4; docs/decisions/0047-launches.md, part 2), in every API process:
 * the buffer of members' first views, and the timer that holds the waiting room on around each
 * published launch's opening (FILA_LANCAMENTO). Registered after the waiting room (it uses app.fila).
 * Not encapsulated, so the member's routes and the tests reach `app.launchViews`.
 */
export const launchDayPlugin = fp(async (app) => {
  const { config, prisma } = app.ctx;
  const pool = poolOf(prisma);
  const views = new LaunchViews({ pool, log: app.log });
  app.decorate('launchViews', views);
  const schedule = config.fila.launchOpening;
  const opening =
    config.fila.enabled && schedule.enabled
      ? new LaunchOpeningRoom({ pool, store: app.fila.store, beforeMs: schedule.beforeMs, afterMs: schedule.afterMs, intervalMs: schedule.intervalMs, log: app.log })
      : null;
  app.addHook('onReady', async () => {
    views.start();
    opening?.start();
  });
  // The last second's views are written: the pool is closed only after app.close() (server.ts, test support).
  app.addHook('onClose', async () => {
    opening?.stop();
    await views.stop();
  });
});
