import type { Executor } from '../../db/database.js';
import type { DutyShiftRow } from './media.table.js';

/** Shifts of the shop from `fromDay` to `toDay` (inclusive, YYYY-MM-DD), in time order. */
export function listDutyShifts(db: Executor, shopId: number, fromDay: string, toDay: string): Promise<DutyShiftRow[]> {
  return db
    .selectFrom('duty_shifts')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .orderBy('day')
    .orderBy('start_time')
    .orderBy('id')
    .execute();
}

/** What changes when the shifts change: the count and the newest row (a cache key). */
export async function dutyShiftsVersion(db: Executor, shopId: number): Promise<string> {
  const row = await db
    .selectFrom('duty_shifts')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('last')])
    .where('shop_id', '=', shopId)
    .executeTakeFirst();
  return `${Number(row?.n ?? 0)}:${row?.last ?? 0}`;
}

export async function insertDutyShifts(
  db: Executor,
  rows: Array<Omit<DutyShiftRow, 'id'>>,
): Promise<void> {
  if (rows.length > 0) await db.insertInto('duty_shifts').values(rows).execute();
}
