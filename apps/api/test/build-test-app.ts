import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import type { Config } from '../src/config.js';
import { installOpenApiCheck } from './openapi-check.js';
import { openTestDatabase, SANDBOX_CONTROL_TEST_TOKEN } from './test-database.js';

export { SANDBOX_CONTROL_TEST_TOKEN, testEngine } from './test-database.js';

export const sandboxControlHeaders = { authorization: `Bearer ${SANDBOX_CONTROL_TEST_TOKEN}` };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fully built app on a fresh, migrated database of the engine under test (a temporary SQLite
 * file, or a new PostgreSQL database on TEST_DATABASE_URL's server), dropped again by close().
 */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const testDb = await openTestDatabase(overrides);
  const { config, database } = testDb;
  const app = await buildApp(config, { database, logger: false });
  const openapi = installOpenApiCheck(app);
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      if (openapi.mismatches.length > 0) {
        throw new Error(`Responses the OpenAPI document does not describe:\n${[...new Set(openapi.mismatches)].join('\n')}`);
      }
      await testDb.close();
    },
  };
}

/**
 * A second server instance on the same database as `t` (its own connection or pool), as when
 * several API processes run behind a load balancer: requests to both race for real.
 */
export async function secondInstance(t: TestApp, overrides: Partial<Config> = {}): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = openDatabase(t.config.engine, t.config.databaseUrl);
  const app = await buildApp({ ...t.config, ...overrides }, { database, logger: false });
  await app.ready();
  app.clock.now = t.app.clock.now;
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
