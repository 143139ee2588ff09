import { addDays, CALENDAR_MONTHS_AHEAD, ITALIAN_WEEKDAYS } from '@farmacia/contract';

/**
 * Month calendar arithmetic on 'YYYY-MM-DD' days and 'YYYY-MM' months (no time zone involved once
 * "today" is known in Rome).
 */

/** Today in the pharmacy's time zone (one rule with the back office, in the contract's light wall-clock module). */
export { romeToday } from '@farmacia/contract';

export const monthOf = (day: string): string => day.slice(0, 7);

const pad = (n: number) => String(n).padStart(2, '0');

export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
}

/** The contract's day arithmetic (one with the server and the back office). */
export { addDays } from '@farmacia/contract';

/**
 * Where a key moves the focus among the choosable days, in order (the date-grid keys of the WAI-ARIA
 * date picker): ←/→ the previous/next one, ↑/↓ the nearest a week or more before/after, Home/End
 * the first/last of the month. `undefined`: not a key of the grid. `from` itself: nowhere to go.
 */
export function dayForKey(key: string, from: string, choosable: readonly string[]): string | undefined {
  const last = (list: readonly string[]) => list[list.length - 1];
  switch (key) {
    case 'ArrowRight':
      return choosable.find((day) => day > from) ?? from;
    case 'ArrowLeft':
      return last(choosable.filter((day) => day < from)) ?? from;
    case 'ArrowDown':
      return choosable.find((day) => day >= addDays(from, 7)) ?? from;
    case 'ArrowUp':
      return last(choosable.filter((day) => day <= addDays(from, -7))) ?? from;
    case 'Home':
      return choosable[0] ?? from;
    case 'End':
      return last(choosable) ?? from;
    default:
      return undefined;
  }
}

/** Spec §2/§9: from the current month up to two months ahead. */
export function calendarMonths(today: string): { first: string; last: string } {
  const first = monthOf(today);
  return { first, last: addMonths(first, CALENDAR_MONTHS_AHEAD) };
}

/** A cell of the month grid: a day, or padding (`day` null) with a stable key. */
export interface CalendarCell {
  key: string;
  day: string | null;
}

/**
 * The weeks of a month, Monday first (spec §2): each week has 7 cells, a day 'YYYY-MM-DD' or
 * padding before the 1st and after the last day.
 */
export function monthGrid(month: string): CalendarCell[][] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const firstWeekday = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7; // 0 = Monday
  const cells: CalendarCell[] = Array.from({ length: firstWeekday }, (_, i) => ({ key: `before-${i}`, day: null }));
  for (let d = 1; d <= daysInMonth; d++) cells.push({ key: `${month}-${pad(d)}`, day: `${month}-${pad(d)}` });
  for (let i = 0; cells.length % 7 !== 0; i++) cells.push({ key: `after-${i}`, day: null });
  const weeks: CalendarCell[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/**
 * Monday-first weekday names: short ('lun') and long ('lunedì'), the contract's Italian names
 * (written as Intl writes them; no Intl here: the calendar's first render makes none, decision 0580).
 */
const WEEKDAY_NAMES: ReadonlyArray<{ short: string; long: string }> = [1, 2, 3, 4, 5, 6, 0].map((i) => ({
  short: ITALIAN_WEEKDAYS[i]?.slice(0, 3) ?? '',
  long: ITALIAN_WEEKDAYS[i] ?? '',
}));

export function weekdays(): ReadonlyArray<{ short: string; long: string }> {
  return WEEKDAY_NAMES;
}

/** 'HH:mm' + minutes → 'HH:mm:ss' (the booking payload's end_appointment, recomputed by the server). */
export function addMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  return `${pad(Math.floor(total / 60) % 24)}:${pad(total % 60)}:00`;
}
