import { defineConfig } from 'vitest/config';

// Some contract tests walk every day of 43 years or every fiscal code variant: ~1 s on a quiet
// machine, 6 s on a loaded one — past vitest's 5 s default, a failure that says nothing of the code.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], env: { TZ: 'UTC' }, testTimeout: 30_000 } });
