import { periodicJobPlugin } from '../../plugins/periodic-job.js';
import { escalateWaitingOrders } from './staff-alerts.service.js';

/** How often orders waiting to be taken in charge are looked at (the delay is counted in minutes). */
export const ESCALATION_INTERVAL_MS = 60_000;

/**
 * The escalation scheduler: reads the time from `app.clock` (bookings plugin; tests move it) and
 * is idempotent per order (decision 0421).
 */
export const staffAlertsPlugin = periodicJobPlugin({ name: 'staff-alerts', dependencies: ['bookings'] }, (app) => ({
  name: 'order escalation',
  intervalMs: ESCALATION_INTERVAL_MS,
  run: async () => {
    const count = await escalateWaitingOrders(app, app.clock.now());
    if (count > 0) app.log.info({ count }, 'order escalations queued');
  },
}));
