import type { FastifyInstance } from 'fastify';

/**
 * A job that runs where the outbox worker runs (OUTBOX_WORKER=1): once when the app is ready, then
 * every `intervalMs`, never two runs of it at once in this process; a failure is logged and the
 * next run tries again. Jobs must be idempotent: several instances may run them at the same time.
 * Closing the app stops the timer and waits for the run in flight.
 */
export function runPeriodically(app: FastifyInstance, job: { name: string; intervalMs: number; run: () => Promise<void> }): void {
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
