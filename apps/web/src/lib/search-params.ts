/**
 * Search params are plain strings in the URL, readable by people ('/auth/login?redirect=/app/user'),
 * without the router's default JSON encoding: each route's validateSearch turns them into what it
 * needs.
 */
export function parseSearch(searchStr: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr)) {
    result[key] = value;
  }
  return result;
}

function encodeValue(value: string): string {
  // '/' and '@' are legal in a query value (RFC 3986): keep return paths and emails readable.
  return encodeURIComponent(value).replace(/%2F/gi, '/').replace(/%40/gi, '@').replace(/%3A/gi, ':');
}

export function stringifySearch(search: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    parts.push(`${encodeURIComponent(key)}=${encodeValue(text)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
