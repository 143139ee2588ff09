// `npm start`: builds the web app and the back office when a build is missing or older than its sources, then runs
// the server (which migrates and seeds the demo pharmacy on an empty database).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const backoffice = path.join(root, 'apps/backoffice');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds a Vite app when its build is missing or older than its sources (or the contract's). */
function buildWhenStale(app, label) {
  const built = path.join(app, 'dist/index.html');
  const sources = [path.join(app, 'src'), path.join(app, 'public'), path.join(root, 'packages/contract/src')].filter(existsSync);
  const stale =
    !existsSync(built) ||
    Math.max(...sources.map(newestMtime), statSync(path.join(app, 'index.html')).mtimeMs) > statSync(built).mtimeMs;
  if (stale) {
    console.log(`[start] building ${label}…`);
    execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: app, stdio: 'inherit' });
  }
}

buildWhenStale(web, 'the web app');
buildWhenStale(backoffice, 'the back office');

const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    // A young generation of 64 MB: the search's short-lived objects die there instead of feeding
    // the slow full collections that set the tail latency (decision 0173).
    NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-semi-space-size=64'].filter(Boolean).join(' '),
    WEB_DIST: process.env.WEB_DIST ?? path.join(web, 'dist'),
    BACKOFFICE_DIST: process.env.BACKOFFICE_DIST ?? path.join(backoffice, 'dist'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
