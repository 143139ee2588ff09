import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
const root = path.resolve(import.meta.dirname, '../..');
export const e2eDataDir = process.env.E2E_DATA_DIR ?? path.join(root, '.data-test', 'e2e');
// Engineers run the journeys side by side on private ports: each port keeps its own artifacts and
// report, so one run never deletes another's traces. `npm test` (no E2E_PORT) keeps the defaults.
const runSuffix = process.env.E2E_PORT ? `-${port}` : '';

/** Journeys in Debian's Chromium against the real server (scripts/e2e-server.mjs). */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: path.join(root, '.data-test', `playwright-results${runSuffix}`),
  reporter: [['list'], ['json', { outputFile: path.join(root, '.data-test', `playwright${runSuffix}.json`) }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace: 'retain-on-failure',
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
  webServer: {
    command: `node ${path.join(root, 'scripts/e2e-server.mjs')}`,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(port), E2E_DATA_DIR: e2eDataDir },
  },
});
