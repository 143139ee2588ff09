import { type Kysely, sql } from 'kysely';
import { engineOf } from '../column.js';

/**
 * `catalogue_search_state.pages_version` (decision 0585): moves with every write that can change a
 * product page — a product row, a shop's offer (price, stock, promotion, on sale), a category's
 * name or slug. The API keeps product pages in memory and reads this one number per page instead
 * of the product with its offer and four categories, so every instance follows a write made by any
 * other at its next request. On SQLite row-level triggers (it has no others); on PostgreSQL
 * statement-level ones (an import moves it once per statement), TRUNCATE included.
 */
const TABLES = [
  { table: 'products', columns: '' },
  { table: 'product_offers', columns: '' },
  { table: 'categories', columns: ' of name, slug' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_search_state').addColumn('pages_version', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  const bump = 'update catalogue_search_state set pages_version = pages_version + 1 where id = 1;';
  if (engineOf(db) === 'sqlite') {
    for (const { table, columns } of TABLES) {
      for (const event of ['insert', 'delete', `update${columns}`]) {
        await sql.raw(`create trigger ${table}_pages_${event.split(' ')[0]} after ${event} on ${table} begin ${bump} end`).execute(db);
      }
    }
    return;
  }
  await sql.raw(`create function farmacia_catalogue_pages_changed() returns trigger language plpgsql as $$
    begin ${bump} return null; end $$`).execute(db);
  for (const { table, columns } of TABLES) {
    await sql.raw(`create trigger ${table}_pages after insert or delete or update${columns} on ${table}
      for each statement execute function farmacia_catalogue_pages_changed()`).execute(db);
    await sql.raw(`create trigger ${table}_pages_truncate after truncate on ${table}
      for each statement execute function farmacia_catalogue_pages_changed()`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    for (const { table } of TABLES) {
      for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${table}_pages_${event}`).execute(db);
    }
  } else {
    for (const { table } of TABLES) {
      await sql.raw(`drop trigger if exists ${table}_pages on ${table}`).execute(db);
      await sql.raw(`drop trigger if exists ${table}_pages_truncate on ${table}`).execute(db);
    }
    await sql`drop function if exists farmacia_catalogue_pages_changed()`.execute(db);
  }
  await db.schema.alterTable('catalogue_search_state').dropColumn('pages_version').execute();
}
