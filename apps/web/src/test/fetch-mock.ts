import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Responder = (call: RecordedCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 || status === 304 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * Replaces fetch with a router of canned answers keyed by 'METHOD /api/path' (the query string is
 * ignored); records every call. An unknown route answers 404 like the server.
 */
export function mockFetch(routes: Record<string, Responder | Response | 'network-error'>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, headers, body };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    if (route === 'network-error') throw new TypeError('Failed to fetch');
    if (route === undefined) return json({ code: 'NOT_FOUND', message: 'Risorsa non trovata.' }, 404);
    return typeof route === 'function' ? route(call) : route.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A JWT-shaped token (unsigned: the app only reads `exp`) expiring at `expSeconds`. */
export function fakeToken(expSeconds: number, id = 'x'): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', jti: id, exp: expSeconds })}.signature`;
}
