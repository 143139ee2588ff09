import { type Kysely, sql } from 'kysely';
import { engineOf } from '../column.js';

/**
 * A shop's shelf stored ready (issue 18 "Scale", decision 0596), PostgreSQL only.
 *
 * `shop_shelves.ids`: the shop's products on sale as a bitmap by product id (bit `id % 8` of byte
 * `id >> 3`, 31 KB at 250,000 products), what the search adapter read from `product_offers_shelf`
 * on each shop's first search (an index-only scan of 20,000 entries and their `string_agg`: 4–7 ms,
 * the slowest statement of the offers bench). Stored, the first read is one row. It is written by
 * whoever reads it first (`search/postgres.ts`, from the index), never by the offers' writers: a
 * statement that moves the shelves of a thousand shops (a product withdrawn from the master) moves
 * a thousand versions, as before, and recomputes nothing.
 *
 * It can never be newer or older than the version beside it: a BEFORE trigger clears it whenever
 * the version moves (the triggers of migration 0133: an offer on or off the shelf, TRUNCATE), and a
 * reader stores it only if the row still has the version the ids were read at.
 *
 * SQLite keeps its shelf read (one shop is its usual installation, where the shelf is the master).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') return;
  await sql`alter table shop_shelves add column ids bytea`.execute(db);
  // A bitmap that does not compress much: stored uncompressed, a read is a copy, not a pglz pass.
  await sql`alter table shop_shelves alter column ids set storage external`.execute(db);
  await sql.raw(`create or replace function farmacia_shop_shelves_stale() returns trigger language plpgsql as $$
    begin new.ids := null; return new; end $$`).execute(db);
  await sql`create trigger shop_shelves_stale before update of version on shop_shelves for each row
    when (new.version is distinct from old.version) execute function farmacia_shop_shelves_stale()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') return;
  await sql`drop trigger if exists shop_shelves_stale on shop_shelves`.execute(db);
  await sql`drop function if exists farmacia_shop_shelves_stale()`.execute(db);
  await sql`alter table shop_shelves drop column if exists ids`.execute(db);
}
