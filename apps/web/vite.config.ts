import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // The app asks before reloading ('Premi ok per aggiornare l'applicazione.'), so updates wait.
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Farmacia',
        short_name: 'Farmacia',
        description: 'La tua farmacia: prodotti, ricette, prenotazioni e ordini.',
        lang: 'it',
        start_url: '/app/home',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b6e4f',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/backoffice/, /^\/healthz/, /^\/readyz/, /^\/sandbox\//],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Web Push: the 'push' and 'notificationclick' handlers (public/push-sw.js).
        importScripts: ['/push-sw.js'],
      },
    }),
  ],
  resolve: {
    alias: [
      // TanStack Store asks for the shim that backports useSyncExternalStore to React < 18; React 19
      // has it built in, so the plain entry (no shim) is enough and lighter.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  // Every browser the app supports has modulepreload: no polyfill in the entry chunk.
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
