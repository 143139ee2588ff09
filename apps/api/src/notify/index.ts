import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailSender } from './mail.js';
import { OutboxWorker, type RunResult } from './outbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker: other modules register their channel senders on it (push, sms). */
    outbox: OutboxWorker;
  }
}

/**
 * Creates the outbox worker with the email sender, starts it unless the configuration says not
 * to (tests flush by hand), and stops it — letting a batch in flight finish — when the app closes.
 */
export const notifyPlugin = fp(
  async (app: FastifyInstance) => {
    const worker = new OutboxWorker(app.db, app.log);
    const mail = createMailSender(app.config);
    worker.registerSender('email', mail.send);
    app.decorate('outbox', worker);
    app.addHook('onReady', async () => {
      if (app.config.outboxWorker) worker.start();
    });
    // preClose: before the database goes away, so a batch in flight can record its outcome.
    app.addHook('preClose', async () => {
      await worker.stop();
      mail.close();
    });
  },
  { name: 'notify' },
);

/** Delivers everything due now (and, with `includeScheduled`, what waits for a retry): for tests. */
export function flushOutbox(app: FastifyInstance, options: { includeScheduled?: boolean } = {}): Promise<RunResult> {
  return app.outbox.flush(options);
}

export { enqueue, enqueueEmail } from './outbox.js';
