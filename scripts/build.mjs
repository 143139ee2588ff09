// `npm run build`: the production build. The web app and the back office (Vite), then the server
// (esbuild: apps/api/dist/*.mjs, one file per entry plus shared chunks, the contract compiled in,
// npm dependencies left to node_modules). `npm start` runs the result with plain `node`.
// `node scripts/build.mjs --when-stale` builds only what is missing or older than its sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const contractSources = path.join(root, 'packages/contract/src');

/** The server's entry points: what an operator runs (decision 0442). */
export const SERVER_ENTRIES = {
  server: 'apps/api/src/server.ts',
  worker: 'apps/api/src/worker.ts',
  'catalogue-import': 'apps/api/src/cli/catalogue-import.ts',
  setup: 'apps/api/src/cli/setup.ts',
  // Not a command: the PDF check's worker thread, started by the server (files/pdf-scan-pool.ts).
  'pdf-scan-worker': 'apps/api/src/modules/files/pdf-scan-worker.ts',
};
export const serverDist = path.join(root, 'apps/api/dist');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.endsWith('.test.ts')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when `built` is missing or older than any of `sources` (folders or files). */
function isStale(built, sources) {
  if (!existsSync(built)) return true;
  const newest = Math.max(...sources.filter(existsSync).map((s) => (statSync(s).isDirectory() ? newestMtime(s) : statSync(s).mtimeMs)));
  return newest > statSync(built).mtimeMs;
}

function buildVite(app, label, whenStale) {
  const dir = path.join(root, app);
  const sources = [path.join(dir, 'src'), path.join(dir, 'public'), path.join(dir, 'index.html'), contractSources];
  if (whenStale && !isStale(path.join(dir, 'dist/index.html'), sources)) return;
  console.log(`[build] ${label}…`);
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: dir, stdio: 'inherit' });
}

export async function buildServer({ whenStale = false } = {}) {
  const sources = [path.join(root, 'apps/api/src'), path.join(root, 'apps/api/package.json'), contractSources];
  if (whenStale && Object.keys(SERVER_ENTRIES).every((name) => !isStale(path.join(serverDist, `${name}.mjs`), sources))) return;
  console.log('[build] the server…');
  const { build } = await import('esbuild');
  // No clean first: a server running from this folder may still load one of its chunks lazily.
  await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: serverDist,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        // npm packages stay in node_modules (native addons, their own files); the workspace's
        // contract is TypeScript source and is compiled in.
        name: 'dependencies-stay-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@farmacia/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
}

export async function buildAll({ whenStale = false } = {}) {
  buildVite('apps/web', 'the web app', whenStale);
  buildVite('apps/backoffice', 'the back office', whenStale);
  await buildServer({ whenStale });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildAll({ whenStale: process.argv.includes('--when-stale') });
}
