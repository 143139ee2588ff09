import type { Kysely } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * On-duty pharmacy shifts (turni) a shop publishes: which pharmacy of the area is open on a given
 * day and hours (the shop itself or a neighbour). The turni PDF and the assistant read them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('duty_shifts'), engineOf(db))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    /** YYYY-MM-DD, the day the shift starts (shop time). */
    .addColumn('day', 'text', (c) => c.notNull())
    /** HH:mm, shop time; an end before the start runs past midnight. */
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('pharmacy_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    /** 1 when the on-duty pharmacy is this shop. */
    .addColumn('is_own_shop', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('duty_shifts_shop_day').on('duty_shifts').columns(['shop_id', 'day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('duty_shifts').execute();
}
