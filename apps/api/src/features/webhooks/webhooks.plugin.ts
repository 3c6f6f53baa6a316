import fp from 'fastify-plugin';
import { poolOf } from '../../db/prisma.js';
import { WebhookDispatcher } from './dispatcher.js';

// Outgoing webhooks in this process (docs/decisions/0042-webhooks.md): with WEBHOOKS_DELIVERY (on
// outside tests) the dispatcher starts once the app is ready and stops on close. Without it the
// events and deliveries are still written (by the database) and wait for a process that delivers.

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: { dispatcher: WebhookDispatcher | null; kick: () => void };
  }
}

export const webhooksPlugin = fp(async (app) => {
  const { config, prisma, mailer } = app.ctx;
  let dispatcher: WebhookDispatcher | null = null;
  if (config.webhooks.delivery) {
    const pool = poolOf(prisma);
    const running = new WebhookDispatcher({
      connectionString: pool.options.connectionString!,
      pool,
      settings: config.webhooks,
      log: app.log,
      kickMail: () => mailer.kick(),
      site: config,
      onOutcome: (outcome) => app.metrics.webhookOutcome(outcome),
      // Members first: the store integration's gate knows when members are being served (ADR 0041).
      members: app.orderGate,
    });
    dispatcher = running;
    app.addHook('onReady', () => running.start());
    app.addHook('onClose', () => running.stop());
  }
  app.decorate('webhooks', { dispatcher, kick: () => dispatcher?.kick() });
});
