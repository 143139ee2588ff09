import type { Executor } from '../../db/database.js';
import type { AddressRow, NewAddressRow } from './addresses.table.js';

export type AddressFields = Pick<
  AddressRow,
  'name' | 'address_1' | 'address_2' | 'city' | 'state_region' | 'postal_code' | 'phone_number' | 'country'
>;

/** The customer's own addresses and the pickup points of their shop; own first, the default on top. */
export function listVisibleAddresses(db: Executor, userId: number, shopId: number): Promise<AddressRow[]> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where((eb) => eb.or([eb('user_id', '=', userId), eb.and([eb('system', '=', 1), eb('shop_id', '=', shopId)])]))
    .orderBy('system', 'asc')
    .orderBy('is_default', 'desc')
    .orderBy('id', 'asc')
    .execute();
}

/** One address the customer may see: their own, or a pickup point of their shop. */
export function findVisibleAddress(db: Executor, userId: number, shopId: number, id: number): Promise<AddressRow | undefined> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb.and([eb('system', '=', 1), eb('shop_id', '=', shopId)])]))
    .executeTakeFirst();
}

export function listPickupPoints(db: Executor, shopId: number): Promise<AddressRow[]> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('system', '=', 1)
    .where('shop_id', '=', shopId)
    .orderBy('id', 'asc')
    .execute();
}

export async function countUserAddresses(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAddress(db: Executor, row: NewAddressRow): Promise<AddressRow> {
  return db.insertInto('addresses').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateUserAddress(
  db: Executor,
  userId: number,
  id: number,
  fields: AddressFields & { updated_at: string },
): Promise<AddressRow | undefined> {
  return db
    .updateTable('addresses')
    .set(fields)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Clears the user's default (before setting a new one: the partial unique index allows only one). */
export async function clearDefault(db: Executor, userId: number, at: string): Promise<void> {
  await db
    .updateTable('addresses')
    .set({ is_default: 0, updated_at: at })
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .execute();
}

export async function setDefault(db: Executor, userId: number, id: number, at: string): Promise<void> {
  await db
    .updateTable('addresses')
    .set({ is_default: 1, updated_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteUserAddress(db: Executor, userId: number, id: number): Promise<AddressRow | undefined> {
  return db.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
}

/** The most recently created address of the user, to inherit the default when the default is deleted. */
export function findNewestUserAddress(db: Executor, userId: number): Promise<AddressRow | undefined> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
