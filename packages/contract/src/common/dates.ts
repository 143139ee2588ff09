import { SHOP_TIME_ZONE } from '../constants.js';

/**
 * Italian date formats (spec §1), always in the pharmacy's time zone so the server, the tests
 * (TZ=UTC) and a phone abroad show the same day and hour.
 */

/** A Date, an epoch in ms, an ISO timestamp or a calendar day 'YYYY-MM-DD'. */
export type DateInput = Date | number | string;

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * To a Date. A bare calendar day is taken at noon UTC, which is the same calendar day in
 * Europe/Rome in every season, so '2025-03-30' never shows as the 29th.
 */
export function toDate(value: DateInput): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && DAY_ONLY.test(value)) return new Date(`${value}T12:00:00Z`);
  return new Date(value);
}

/**
 * An it-IT formatter in Rome's time zone, created on its first use (issue 22): each one costs a
 * slow phone tens of ms (the first loads ICU's locale and zone data), and a screen that imports
 * this module usually needs one of them, if any, in its first render — not all four at load.
 */
function romeFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => {
    format ??= new Intl.DateTimeFormat('it-IT', { timeZone: SHOP_TIME_ZONE, ...options });
    return format;
  };
}

/** Italian month names, as Intl writes them for it-IT ('gennaio'). */
export const ITALIAN_MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
] as const;

/** Italian weekday names from Sunday (Date's getUTCDay order), as Intl writes them for it-IT; the first 3 letters are its short names. */
export const ITALIAN_WEEKDAYS = ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'] as const;

/**
 * A calendar day 'YYYY-MM-DD' read without Intl (decision 0580): it is already a Rome day, so it
 * needs no zone, and the booking calendar names ~30 of them in its first render — where Intl's
 * first formatter cost a phone's start 35–45 ms at 1× CPU. Undefined for anything else (an
 * instant, an impossible day, a year before 1000), which Intl formats as before.
 */
function calendarDay(value: DateInput): { year: number; month: number; day: number; weekday: number } | undefined {
  if (typeof value !== 'string' || !DAY_ONLY.test(value)) return undefined;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, 12));
  if (year < 1000 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day, weekday: date.getUTCDay() };
}

const dateFormat = romeFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = romeFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const monthYearFormat = romeFormat({ month: 'long', year: 'numeric' });
const longDateFormat = romeFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** '25/12/2025'. Invalid input gives ''. */
export function formatDate(value: DateInput): string {
  const known = calendarDay(value);
  if (known) return `${String(known.day).padStart(2, '0')}/${String(known.month).padStart(2, '0')}/${known.year}`;
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat().format(date);
}

/**
 * '09:05'. Accepts a time of day 'HH:mm' or 'HH:mm:ss' as it is (booking slots are already
 * Rome wall-clock times), or an instant converted to Rome time.
 */
export function formatTime(value: DateInput): string {
  if (typeof value === 'string') {
    const match = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(value);
    if (match) return `${match[1]}:${match[2]}`;
  }
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : timeFormat().format(date);
}

/** '25/12/2025 09:05'. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : `${dateFormat().format(date)} ${timeFormat().format(date)}`;
}

/** 'dicembre 2025' (calendar header). */
export function formatMonthYear(value: DateInput): string {
  const known = calendarDay(value);
  if (known) return `${ITALIAN_MONTHS[known.month - 1]} ${known.year}`;
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : monthYearFormat().format(date);
}

/** 'giovedì 25 dicembre 2025' (booking summary, event groups). */
export function formatLongDate(value: DateInput): string {
  const known = calendarDay(value);
  if (known) return `${ITALIAN_WEEKDAYS[known.weekday]} ${known.day} ${ITALIAN_MONTHS[known.month - 1]} ${known.year}`;
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : longDateFormat().format(date);
}
