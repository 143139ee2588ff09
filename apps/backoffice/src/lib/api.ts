import { requestErrorMessageForStatus, requestErrorMessages, consoleMessages } from '@farmacia/contract';
import { clearSession, getToken } from './session';

/** An API error with the server's Italian message and, for 422, the messages per field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }

  /** The last message for a field (the API's convention), if any. */
  field(name: string): string | undefined {
    return this.errors[name]?.at(-1);
  }
}

/** Called when the session is over (401): the shell sends the user back to the login. */
let onExpired: (() => void) | null = null;
export function setSessionExpiredHandler(handler: () => void): void {
  onExpired = handler;
}

export interface Parser<T> {
  parse(data: unknown): T;
}

/**
 * One call to `/api`: JSON in, JSON out, the bearer token attached. A 401 on an authenticated call
 * ends the session (expired, revoked, logged out elsewhere).
 */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: Parser<T> | null,
  body?: unknown,
  token: string | null = getToken(),
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, requestErrorMessages.offline, 'OFFLINE');
  }
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!res.ok) {
    const err = (data ?? {}) as { message?: string; code?: string; errors?: Record<string, string[]> };
    if (res.status === 401 && token) {
      clearSession();
      onExpired?.();
    }
    // An answer with no text of its own (a proxy's HTML page): the contract's words for its status.
    throw new ApiError(res.status, err.message ?? requestErrorMessageForStatus(res.status), err.code, err.errors ?? {});
  }
  return schema ? schema.parse(data) : (data as T);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A private file (prescription, photo) as an object URL: the file route needs the bearer token. */
export async function fileObjectUrl(url: string): Promise<{ href: string; type: string }> {
  const token = getToken();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (res.status === 401) {
    clearSession();
    onExpired?.();
  }
  if (!res.ok) throw new ApiError(res.status, consoleMessages.common.fileUnavailable, undefined);
  const blob = await res.blob();
  return { href: URL.createObjectURL(blob), type: blob.type };
}
