import { isCalendarDay } from './calendar-day.js';

/*
 * The rules of the values a URL carries (path params and search params), without zod or the
 * message catalogue: the web app's route definitions are part of its first load (≤ 150 KB,
 * decision 0145) and use these parsers; the API's zod param schemas are built from the same
 * patterns, so the app and the server refuse the same values (decision 0500).
 * Each parser answers the value or undefined when the text is not one.
 */

/** A row id in a path: digits only ('12', not '1e1', '0x0c', ' 12' or '12.0'). */
export const ID_PARAM_PATTERN = /^\d+$/;

/**
 * The largest row id: every id column is PostgreSQL's `integer` (4 bytes). A larger one names no
 * row on either engine, and PostgreSQL would refuse to even compare it (a 500, not a 404 or 422).
 */
export const MAX_ROW_ID = 2_147_483_647;

/** A positive integer row id from a path param (`/app/orders/12` → 12), or undefined. */
export function positiveIdParam(value: string | undefined): number | undefined {
  if (value === undefined || !ID_PARAM_PATTERN.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= MAX_ROW_ID ? id : undefined;
}

/** A ministerial product code (AIC/minsan): exactly 9 digits. The check digit is the importer's rule, not the URL's. */
export const MINISTERIAL_CODE_PATTERN = /^\d{9}$/;

/** A product code from a path param (`/app/product/012745093`), or undefined. */
export function ministerialCodeParam(value: string | undefined): string | undefined {
  return value !== undefined && MINISTERIAL_CODE_PATTERN.test(value) ? value : undefined;
}

/** The app path of a product's page: the app's lists and cart lines link there, and so does the server's copy of the results. */
export function productPagePath(code: string): string {
  return `/app/product/${encodeURIComponent(code)}`;
}

/** A calendar day 'YYYY-MM-DD' from a path or search param (`?day=2026-03-02`), or undefined. */
export function calendarDayParam(value: unknown): string | undefined {
  return typeof value === 'string' && isCalendarDay(value) ? value : undefined;
}

/**
 * A text search param, or undefined when absent or empty. The app's own search parser keeps
 * every value a string; a number is accepted for links built by hand (`?id=3`).
 */
export function textParam(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** A '1' flag search param (`?scan=1`), or undefined. */
export function flagParam(value: unknown): '1' | undefined {
  return value === '1' || value === 1 ? '1' : undefined;
}

/**
 * A return path (`?redirect=`): only a path of the app ('/app/...', never '//evil.example',
 * 'https://...' or a login page), so a crafted link cannot send the user to another site.
 */
export function returnPathParam(value: unknown): string | undefined {
  const path = textParam(value);
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  if (path.startsWith('/auth/')) return undefined;
  return path;
}

/** One of a fixed list of values (`/app/payment/{type}/...`), or undefined. */
export function oneOfParam<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return (allowed as readonly unknown[]).includes(value) ? (value as T) : undefined;
}
