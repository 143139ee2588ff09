import type { Db } from '../../db/database.js';

/** Queries run on the database or inside a transaction (a Transaction is a Kysely). */
type Executor = Db;

/** A LIKE pattern that matches `text` anywhere, its wildcards taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The shop's customers: their account's shop, or linked to it (PUT /shops). Never deleted accounts, never staff. */
function shopCustomers(db: Executor, shopId: number) {
  return db
    .selectFrom('users as u')
    .where('u.role', '=', 'customer')
    .where('u.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('u.shop_id', '=', shopId),
        eb.exists(eb.selectFrom('user_shops as us').select('us.user_id').whereRef('us.user_id', '=', 'u.id').where('us.shop_id', '=', shopId)),
      ]),
    );
}

/** Only the columns a pharmacist may see: no password hash, no consents. */
const CUSTOMER_COLUMNS = ['u.id', 'u.name', 'u.email', 'u.phone_number', 'u.created_at'] as const;

export async function searchShopCustomers(db: Executor, shopId: number, q: string, limit: number) {
  const lower = contains(q.toLowerCase());
  const upper = contains(q.toUpperCase().replace(/\s/g, ''));
  // A phone number as typed ('347 123', '+39 347-123'): only then are its digits a phone search; the
  // two digits inside a fiscal code or an email must not match every phone that contains them.
  const digits = /^[\d\s+\-./()]+$/.test(q) ? q.replace(/\D/g, '') : '';
  return shopCustomers(db, shopId)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['u.name']), 'like', eb.val(lower)),
        eb('u.email', 'like', lower),
        ...(digits.length >= 2 ? [eb('u.phone_number', 'like', contains(digits))] : []),
        eb.exists(
          eb
            .selectFrom('fiscal_codes as f')
            .select('f.id')
            .whereRef('f.user_id', '=', 'u.id')
            .where('f.codice_fiscale', 'like', upper),
        ),
      ]),
    )
    .select([...CUSTOMER_COLUMNS])
    .orderBy('u.name')
    .orderBy('u.id')
    .limit(limit)
    .execute();
}

export async function findShopCustomer(db: Executor, shopId: number, id: number) {
  return shopCustomers(db, shopId).where('u.id', '=', id).select([...CUSTOMER_COLUMNS]).executeTakeFirst();
}

/** Fiscal codes per user, the main one first. */
export async function fiscalCodesOf(db: Executor, userIds: readonly number[]): Promise<Map<number, string[]>> {
  const byUser = new Map<number, string[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('fiscal_codes')
    .select(['user_id', 'codice_fiscale'])
    .where('user_id', 'in', [...userIds])
    .orderBy('main', 'desc')
    .orderBy('id')
    .execute();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.codice_fiscale]);
  return byUser;
}

/** The customer's orders in the shop, newest first, with how many prescriptions each carries. */
export async function customerOrders(db: Executor, shopId: number, userId: number) {
  return db
    .selectFrom('orders as o')
    .where('o.shop_id', '=', shopId)
    .where('o.user_id', '=', userId)
    .select((eb) => [
      'o.id',
      'o.status',
      'o.created_at',
      'o.total_cents',
      'o.total_quantity',
      eb.selectFrom('prescriptions as p').whereRef('p.order_id', '=', 'o.id').select((e) => e.fn.countAll<number>().as('n')).as('prescriptions'),
    ])
    .orderBy('o.id', 'desc')
    .limit(200)
    .execute();
}

/** The customer's reservations in the shop, latest day first. */
export async function customerReservations(db: Executor, shopId: number, userId: number) {
  return db
    .selectFrom('reservations as r')
    .innerJoin('services as s', 's.id', 'r.service_id')
    .where('r.shop_id', '=', shopId)
    .where('r.user_id', '=', userId)
    .select(['r.id', 'r.day', 'r.start_appointment', 'r.status', 's.name as service'])
    .orderBy('r.day', 'desc')
    .orderBy('r.start_appointment', 'desc')
    .limit(200)
    .execute();
}
