import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eraseExpiredHealthData } from './health-retention.service.js';

/** How often expired health data is looked for. */
export const RETENTION_INTERVAL_MS = 24 * 60 * 60_000;

/**
 * The daily retention job (decision 0411), run where the outbox worker runs (OUTBOX_WORKER=1),
 * like the hourly housekeeping and the booking reminders: once when the process is ready, then
 * every day. Several instances may run it at once (each row is claimed by one of them).
 */
export const healthRetentionPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    const tick = () => {
      if (running) return;
      running = eraseExpiredHealthData(app, app.clock.now())
        .then((run) => app.log.info({ ...run }, 'health data retention: expired data erased'))
        .catch((error: unknown) => app.log.warn({ err: error }, 'health data retention failed'))
        .finally(() => {
          running = undefined;
        });
    };
    app.addHook('onReady', async () => {
      if (!app.config.outboxWorker) return;
      tick();
      timer = setInterval(tick, RETENTION_INTERVAL_MS).unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'health-retention', dependencies: ['bookings'] },
);
