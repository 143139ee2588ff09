/**
 * Developer aid: the real server with a CPU profiler that runs only while asked, so a profile
 * shows the warm steady state and not start-up or the first loads of the index.
 *   DATA_DIR=… PORT=… tsx apps/api/bench/profile-server.ts OUT_DIR
 * `kill -USR2 <pid>` starts profiling, a second `kill -USR2` writes OUT_DIR/search-<time>.cpuprofile.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const outDir = process.argv[2] ?? '.';
const config = loadConfig();
const app = await buildApp(config);
const session = new Session();
session.connect();
let profiling = false;
process.on('SIGUSR2', async () => {
  if (!profiling) {
    profiling = true;
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    console.log('PROFILING');
    return;
  }
  profiling = false;
  const { profile } = await session.post('Profiler.stop');
  const file = path.join(outDir, `search-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  console.log(`PROFILE ${file}`);
});
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
await app.listen({ port: config.port, host: config.host });
console.log(`READY ${config.port}`);
