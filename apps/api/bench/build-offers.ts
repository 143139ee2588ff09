/**
 * `npm run bench -- --only offers`, step 1 (issue 18 "Scale"): a PostgreSQL database with a
 * `--size`-product master and `--shops` shops × `--offers` offers each, kept between runs.
 *
 * The master goes through the catalogue writer (as the search bench builds it, ~20 s); the shops
 * and their offers are generated in SQL with `generate_series`, indexes and foreign-key checks
 * off during the insert and built once after it, so 20 M offers take minutes, not hours.
 *
 * Kept between runs: `bench_offers_meta` records the generator's version. A database without it,
 * or from another version of this generator (other data), is made anew; a database that only
 * lacks migrations written since gets them, as a real installation would at its next start.
 * Prints one JSON line: whether it was generated, each step's time, sizes.
 *
 *   tsx apps/api/bench/build-offers.ts --database-url postgres://…/farmacia_bench_offers --mix FILE
 */
import { existsSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createAccount } from '../src/modules/accounts/index.js';
import { createCategoryTree, writeProducts } from '../src/modules/catalogue/catalogue-writer.js';
import { DEMO_CATEGORY_TREE, generateCatalogue } from '../src/modules/catalogue/demo-catalogue.js';
import { buildQueryMix } from './query-mix.js';

/** Bump when the generated data changes (sizes, distributions): kept databases are then made anew. */
const GENERATOR_VERSION = 1;

/** Known to scripts/bench-offers.mjs, which logs in with it. */
const BENCH_PHARMACIST = { name: 'Farmacista Bench', email: 'farmacista.bench@example.it', password: 'Password123!' };

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    size: { type: 'string', default: '250000' },
    shops: { type: 'string', default: '1000' },
    offers: { type: 'string', default: '20000' },
    mix: { type: 'string' },
  },
});
const url = values['database-url'];
const size = Number(values.size);
const shops = Number(values.shops);
const offersPerShop = Number(values.offers);
if (!url?.startsWith('postgres') || !values.mix || !(offersPerShop < size)) {
  console.error('usage: build-offers.ts --database-url postgres://…/NAME --mix FILE [--size N --shops N --offers N < size]');
  process.exit(2);
}
const version = `${GENERATOR_VERSION}:${size}:${shops}:${offersPerShop}`;
const clock = () => performance.now();
const timings: Record<string, number> = {};
async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const t = clock();
  const result = await work();
  timings[name] = Math.round(clock() - t);
  console.error(`[build-offers] ${name}: ${(timings[name] / 1000).toFixed(1)} s`);
  return result;
}

async function keptVersion(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const r = await client.query('select version from bench_offers_meta');
    return r.rows[0]?.version;
  } catch {
    return undefined; // no database, or no meta table: generate
  } finally {
    await client.end().catch(() => {});
  }
}

async function recreateDatabase(): Promise<void> {
  const admin = new URL(url as string);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
}

const generated = (await keptVersion()) !== version;
const started = clock();
if (generated) await recreateDatabase();
const database = openDatabase('postgres', url);
const db = database.db;
const migrated = await step('migrate', () => migrateToLatest(db));

