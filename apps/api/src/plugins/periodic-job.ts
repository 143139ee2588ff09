import type { FastifyInstance } from 'fastify';

export interface PeriodicJob {
  intervalMs: number;
  /** One run; answers how many things it did (logged when more than none). */
  run: () => Promise<number>;
  /** Log lines: what a run that did something did, and what failed. */
  done: string;
  failed: string;
}

/**
 * Runs a job at start and then every `intervalMs`, only where the outbox worker runs
 * (OUTBOX_WORKER=1), one run at a time; closing the app waits for a run in flight. The jobs are
 * idempotent, so several instances may run them at once.
 */
export function schedulePeriodicJob(app: FastifyInstance, job: PeriodicJob): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = job
      .run()
      .then((count) => {
        if (count > 0) app.log.info({ count }, job.done);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, job.failed))
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
