import { buildApp } from './app.js';
import { exitOnStartFailure, loadConfig } from './config.js';

/**
 * The outbox worker as its own process (`npm run worker`, docs/ops.md): delivers mail, Web Push
 * and SMS from the outbox and runs the housekeeping and booking reminders, without serving HTTP.
 * Run the API instances with OUTBOX_WORKER=0 and one or two of these (rows are claimed safely).
 * Same image and environment as the API; SIGTERM lets a batch in flight finish.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env, { outboxWorker: true });
  const app = await buildApp(config);
  await app.ready();
  // The worker's own timers are unref'd (they must never hold an API process open): without a
  // listening socket something has to keep this process alive until a signal stops it.
  const keepAlive = setInterval(() => undefined, 60_000);
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(keepAlive);
    app.log.info({ signal }, 'outbox worker stopping: finishing the batch in flight');
    const timer = setTimeout(() => process.exit(1), 30_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // A line for supervisors and tests: the worker is delivering.
  console.log(`outbox worker running (${config.engine})`);
}

main().catch(exitOnStartFailure);
