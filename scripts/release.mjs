// `npm run release [-- --out DIR] [--install]`: what an operator deploys. Builds everything
// (scripts/build.mjs) and lays out DIR (default dist/release): the compiled server, the built web app
// and back office, and a package.json naming exactly the server's runtime dependencies at the versions
// this checkout tested. `--install` then runs `npm install --omit=dev` there. Start it with
// `npm start` (plain `node apps/api/dist/server.mjs`) in that folder. Decision 0442.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll, serverDist } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The server's npm dependencies at the versions installed here (the contract is compiled in). */
function runtimeDependencies() {
  const api = readJson(path.join(root, 'apps/api/package.json'));
  return Object.fromEntries(
    Object.keys(api.dependencies)
      .filter((name) => !name.startsWith('@farmacia/'))
      .sort()
      .map((name) => [name, readJson(path.join(root, 'node_modules', name, 'package.json')).version]),
  );
}

/** `env`: more environment for `npm install` (the release test points it at npm's cache and a local prebuild). */
export async function makeRelease({ out = path.join(root, 'dist/release'), install = false, env = {} } = {}) {
  await buildAll({ whenStale: true });
  rmSync(out, { recursive: true, force: true });
  // The same layout as the checkout: the server finds the apps at ../../web/dist from its folder.
  mkdirSync(path.join(out, 'apps/api'), { recursive: true });
  cpSync(serverDist, path.join(out, 'apps/api/dist'), { recursive: true });
  cpSync(path.join(root, 'apps/web/dist'), path.join(out, 'apps/web/dist'), { recursive: true });
  cpSync(path.join(root, 'apps/backoffice/dist'), path.join(out, 'apps/backoffice/dist'), { recursive: true });
  const main = readJson(path.join(root, 'package.json'));
  const pkg = {
    name: 'farmacia-release',
    private: true,
    version: main.version,
    description: 'Farmacia, compiled: run `npm start` (see the project README, "Going live").',
    type: 'module',
    engines: main.engines,
    scripts: {
      start: 'node --max-semi-space-size=64 --enable-source-maps apps/api/dist/server.mjs',
      worker: 'node --enable-source-maps apps/api/dist/worker.mjs',
      'catalogue:import': 'node --enable-source-maps apps/api/dist/catalogue-import.mjs',
      setup: 'node --enable-source-maps apps/api/dist/setup.mjs',
    },
    dependencies: runtimeDependencies(),
    allowScripts: main.allowScripts,
  };
  writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  if (install) {
    execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: out, stdio: 'inherit', env: { ...process.env, ...env } });
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const out = outIndex >= 0 ? path.resolve(args[outIndex + 1]) : undefined;
  console.log(`[release] ${await makeRelease({ out, install: args.includes('--install') })}`);
}
