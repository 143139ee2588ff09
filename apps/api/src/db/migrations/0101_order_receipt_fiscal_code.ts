import type { Kysely } from 'kysely';

/**
 * The fiscal code printed on the order's receipt ("scontrino parlante", issue 15): one of the
 * customer's codes chosen at checkout, copied as text so the order keeps it when the customer later
 * edits or deletes that code. Null for orders placed before this column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('receipt_fiscal_code', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('receipt_fiscal_code').execute();
}
