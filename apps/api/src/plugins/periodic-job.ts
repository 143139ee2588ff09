import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A periodic job: its name in the logs, how often it runs, what it does. */
export interface PeriodicJob {
  name: string;
  intervalMs: number;
  run: () => Promise<void>;
}

/**
 * A job that runs where the outbox worker runs (OUTBOX_WORKER=1): once when the app is ready, then
 * every `intervalMs`, never two runs of it at once in this process; a failure is logged and the
 * next run tries again. Jobs must be idempotent: several instances may run them at the same time.
 * Closing the app stops the timer and waits for the run in flight.
 */
export function runPeriodically(app: FastifyInstance, job: PeriodicJob): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = job
      .run()
      .catch((error: unknown) => app.log.warn({ err: error }, `${job.name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    if (!app.config.outboxWorker) return;
    tick();
    timer = setInterval(tick, job.intervalMs).unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

/** A plugin (named, with the plugins it needs) whose only work is one {@link runPeriodically} job. */
export function periodicJobPlugin(plugin: { name: string; dependencies?: string[] }, job: (app: FastifyInstance) => PeriodicJob) {
  return fp(async (app: FastifyInstance) => runPeriodically(app, job(app)), plugin);
}