if (generated) {
  const products = generateCatalogue(size);
  await step('master', async () => {
    await createCategoryTree(db, DEMO_CATEGORY_TREE);
    await writeProducts(db, products); // no shop yet: the master only
  });
  await db.transaction().execute(async (tx) => {
    await sql`set local maintenance_work_mem = '512MB'`.execute(tx);
    await sql`set local work_mem = '256MB'`.execute(tx);
    // No foreign-key triggers during the bulk insert (every row is built from existing ids).
    await sql`set local session_replication_role = replica`.execute(tx);
    await step('shops', () =>
      sql`insert into shops (name, created_at)
        select 'Farmacia ' || s, '2026-01-01T00:00:00.000Z' from generate_series(1, ${shops}) s`.execute(tx),
    );
    await sql`alter table product_offers drop constraint product_offers_pk`.execute(tx);
    await sql`drop index product_offers_product`.execute(tx);
    // Each shop sells the first 4,000 products of the master (what every pharmacy stocks) and
    // the rest of its offers spread over the others by a stride coprime to their count, so every
    // shop's shelf differs; prices ±10 % around the master's, ~1 in 20 on promotion, ~1 in 50
    // off sale, ~1 in 10 out of stock.
    await step('offers', () =>
      sql`insert into product_offers (shop_id, product_id, price_cents, list_price_cents, stock, promo, on_sale, updated_at, promo_start, promo_end)
        select s.id, p.id,
          p.price_cents * (90 + (s.id * 31 + p.id) % 21) / 100,
          case when (s.id + p.id) % 20 = 0 then p.price_cents * 6 / 5 end,
          case when (s.id * 7 + p.id) % 10 = 0 then 0 else (s.id + p.id * 13) % 60 + 1 end,
          case when (s.id + p.id) % 20 = 0 then 1 else 0 end,
          case when (s.id * 3 + p.id) % 50 = 0 then 0 else 1 end,
          '2026-01-01T00:00:00.000Z', null, null
        from shops s
        cross join lateral (
          select case when i < 4000 then i else 4000 + ((s.id * 7919 + (i - 4000) * 13) % (${size} - 4000)) end as n
          from generate_series(0, ${offersPerShop} - 1) i
        ) pick
        join (select id, price_cents, row_number() over (order by id) - 1 as n from products) p on p.n = pick.n
        order by s.id, p.id`.execute(tx),
    );
    await step('offer indexes', async () => {
      await sql`alter table product_offers add constraint product_offers_pk primary key (shop_id, product_id)`.execute(tx);
      await sql`create index product_offers_product on product_offers (product_id)`.execute(tx);
    });
    await step('shop category totals', async () => {
      await sql`delete from shop_category_totals`.execute(tx);
      for (const level of [1, 2, 3, 4]) {
        await sql`insert into shop_category_totals (shop_id, category_id, tot_prodotti)
          select o.shop_id, ${sql.ref(`p.cat${level}_id`)}, count(*)
          from product_offers o join products p on p.id = o.product_id
          where o.on_sale = 1 and ${sql.ref(`p.cat${level}_id`)} is not null
          group by o.shop_id, ${sql.ref(`p.cat${level}_id`)}`.execute(tx);
      }
    });
  });
  writeFileSync(values.mix, JSON.stringify(buildQueryMix(products)));
}
if (generated || migrated.length > 0) {
  await step('vacuum analyze', () => sql`vacuum analyze`.execute(db));
}
// The pharmacist of shop 1 whose back-office price change the bench times across two instances.
const pharmacist = await db.selectFrom('users').select('id').where('email', '=', BENCH_PHARMACIST.email).executeTakeFirst();
if (!pharmacist) {
  await createAccount(
    db,
    { ...BENCH_PHARMACIST, role: 'pharmacist', shopId: 1, privacy: { privacy1: true, privacy2: false, privacy3: false } },
    { ip: '127.0.0.1', userAgent: 'farmacia-bench' },
  );
}
await sql`create table if not exists bench_offers_meta (version text not null)`.execute(db);
await sql`delete from bench_offers_meta`.execute(db);
await sql`insert into bench_offers_meta (version) values (${version})`.execute(db);
if (!existsSync(values.mix)) writeFileSync(values.mix, JSON.stringify(buildQueryMix(generateCatalogue(size))));

const counts = await sql<{ offers: string; bytes: string }>`select
    (select reltuples::bigint from pg_class where relname = 'product_offers') as offers,
    pg_database_size(current_database()) as bytes`.execute(db);
await database.close();
console.log(
  JSON.stringify({
    generated,
    migrations: migrated.length,
    version,
    totalMs: Math.round(clock() - started),
    timings,
    offers: Number(counts.rows[0]?.offers ?? 0),
    databaseBytes: Number(counts.rows[0]?.bytes ?? 0),
  }),
);
