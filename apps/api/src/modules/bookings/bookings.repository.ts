import { CompiledQuery, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { readStamp } from '../../db/kept-reads.js';
import { perDatabase } from '../../db/per-database.js';
import { PollPassLook } from '../../db/poll-pass-look.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { ReservationRow, ReservationTable } from './bookings.table.js';

/**
 * No reservation holds its staff member longer than this (migration 0137 refuses a longer busy
 * span; a service's duration and padding are each at most 1,440 minutes), with a minute to spare.
 */
const LONGEST_BUSY_MS = (2 * 1440 + 1) * 60_000;

// Every day's slots and calendar read it: built and compiled once (decision 0553). The lower
// bound on `start_at` keeps it to the asked days on the booked reservations' index, which holds
// all three columns (decision 0591): without it every earlier booking of the staff was walked.
const busy = preparedQuery((db, v: { staffIds: number[]; sinceIso: string; fromIso: string; toIso: string }) =>
  db
    .selectFrom('reservations')
    .select(['staff_id', 'start_at', 'busy_until'])
    .where('staff_id', 'in', v.staffIds)
    .where('status', '=', 'booked')
    .where('start_at', '>', v.sinceIso)
    .where('start_at', '<', v.toIso)
    .where('busy_until', '>', v.fromIso),
);

/**
 * The looks at the slot versions below, each once per pass of the event loop's poll (decision 0677's rule,
 * `PollPassLook`; decision 0683): every day's slots and calendar looked at them — a read transaction each on SQLite
 * (file locks, system calls), a round trip on PostgreSQL — for an answer the same for the whole pass. This process's
 * bookings and back-office writes show at the next look, another process's from the next poll on.
 */
const versionLooks = perDatabase(() => new Map<string, PollPassLook<Promise<unknown>>>());
function looked<T>(db: Db, key: string, look: () => Promise<T>): Promise<T> {
  const looks = versionLooks(db);
  let pass = looks.get(key);
  if (pass === undefined) {
    pass = new PollPassLook();
    looks.set(key, pass);
  }
  return pass.read(look) as Promise<T>;
}

/** Moves with every write to services, their staff, hours and closures (migration 0135, decision 0586). */
const SLOT_RULES_VERSION = CompiledQuery.raw('select version from slot_rules_state where id = 1');
export function readSlotRulesVersion(db: Db): Promise<string | undefined> {
  return looked(db, 'rules', () => readStamp(db, SLOT_RULES_VERSION));
}

const busyVersions = preparedQuery((db, v: { staffIds: number[] }) =>
  db.selectFrom('staff_busy_state').select(['staff_id', 'version']).where('staff_id', 'in', v.staffIds),
);

/**
 * One stamp for the busy intervals of these staff members: their versions in order, moved by
 * every reservation written for them (migration 0137); "0" for one never booked.
 */
export async function readBusyStamp(db: Db, staffIds: readonly number[]): Promise<string> {
  if (staffIds.length === 0) return '';
  return looked(db, `busy ${staffIds.join(',')}`, () => busyStampRead(db, staffIds));
}

async function busyStampRead(db: Db, staffIds: readonly number[]): Promise<string> {
  const versions = new Map((await busyVersions(db, { staffIds: [...staffIds] })).map((r) => [r.staff_id, String(r.version)]));
  return busyStampOf(staffIds, versions);
}

const busyStampOf = (staffIds: readonly number[], versions: Map<number, string>) => staffIds.map((id) => versions.get(id) ?? '0').join(',');

// Both versions a kept day's slots depend on, in one statement (decision 0600): one implicit read
// transaction on SQLite and one round trip on PostgreSQL instead of two, and both as of one moment.
const slotStamps = preparedQuery((db, v: { staffIds: number[] }) =>
  db
    .selectFrom('slot_rules_state as r')
    .leftJoin('staff_busy_state as b', (join) => join.on('b.staff_id', 'in', v.staffIds))
    .select(['r.version as rules', 'b.staff_id', 'b.version as busy'])
    .where('r.id', '=', 1),
);

/**
 * The slot rules' version and {@link readBusyStamp} of these staff members (at least one), read
 * together; `rules` undefined when the version row is missing (nothing is kept then).
 */
export function readSlotStamps(db: Db, staffIds: readonly number[]): Promise<{ rules: string | undefined; busy: string }> {
  return looked(db, `stamps ${staffIds.join(',')}`, () => slotStampsRead(db, staffIds));
}

async function slotStampsRead(db: Db, staffIds: readonly number[]): Promise<{ rules: string | undefined; busy: string }> {
  const rows = await slotStamps(db, { staffIds: [...staffIds] });
  const versions = new Map<number, string>();
  for (const r of rows) if (r.staff_id !== null) versions.set(r.staff_id, String(r.busy));
  return {
    rules: rows[0] === undefined ? undefined : String(rows[0].rules),
    busy: busyStampOf(staffIds, versions),
  };
}

/** Booked reservations of these staff members that hold any time in [fromIso, toIso). */
export function busyIntervals(db: Db, staffIds: readonly number[], fromIso: string, toIso: string) {
  if (staffIds.length === 0) return Promise.resolve([]);
  const sinceIso = new Date(Date.parse(fromIso) - LONGEST_BUSY_MS).toISOString();
  return busy(db, { staffIds: [...staffIds], sinceIso, fromIso, toIso });
}

export async function insertReservation(db: Db, row: Insertable<ReservationTable>): Promise<ReservationRow> {
  return db.insertInto('reservations').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A reservation of this user; another customer's row is simply not found. */
export function findOwn(db: Db, userId: number, id: number): Promise<ReservationRow | undefined> {
  return db.selectFrom('reservations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export function listOwnBooked(db: Db, userId: number): Promise<ReservationRow[]> {
  return db
    .selectFrom('reservations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'booked')
    .orderBy('start_at')
    .orderBy('id')
    .execute();
}

/** Cancels a booked reservation of this user; false when it was not booked any more. */
export async function markCancelled(db: Db, userId: number, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('reservations')
    .set({ status: 'cancelled', cancelled_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '=', 'booked')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Booked reservations of `day` whose reminder has not been queued. */
export function dueReminders(db: Db, day: string) {
  return db
    .selectFrom('reservations')
    .selectAll()
    .where('status', '=', 'booked')
    .where('day', '=', day)
    .where('reminder_queued_at', 'is', null)
    .orderBy('id')
    .execute();
}

/**
 * Claims a reminder: only one caller (process, instance) gets `true` for a reservation, so the
 * reminder is queued once even when two schedulers run at the same time.
 */
export async function claimReminder(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('reservations')
    .set({ reminder_queued_at: at })
    .where('id', '=', id)
    .where('status', '=', 'booked')
    .where('reminder_queued_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Count of upcoming booked reservations of a user (tab badge, home counts). */
export async function countUpcoming(db: Db, userId: number, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom('reservations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'booked')
    .where('start_at', '>', nowIso)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
