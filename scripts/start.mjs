// `npm start`: builds what is missing or older than its sources (the web app, the back office, the
// server: scripts/build.mjs), then runs the compiled server with plain `node` — no TypeScript
// compiler and no Vite in the running process. The server migrates, and seeds the demo pharmacy on
// an empty database unless NODE_ENV=production.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAll, serverDist } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
await buildAll({ whenStale: true });

const child = spawn(process.execPath, [path.join(serverDist, 'server.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    // A young generation of 64 MB: the search's short-lived objects die there instead of feeding
    // the slow full collections that set the tail latency (decision 0173).
    NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-semi-space-size=64', '--enable-source-maps'].filter(Boolean).join(' '),
    WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
    BACKOFFICE_DIST: process.env.BACKOFFICE_DIST ?? path.join(root, 'apps/backoffice/dist'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
