import fp from 'fastify-plugin';
import type { QueueStore } from './fila.types.js';
import { WaitingRoomHub } from './hub.js';
import { AutoRoom } from './auto.js';
import { poolOf } from '../../db/prisma.js';
import { waitingRoomAdminRoutes } from './waiting-room-admin.routes.js';
import { waitingRoomRoutes } from './fila.routes.js';
import { MemoryQueueStore } from './store-memory.js';
import { RedisQueueStore } from './store-redis.js';

/** How long a member may be away and still find the place (ADR 0025), and the web client's renewal interval. */
const PLACE_KEPT_MS = 60_000;
const ACTIVITY_EVERY_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    fila: WaitingRoomHub;
  }
}

/**
 * The waiting room: one hub per process over the queue store (Redis when REDIS_URL is set, else
 * memory), its WebSocket endpoint and the operators' routes (under /api). Not encapsulated, so
 * login (auth.service.ts) reaches `app.fila`.
 */
export const waitingRoomPlugin = fp(async (app) => {
  const { config } = app.ctx;
  const storeOptions = { defaults: { capacidade: config.fila.capacidade, admissoesPorMinuto: config.fila.admissoesPorMinuto }, inactivityMs: config.fila.inactivityMs };
  let store: QueueStore;
  if (config.redisUrl && config.fila.enabled) {
    const redisStore = new RedisQueueStore({ ...storeOptions, url: config.redisUrl, prefix: config.fila.redisPrefix, commandTimeoutMs: config.redisTimeoutMs, log: app.log });
    // Fail fast rather than serve a queue that no other process can hear.
    await Promise.race([
      redisStore.ready(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('fila: Redis inacessível (REDIS_URL)')), 10_000).unref()),
    ]).catch(async (err) => {
      await redisStore.close();
      throw err;
    });
    store = redisStore;
  } else {
    store = new MemoryQueueStore(storeOptions);
  }
  // A dropped client keeps its place for the idle time-out since its last activity; the web client
  // renews every 30 s while waiting, so the 60 s a member may be away (issue 15 item 2) need 90 s.
  if (config.fila.enabled && config.fila.inactivityMs < PLACE_KEPT_MS + ACTIVITY_EVERY_MS && config.env !== 'test') {
    app.log.warn(`FILA_INATIVIDADE_MS=${config.fila.inactivityMs}: quem cair da fila pode perder o lugar antes de 60 s (use ao menos ${PLACE_KEPT_MS + ACTIVITY_EVERY_MS})`);
  }
  const hub = new WaitingRoomHub({ store, enabled: config.fila.enabled, jwtSecret: config.jwtSecret, ticketTtlS: config.fila.ticketTtlS, log: app.log });
  app.decorate('fila', hub);
  // The automatic waiting room (FILA_AUTO): this process's readings go to the shared store, which decides.
  const auto = config.fila.enabled && config.fila.auto.enabled
    ? new AutoRoom({
        store,
        limites: config.fila.auto,
        readDelayMs: () => app.pressure.latest.eventLoopDelayMs,
        readPoolWaiting: () => poolOf(app.ctx.prisma).waitingCount,
        log: app.log,
      })
    : null;
  app.addHook('onReady', async () => {
    hub.start();
    auto?.start();
  });
  app.addHook('onClose', async () => {
    auto?.close();
    await hub.close();
  });
  await app.register(waitingRoomRoutes, { prefix: '/api' });
  await app.register(waitingRoomAdminRoutes, { prefix: '/api' });
});
