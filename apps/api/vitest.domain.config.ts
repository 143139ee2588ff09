import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { apiSuiteOptions } from './vitest.config.js';

/**
 * The domain suites (`*.domain.test.ts`, issue 16): services called with a plain context
 * (test/service-context.ts), never through HTTP. The web framework is made unresolvable here, so
 * a domain test — or a service it calls — that loads Fastify, even through another module, fails
 * at import instead of quietly passing. `TEST_DB=postgres TEST_DATABASE_URL=…` runs it on PostgreSQL.
 */
const WEB_FRAMEWORK = /^(?:fastify|fastify-plugin|fastify-type-provider-zod|@fastify\/[^/]+)(?:\/.*)?$/;

const noWebFramework: Plugin = {
  name: 'farmacia:no-web-framework',
  enforce: 'pre',
  resolveId(source, importer) {
    if (WEB_FRAMEWORK.test(source)) {
      throw new Error(`domain tests run without the web framework: '${source}' imported by ${importer ?? 'the test'}`);
    }
    return null;
  },
};

export default defineConfig({
  plugins: [noWebFramework],
  test: {
    include: ['src/**/*.domain.test.ts'],
    ...apiSuiteOptions,
  },
});
