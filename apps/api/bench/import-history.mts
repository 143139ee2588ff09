/**
 * The catalogue import's cost with each shop's price history (decision 0701): N products listed
 * (one shop, SQLite under /tmp), their history moved 60 days back, then re-imported with every
 * price changed and 1 in 20 put on promotion with `prezzo_pieno` empty (computed from the
 * history). Prints one JSON line: wall and CPU milliseconds of each import, history rows.
 *
 *   npx tsx apps/api/bench/import-history.mts 100000
 */
import { rmSync } from 'node:fs';
import { minsanCheckDigit } from '@farmacia/contract';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { importCatalogue } from '../src/modules/catalogue/catalogue-import.service.js';

const N = Number(process.argv[2] ?? 100000);
const file = `/tmp/farmacia-import-history-${process.pid}.sqlite`;
const database = openDatabase('sqlite', file);
const db = database.db;
await migrateToLatest(db);
await db.insertInto('shops').values({ name: 'Farmacia Bench', created_at: new Date().toISOString() }).execute();

const code = (i: number) => {
  const first8 = `8${String(i).padStart(7, '0')}`;
  return `${first8}${minsanCheckDigit(first8)}`;
};
const priceList = (second: boolean) => {
  const lines = ['codice_ministeriale;nome_prodotto;prezzo;prezzo_pieno;quantita;promo'];
  for (let i = 0; i < N; i++) {
    const promo = second && i % 20 === 0;
    const price = (i % 90) + 10 + (second ? (promo ? -5 : 1) : 0);
    lines.push(`${code(i)};PRODOTTO ${i};${price},00;;${i % 7};${promo ? 1 : 0}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
};
const measure = async (bytes: Buffer) => {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const report = await importCatalogue(db, bytes);
  const used = process.cpuUsage(cpu);
  return {
    ms: Math.round(performance.now() - start),
    cpuMs: Math.round((used.user + used.system) / 1000),
    inserted: report.inserted,
    updated: report.updated,
    rejected: report.rejected.length,
  };
};

const first = await measure(priceList(false));
// Listed two months ago: the promotions have 30 days of prices before them.
await sql`update offer_price_history set at = ${new Date(Date.now() - 60 * 86_400_000).toISOString()}`.execute(db);
const second = await measure(priceList(true));
const historyRows = Number((await sql<{ n: number }>`select count(*) as n from offer_price_history`.execute(db)).rows[0]?.n);
await database.close();
for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
console.log(JSON.stringify({ N, first, second, historyRows }));
