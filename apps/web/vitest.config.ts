import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { 'virtual:pwa-register': fileURLToPath(new URL('./src/test/pwa-register-stub.ts', import.meta.url)) },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Both cores of the CI machine (vitest's default leaves one idle on two).
    maxWorkers: 2,
    // jsdom renders slowly on a busy 2-core machine; 5 s made form tests flaky there.
    testTimeout: 15_000,
    setupFiles: ['src/test/setup.ts'],
    env: { TZ: 'UTC' },
    passWithNoTests: true,
  },
});
