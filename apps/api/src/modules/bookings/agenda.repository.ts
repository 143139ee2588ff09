import type { Db } from '../../db/database.js';

/** Read side of the back-office agenda over the bookings engineer's tables (they own the writes). */

export function findStaffMember(db: Db, shopId: number, id: number) {
  return db.selectFrom('staff').select(['id', 'name']).where('shop_id', '=', shopId).where('id', '=', id).executeTakeFirst();
}

export function agenda(db: Db, shopId: number, from: string, to: string, staffId?: number) {
  let q = db
    .selectFrom('reservations as r')
    .innerJoin('staff as s', 's.id', 'r.staff_id')
    .innerJoin('services as sv', 'sv.id', 'r.service_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.day',
      'r.start_appointment',
      'r.end_appointment',
      'r.staff_id',
      's.name as staff_name',
      'r.service_id',
      'sv.name as service_name',
      'r.user_id',
      'u.name as customer_name',
      'u.email as customer_email',
      'r.status',
    ])
    .where('r.shop_id', '=', shopId)
    .where('r.day', '>=', from)
    .where('r.day', '<=', to);
  if (staffId !== undefined) q = q.where('r.staff_id', '=', staffId);
  return q.orderBy('r.day').orderBy('r.start_appointment').orderBy('s.name').execute();
}

/** The shop's closures as the agenda shows them: with the name of the staff member, if any. */
function closuresOfShop(db: Db, shopId: number) {
  return db
    .selectFrom('staff_exceptions as e')
    .leftJoin('staff as s', 's.id', 'e.staff_id')
    .select(['e.id', 'e.staff_id', 's.name as staff_name', 'e.date_from', 'e.date_to', 'e.start_time', 'e.end_time', 'e.reason'])
    .where('e.shop_id', '=', shopId);
}

export function closures(db: Db, shopId: number, from: string) {
  return closuresOfShop(db, shopId).where('e.date_to', '>=', from).orderBy('e.date_from').orderBy('e.id').execute();
}

export function findClosure(db: Db, shopId: number, id: number) {
  return closuresOfShop(db, shopId).where('e.id', '=', id).executeTakeFirst();
}

export function latestClosureId(db: Db, shopId: number) {
  return db.selectFrom('staff_exceptions').select('id').where('shop_id', '=', shopId).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
}

export async function deleteClosure(db: Db, shopId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('staff_exceptions').where('shop_id', '=', shopId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
