import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The back office's logic (formatters, the API client, form mappers, hooks): fast unit tests in jsdom. */
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    maxWorkers: 2,
    // As the app's (apps/web): a loaded machine takes a jsdom render past vitest's 5 s default.
    testTimeout: 15_000,
    env: { TZ: 'UTC' },
  },
});
