import { buildApp } from './app.js';
import { exitOnStartFailure, loadConfig } from './config.js';
import { tuneGarbageCollector } from './garbage-collector.js';

tuneGarbageCollector();

/** Entry point: config, app (which migrates), demo seed on an empty database, listen, graceful stop. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  if (config.seedDemo) {
    const { seedDemoIfEmpty } = await import('./db/seed/index.js');
    await seedDemoIfEmpty(app);
  }
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests in flight');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch(exitOnStartFailure);
