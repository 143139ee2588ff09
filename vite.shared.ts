import type { UserConfig } from 'vite';

/**
 * What the app's and the back office's Vite configs share (apps/web, apps/backoffice): the
 * dependency alias, the dev proxy to the API, and the build's target.
 */
export const sharedViteConfig = {
  resolve: {
    alias: [
      // TanStack Store asks for the shim that backports useSyncExternalStore to React < 18; React 19
      // has it built in, so the plain entry (no shim) is enough and lighter.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  // Every browser the apps support has modulepreload: no polyfill in the entry chunk.
  build: { target: 'es2022', sourcemap: false, modulePreload: { polyfill: false } },
} satisfies UserConfig;
