// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server (which migrates and seeds the demo pharmacy on an empty database).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const built = path.join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(web, 'src'), path.join(web, 'public'), path.join(root, 'packages/contract/src')];
const stale =
  !existsSync(built) ||
  Math.max(...sources.map(newestMtime), statSync(path.join(web, 'index.html')).mtimeMs) > statSync(built).mtimeMs;
if (stale) {
  console.log('[start] building the web app…');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: web, stdio: 'inherit' });
}

const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? path.join(web, 'dist') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
