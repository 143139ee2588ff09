import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sharedViteConfig } from '../../vite.shared';

/** Served by the API under /backoffice (apps/api/src/plugins/static-app.ts); public/sw.js (push alerts only) is copied as is. */
export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  resolve: sharedViteConfig.resolve,
  server: sharedViteConfig.server,
  build: {
    ...sharedViteConfig.build,
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
