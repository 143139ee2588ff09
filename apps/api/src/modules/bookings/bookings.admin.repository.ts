import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ReservationRow } from './bookings.table.js';

/**
 * Back-office reads over the bookings module's tables that its customer side does not offer
 * (every query takes the shop: a row of another shop is simply not found).
 */

// --- Customers and reservations ----------------------------------------------------------------------

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Customers of the shop matching a name, email or phone fragment (20 at most). */
export function searchCustomers(db: Db, shopId: number, q: string) {
  const pattern = likePattern(q);
  const digits = q.replace(/\D/g, '');
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone_number'])
    .where('role', '=', 'customer')
    .where('deleted_at', 'is', null)
    .where('shop_id', '=', shopId)
    .where((eb) =>
      eb.or([
        // ESCAPE spelled out: SQLite has no default escape character (PostgreSQL's is the same backslash).
        sql<boolean>`lower(name) like ${pattern} escape '\\'`,
        sql<boolean>`email like ${pattern} escape '\\'`,
        ...(digits.length >= 3 ? [eb('phone_number', 'like', eb.val(`%${digits}%`))] : []),
      ]),
    )
    .orderBy('name')
    .orderBy('id')
    .limit(20)
    .execute();
}

export function findCustomer(db: Db, shopId: number, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone_number'])
    .where('id', '=', id)
    .where('role', '=', 'customer')
    .where('deleted_at', 'is', null)
    .where('shop_id', '=', shopId)
    .executeTakeFirst();
}

/** Any customer account (also a deleted one), to show who held a reservation. */
export function findUser(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'name', 'email', 'phone_number']).where('id', '=', id).executeTakeFirst();
}

export function findBooking(db: Db, shopId: number, id: number): Promise<ReservationRow | undefined> {
  return db.selectFrom('reservations').selectAll().where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
}
