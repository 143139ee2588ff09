/**
 * Calendar-day helpers without zod, so the web app's route definitions (part of its first load)
 * can use them without pulling the schemas in (decision 0145).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day 'YYYY-MM-DD' (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC: Date.UTC reads a year 0–99 as 1900–1999, so '0067-02-01' would
  // come back as 1967 and a day the pattern allows be called invalid.
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The day `days` after `day` ('YYYY-MM-DD'; negative: before), on the calendar alone — no clock, no
 * time zone: the one day arithmetic of the server, the app and the back office. Any four-digit year
 * (setUTCFullYear, as {@link isCalendarDay}).
 */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d + days);
  const year = date.getUTCFullYear();
  return `${String(year).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

/**
 * Easter Sunday of `year` (Gregorian, the anonymous algorithm), as 'YYYY-MM-DD': Easter Monday is an
 * Italian public holiday (the demo closures, the withdrawal period's end).
 */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
