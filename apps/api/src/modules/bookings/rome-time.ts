import { CALENDAR_MONTHS_AHEAD, ROME_WALL_CLOCK_PARTS } from '@farmacia/contract';

/**
 * Wall-clock time of the pharmacy (Europe/Rome) without a date library: offsets come from Intl,
 * cached per quarter hour (every transition of the zone falls on one), so converting thousands of
 * slot instants costs a map lookup each.
 *
 * Days are 'YYYY-MM-DD' strings, times 'HH:mm:ss' (or 'HH:mm' on input), instants epoch ms.
 */

const QUARTER_HOUR_MS = 900_000;
const DAY_MS = 86_400_000;

const partsFormat = new Intl.DateTimeFormat('en-US', ROME_WALL_CLOCK_PARTS);

const offsetCache = new Map<number, number>();

/** Rome's offset from UTC at an instant, in ms (3_600_000 in winter, 7_200_000 in summer). */
export function offsetAt(ms: number): number {
  const bucket = Math.floor(ms / QUARTER_HOUR_MS);
  const cached = offsetCache.get(bucket);
  if (cached !== undefined) return cached;
  const at = bucket * QUARTER_HOUR_MS;
  const p: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(new Date(at))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  const wall = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  const offset = wall - at;
  // A long-running server walks forward in time: a bounded cache is enough.
  if (offsetCache.size > 50_000) offsetCache.clear();
  offsetCache.set(bucket, offset);
  return offset;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A UTC date's 'YYYY-MM-DD': the year in four digits too (0100, not 100: the contract takes years from 0100). */
const utcDay = (d: Date): string => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** The Rome calendar day and wall-clock time of an instant. */
export function romeParts(ms: number): { day: string; time: string } {
  const wall = new Date(ms + offsetAt(ms));
  return {
    day: utcDay(wall),
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`,
  };
}

/** Today in Rome. */
export const romeDay = (at: Date): string => romeParts(at.getTime()).day;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** 'HH:mm' or 'HH:mm:ss' → 'HH:mm:ss'; undefined when it is not a time of day. */
export function normalizeTime(value: string): string | undefined {
  const m = TIME_PATTERN.exec(value);
  return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : undefined;
}

function dayToUtcMidnight(day: string): number {
  const m = DAY_PATTERN.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

function utcMidnightToDay(ms: number): string {
  return utcDay(new Date(ms));
}

/** The earlier / later of two 'YYYY-MM-DD' days (they compare as strings). */
export const earlierDay = (a: string, b: string): string => (a < b ? a : b);
export const laterDay = (a: string, b: string): string => (a > b ? a : b);

/** The contract's day arithmetic (one with the app and the back office). */
export { addDays } from '@farmacia/contract';

/** ISO weekday of a calendar day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  const w = new Date(dayToUtcMidnight(day)).getUTCDay();
  return w === 0 ? 7 : w;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((dayToUtcMidnight(to) - dayToUtcMidnight(from)) / DAY_MS);

/** Last day of the month `monthsAhead` months after the month of `day`. */
export function lastDayOfMonth(day: string, monthsAhead = 0): string {
  const m = DAY_PATTERN.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  return utcMidnightToDay(Date.UTC(Number(m[1]), Number(m[2]) + monthsAhead, 0));
}

/** The calendar range of spec §9: from today to the end of the month after next, in Rome. */
export function calendarRange(now: Date): { firstDay: string; lastDay: string } {
  const firstDay = romeDay(now);
  return { firstDay, lastDay: lastDayOfMonth(firstDay, CALENDAR_MONTHS_AHEAD) };
}

/**
 * The instant of a Rome wall-clock time on a day. A time that does not exist (the spring gap,
 * 02:00–02:59 on the last Sunday of March) moves forward by the gap, as clocks do; a time that
 * happens twice (02:00–02:59 on the last Sunday of October) is its first occurrence (summer
 * time). These are the `compatible` rules of Temporal and of RFC 5545.
 */
export function romeInstant(day: string, time: string): number {
  // A day's slots convert the same few opening hours on every request (decision 0586).
  return keptInstant(`${day} ${time}`, day, time, computeRomeInstant);
}
const instantCache = new Map<string, number>();

/** The instant kept under `key`, else `compute(day, time)` kept there (a function, not a closure made per call). */
function keptInstant(key: string, day: string, time: string, compute: (day: string, time: string) => number): number {
  const kept = instantCache.get(key);
  if (kept !== undefined) return kept;
  const ms = compute(day, time);
  if (instantCache.size > 50_000) instantCache.clear();
  instantCache.set(key, ms);
  return ms;
}

function computeRomeInstant(day: string, time: string): number {
  const t = normalizeTime(time);
  if (!t) throw new RangeError(`not a time: ${time}`);
  const [h, mi, s] = t.split(':').map(Number) as [number, number, number];
  return instantOfWallClock(dayToUtcMidnight(day) + ((h * 60 + mi) * 60 + s) * 1000);
}

/** The instant Rome's clocks show `naive` (a wall-clock time written as if it were UTC). */
function instantOfWallClock(naive: number): number {
  // Transitions are months apart: the offsets a day before and after cover every candidate.
  const before = offsetAt(naive - DAY_MS);
  const after = offsetAt(naive + DAY_MS);
  const valid = [...new Set([before, after])].map((o) => naive - o).filter((ms) => naive - ms === offsetAt(ms));
  if (valid.length === 0) return naive - before;
  return Math.min(...valid);
}

/** Start of a Rome calendar day and of the next one, as instants (23, 24 or 25 hours apart). */
export function romeDayBounds(day: string): { startMs: number; endMs: number } {
  return { startMs: romeInstant(day, '00:00'), endMs: nextMidnight(day) };
}

/**
 * The next day's midnight, from this day's date: 9999-12-31 is a day a caller may name, and the day
 * after it has no 'YYYY-MM-DD' name (nor may one exist: days compare as strings).
 */
function nextMidnight(day: string): number {
  // Kept under a key no `romeInstant` makes (its keys hold a space).
  return keptInstant(`${day}/next`, day, '', nextMidnightOf);
}
const nextMidnightOf = (day: string): number => instantOfWallClock(dayToUtcMidnight(day) + DAY_MS);
