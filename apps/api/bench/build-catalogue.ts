/**
 * `npm run bench`, step 1: builds a synthetic catalogue of `--size` products into an empty
 * database (SQLite file under `--data-dir`, or PostgreSQL at `--database-url`), exactly as the
 * app stores it, and writes the query mix next to it. Prints one JSON line with the timings.
 *
 *   tsx apps/api/bench/build-catalogue.ts --size 250000 --data-dir /tmp/x [--database-url postgres://…]
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createCategoryTree, writeProducts } from '../src/modules/catalogue/catalogue-writer.js';
import { DEMO_CATEGORY_TREE, generateCatalogue } from '../src/modules/catalogue/demo-catalogue.js';
import { optimizeSearchIndex } from '../src/search/sqlite-index.js';
import { buildQueryMix } from './query-mix.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '250000' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
  },
});
const size = Number(values.size);
const dataDir = values['data-dir'];
if (!dataDir || !Number.isInteger(size) || size < 1) {
  console.error('usage: build-catalogue.ts --size N --data-dir DIR [--database-url postgres://…]');
  process.exit(2);
}
mkdirSync(dataDir, { recursive: true });
const postgres = values['database-url']?.startsWith('postgres') ?? false;
const file = path.join(dataDir, 'farmacia.sqlite');
if (!postgres && existsSync(file)) {
  console.error(`${file} exists: the benchmark builds into an empty database`);
  process.exit(2);
}
const database = openDatabase(postgres ? 'postgres' : 'sqlite', postgres ? (values['database-url'] as string) : file);
const db = database.db;
const clock = () => performance.now();

await migrateToLatest(db);
let t = clock();
const products = generateCatalogue(size);
const generateMs = clock() - t;

t = clock();
// CPU time too: on a machine shared with other work, wall time says more about the others.
const cpuAtBuild = process.cpuUsage();
await createCategoryTree(db, DEMO_CATEGORY_TREE);
// The one pharmacy of the installation, selling the whole master: without a shop the writer makes
// no offer, and every search answered an empty page (issue 18's offers are per shop).
await db.insertInto('shops').values({ name: 'Farmacia Bench', created_at: new Date().toISOString() }).execute();
await writeProducts(db, products);
const writeMs = clock() - t;

t = clock();
if (postgres) {
  await sql`vacuum analyze products`.execute(db);
} else {
  await optimizeSearchIndex(db);
  await sql`analyze`.execute(db);
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
}
const optimizeMs = clock() - t;
const buildCpu = process.cpuUsage(cpuAtBuild);

let databaseBytes: number;
if (postgres) {
  const row = await sql<{ bytes: number }>`select pg_database_size(current_database())::bigint as bytes`.execute(db);
  databaseBytes = Number(row.rows[0]?.bytes ?? 0);
} else {
  databaseBytes = [file, `${file}-wal`].filter(existsSync).reduce((sum, f) => sum + statSync(f).size, 0);
}
await database.close();

const mix = buildQueryMix(products);
writeFileSync(path.join(dataDir, 'query-mix.json'), JSON.stringify(mix));

console.log(
  JSON.stringify({
    engine: postgres ? 'postgres' : 'sqlite',
    size,
    generateMs: Math.round(generateMs),
    writeAndIndexMs: Math.round(writeMs),
    optimizeMs: Math.round(optimizeMs),
    buildMs: Math.round(writeMs + optimizeMs),
    buildCpuMs: Math.round((buildCpu.user + buildCpu.system) / 1000),
    databaseBytes,
    queries: mix.length,
  }),
);
