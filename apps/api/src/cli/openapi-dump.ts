// Writes the published OpenAPI document (what /api/docs/json serves) to a file, building the app on a
// throw-away SQLite database without listening: `tsx apps/api/src/cli/openapi-dump.ts out.json`.
// `npm test`'s openapi stage lints the file with redocly's recommended rules.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';

const out = process.argv[2];
if (!out) throw new Error('usage: openapi-dump <file.json>');
const dataDir = mkdtempSync(path.join(tmpdir(), 'farmacia-openapi-'));
try {
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: '0' },
    { engine: 'sqlite', databaseUrl: path.join(dataDir, 'doc.sqlite'), webDist: undefined },
  );
  const database = openDatabase(config.engine, config.databaseUrl);
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  await database.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
