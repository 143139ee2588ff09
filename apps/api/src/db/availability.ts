/**
 * Whether an error means "the database cannot be reached right now" (PostgreSQL restarting or
 * down, the network to it cut, SQLite locked beyond its busy timeout) rather than a bug: such a
 * request answers 503 with Retry-After, and the next ones succeed once the database is back
 * (the pg pool drops dead connections and opens new ones by itself).
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
// PostgreSQL SQLSTATEs: 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now,
// 53300 too many connections; class 08 = connection exceptions.
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']);
const PG_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error/,
  /Client was closed and is not queryable/,
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  // An outbound HTTP call (payment provider, object store) that could not connect is not the database.
  if (error instanceof TypeError && error.message === 'fetch failed') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || SQLITE_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (PG_CLIENT_MESSAGES.some((m) => m.test(error.message))) return true;
  // Node reports a refused connection to a host with several addresses as an AggregateError.
  const inner = (error as { errors?: unknown[] }).errors;
  if (Array.isArray(inner) && inner.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return error.cause !== undefined && isDatabaseUnavailable(error.cause, depth + 1);
}
