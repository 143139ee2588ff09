import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Served by the API under /backoffice (apps/api/src/plugins/static-app.ts); public/sw.js (push alerts only) is copied as is. */
export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore built in: the shim TanStack Store asks for is not needed.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
