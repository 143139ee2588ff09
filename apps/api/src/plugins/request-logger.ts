import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

/** What the server's log never shows as it was sent (pino's `redact`). */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.password_confirmation',
  '*.password_hash',
  '*.token',
];

const { chindingsSym, serializersSym, stringifySym, stringifySafeSym } = pino.symbols;
const NO_BINDINGS = {};
/** A key pino's own `asString` writes as `JSON.stringify` does. */
const PLAIN_KEY = /^\w+$/;

type PinoChild = FastifyBaseLogger & Record<symbol, unknown>;

/**
 * Fastify's per-request logger (`childLoggerFactory`): the same child as `logger.child(bindings)`.
 * pino writes each binding of a child through the redaction of the paths that start with a
 * wildcard (`*.password`, …), and that redaction parses its paths and clones on every call: ~2 KB
 * of young-generation garbage per request for the request id alone, the largest allocation site of
 * the search route (issue 22, scavenges at the p99). A string binding — the request id, the one
 * binding Fastify gives — cannot hold a redacted path, so it is written here as pino writes it
 * (its own stringify), after the parent's bindings; any other binding goes through pino.
 */
export function requestChildLogger(logger: FastifyBaseLogger, bindings: Record<string, unknown>, options: object): FastifyBaseLogger {
  const parent = logger as PinoChild;
  const serializers = parent[serializersSym] as Record<string, unknown> | undefined;
  // Not a pino logger (Fastify's own when logging is off): its own child.
  if (serializers === undefined || typeof parent[chindingsSym] !== 'string') return logger.child(bindings, options);
  let written = '';
  for (const key in bindings) {
    const value = bindings[key];
    if (typeof value !== 'string' || !PLAIN_KEY.test(key) || serializers[key] !== undefined) return logger.child(bindings, options);
    written += `,"${key}":${(parent[stringifySym] as (value: unknown, safe: unknown) => string)(value, parent[stringifySafeSym])}`;
  }
  const child = logger.child(NO_BINDINGS, options) as PinoChild;
  child[chindingsSym] = (child[chindingsSym] as string) + written;
  return child;
}
