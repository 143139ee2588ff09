import { z } from 'zod';

/**
 * The one error body every failed API call answers with.
 * `errors` is keyed by field (the wire name, e.g. `codice_fiscale`), each with its Italian
 * messages: the app shows the last one under the field (spec §5 "Server validation errors").
 */
export const ApiErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/**
 * Error codes shared by server and app (`DOMAIN_REASON`). The server maps each to an HTTP status
 * in one table; the app may branch on them.
 */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  /** The path exists, not with the request's method (405, the `Allow` header lists the methods). */
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA',
  /** The request's path (or one of its parameters) is longer than any resource's (414). */
  URI_TOO_LONG: 'URI_TOO_LONG',
  /** The request's line and headers exceed what the server reads (431). */
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  /** The connection sent no whole request in time (408). */
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAVAILABLE: 'UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
