import { returnPathParam } from '@farmacia/contract';

/**
 * Where a form goes after saving (spec §2 Fiscal codes, like Addresses): the `redirect` query
 * value (an app path) or the fallback, carrying the other query params plus the saved row's id
 * under `idParam`.
 */
export function returnPathAfterSave(search: Record<string, string | undefined>, fallback: string, idParam: string, id: number): string {
  const target = returnPathParam(search.redirect) ?? fallback;
  const url = new URL(target, 'http://app.invalid');
  for (const [key, value] of Object.entries(search)) {
    if (key === 'redirect' || value === undefined) continue;
    url.searchParams.set(key, value);
  }
  url.searchParams.set(idParam, String(id));
  return `${url.pathname}${url.search}`;
}

/** Every search param as a string (the routes keep them all, to pass them on). */
export function allStringParams(search: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) {
    if (typeof value === 'string' && value !== '') out[key] = value;
    else if (typeof value === 'number') out[key] = String(value);
  }
  return out;
}
