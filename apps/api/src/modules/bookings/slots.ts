import {
  addDays,
  earlierDay,
  isoWeekday,
  laterDay,
  normalizeTime,
  offsetAt,
  romeDayBounds,
  romeInstant,
  romeParts,
} from './rome-time.js';

/**
 * Slot generation: pure, no database, no clock of its own (ARCHITECTURE §4 and §7).
 *
 * A staff member's working time on a day is their weekly hours for that weekday (or, for an
 * event, the event's availability windows) minus closures. Inside each working interval slots
 * start at its beginning and follow each other every `duration + paddingAfter` minutes of real
 * time; a slot must end (`start + duration`) by the end of the interval, its padding may run past
 * it. A slot is free for a staff member when `[start, start + duration + paddingAfter)` overlaps
 * none of their busy intervals (`[start, end + padding_after)` of each booked reservation).
 * A time is offered when at least one qualified staff member is free; the first by id takes it.
 *
 * Times are stepped as instants and shown as Rome wall-clock time, so the spring change never
 * produces a time that does not exist. In the autumn change 02:00–02:59 happens twice: a slot
 * whose wall-clock time is the second occurrence is dropped, because (day, time) must name one
 * instant — the booking call carries only those (decision 0181).
 */

/** Weekly working hours: ISO weekday 1 (Monday) … 7 (Sunday), Rome 'HH:mm' times, start < end. */
export interface WeeklyHours {
  weekday: number;
  start: string;
  end: string;
}

export interface StaffSchedule {
  id: number;
  hours: readonly WeeklyHours[];
}

/**
 * A closure: of one staff member, or of the whole shop when `staffId` is null; every day from
 * `from` to `to` (inclusive), all day when `start`/`end` are null, else between those times.
 */
export interface Closure {
  staffId: number | null;
  from: string;
  to: string;
  start: string | null;
  end: string | null;
}

/** Time a staff member is taken: a booked reservation from its start to its end plus its padding. */
export interface BusyInterval {
  staffId: number;
  startMs: number;
  endMs: number;
}

export interface TimeWindow {
  startMs: number;
  endMs: number;
}

export interface SlotRules {
  /** Minutes the service takes. */
  duration: number;
  /** Minutes the staff member needs after it (cleaning, notes) before the next appointment. */
  paddingAfter: number;
  /** Staff members qualified for the service. */
  staff: readonly StaffSchedule[];
  closures: readonly Closure[];
  busy: readonly BusyInterval[];
  /** Slots must start after this instant. */
  now: Date;
  /** Bookable calendar days, inclusive (today … end of the month after next). */
  firstDay: string;
  lastDay: string;
  /**
   * For an event: the service is offered only inside these windows, by any qualified staff
   * member, whatever their weekly hours; shop-wide closures do not apply (the event is an opening
   * of its own), a staff member's own closures do.
   */
  eventWindows?: readonly TimeWindow[];
}

export interface Slot {
  /** Rome wall-clock start, 'HH:mm'. */
  time: string;
  staffId: number;
  startMs: number;
  /** start + duration (the padding is not part of the appointment). */
  endMs: number;
}

const MINUTE_MS = 60_000;

type Interval = [number, number];

function subtract(intervals: Interval[], cut: Interval): Interval[] {
  const out: Interval[] = [];
  for (const [a, b] of intervals) {
    if (cut[1] <= a || cut[0] >= b) {
      out.push([a, b]);
      continue;
    }
    if (cut[0] > a) out.push([a, cut[0]]);
    if (cut[1] < b) out.push([cut[1], b]);
  }
  return out;
}

interface DayFrame {
  startMs: number;
  endMs: number;
  /** Rome's offset all day long, or null on a clock-change day. */
  steadyOffset: number | null;
}

function dayFrame(day: string): DayFrame {
  const { startMs, endMs } = romeDayBounds(day);
  const first = offsetAt(startMs);
  return { startMs, endMs, steadyOffset: first === offsetAt(endMs - 1) ? first : null };
}

