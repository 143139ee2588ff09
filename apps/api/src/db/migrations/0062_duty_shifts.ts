import type { Kysely } from 'kysely';
import { createdAt, dropTables, index, ownedByShop, required, requiredTexts, tableWithId, withDefault } from '../column.js';

/**
 * On-duty pharmacy shifts (turni) a shop publishes: which pharmacy of the area is open on a given
 * day and hours (the shop itself or a neighbour). The turni PDF and the assistant read them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'duty_shifts')
    .$call(ownedByShop)
    /** YYYY-MM-DD, the day the shift starts (shop time). */
    .addColumn('day', 'text', required)
    /** HH:mm, shop time; an end before the start runs past midnight. */
    .$call(requiredTexts('start_time', 'end_time'))
    .$call(requiredTexts('pharmacy_name', 'address'))
    .addColumn('phone', 'text')
    /** 1 when the on-duty pharmacy is this shop. */
    .addColumn('is_own_shop', 'integer', withDefault(0))
    .$call(createdAt)
    .execute();
  await index(db, 'duty_shifts_shop_day', 'duty_shifts', ['shop_id', 'day']);
}

export const down = dropTables('duty_shifts');
