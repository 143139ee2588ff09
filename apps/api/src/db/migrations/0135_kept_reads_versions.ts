import { type Kysely, sql } from 'kysely';
import { engineOf } from '../column.js';

/**
 * Versions of what the API keeps in memory between requests (`db/kept-reads.ts`), each moved by
 * triggers on every write its reads depend on, so an instance reads one row per request instead
 * of the reads themselves and follows a write made by any other at its next request. On SQLite
 * row-level triggers (it has no others); on PostgreSQL statement-level ones (an import moves a
 * version once per statement), TRUNCATE included.
 *
 * - `catalogue_search_state.pages_version` (decision 0585): the product pages — a product row, a
 *   shop's offer (price, stock, promotion, on sale), a category's name or slug.
 * - `slot_rules_state.version` (decision 0586): what a day's slots read besides the reservations —
 *   the services, their staff, hours and closures. Not the staff row's `booking_seq`, which every
 *   booking moves to take its lock (decision 0180): bookings never move this version.
 */
const PAGES = [
  { table: 'products', columns: '' },
  { table: 'product_offers', columns: '' },
  { table: 'categories', columns: ' of name, slug' },
] as const;
const SLOT_RULES = [
  { table: 'services', columns: '' },
  { table: 'staff', columns: ' of shop_id, name, active' },
  { table: 'staff_services', columns: '' },
  { table: 'staff_hours', columns: '' },
  { table: 'staff_exceptions', columns: '' },
] as const;
type Watched = readonly { table: string; columns: string }[];

async function bumpOn(db: Kysely<any>, name: string, bump: string, tables: Watched): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    for (const { table, columns } of tables) {
      for (const event of ['insert', 'delete', `update${columns}`]) {
        await sql.raw(`create trigger ${table}_${name}_${event.split(' ')[0]} after ${event} on ${table} begin ${bump} end`).execute(db);
      }
    }
    return;
  }
  await sql.raw(`create function farmacia_${name}_changed() returns trigger language plpgsql as $$ begin ${bump} return null; end $$`).execute(db);
  for (const { table, columns } of tables) {
    await sql.raw(`create trigger ${table}_${name} after insert or delete or update${columns} on ${table}
      for each statement execute function farmacia_${name}_changed()`).execute(db);
    await sql.raw(`create trigger ${table}_${name}_truncate after truncate on ${table}
      for each statement execute function farmacia_${name}_changed()`).execute(db);
  }
}

async function dropBumps(db: Kysely<any>, name: string, tables: Watched): Promise<void> {
  for (const { table } of tables) {
    if (engineOf(db) === 'sqlite') {
      for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${table}_${name}_${event}`).execute(db);
    } else {
      await sql.raw(`drop trigger if exists ${table}_${name} on ${table}`).execute(db);
      await sql.raw(`drop trigger if exists ${table}_${name}_truncate on ${table}`).execute(db);
    }
  }
  if (engineOf(db) === 'postgres') await sql.raw(`drop function if exists farmacia_${name}_changed()`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_search_state').addColumn('pages_version', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await bumpOn(db, 'pages', 'update catalogue_search_state set pages_version = pages_version + 1 where id = 1;', PAGES);
  await sql`create table slot_rules_state (id integer primary key check (id = 1), version bigint not null default 0)`.execute(db);
  await sql`insert into slot_rules_state (id, version) values (1, 0)`.execute(db);
  await bumpOn(db, 'slot_rules', 'update slot_rules_state set version = version + 1 where id = 1;', SLOT_RULES);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropBumps(db, 'slot_rules', SLOT_RULES);
  await sql`drop table if exists slot_rules_state`.execute(db);
  await dropBumps(db, 'pages', PAGES);
  await db.schema.alterTable('catalogue_search_state').dropColumn('pages_version').execute();
}
