/**
 * Calendar-day helpers without zod, so the web app's route definitions (part of its first load)
 * can use them without pulling the schemas in (decision 0145).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day 'YYYY-MM-DD' (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
