import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { escalateWaitingOrders } from './staff-alerts.service.js';

/** How often orders waiting to be taken in charge are looked at (the delay is counted in minutes). */
export const ESCALATION_INTERVAL_MS = 60_000;

/**
 * The escalation scheduler: runs where the outbox worker runs (OUTBOX_WORKER=1), reads the time
 * from `app.clock` (bookings plugin; tests move it) and is idempotent per order, so several
 * instances may run it at once.
 */
export const staffAlertsPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    const tick = () => {
      if (running) return;
      running = escalateWaitingOrders(app, app.clock.now())
        .then((escalated) => {
          if (escalated > 0) app.log.info({ escalated }, 'order escalations queued');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'order escalation failed'))
        .finally(() => {
          running = undefined;
        });
    };
    app.addHook('onReady', async () => {
      if (!app.config.outboxWorker) return;
      tick();
      timer = setInterval(tick, ESCALATION_INTERVAL_MS).unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'staff-alerts', dependencies: ['bookings'] },
);
