import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** The app's database or a transaction on it. */
type Executor = Kysely<Database>;

/**
 * Bulk maintenance of the SQLite search indexes (decision 0163). Everything here must run inside
 * the writer's transaction, between {@link deferIndexing} and {@link indexProductsFrom}.
 */

/** Makes the insert trigger stand aside until {@link indexProductsFrom} (same transaction). */
export async function deferIndexing(tx: Executor): Promise<void> {
  await sql`update catalogue_search_state set deferred = 1 where id = 1`.execute(tx);
}

/** Indexes every product of rank ≥ `fromRank` in one statement per index, and re-arms the trigger. */
export async function indexProductsFrom(tx: Executor, fromRank: number): Promise<void> {
  await sql`insert into product_search (rowid, nome, inizio, principio, ditta, atc)
      select rank, nome_prodotto,
             substr(trim(nome_prodotto), 1, instr(trim(nome_prodotto) || ' ', ' ') - 1),
             descrizione_pricipio_attivo, descrizione_ditta_1_produttrice, descrizione_atc
      from products where rank >= ${fromRank} order by rank`.execute(tx);
  await sql`insert into product_search_trigram (rowid, nome)
      select rank, nome_prodotto from products where rank >= ${fromRank} order by rank`.execute(tx);
  await sql`update catalogue_search_state set deferred = 0, version = version + 1 where id = 1`.execute(tx);
}

/**
 * Merges the indexes' segments into one each (FTS5 'optimize'): worth it after a large load,
 * when thousands of small segments would otherwise slow every query until automerge catches up.
 */
export async function optimizeSearchIndex(db: Executor): Promise<void> {
  await sql`insert into product_search (product_search) values ('optimize')`.execute(db);
  await sql`insert into product_search_trigram (product_search_trigram) values ('optimize')`.execute(db);
}
