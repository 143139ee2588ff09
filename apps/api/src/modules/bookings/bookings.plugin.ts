import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../context.js';
import { runPeriodically } from '../../plugins/periodic-job.js';
import { queueReminders } from './bookings.service.js';


declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

/** How often the day-before reminders are looked for. */
export const REMINDER_INTERVAL_MS = 15 * 60_000;

/**
 * App-wide part of bookings: the clock (decorated on the root instance so tests can move time)
 * and the reminder scheduler, which runs where the outbox worker runs (OUTBOX_WORKER=1) and is
 * idempotent, so several instances may run it at once.
 */
export const bookingsPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.hasDecorator('clock')) app.decorate('clock', { now: () => new Date() } satisfies Clock);

    runPeriodically(app, {
      name: 'booking reminders',
      intervalMs: REMINDER_INTERVAL_MS,
      run: async () => {
        const queued = await queueReminders(app, app.clock.now());
        if (queued > 0) app.log.info({ queued }, 'booking reminders queued');
      },
    });
  },
  { name: 'bookings' },
);
