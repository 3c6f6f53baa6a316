import fp from 'fastify-plugin';
import { poolOf } from '../../db/prisma.js';
import { LaunchAlertDispatcher } from './alert-dispatcher.js';

// "Avise-me" alerts in waves (docs/decisions/0049-launch-alert-waves.md): with ALERTAS_LANCAMENTO
// (on outside tests) this process plans waves and sends alerts once the app is ready, and stops on
// close. Registered after the waiting room: the waves follow what it measures (app.fila.store).

declare module 'fastify' {
  interface FastifyInstance {
    launchAlerts: LaunchAlertDispatcher | null;
  }
}

export const launchAlertsPlugin = fp(async (app) => {
  const { config, prisma } = app.ctx;
  let dispatcher: LaunchAlertDispatcher | null = null;
  if (config.launchAlerts.enabled) {
    const pool = poolOf(prisma);
    const running = new LaunchAlertDispatcher({
      connectionString: pool.options.connectionString!,
      pool,
      store: app.fila.store,
      settings: config.launchAlerts,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      site: config,
      secret: config.jwtSecret,
      ...(config.bounceMailbox ? { bounceMailbox: config.bounceMailbox } : {}),
      foundersUntil: config.foundersUntil,
      log: app.log,
    });
    dispatcher = running;
    app.addHook('onReady', () => running.start());
    app.addHook('onClose', () => running.stop());
  }
  app.decorate('launchAlerts', dispatcher);
});
