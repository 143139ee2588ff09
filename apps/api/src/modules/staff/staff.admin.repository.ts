import type { Db } from '../../db/database.js';

/** Back-office reads and writes of staff members and their hours (a row of another shop is simply not found). */

export function staffOfShop(db: Db, shopId: number) {
  return db.selectFrom('staff').select(['id', 'name', 'active']).where('shop_id', '=', shopId).orderBy('name').execute();
}

export function findStaffMember(db: Db, shopId: number, id: number) {
  return db.selectFrom('staff').select(['id', 'name', 'active']).where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
}

export async function updateStaffMember(db: Db, id: number, values: { name: string; active: 0 | 1 }): Promise<void> {
  await db.updateTable('staff').set(values).where('id', '=', id).execute();
}

export async function deleteHours(db: Db, staffId: number): Promise<void> {
  await db.deleteFrom('staff_hours').where('staff_id', '=', staffId).execute();
}

/** Which of `ids` are staff members of the shop. */
export async function staffIdsOfShop(db: Db, shopId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('staff').select('id').where('shop_id', '=', shopId).where('id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}
