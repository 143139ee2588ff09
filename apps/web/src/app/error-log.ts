import { FRONTEND_VERSION } from '@farmacia/contract';
import { ApiError, api, NETWORK_ERROR, TIMEOUT } from '../lib/api-client';

/**
 * Reports a failed login or signup to `POST /error-log` (spec §7) so the pharmacy can spot a
 * broken flow. Never carries what the user typed (no email, no password): only what failed.
 * Fire and forget: a report that fails must not disturb the user.
 */
export function reportError(where: string, error: unknown): void {
  if (error instanceof ApiError && (error.code === NETWORK_ERROR || error.code === TIMEOUT || error.status === 429)) {
    return; // Nothing to learn, and the report would fail or be throttled too.
  }
  const status = error instanceof ApiError ? error.status : undefined;
  const code = error instanceof ApiError ? error.code : error instanceof Error ? error.name : 'UNKNOWN';
  const message = error instanceof Error ? error.message : String(error);
  api('/error-log', {
    method: 'POST',
    body: {
      message: `${where}: ${message}`,
      context: {
        where,
        status,
        code,
        fields: error instanceof ApiError ? Object.keys(error.errors) : [],
        path: window.location.pathname,
        version: FRONTEND_VERSION,
      },
    },
  }).catch(() => undefined);
}
