import { type Kysely, sql } from 'kysely';
import { engineOf } from '../column.js';

/**
 * Issue 22, the order list and a day's slots (decisions 0590, 0591).
 *
 * - `order_list_state`: one version per customer, moved by row-level triggers on every write that
 *   changes what their order list shows — their orders, the orders' lines, the prescriptions and
 *   product requests attached to them (a deleted file sets their `file_id` to null: an update, so
 *   it moves the version too). The API keeps each customer's list while their version stays
 *   (`modules/orders/kept-order-lists.ts`). Customers with orders before this migration start at 1.
 * - `staff_busy_state`: one version per staff member, moved by every reservation written for them
 *   (booked, moved, cancelled, deleted; not the reminder's mark). A day's slots and the calendar
 *   keep the busy intervals while the versions of the staff stay; a booking reads them afresh.
 * - Both: rows are never deleted, so a version only grows (a missing row reads as "never written").
 *   On PostgreSQL a TRUNCATE, which fires no row trigger, moves every version.
 * - Reservations: a busy span (`busy_until - start_at`) longer than 48 hours is refused. Bookings
 *   never make one (a service's duration and padding are each at most 1,440 minutes,
 *   `services_duration_check`/`services_padding_check`), and the read of the busy intervals relies
 *   on it for its lower bound on `start_at`; a partial index on the booked ones holds the columns
 *   that read needs, so it never visits the table.
 */
const ATTACHED = ['order_products', 'prescriptions', 'product_requests'] as const;
type Rows = readonly ('old' | 'new')[];
const EVENTS: readonly { event: string; rows: Rows }[] = [
  { event: 'insert', rows: ['new'] },
  { event: 'update', rows: ['old', 'new'] },
  { event: 'delete', rows: ['old'] },
];

/** Moves the version of every `key` the subquery names (a new row starts at 1). */
const bump = (table: string, key: string, keys: string) =>
  `insert into ${table} (${key}, version) select distinct ${key}, 1 from (${keys}) k where ${key} is not null
   on conflict (${key}) do update set version = ${table}.version + 1;`;
const ownersOf = (rows: Rows) => rows.map((r) => `select ${r}.user_id as user_id`).join(' union ');
const ordersOf = (rows: Rows) => `select user_id from orders where id in (${rows.map((r) => `${r}.order_id`).join(', ')})`;
const staffOf = (rows: Rows) => rows.map((r) => `select ${r}.staff_id as staff_id`).join(' union ');
/** The reservation columns a day's slots read: the reminder's mark moves nothing. */
const BUSY_COLUMNS = 'staff_id, start_at, busy_until, status';

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const trigger = (name: string, event: string, table: string, body: string) =>
    sql.raw(`create trigger ${name} after ${event} on ${table} begin ${body} end`).execute(db);
  for (const { event, rows } of EVENTS) {
    await trigger(`orders_order_list_${event}`, event, 'orders', bump('order_list_state', 'user_id', ownersOf(rows)));
    for (const table of ATTACHED) await trigger(`${table}_order_list_${event}`, event, table, bump('order_list_state', 'user_id', ordersOf(rows)));
    const on = event === 'update' ? `update of ${BUSY_COLUMNS}` : event;
    await trigger(`reservations_staff_busy_${event}`, on, 'reservations', bump('staff_busy_state', 'staff_id', staffOf(rows)));
  }
  for (const [name, event] of [['insert', 'insert'], ['update', 'update of start_at, busy_until']]) {
    await sql
      .raw(`create trigger reservations_span_${name} before ${event} on reservations
        when (julianday(new.busy_until) - julianday(new.start_at)) * 1440 > 2880.5
        begin select raise(abort, 'reservations_span_check'); end`)
      .execute(db);
  }
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // PostgreSQL 11+: OLD is null in an insert's trigger and NEW in a delete's.
  const both: Rows = ['old', 'new'];
  const fn = (name: string, body: string) =>
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db);
  await fn('farmacia_order_list_orders', bump('order_list_state', 'user_id', ownersOf(both)));
  await fn('farmacia_order_list_attached', bump('order_list_state', 'user_id', ordersOf(both)));
  await fn('farmacia_order_list_truncated', 'update order_list_state set version = version + 1;');
  await fn('farmacia_staff_busy_changed', bump('staff_busy_state', 'staff_id', staffOf(both)));
  await fn('farmacia_staff_busy_truncated', 'update staff_busy_state set version = version + 1;');
  const rowTrigger = (name: string, events: string, table: string, fnName: string) =>
    sql.raw(`create trigger ${name} after ${events} on ${table} for each row execute function ${fnName}()`).execute(db);
  const truncateTrigger = (table: string, prefix: string) =>
    sql.raw(`create trigger ${table}_${prefix}_truncate after truncate on ${table} for each statement execute function farmacia_${prefix}_truncated()`).execute(db);
  await rowTrigger('orders_order_list', 'insert or update or delete', 'orders', 'farmacia_order_list_orders');
  for (const table of ATTACHED) await rowTrigger(`${table}_order_list`, 'insert or update or delete', table, 'farmacia_order_list_attached');
  for (const table of ['orders', ...ATTACHED]) await truncateTrigger(table, 'order_list');
  await rowTrigger('reservations_staff_busy', `insert or delete or update of ${BUSY_COLUMNS}`, 'reservations', 'farmacia_staff_busy_changed');
  await truncateTrigger('reservations', 'staff_busy');
  await sql`alter table reservations add constraint reservations_span_check
    check (busy_until::timestamptz - start_at::timestamptz <= interval '48 hours')`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table order_list_state (user_id integer primary key, version bigint not null)`.execute(db);
  await sql`insert into order_list_state (user_id, version) select distinct user_id, 1 from orders`.execute(db);
  await sql`create table staff_busy_state (staff_id integer primary key, version bigint not null)`.execute(db);
  await sql`insert into staff_busy_state (staff_id, version) select distinct staff_id, 1 from reservations`.execute(db);
  if (engineOf(db) === 'sqlite') await sqliteTriggers(db);
  else await postgresTriggers(db);
  // `status` too: SQLite counts an index as covering only when it holds every column the query names.
  await sql`create index reservations_booked_busy on reservations (staff_id, start_at, busy_until, status) where status = 'booked'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists reservations_booked_busy`.execute(db);
  if (engineOf(db) === 'sqlite') {
    for (const name of ['insert', 'update']) await sql.raw(`drop trigger if exists reservations_span_${name}`).execute(db);
    for (const { event } of EVENTS) {
      for (const table of ['orders', ...ATTACHED]) await sql.raw(`drop trigger if exists ${table}_order_list_${event}`).execute(db);
      await sql.raw(`drop trigger if exists reservations_staff_busy_${event}`).execute(db);
    }
  } else {
    await sql`alter table reservations drop constraint if exists reservations_span_check`.execute(db);
    for (const table of ['orders', ...ATTACHED]) {
      await sql.raw(`drop trigger if exists ${table}_order_list on ${table}`).execute(db);
      await sql.raw(`drop trigger if exists ${table}_order_list_truncate on ${table}`).execute(db);
    }
    await sql`drop trigger if exists reservations_staff_busy on reservations`.execute(db);
    await sql`drop trigger if exists reservations_staff_busy_truncate on reservations`.execute(db);
    for (const name of ['order_list_orders', 'order_list_attached', 'order_list_truncated', 'staff_busy_changed', 'staff_busy_truncated']) {
      await sql.raw(`drop function if exists farmacia_${name}()`).execute(db);
    }
  }
  await sql`drop table if exists staff_busy_state`.execute(db);
  await sql`drop table if exists order_list_state`.execute(db);
}
