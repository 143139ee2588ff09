import { type Kysely, sql } from 'kysely';
import { engineOf } from '../column.js';

/**
 * PostgreSQL: a catalogue search version, like the one SQLite's triggers keep since 0020
 * (decision 0190). The PostgreSQL search adapter keeps the catalogue's postings in memory and
 * compares this number on every search, so several stateless API instances all see a write at
 * once. Statement-level triggers: a bulk import moves it once per statement, not once per row,
 * and a stock or price update (not an indexed field) leaves it alone. `categories_version` moves
 * with the categories' names and slugs, which the adapter also keeps in memory for the hits.
 * On SQLite nothing to do: `catalogue_search_state` and its triggers exist since 0020.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`create table catalogue_search_state (
    id integer primary key check (id = 1),
    version bigint not null,
    categories_version bigint not null)`.execute(db);
  await sql`insert into catalogue_search_state (id, version, categories_version) values (1, 0, 0)`.execute(db);
  await sql`create function farmacia_catalogue_search_changed() returns trigger language plpgsql as $$
    begin
      update catalogue_search_state set version = version + 1 where id = 1;
      return null;
    end $$`.execute(db);
  await sql`create function farmacia_categories_changed() returns trigger language plpgsql as $$
    begin
      update catalogue_search_state set categories_version = categories_version + 1 where id = 1;
      return null;
    end $$`.execute(db);
  // Not on tot_prodotti or last_update, refreshed after every catalogue write: only what a hit shows.
  await sql`create trigger categories_search_version after insert or delete or update of name, slug on categories
    for each statement execute function farmacia_categories_changed()`.execute(db);
  await sql`create trigger categories_search_version_truncate after truncate on categories
    for each statement execute function farmacia_categories_changed()`.execute(db);
  await sql`create trigger products_search_version after insert or delete or update of
      nome_prodotto, descrizione_pricipio_attivo, descrizione_ditta_1_produttrice, descrizione_atc, rank
    on products for each statement execute function farmacia_catalogue_search_changed()`.execute(db);
  await sql`create trigger products_search_version_truncate after truncate on products
    for each statement execute function farmacia_catalogue_search_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`drop trigger if exists products_search_version_truncate on products`.execute(db);
  await sql`drop trigger if exists products_search_version on products`.execute(db);
  await sql`drop trigger if exists categories_search_version_truncate on categories`.execute(db);
  await sql`drop trigger if exists categories_search_version on categories`.execute(db);
  await sql`drop function if exists farmacia_catalogue_search_changed()`.execute(db);
  await sql`drop function if exists farmacia_categories_changed()`.execute(db);
  await sql`drop table if exists catalogue_search_state`.execute(db);
}
