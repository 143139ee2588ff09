import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { schedulePeriodicJob } from '../../plugins/periodic-job.js';
import { queueReminders } from './reservations.service.js';

/** Where the booking rules read the time: tests set it (`app.clock.now = () => …`). */
export interface Clock {
  now(): Date;
}

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

    schedulePeriodicJob(app, {
      intervalMs: REMINDER_INTERVAL_MS,
      run: () => queueReminders(app, app.clock.now()),
      done: 'booking reminders queued',
      failed: 'booking reminders failed',
    });
  },
  { name: 'bookings' },
);
