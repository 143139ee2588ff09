import type { Executor } from '../../db/database.js';

/** The history of an order with the names of who acted (the customer, a pharmacist; none for the provider). */
export function listOrderEventsWithActors(db: Executor, orderId: number) {
  return db
    .selectFrom('order_events')
    .leftJoin('users', 'users.id', 'order_events.actor_user_id')
    .selectAll('order_events')
    .select('users.name as actor_name')
    .where('order_events.order_id', '=', orderId)
    .orderBy('order_events.id')
    .execute();
}

export function findCustomer(db: Executor, userId: number) {
  return db.selectFrom('users').select(['id', 'name', 'email', 'phone_number']).where('id', '=', userId).executeTakeFirst();
}