function workingIntervals(rules: SlotRules, staff: StaffSchedule, day: string, frame: DayFrame): Interval[] {
  let intervals: Interval[];
  if (rules.eventWindows) {
    intervals = rules.eventWindows
      // Slots fall on whole minutes even if a window was saved with seconds.
      .map((w): Interval => [Math.ceil(Math.max(w.startMs, frame.startMs) / MINUTE_MS) * MINUTE_MS, Math.min(w.endMs, frame.endMs)])
      .filter(([a, b]) => a < b);
  } else {
    const weekday = isoWeekday(day);
    intervals = staff.hours
      .filter((h) => h.weekday === weekday)
      .map((h): Interval => [romeInstant(day, h.start), romeInstant(day, h.end)])
      .filter(([a, b]) => a < b);
  }
  for (const c of rules.closures) {
    if (day < c.from || day > c.to) continue;
    if (c.staffId === null ? rules.eventWindows !== undefined : c.staffId !== staff.id) continue;
    const cut: Interval =
      c.start === null || c.end === null ? [frame.startMs, frame.endMs] : [romeInstant(day, c.start), romeInstant(day, c.end)];
    intervals = subtract(intervals, cut);
  }
  return intervals.sort((x, y) => x[0] - y[0]);
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Every slot a staff member could take on a day, busy or not: the grid of their working time,
 * after `now`, inside the calendar range, with one instant per wall-clock time.
 */
export function staffCandidates(rules: SlotRules, staff: StaffSchedule, day: string): Slot[] {
  if (day < rules.firstDay || day > rules.lastDay) return [];
  const durationMs = rules.duration * MINUTE_MS;
  const stepMs = (rules.duration + rules.paddingAfter) * MINUTE_MS;
  if (durationMs <= 0) return [];
  const nowMs = rules.now.getTime();
  const frame = dayFrame(day);
  const slots: Slot[] = [];
  for (const [a, b] of workingIntervals(rules, staff, day, frame)) {
    for (let t = a; t + durationMs <= b; t += stepMs) {
      if (t <= nowMs) continue;
      let time: string;
      if (frame.steadyOffset !== null) {
        // An ordinary day: the wall clock is the instant plus one fixed offset.
        const minutes = Math.floor((t - frame.startMs) / MINUTE_MS);
        time = `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
      } else {
        const local = romeParts(t);
        // The second pass through the autumn hour has a wall-clock time that names another instant.
        if (local.day !== day || romeInstant(day, local.time) !== t) continue;
        time = local.time.slice(0, 5);
      }
      slots.push({ time, staffId: staff.id, startMs: t, endMs: t + durationMs });
    }
  }
  return slots;
}

/**
 * Busy intervals of one staff member, sorted by start, with the running maximum of their ends:
 * "does [a, b) overlap any?" is one binary search (the last interval starting before b) and one
 * comparison (did anything up to it end after a?), whatever the number of reservations.
 */
class BusyIndex {
  private readonly starts: number[];
  private readonly maxEnds: number[];

  constructor(intervals: readonly BusyInterval[]) {
    const sorted = [...intervals].sort((x, y) => x.startMs - y.startMs);
    this.starts = sorted.map((b) => b.startMs);
    this.maxEnds = [];
    let max = Number.NEGATIVE_INFINITY;
    for (const b of sorted) {
      max = Math.max(max, b.endMs);
      this.maxEnds.push(max);
    }
  }

  overlaps(startMs: number, endMs: number): boolean {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.starts[mid] as number) < endMs) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && (this.maxEnds[lo - 1] as number) > startMs;
  }
}

export type BusyIndexes = Map<number, BusyIndex>;

/** Indexes busy intervals by staff member once, for callers computing several days. */
export function indexBusy(busy: readonly BusyInterval[]): BusyIndexes {
  const byStaff = new Map<number, BusyInterval[]>();
  for (const b of busy) {
    const list = byStaff.get(b.staffId);
    if (list) list.push(b);
    else byStaff.set(b.staffId, [b]);
  }
  return new Map([...byStaff].map(([id, list]) => [id, new BusyIndex(list)]));
}

/** Free slots of a day, one per wall-clock time, with the first free staff member (by id). */
export function freeSlots(rules: SlotRules, day: string, busyIndex: BusyIndexes = indexBusy(rules.busy)): Slot[] {
  const paddingMs = rules.paddingAfter * MINUTE_MS;
  const byTime = new Map<string, Slot>();
  const staff = [...rules.staff].sort((x, y) => x.id - y.id);
  for (const member of staff) {
    const busy = busyIndex.get(member.id);
    for (const slot of staffCandidates(rules, member, day)) {
      if (byTime.has(slot.time)) continue;
      if (busy?.overlaps(slot.startMs, slot.endMs + paddingMs)) continue;
      byTime.set(slot.time, slot);
    }
  }
  return [...byTime.values()].sort((x, y) => x.startMs - y.startMs);
}

function hasFreeSlot(rules: SlotRules, day: string, busyIndex: BusyIndexes): boolean {
  const paddingMs = rules.paddingAfter * MINUTE_MS;
  for (const member of rules.staff) {
    const busy = busyIndex.get(member.id);
    for (const slot of staffCandidates(rules, member, day)) {
      if (!busy?.overlaps(slot.startMs, slot.endMs + paddingMs)) return true;
    }
  }
  return false;
}

/** Days between `from` and `to` (inclusive, clipped to the calendar range) with a free slot. */
export function availableDays(rules: SlotRules, from: string, to: string): string[] {
  const busyIndex = indexBusy(rules.busy);
  const days: string[] = [];
  const last = earlierDay(to, rules.lastDay);
  for (let day = laterDay(from, rules.firstDay); day <= last; day = addDays(day, 1)) {
    if (hasFreeSlot(rules, day, busyIndex)) days.push(day);
  }
  return days;
}

export type SlotCheck = { ok: true; slot: Slot } | { ok: false; reason: 'unavailable' | 'taken' };

/**
 * Whether a staff member can take the service at a wall-clock time: `unavailable` when the time
 * is not one of their slots (closed, past, outside the range, off the grid, not qualified),
 * `taken` when it is but overlaps a booked reservation.
 */
export function checkSlot(rules: SlotRules, day: string, time: string, staffId: number): SlotCheck {
  const member = rules.staff.find((s) => s.id === staffId);
  if (!member) return { ok: false, reason: 'unavailable' };
  // Slots fall on whole minutes: '10:30' and '10:30:00' name one, '10:30:15' none.
  const normalized = normalizeTime(time);
  if (!normalized?.endsWith(':00')) return { ok: false, reason: 'unavailable' };
  const hhmm = normalized.slice(0, 5);
  const slot = staffCandidates(rules, member, day).find((s) => s.time === hhmm);
  if (!slot) return { ok: false, reason: 'unavailable' };
  const busy = new BusyIndex(rules.busy.filter((b) => b.staffId === staffId));
  if (busy.overlaps(slot.startMs, slot.endMs + rules.paddingAfter * MINUTE_MS)) return { ok: false, reason: 'taken' };
  return { ok: true, slot };
}
