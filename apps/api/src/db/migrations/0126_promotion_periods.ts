import type { Kysely } from 'kysely';

/**
 * A product promotion's period (issue 19, decision 0530): first and last day, 'YYYY-MM-DD' in
 * Europe/Rome, both inclusive, null = open. Text on both engines, so the public queries compare
 * them with the pharmacy's day the same way (ISO days sort as text).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('promo_start', 'text').execute();
  await db.schema.alterTable('products').addColumn('promo_end', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('promo_end').execute();
  await db.schema.alterTable('products').dropColumn('promo_start').execute();
}
