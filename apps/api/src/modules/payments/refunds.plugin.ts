import { periodicJobPlugin } from '../../plugins/periodic-job.js';
import { reconcileRefunds } from './refunds.service.js';

/** How often unfinished refunds are taken up again (pending ones settle, crashed ones resume). */
export const REFUND_RECONCILE_INTERVAL_MS = 60_000;

/**
 * The refunds' reconciler (decision 0515), where the outbox worker runs: at start (what a crash
 * left) and every minute. Idempotent (keys, conditional updates), so several instances may run it.
 */
export const refundsPlugin = periodicJobPlugin({ name: 'refunds' }, (app) => ({
  name: 'refund reconciliation',
  intervalMs: REFUND_RECONCILE_INTERVAL_MS,
  run: async () => {
    const settled = await reconcileRefunds(app);
    if (settled > 0) app.log.info({ settled }, 'refunds reconciled');
  },
}));
