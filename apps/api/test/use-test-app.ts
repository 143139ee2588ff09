import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config.js';
import { buildTestApp, type TestApp } from './build-test-app.js';

/**
 * The app of a suite that needs nothing else around it: built before the suite's tests (then
 * `setup` runs on it, e.g. the demo seed) and closed after them. Call it in a `describe` (or at
 * the top of the file); `t.app` and `t.config` can be read inside tests and hooks.
 */
export function useTestApp(overrides: Partial<Config> = {}, setup?: (app: FastifyInstance) => Promise<unknown>): Omit<TestApp, 'close'> {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(overrides);
    await setup?.(built.app);
  });
  afterAll(() => built?.close());
  const current = (): TestApp => {
    if (!built) throw new Error('the test app is built before the tests: read it inside a test or a hook');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
  };
}
