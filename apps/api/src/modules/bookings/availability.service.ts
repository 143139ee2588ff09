import {
  type Event,
  isCalendarDay,
  messages,
  type ReservationSlotsResponse,
  type Service,
  type ServiceAvailabilityResponse,
  type Slot,
} from '@farmacia/contract';
import type { Db } from '../../db/database.js';
import { KeptPerKey, KeptReads } from '../../db/kept-reads.js';
import { perDatabase } from '../../db/per-database.js';
import { validationFailed } from '../../errors.js';
import { eventForService, getEvent } from '../events/index.js';
import { getServiceRow, toService } from '../services/index.js';
import type { ServiceRow } from '../services/index.js';
import { scheduleFor } from '../staff/index.js';
import * as repo from './bookings.repository.js';
import { calendarRange, earlierDay, lastDayOfMonth, laterDay, romeDayBounds } from './rome-time.js';
import { availableDays, freeSlots, type SlotRules, type TimeWindow } from './slots.js';

const MINUTE_MS = 60_000;
type ServiceSchedule = Awaited<ReturnType<typeof scheduleFor>>;

export interface RulesOptions {
  /** Only this staff member (a booking names one). */
  staffId?: number;
  /** The event's windows on these days (event bookings). */
  eventWindows?: TimeWindow[];
}

/**
 * Everything slot generation needs for a service between two Rome days: qualified staff and their
 * hours, closures, and the reservations that keep them busy — read with `db`, which inside a
 * booking is the transaction holding the staff member's lock.
 */
export async function slotRulesFor(
  db: Db,
  service: ServiceRow,
  from: string,
  to: string,
  now: Date,
  options: RulesOptions = {},
): Promise<SlotRules> {
  return rulesWith(db, service, await scheduleFor(db, service.id, service.shop_id, from, to), from, to, now, options);
}

type Busy = SlotRules['busy'];
type BusyReader = (db: Db, staffIds: number[], fromIso: string, toIso: string) => Promise<Busy>;

/** The reservations keeping these staff members busy in [fromIso, toIso), read now. */
const freshBusy: BusyReader = async (db, staffIds, fromIso, toIso) =>
  (await repo.busyIntervals(db, staffIds, fromIso, toIso)).map((b) => ({
    staffId: b.staff_id,
    startMs: Date.parse(b.start_at),
    endMs: Date.parse(b.busy_until),
  }));

const keptBusy = perDatabase(() => new KeptPerKey<string, Busy>(5_000));
/**
 * The same, kept while the staff members' busy versions stay (decision 0591): every reservation
 * written for them, by any instance, moves their version, so a booking is in the next answer.
 * Only for what is shown; a booking checks its slot on a fresh read inside its transaction.
 */
const keptBusyReader: BusyReader = async (db, staffIds, fromIso, toIso) =>
  keptBusy(db).get(await repo.readBusyStamp(db, staffIds), `${staffIds.join(',')}/${fromIso}/${toIso}`, () =>
    freshBusy(db, staffIds, fromIso, toIso),
  );

async function rulesWith(
  db: Db,
  service: ServiceRow,
  schedule: ServiceSchedule,
  from: string,
  to: string,
  now: Date,
  options: RulesOptions = {},
  readBusy: BusyReader = freshBusy,
): Promise<SlotRules> {
  const staff = options.staffId === undefined ? schedule.staff : schedule.staff.filter((s) => s.id === options.staffId);
  const fromMs = romeDayBounds(from).startMs;
  // A slot that starts before midnight may run (with its padding) into the next day.
  const toMs = romeDayBounds(to).endMs + (service.duration + service.padding_after) * MINUTE_MS;
  const busy = await readBusy(
    db,
    staff.map((s) => s.id),
    new Date(fromMs).toISOString(),
    new Date(toMs).toISOString(),
  );
  return {
    duration: service.duration,
    paddingAfter: service.padding_after,
    staff,
    closures: schedule.closures,
    busy,
    now,
    ...calendarRange(now),
    ...(options.eventWindows ? { eventWindows: options.eventWindows } : {}),
  };
}

interface ServiceRules {
  service: ServiceRow;
  schedule: ServiceSchedule;
  /** The service as answered, built once per kept read (kept answers are never changed). */
  wire: Service;
}
/** Per database (a process may hold several: the tests). */
const keptRules = perDatabase(() => new KeptReads<ServiceRules>(1_000));

async function readServiceRules(db: Db, serviceId: number, from: string, to: string): Promise<ServiceRules> {
  const service = await getServiceRow(db, serviceId);
  return { service, schedule: await scheduleFor(db, service.id, service.shop_id, from, to), wire: toService(service) };
}

/**
 * An active service (404 otherwise) with its staff, hours and the closures touching `from`…`to`:
 * four reads that change only with the back office's writes, so they are kept between requests
 * while the slot rules' version stays (decision 0586). The reservations are always read afresh.
 */
async function serviceRules(db: Db, serviceId: number, from: string, to: string): Promise<ServiceRules> {
  return keptRules(db).get(await repo.readSlotRulesVersion(db), `${serviceId}/${from}/${to}`, () =>
    readServiceRules(db, serviceId, from, to),
  );
}

function checkedDay(day: string): string {
  if (!isCalendarDay(day)) throw validationFailed({ day: [messages.validation.invalidDate] });
  return day;
}

const toWireSlots = (slots: ReturnType<typeof freeSlots>): Slot[] => slots.map((s) => ({ time: s.time, staffId: s.staffId }));

