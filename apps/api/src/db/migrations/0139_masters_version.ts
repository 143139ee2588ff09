import { type Kysely, sql } from 'kysely';
import { engineOf } from '../column.js';

/**
 * `catalogue_search_state.masters_version` (decision 0675), PostgreSQL only: moved by every write to
 * a product (the master) and to a category's name or slug, not by a shop's offer.
 *
 * The search adapter keeps the master's half of hits between requests and reads only the shops'
 * offers, by key. It kept them by `pages_version` (migration 0135), which every offer write moves
 * too: on a platform of a thousand pharmacies the stock of some offer changes all the time, and
 * each change dropped every kept half and made the next pages read their masters again. An offer
 * is read with every page anyway; only the master's writes say a kept half is stale.
 *
 * Statement-level triggers, as 0135's (an import moves it once per statement), TRUNCATE included.
 * SQLite has no such adapter (its search keeps its own rendered hits by its data version).
 */
const WATCHED = [
  { table: 'products', columns: '' },
  { table: 'categories', columns: ' of name, slug' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') return;
  await db.schema.alterTable('catalogue_search_state').addColumn('masters_version', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await sql.raw(`create function farmacia_masters_changed() returns trigger language plpgsql as $$
    begin update catalogue_search_state set masters_version = masters_version + 1 where id = 1; return null; end $$`).execute(db);
  for (const { table, columns } of WATCHED) {
    await sql.raw(`create trigger ${table}_masters after insert or delete or update${columns} on ${table}
      for each statement execute function farmacia_masters_changed()`).execute(db);
    await sql.raw(`create trigger ${table}_masters_truncate after truncate on ${table}
      for each statement execute function farmacia_masters_changed()`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') return;
  for (const { table } of WATCHED) {
    await sql.raw(`drop trigger if exists ${table}_masters on ${table}`).execute(db);
    await sql.raw(`drop trigger if exists ${table}_masters_truncate on ${table}`).execute(db);
  }
  await sql`drop function if exists farmacia_masters_changed()`.execute(db);
  await db.schema.alterTable('catalogue_search_state').dropColumn('masters_version').execute();
}
