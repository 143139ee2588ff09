import type { Db, Executor } from '../../db/database.js';
import { findRow } from '../../db/row-queries.js';
import type { NewUserRow, UserRow } from './users.table.js';

export function findActiveUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return findRow(db, 'users', { id, deleted_at: null });
}

/** By email (already lowercased), deleted accounts included: an address stays taken. */
export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return findRow(db, 'users', { email });
}

export function findUserByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  return findRow(db, 'users', { phone_number: phone });
}

export function findUserByReferralCode(db: Executor, code: string): Promise<UserRow | undefined> {
  return findRow(db, 'users', { referral_code: code, deleted_at: null });
}

export async function insertUser(db: Executor, row: NewUserRow): Promise<UserRow> {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(
  db: Executor,
  id: number,
  changes: Partial<Omit<UserRow, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function linkUserToShop(db: Executor, userId: number, shopId: number, at: string): Promise<void> {
  await db
    .insertInto('user_shops')
    .values({ user_id: userId, shop_id: shopId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'shop_id']).doNothing())
    .execute();
}

export function linkedShops(db: Executor, userId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('user_shops')
    .innerJoin('shops', 'shops.id', 'user_shops.shop_id')
    .select(['shops.id', 'shops.name'])
    .where('user_shops.user_id', '=', userId)
    .orderBy('shops.id')
    .execute();
}

export async function isLinkedToShop(db: Executor, userId: number, shopId: number): Promise<boolean> {
  return (await findRow(db, 'user_shops', { user_id: userId, shop_id: shopId })) !== undefined;
}

export function findMainFiscalCode(db: Executor, userId: number) {
  return findRow(db, 'fiscal_codes', { user_id: userId, main: 1 });
}

export async function insertFiscalCode(
  db: Executor,
  row: { user_id: number; codice_fiscale: string; main: number; at: string },
): Promise<void> {
  await db
    .insertInto('fiscal_codes')
    .values({
      user_id: row.user_id,
      codice_fiscale: row.codice_fiscale,
      main: row.main,
      system: 0,
      created_at: row.at,
      updated_at: row.at,
    })
    .execute();
}

export async function updateFiscalCode(db: Executor, id: number, code: string, at: string): Promise<void> {
  await db.updateTable('fiscal_codes').set({ codice_fiscale: code, updated_at: at }).where('id', '=', id).execute();
}

export async function insertPrivacyConsent(
  db: Executor,
  row: {
    user_id: number;
    privacy1: number;
    privacy2: number;
    privacy3: number;
    source: 'register' | 'update';
    ip: string | null;
    user_agent: string | null;
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('privacy_consents').values(row).execute();
}

export function findShop(db: Executor, id: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('shops').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** The default shop: the first one created. */
export function findDefaultShop(db: Executor): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('shops').select(['id', 'name']).orderBy('id').limit(1).executeTakeFirst();
}

export type { Db };
