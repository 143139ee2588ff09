import type { ReservationStatus } from '../booking.js';
import { SHOP_TIME_ZONE } from '../constants.js';

/*
 * The pharmacy's wall clock and the "upcoming" rule, without zod or the message catalogue: the web
 * app's tab badge (part of its first load, ≤ 150 KB, decision 0145) uses them.
 */

/** A moment as the pharmacy's wall clock reads it: Rome day 'YYYY-MM-DD' and time 'HH:mm:ss'. */
export interface RomeWallClock {
  day: string;
  time: string;
}

/** The Intl options that read every part of the pharmacy's wall clock (24 h), for the server's booking clock. */
export const ROME_WALL_CLOCK_PARTS: Intl.DateTimeFormatOptions = {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/** 01:00 UTC of the last Sunday of `month` (0-based) of `year`: when Europe's summer time starts or ends. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Hours Rome is ahead of UTC at `now`: 1, or 2 from the last Sunday of March to the last Sunday of
 * October at 01:00 UTC (the EU rule, Italy's since 1996). Worked out, not asked of Intl: a page's
 * first `Intl.DateTimeFormat` with a time zone loads ICU's zone data, tens of ms of a slow phone's
 * start (the tab bar's Offerte badge asks the day at once; decisions 0375, 0581). Should the EU
 * change its rule, this changes with it: the tests compare it with Intl hour by hour.
 */
export function romeUtcOffsetHours(now: Date): 1 | 2 {
  const time = now.getTime();
  const year = now.getUTCFullYear();
  return time >= lastSundayOneUtc(year, 2) && time < lastSundayOneUtc(year, 9) ? 2 : 1;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The pharmacy's wall clock at `now` (Rome's offset from UTC, {@link romeUtcOffsetHours}). */
export function romeWallClock(now: Date = new Date()): RomeWallClock {
  const rome = new Date(now.getTime() + romeUtcOffsetHours(now) * 3_600_000);
  return {
    day: `${String(rome.getUTCFullYear()).padStart(4, '0')}-${twoDigits(rome.getUTCMonth() + 1)}-${twoDigits(rome.getUTCDate())}`,
    time: `${twoDigits(rome.getUTCHours())}:${twoDigits(rome.getUTCMinutes())}:${twoDigits(rome.getUTCSeconds())}`,
  };
}

/**
 * Decision 0482: a booked reservation is upcoming until it ends, on the pharmacy's wall clock —
 * the rule behind the server's list order (upcoming first), the app's "upcoming" and "past"
 * sections and its tab badge. A cancelled one is never upcoming.
 */
export function isUpcomingReservation(
  reservation: { status: ReservationStatus; day: string; end_appointment: string },
  now: RomeWallClock,
): boolean {
  return reservation.status === 'booked' && `${reservation.day} ${reservation.end_appointment}` > `${now.day} ${now.time}`;
}

/**
 * The pharmacy's calendar day 'YYYY-MM-DD' at `now`: "today" for the app's booking calendar and
 * the back office's date fields, and the Rome day of any instant.
 */
export function romeToday(now: Date = new Date()): string {
  return romeWallClock(now).day;
}
