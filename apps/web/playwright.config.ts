import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
const root = path.resolve(import.meta.dirname, '../..');
const e2eDataDir = process.env.E2E_DATA_DIR ?? path.join(root, '.data-test', 'e2e');
/**
 * Workers (decision 0625): each has a server of its own (its own port and data folder, the demo
 * seeded afresh), so no journey ever sees another's orders, carts or settings at once. One until
 * `E2E_WORKERS=2 npm test -- e2e` has passed three times in a row on a quiet 2-core host.
 */
const workers = Number(process.env.E2E_WORKERS ?? 1);

/** The server of the worker in slot `parallelIndex`: the first on E2E_PORT and E2E_DATA_DIR, the next ones beside. */
export function e2eServer(parallelIndex: number): { port: number; baseURL: string; dataDir: string } {
  const own = port + parallelIndex;
  return { port: own, baseURL: `http://127.0.0.1:${own}`, dataDir: parallelIndex === 0 ? e2eDataDir : `${e2eDataDir}-${parallelIndex}` };
}
// Engineers run the journeys side by side on private ports: each port keeps its own artifacts and
// report, so one run never deletes another's traces. `npm test` (no E2E_PORT) keeps the defaults.
const runSuffix = process.env.E2E_PORT ? `-${port}` : '';

/** Journeys in Debian's Chromium against the real server (scripts/e2e-server.mjs). */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: path.join(root, '.data-test', `playwright-results${runSuffix}`),
  reporter: [['list'], ['json', { outputFile: path.join(root, '.data-test', `playwright${runSuffix}.json`) }]],
  use: {
    // Each worker's own server (e2e/support.ts sets it per worker): this one for a lone worker.
    baseURL: e2eServer(0).baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // A failing journey keeps its trace: every action with the page's DOM before and after, the
    // network, the console. Not the screencast (decision 0633): its frames, encoded while every
    // journey ran, doubled Chromium's CPU for a page load (~2.1 s → ~5.2 s at Pixel 7's scale) and
    // were thrown away when the journey passed. A failing journey's last screen is still kept.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // Decision 0633: a fresh context installs the app's service worker, which precaches the whole
    // build (~340 files, 4 MB): ~3 s of Chromium's CPU per journey on a 2-core machine, for
    // journeys that are not about it. The journeys about the installed app (home, offline,
    // account's push, the back office's staff alerts) turn it on with `test.use(WITH_SERVICE_WORKER)`.
    serviceWorkers: 'block',
    ...devices['Pixel 7'],
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Started one after the other: the first builds the server when it is stale, the next ones find it built.
  webServer: Array.from({ length: workers }, (_, i) => {
    const server = e2eServer(i);
    return {
      // `exec`: the script replaces the shell Playwright starts it with, so the runner is its parent
      // and it stops when the runner is gone (scripts/exit-with-parent.mjs, decision 0635).
      command: `exec node ${path.join(root, 'scripts/e2e-server.mjs')}`,
      url: `${server.baseURL}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: { E2E_PORT: String(server.port), E2E_DATA_DIR: server.dataDir },
    };
  }),
});
