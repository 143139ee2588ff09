// Starts the real server for the Playwright journeys: a fresh data folder, the demo pharmacy
// seeded, the built web app served. E2E_DATA_DIR tells the journeys where the mail outbox is.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildServer, serverDist } from './build.mjs';
import './exit-with-parent.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, '.data-test', 'e2e');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// The journeys run the compiled server, as `npm start` and a release do (built here when stale).
await buildServer({ whenStale: true });
// The server, too, stops when this script is gone however it ended (decision 0635).
const exitWithParent = path.join(import.meta.dirname, 'exit-with-parent.mjs');
const child = spawn(process.execPath, ['--enable-source-maps', '--import', exitWithParent, path.join(serverDist, 'server.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '8181',
    HOST: '127.0.0.1',
    // Another name of this server than the browser's 127.0.0.1, as when a demo is opened at a LAN
    // address: mail links use it, and the payment sandbox must work whatever address the app is at.
    PUBLIC_URL: `http://localhost:${process.env.E2E_PORT ?? '8181'}`,
    SEED_DEMO: '1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    WEB_DIST: path.join(root, 'apps/web/dist'),
    // The account journey subscribes the browser to a push service on 127.0.0.1 (plain http).
    PUSH_ALLOW_INSECURE_ENDPOINTS: '1',
    // Every journey signs up its own users from 127.0.0.1: more than a real address ever would.
    REGISTER_LIMIT_PER_HOUR: '1000',
    // The journeys search from 127.0.0.1 far more often than one customer: no search limit.
    SEARCH_LIMIT_PER_MINUTE: '0',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
