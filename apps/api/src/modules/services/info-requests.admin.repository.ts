import type { Db, Executor } from '../../db/database.js';

function base(db: Executor, shopId: number) {
  return db
    .selectFrom('shop_service_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as h', 'h.id', 'r.handled_by')
    .select([
      'r.id',
      'r.status',
      'r.shop_service_id',
      'r.shop_service_name',
      'r.note',
      'r.reply',
      'r.created_at',
      'r.handled_at',
      'r.user_id',
      'u.name as user_name',
      'u.email as user_email',
      'u.phone_number as user_phone',
      'h.name as handled_by_name',
    ])
    .where('r.shop_id', '=', shopId);
}

/** Newest first. */
export function listRequests(db: Db, shopId: number, status: 'new' | 'handled' | 'all') {
  let query = base(db, shopId);
  if (status !== 'all') query = query.where('r.status', '=', status);
  return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(300).execute();
}

export function findRequest(db: Executor, shopId: number, id: number) {
  return base(db, shopId).where('r.id', '=', id).executeTakeFirst();
}

export async function requestExists(db: Db, shopId: number, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('shop_service_requests').select('id').where('shop_id', '=', shopId).where('id', '=', id).executeTakeFirst()) !==
    undefined
  );
}

export async function countNew(db: Db, shopId: number): Promise<number> {
  const row = await db
    .selectFrom('shop_service_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', shopId)
    .where('status', '=', 'new')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markHandled(db: Executor, id: number, by: number, reply: string | null, at: string): Promise<void> {
  await db.updateTable('shop_service_requests').set({ status: 'handled', handled_at: at, handled_by: by, reply }).where('id', '=', id).execute();
}
