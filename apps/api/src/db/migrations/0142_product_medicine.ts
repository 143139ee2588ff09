import { type Kysely, sql } from 'kysely';

/**
 * `products.medicine` (decision 0699): a medicine that has neither prescription flag — a
 * homeopathic or veterinary one — so no discount code and no loyalty points touch it and its
 * distance sale needs the Ministry authorization, as SOP/OTC's (`isMedicine` reads the three).
 * Existing rows, from what is known: the homeopathics by their ministerial code (the 8 the old
 * homeopathic codes and the demo's start with, decision 0162) or their category «Omeopatia», the
 * demo's veterinary medicines by their category «Farmaci veterinari»; never a prescription-only or
 * SOP/OTC product, which is a medicine by its own flag.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('medicine', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update products set medicine = 1 where prescription_only = 0 and sop_otc = 0
    and (codice_ministeriale like '8%' or exists (select 1 from categories c where c.id in (products.cat1_id, products.cat2_id, products.cat3_id, products.cat4_id)
      and c.name in ('Omeopatia', 'Farmaci veterinari')))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('medicine').execute();
}
