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

/** The Intl options that read every part of the pharmacy's wall clock (24 h), for the server's clock too. */
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

// Made on first use, and only for an instant out of EU_RULE_YEARS: a page's first Intl object
// loads ICU's data (decisions 0356, 0580).
let romeClockFormat: Intl.DateTimeFormat | undefined;

const HOUR_MS = 3_600_000;
/**
 * The years Rome's clock follows today's EU summer-time rule (Directive 2000/84/EC, in Italy since
 * 1996): from the last Sunday of March to the last Sunday of October, 01:00 UTC both. Tested
 * against Intl's zone data for every switch of these years: a new rule in the data fails the test.
 */
const EU_RULE_YEARS = { from: 1996, to: 2099 };

/** The last Sunday of `month` (0-based) of `year` at 01:00 UTC, in epoch milliseconds. */
function euSwitch(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Rome's wall clock by the EU rule, without Intl (decision 0580): the app's tab badge reads it on
 * every signed-in page's start, where Intl's first formatter cost 35–45 ms of a phone's start at
 * 1× CPU. Undefined out of EU_RULE_YEARS.
 */
function euRuleWallClock(ms: number): RomeWallClock | undefined {
  const year = new Date(ms).getUTCFullYear();
  // Also undefined for an invalid date (NaN): Intl throws its RangeError, as it always did.
  if (!(year >= EU_RULE_YEARS.from && year <= EU_RULE_YEARS.to)) return undefined;
  const summer = ms >= euSwitch(year, 2) && ms < euSwitch(year, 9);
  const rome = new Date(ms + (summer ? 2 : 1) * HOUR_MS);
  return {
    day: `${rome.getUTCFullYear()}-${two(rome.getUTCMonth() + 1)}-${two(rome.getUTCDate())}`,
    time: `${two(rome.getUTCHours())}:${two(rome.getUTCMinutes())}:${two(rome.getUTCSeconds())}`,
  };
}

/** The pharmacy's wall clock at `now` (the EU rule; Intl, in the shop's time zone, for other years). */
export function romeWallClock(now: Date = new Date()): RomeWallClock {
  // The clock reads whole seconds: within the same second the answer is the last one (the API
  // asks it on every product and cart read — formatToParts was ~2 % of a product page).
  const second = Math.floor(now.getTime() / 1000);
  if (second === lastSecond && lastClock) return { ...lastClock };
  lastClock = euRuleWallClock(now.getTime()) ?? intlWallClock(now);
  lastSecond = second;
  return { ...lastClock };
}

function intlWallClock(now: Date): RomeWallClock {
  romeClockFormat ??= new Intl.DateTimeFormat('en-CA', ROME_WALL_CLOCK_PARTS);
  const parts = romeClockFormat.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}:${part('second')}` };
}
let lastSecond = Number.NaN;
let lastClock: RomeWallClock | undefined;

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
