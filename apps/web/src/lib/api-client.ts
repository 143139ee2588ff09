import { offlineMessages, requestErrorMessageForStatus, requestErrorMessages } from '@farmacia/contract';
import { emitAppEvent } from './app-events';
import { takeBootAnswer } from './boot-data';
import { setOnline } from './connectivity';
import { withCurrentVisitorShop } from './current-shop';
import { takeEarlyResponse } from './early-requests';
import { getToken } from './session';

/** Every API path is under /api (spec §7). */
export const API_BASE = '/api';

/** Codes of failures that never reached the server (status 0). */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const TIMEOUT = 'TIMEOUT';

/**
 * A failed API call: the server's error body (`{ message, code, errors }`, see ApiErrorBody in the
 * contract), or status 0 with NETWORK_ERROR / TIMEOUT when the server could not be reached.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Server validation errors keyed by field: show the last message under each field (spec §5). */
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }

  /** The message to show under `field`: the last one the server sent (spec §5). */
  fieldMessage(field: string): string | undefined {
    return this.errors[field]?.at(-1);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Abort after this many ms (spec §7: check and refresh use 2 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Use this bearer token instead of the stored one (refresh right after login, tests). */
  token?: string | null;
}

interface ErrorBodyLike {
  message?: unknown;
  code?: unknown;
  errors?: unknown;
}

function toFieldErrors(value: unknown): Record<string, string[]> {
  if (!value || typeof value !== 'object') return {};
  const result: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(value)) {
    if (Array.isArray(list)) result[field] = list.filter((m): m is string => typeof m === 'string');
    else if (typeof list === 'string') result[field] = [list];
  }
  return result;
}

async function readErrorBody(response: Response): Promise<ErrorBodyLike> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as ErrorBodyLike) : {};
  } catch {
    return {};
  }
}

/**
 * fetch() against the API with the stored bearer token: the low-level call (the version poll
 * needs the raw Response for ETag/304). Throws ApiError only for failures to reach the server;
 * marks the app offline on a network error and online on any answer.
 */
export async function apiFetch(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const token = options.token === undefined ? getToken() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const timeout = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
  const signals = [options.signal, timeout].filter((s): s is AbortSignal => s !== undefined);

  // A plain read the page already started with this token (early-requests.ts): the same request, adopted.
  const early =
    token && (options.method ?? 'GET') === 'GET' && options.body === undefined && !options.headers && !timeout
      ? takeEarlyResponse(path, token)
      : undefined;

  let response: Response;
  try {
    response = await (early ?? fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals),
      cache: 'no-store',
    }));
  } catch (error) {
    // The caller gave up (query cancelled, component gone): not a failure of the network.
    if (options.signal?.aborted) throw error;
    // Too slow is not offline: the caller decides (check and refresh keep the session).
    if (timeout?.aborted) throw new ApiError(0, TIMEOUT, requestErrorMessages.internal);
    setOnline(false);
    throw new ApiError(0, NETWORK_ERROR, offlineMessages.noInternet);
  }
  setOnline(true);
  return response;
}

/** Turns a non-2xx response into an ApiError, raising the app events that go with it. */
async function failure(response: Response, path: string, sentToken: string | null): Promise<ApiError> {
  const body = await readErrorBody(response);
  const status = response.status;
  const message =
    typeof body.message === 'string' && body.message
      ? body.message
      : requestErrorMessageForStatus(status);
  const code = typeof body.code === 'string' ? body.code : `HTTP_${status}`;
  if (status === 429) {
    const retryAfter = Number(response.headers.get('retry-after'));
    emitAppEvent('too-many-requests', {
      message,
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    });
  }
  // A 401 without a token is a wrong password, not an expired session.
  if (status === 401 && sentToken) emitAppEvent('unauthorized', { path, token: sentToken });
  return new ApiError(status, code, message, toFieldErrors(body.errors));
}

/** Calls the API and returns the parsed JSON body (undefined for 204). Throws ApiError. */
export async function api<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  let token = options.token === undefined ? getToken() : options.token;
  // A visitor's reads are the shop they picked (decision 0544); a customer's, their own shop.
  if (!token && (options.method ?? 'GET') === 'GET') path = withCurrentVisitorShop(path);
  // A visitor's first read of what the page already carries (boot-data.ts): no second request.
  if (!token && (options.method ?? 'GET') === 'GET' && options.body === undefined) {
    const answer = takeBootAnswer(path);
    if (answer !== undefined) {
      // Given in a task of its own, as the server's answer would come (issue 22): taken at once, the
      // router's whole first load (matching, the gate, the loaders, storing their answers, the
      // screen's state) ran in one task's microtasks, 8–22 ms of the main thread — blocking time on
      // a slow phone. Each answer now ends a task, and the load goes on in the next.
      await new Promise((resolve) => setTimeout(resolve, 0));
      return answer as T;
    }
  }
  let response = await apiFetch(path, { ...options, token });
  if (response.status === 401 && token && options.token === undefined) {
    // The token was rotated by a refresh while this call was on its way (the old one stops
    // working at once): one more try with the new token, instead of logging the user out.
    const current = getToken();
    if (current && current !== token) {
      token = current;
      response = await apiFetch(path, { ...options, token });
    }
  }
  if (!response.ok) throw await failure(response, path, token);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
