import { type Kysely, sql } from 'kysely';
import { engineOf } from '../column.js';

/**
 * Issue 22, the order list and a day's slots (decisions 0590, 0591).
 *
 * - `order_list_state`: one version per customer, moved by row-level triggers on every write that
 *   changes what their order list shows — their orders, the orders' lines, the prescriptions and
 *   product requests attached to them (a deleted file sets their `file_id` to null: an update, so
 *   it moves the version too). The API keeps each customer's list while their version stays
 *   (`modules/orders/kept-order-lists.ts`). Rows are never deleted, so a customer's version only
 *   grows; customers with orders before this migration start at 1.
 * - Reservations: a busy span (`busy_until - start_at`) longer than 48 hours is refused. Bookings
 *   never make one (a service's duration and padding are each at most 1,440 minutes,
 *   `services_duration_check`/`services_padding_check`), and the slots' read of the busy intervals
 *   relies on it for its lower bound on `start_at`; a partial index on the booked ones holds the
 *   columns that read needs, so it never visits the table.
 */
const ATTACHED = ['order_products', 'prescriptions', 'product_requests'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table order_list_state (user_id integer primary key, version bigint not null)`.execute(db);
  await sql`insert into order_list_state (user_id, version) select distinct user_id, 1 from orders`.execute(db);
  const bump = (users: string) =>
    `insert into order_list_state (user_id, version) select distinct user_id, 1 from (${users}) u where user_id is not null
     on conflict (user_id) do update set version = order_list_state.version + 1;`;
  if (engineOf(db) === 'sqlite') {
    for (const event of ['insert', 'update', 'delete'] as const) {
      const rows = event === 'insert' ? ['new'] : event === 'delete' ? ['old'] : ['old', 'new'];
      const userIds = rows.map((r) => `select ${r}.user_id as user_id`).join(' union ');
      await sql.raw(`create trigger orders_order_list_${event} after ${event} on orders begin ${bump(userIds)} end`).execute(db);
      const orderIds = rows.map((r) => `${r}.order_id`).join(', ');
      for (const table of ATTACHED) {
        await sql
          .raw(`create trigger ${table}_order_list_${event} after ${event} on ${table} begin ${bump(`select user_id from orders where id in (${orderIds})`)} end`)
          .execute(db);
      }
    }
    await sql
      .raw(`create trigger reservations_span_insert before insert on reservations
        when (julianday(new.busy_until) - julianday(new.start_at)) * 1440 > 2880.5
        begin select raise(abort, 'reservations_span_check'); end`)
      .execute(db);
    await sql
      .raw(`create trigger reservations_span_update before update of start_at, busy_until on reservations
        when (julianday(new.busy_until) - julianday(new.start_at)) * 1440 > 2880.5
        begin select raise(abort, 'reservations_span_check'); end`)
      .execute(db);
  } else {
    // PostgreSQL 11+: OLD is null in an insert's trigger and NEW in a delete's.
    await sql
      .raw(`create function farmacia_order_list_orders() returns trigger language plpgsql as $$ begin
        ${bump('select old.user_id as user_id union select new.user_id')} return null; end $$`)
      .execute(db);
    await sql
      .raw(`create function farmacia_order_list_attached() returns trigger language plpgsql as $$ begin
        ${bump('select user_id from orders where id in (old.order_id, new.order_id)')} return null; end $$`)
      .execute(db);
    // A TRUNCATE fires no row trigger: it moves every customer's version.
    await sql
      .raw(`create function farmacia_order_list_truncated() returns trigger language plpgsql as $$ begin
        update order_list_state set version = version + 1; return null; end $$`)
      .execute(db);
    await sql.raw('create trigger orders_order_list after insert or update or delete on orders for each row execute function farmacia_order_list_orders()').execute(db);
    for (const table of ATTACHED) {
      await sql
        .raw(`create trigger ${table}_order_list after insert or update or delete on ${table} for each row execute function farmacia_order_list_attached()`)
        .execute(db);
    }
    for (const table of ['orders', ...ATTACHED]) {
      await sql.raw(`create trigger ${table}_order_list_truncate after truncate on ${table} for each statement execute function farmacia_order_list_truncated()`).execute(db);
    }
    await sql`alter table reservations add constraint reservations_span_check
      check (busy_until::timestamptz - start_at::timestamptz <= interval '48 hours')`.execute(db);
  }
  // `status` too: SQLite counts an index as covering only when it holds every column the query names.
  await sql`create index reservations_booked_busy on reservations (staff_id, start_at, busy_until, status) where status = 'booked'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists reservations_booked_busy`.execute(db);
  if (engineOf(db) === 'sqlite') {
    await sql`drop trigger if exists reservations_span_insert`.execute(db);
    await sql`drop trigger if exists reservations_span_update`.execute(db);
    for (const event of ['insert', 'update', 'delete']) {
      for (const table of ['orders', ...ATTACHED]) await sql.raw(`drop trigger if exists ${table}_order_list_${event}`).execute(db);
    }
  } else {
    await sql`alter table reservations drop constraint if exists reservations_span_check`.execute(db);
    for (const table of ['orders', ...ATTACHED]) {
      await sql.raw(`drop trigger if exists ${table}_order_list on ${table}`).execute(db);
      await sql.raw(`drop trigger if exists ${table}_order_list_truncate on ${table}`).execute(db);
    }
    await sql`drop function if exists farmacia_order_list_truncated()`.execute(db);
    await sql`drop function if exists farmacia_order_list_orders()`.execute(db);
    await sql`drop function if exists farmacia_order_list_attached()`.execute(db);
  }
  await sql`drop table if exists order_list_state`.execute(db);
}
