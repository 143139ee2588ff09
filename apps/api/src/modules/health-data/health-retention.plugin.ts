import { periodicJobPlugin } from '../../plugins/periodic-job.js';
import { eraseExpiredHealthData } from './health-retention.service.js';

/** How often expired health data is looked for. */
export const RETENTION_INTERVAL_MS = 24 * 60 * 60_000;

/**
 * The daily retention job (decision 0411), run where the outbox worker runs, like the hourly
 * housekeeping and the booking reminders. Several instances may run it at once (each row is
 * claimed by one of them).
 */
export const healthRetentionPlugin = periodicJobPlugin({ name: 'health-retention', dependencies: ['bookings'] }, (app) => ({
  name: 'health data retention',
  intervalMs: RETENTION_INTERVAL_MS,
  run: async () => {
    const run = await eraseExpiredHealthData(app, app.clock.now());
    app.log.info({ ...run }, 'health data retention: expired data erased');
  },
}));