/** Before every slot: a kept day is computed with no "now" cut, applied per request. */
const BEFORE_ANY_SLOT = new Date(-8.64e15);

/**
 * A day's free slots whatever the hour, sorted by start, with their wire form; and the wire array
 * of the last cut answered (the clock moves forward: one array per slot gone by, not one each).
 */
interface KeptDay {
  slots: ReturnType<typeof freeSlots>;
  wire: Slot[];
  cut: { past: number; slots: Slot[] };
}
const keptDays = perDatabase(() => new KeptPerKey<string, KeptDay>(5_000));

/**
 * The service's rules for one day and the stamp its free slots are kept under: the slot rules'
 * version and the staff's busy versions (decision 0600). With the day's rules kept, both versions
 * are read in one statement; otherwise as before, the rules' version, then the busy versions of
 * the staff those rules name.
 */
async function dayRules(db: Db, serviceId: number, day: string): Promise<{ ruled: ServiceRules; stamp: string | undefined }> {
  const key = `${serviceId}/${day}/${day}`;
  const kept = keptRules(db).peek(key);
  if (kept !== undefined && kept.value.schedule.staff.length > 0) {
    const stamps = await repo.readSlotStamps(db, kept.value.schedule.staff.map((s) => s.id));
    if (stamps.rules === kept.stamp) return { ruled: kept.value, stamp: `${stamps.rules}/${stamps.busy}` };
  }
  const rules = await repo.readSlotRulesVersion(db);
  const ruled = await keptRules(db).get(rules, key, () => readServiceRules(db, serviceId, day, day));
  const busy = await repo.readBusyStamp(db, ruled.schedule.staff.map((s) => s.id));
  return { ruled, stamp: rules === undefined ? undefined : `${rules}/${busy}` };
}

/**
 * Free slots of a service on a day. The day's slots are kept while the rules' and the staff's busy
 * versions stay (decision 0600): any instance's booking, cancellation or back-office change moves
 * one of them. "Now" only cuts the slots already past (and the days outside the calendar range),
 * so it is applied to the kept day on every request.
 */
export async function serviceSlots(
  db: Db,
  serviceId: number,
  day: string,
  now: Date,
): Promise<{ service: Service; availableSlots: Slot[]; pickedDate: string }> {
  if (!isCalendarDay(day)) {
    await getServiceRow(db, serviceId); // an unknown service is a 404 before a bad day
    checkedDay(day);
  }
  const { ruled, stamp } = await dayRules(db, serviceId, day);
  const kept = await keptDays(db).get(stamp, `${serviceId}/${day}`, async () => {
    // Read after the stamp, so never older than it; a booking still checks afresh in its transaction.
    const rules = await rulesWith(db, ruled.service, ruled.schedule, day, day, now);
    const slots = freeSlots({ ...rules, now: BEFORE_ANY_SLOT, firstDay: day, lastDay: day }, day);
    const wire = toWireSlots(slots);
    return { slots, wire, cut: { past: 0, slots: wire } };
  });
  const range = calendarRange(now);
  let availableSlots: Slot[] = [];
  if (day >= range.firstDay && day <= range.lastDay) {
    // Sorted by start: the slots still offered are those after the ones already started.
    const nowMs = now.getTime();
    let past = 0;
    while ((kept.slots[past]?.startMs ?? Number.POSITIVE_INFINITY) <= nowMs) past += 1;
    // The same array while no slot passes: its JSON is written once (keptJsonSerializerCompiler).
    if (kept.cut.past !== past) kept.cut = { past, slots: kept.wire.slice(past) };
    availableSlots = kept.cut.slots;
  }
  return { service: ruled.wire, availableSlots, pickedDate: day };
}

/**
 * Days with a free slot for the booking calendar: the whole calendar range (today … end of the
 * month after next), or one month of it with `month` 'YYYY-MM'.
 */
export async function serviceAvailability(
  db: Db,
  serviceId: number,
  now: Date,
  month?: string,
): Promise<ServiceAvailabilityResponse> {
  const range = calendarRange(now);
  let from = range.firstDay;
  let to = range.lastDay;
  if (month !== undefined) {
    const first = `${month}-01`;
    if (!isCalendarDay(first)) {
      await getServiceRow(db, serviceId); // an unknown service is a 404 before a bad month
      throw validationFailed({ month: [messages.validation.invalidDate] });
    }
    from = laterDay(first, from);
    to = earlierDay(lastDayOfMonth(first), to);
  }
  if (from > to) return { service: toService(await getServiceRow(db, serviceId)), availableDate: [] };
  const { service, schedule, wire } = await serviceRules(db, serviceId, from, to);
  const rules = await rulesWith(db, service, schedule, from, to, now, {}, keptBusyReader);
  return { service: wire, availableDate: availableDays(rules, from, to) };
}

/** Free slots of a service inside an event on a day, with the service and the event. */
export async function eventSlots(
  db: Db,
  eventId: number,
  day: string,
  serviceId: number,
  now: Date,
): Promise<ReservationSlotsResponse> {
  const service = await getServiceRow(db, serviceId);
  checkedDay(day);
  const { windows } = await eventForService(db, eventId, service, day);
  const rules = await slotRulesFor(db, service, day, day, now, { eventWindows: windows });
  const event: Event = await getEvent(db, eventId, now);
  return { availableSlots: toWireSlots(freeSlots(rules, day)), pickedDate: day, service: toService(service), event };
}
