import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { sharedViteConfig } from '../../vite.shared';
import { startSharedChunk } from './start-chunk';

/**
 * Writes `.br` and `.gz` next to every text file of the build (over 1 KB), so the server sends
 * them compressed without compressing per request (@fastify/static `preCompressed`): the
 * framework chunk goes from ~330 KB to ~90 KB on the wire (decision 0331).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'farmacia-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const walk = (dir: string) => {
          for (const name of readdirSync(dir)) {
            const file = path.join(dir, name);
            if (statSync(file).isDirectory()) walk(file);
            else if (/\.(js|css|html|svg|json|webmanifest|txt|wasm)$/.test(name) && statSync(file).size > 1024) {
              const data = readFileSync(file);
              writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
              writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
            }
          }
        };
        walk(outDir);
      },
    },
  };
}

/**
 * Opens every chunk of the app with V8's explicit compile hint (decision 0678): Chromium then
 * compiles all of a file's functions while it streams in, off the main thread, instead of each on
 * its first call — inside the start's module evaluation, render slices, commit and effects, which
 * made them long tasks at 7× on a slow phone (issue 22). The comment must come first in the file,
 * so it is added last, after minification and Vite's own preload list (`__vite__mapDeps`).
 */
function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'farmacia-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && !chunk.code.startsWith(HINT)) chunk.code = HINT + chunk.code;
        }
      },
    },
  };
}

/**
 * Puts the entry stylesheet inside index.html as a `<style>` (decision 0350): the HTML shell then
 * paints with no second request on the critical path (on slow 4G each round trip is ~150 ms). The
 * screens' own stylesheets still load with their chunks.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'farmacia-inline-entry-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (asset?.type !== 'asset') return tag;
          // The disabled link (never fetched) tells Vite's chunk loader the sheet is in the page
          // already: lazy chunks that list it as a dependency would otherwise add it a second time.
          return `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${file}" disabled>`;
        });
      },
    },
  };
}

/**
 * The entry (src/app/main.tsx) imports the app dynamically so the HTML shell paints before the
 * app's code is evaluated (decision 0350); this lists that code in index.html as modulepreload, so
 * it downloads at once, in parallel, as when it was imported statically.
 */
function preloadDynamicEntry(): Plugin {
  return {
    name: 'farmacia-preload-dynamic-entry',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        const entry = ctx.chunk;
        if (!bundle || !entry || entry.type !== 'chunk') return html;
        const files = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || !chunk || chunk.type !== 'chunk') return;
          files.add(file);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const file of entry.dynamicImports) {
          const chunk = bundle[file];
          // Only the app's start: the entry imports nothing else dynamically. The start imports the
          // framework and the app in steps (decision 0373): those are part of the first load too.
          if (chunk?.type === 'chunk' && chunk.facadeModuleId?.endsWith('/src/app/start.tsx')) {
            visit(file);
            for (const step of chunk.dynamicImports) visit(step);
          }
        }
        const links = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
          .join('\n    ');
        // Low priority, the entry script too (decision 0370): the page paints without them (the
        // shell is HTML), so they must not hold up that paint nor queue before the largest image.
        const page = html.replace(/<script type="module" crossorigin src=/g, '<script type="module" fetchpriority="low" crossorigin src=');
        return links ? page.replace('</head>', `    ${links}\n  </head>`) : page;
      },
    },
  };
}

/**
 * Every chunk that imports Vite's preload helper imports it from the entry (index-*.js), so each
 * lazy import lists the entry among the files to preload. The entry is a `<script>`, not a
 * `<link>`, so the helper did not find it in the page and appended a `<link rel="modulepreload">`
 * for it during the start: a DOM insertion in the task that loads the landing screen (the cart's
 * 7 ms "preload helper" task of issue 22, decision 0664). The entry is always loaded before any
 * lazy import runs, so it leaves the lists.
 */
const entryChunks = new Set<string>();

function recordEntryChunks(): Plugin {
  return {
    name: 'farmacia-record-entry-chunks',
    apply: 'build',
    generateBundle: {
      // Before Vite's import analysis writes the preload lists (its own generateBundle).
      order: 'pre',
      handler(_options, bundle) {
        entryChunks.clear();
        for (const file of Object.values(bundle)) if (file.type === 'chunk' && file.isEntry) entryChunks.add(file.fileName);
      },
    },
  };
}

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
        // Issue 20: "Condividi" from Messages or Mail opens 'Inserisci ricetta' with the NRE and
        // fiscal code of the shared text filled (decision 0472). GET: the text is read on the phone.
        share_target: { action: '/app/prescription/nre', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } },
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/backoffice/, /^\/healthz/, /^\/readyz/, /^\/sandbox\//],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Web Push: the 'push' and 'notificationclick' handlers (public/push-sw.js).
        importScripts: ['/push-sw.js'],
      },
    }),
    inlineEntryCss(),
    preloadDynamicEntry(),
    recordEntryChunks(),
    compileHints(),
    precompress(),
  ],
  resolve: sharedViteConfig.resolve,
  server: sharedViteConfig.server,
  build: {
    ...sharedViteConfig.build,
    modulePreload: {
      ...sharedViteConfig.build.modulePreload,
      resolveDependencies: (_file, deps) => deps.filter((dep) => !entryChunks.has(dep)),
    },
    // The server reads it to preload a landing page's screen chunk (apps/api/src/plugins/app-page-hints.ts).
    manifest: true,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Two chunks, evaluated in two steps of the start (decision 0373).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'framework', test: /node_modules[\\/](@tanstack|use-sync-external-store)[\\/]/, priority: 1 },
            // The contract's texts (decision 0689): a message group one screen shows stays in that
            // screen's chunk; the groups several screens show go into one chunk, `texts` — not a
            // chunk per set of screens (a file each, 20 more) nor the whole `messages` as before.
            // The start's own texts (shell-messages.ts, and request-error-messages.ts its API client
            // shows) stay with the start. `messages.ts` brings
            // fillMessage, `plural.ts` countText and the count texts the checkout's group reuses.
            // Their imports (the money format…) stay where they are: captured, they would pull
            // the start's modules into this chunk and this chunk into the first load.
            {
              name: 'texts',
              test: /packages[\\/]contract[\\/]src[\\/]common[\\/]((?!shell-|request-error-)[\w-]+-messages|messages|plural)\.ts$/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            // The app's modules the start's steps share with the screens: one chunk, not a dozen (decision 0686).
            { name: startSharedChunk(path.resolve(import.meta.dirname, 'src/app/main.tsx'), path.resolve(import.meta.dirname, 'src/app/start.tsx')) },
          ],
        },
      },
    },
  },
});
