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

// Made on first use: the first Intl.DateTimeFormat of a page is costly (decision 0356).
let romeClockFormat: Intl.DateTimeFormat | undefined;

/** The pharmacy's wall clock at `now` (Intl, in the shop's time zone). */
export function romeWallClock(now: Date = new Date()): RomeWallClock {
  // The clock reads whole seconds: within the same second the answer is the last one (the API
  // asks it on every product and cart read — formatToParts was ~2 % of a product page).
  const second = Math.floor(now.getTime() / 1000);
  if (second === lastSecond && lastClock) return { ...lastClock };
  romeClockFormat ??= new Intl.DateTimeFormat('en-CA', ROME_WALL_CLOCK_PARTS);
  const parts = romeClockFormat.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  lastClock = { day: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}:${part('second')}` };
  lastSecond = second;
  return { ...lastClock };
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
