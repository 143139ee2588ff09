import { isCalendarDay, messages } from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import type { Db } from '../../db/database.js';
import { validationFailed } from '../../errors.js';
import { normalizeTime } from '../bookings/index.js';
import type { Closure, StaffSchedule, WeeklyHours } from '../bookings/index.js';
import * as repo from './staff.repository.js';

/** Who can perform a service and when: the inputs of slot generation. */
export interface ServiceSchedule {
  staff: (StaffSchedule & { name: string })[];
  closures: Closure[];
}

/** Qualified staff of a shop with their weekly hours, and the closures touching `from`…`to`. */
export async function scheduleFor(db: Db, serviceId: number, shopId: number, from: string, to: string): Promise<ServiceSchedule> {
  const members = await repo.qualifiedStaff(db, serviceId, shopId);
  const [hours, exceptions] = await Promise.all([
    repo.hoursOf(
      db,
      members.map((m) => m.id),
    ),
    repo.exceptionsOf(db, shopId, from, to),
  ]);
  return {
    staff: members.map((m) => ({
      id: m.id,
      name: m.name,
      hours: hours
        .filter((h) => h.staff_id === m.id)
        .map((h): WeeklyHours => ({ weekday: h.weekday, start: h.start_time, end: h.end_time })),
    })),
    closures: exceptions.map((e) => ({
      staffId: e.staff_id,
      from: e.date_from,
      to: e.date_to,
      start: e.start_time,
      end: e.end_time,
    })),
  };
}

export async function staffNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  return new Map((await repo.findStaff(db, [...new Set(ids)])).map((s) => [s.id, s.name]));
}

/** See {@link repo.lockForBooking}. */
export const lockForBooking = repo.lockForBooking;

// --- Writes (demo seed, back office) -------------------------------------------------------------

const hhmm = (value: string, field: string) => {
  const t = normalizeTime(value);
  if (!t) throw validationFailed({ [field]: [messages.validation.invalidTime] });
  return t.slice(0, 5);
};

export interface NewStaffMember {
  shopId: number;
  name: string;
  serviceIds: number[];
  hours: WeeklyHours[];
}

export async function createStaffMember(db: Db, input: NewStaffMember): Promise<number> {
  const id = await repo.insertStaff(db, input.shopId, input.name, nowIso());
  await repo.insertStaffServices(db, id, input.serviceIds);
  await repo.insertHours(
    db,
    input.hours.map((h) => ({ staff_id: id, weekday: h.weekday, start_time: hhmm(h.start, 'start'), end_time: hhmm(h.end, 'end') })),
  );
  return id;
}

export interface NewClosure {
  shopId: number;
  staffId: number | null;
  from: string;
  to: string;
  start?: string;
  end?: string;
  reason: string;
}

export async function createClosure(db: Db, c: NewClosure): Promise<void> {
  if (!isCalendarDay(c.from) || !isCalendarDay(c.to) || c.from > c.to) throw validationFailed({ date_from: [messages.validation.invalidDate] });
  await repo.insertException(db, {
    shop_id: c.shopId,
    staff_id: c.staffId,
    date_from: c.from,
    date_to: c.to,
    start_time: c.start ? hhmm(c.start, 'start') : null,
    end_time: c.end ? hhmm(c.end, 'end') : null,
    reason: c.reason,
    created_at: nowIso(),
  });
}
