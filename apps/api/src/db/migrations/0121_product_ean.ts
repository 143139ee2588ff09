import type { Kysely } from 'kysely';
import { index } from '../column.js';

/**
 * The optional EAN-13 of a product (issue 20, decision 0471): read from the catalogue import's
 * `ean` column, looked up when a customer scans a pack that carries an EAN instead of (or beside)
 * its Code 32. Not unique: a wholesaler's file may repeat one; the lookup takes the most popular.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('ean', 'text').execute();
  await index(db, 'products_ean_idx', 'products', ['ean']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_ean_idx').execute();
  await db.schema.alterTable('products').dropColumn('ean').execute();
}
