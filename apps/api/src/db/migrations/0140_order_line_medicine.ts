import { type Kysely, sql } from 'kysely';

/**
 * `order_products.medicine` (decision 0696): the line is a medicine (prescription-only or SOP/OTC)
 * as sold, so no discount code is taken off it and it earns no loyalty points — also when the
 * pharmacist re-prices the order later or the product's master changes or leaves the catalogue.
 * Existing lines: a medicine when marked prescription-only or when the master says so today.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_products').addColumn('medicine', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update order_products set medicine = 1 where prescription_only = 1 or code in
    (select codice_ministeriale from products where prescription_only = 1 or sop_otc = 1)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_products').dropColumn('medicine').execute();
}
