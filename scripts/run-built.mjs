// `npm run worker`, `npm run catalogue:import -- …`: an operator's command, from the compiled server
// (built first when missing or stale, like `npm start`), run with plain `node`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildServer, SERVER_ENTRIES, serverDist } from './build.mjs';

const [entry, ...args] = process.argv.slice(2);
if (!entry || !(entry in SERVER_ENTRIES)) {
  console.error(`usage: node scripts/run-built.mjs <${Object.keys(SERVER_ENTRIES).join('|')}> [arguments]`);
  process.exit(2);
}
await buildServer({ whenStale: true });
const result = spawnSync(process.execPath, ['--enable-source-maps', path.join(serverDist, `${entry}.mjs`), ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
