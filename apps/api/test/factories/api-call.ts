import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, type CreatedUser } from './users.js';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `call(who, method, url, payload?)`: the API as `who` calls it with their bearer token, or as a
 * stranger (`null`: no token). `app` is read at call time, since suites build it in `beforeAll`.
 */
export function apiCaller(app: () => FastifyInstance) {
  return (who: CreatedUser | null, method: ApiMethod, url: string, payload?: unknown) =>
    app().inject({ method, url: `/api${url}`, headers: who ? bearer(who.token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** `ok(who, method, url, payload, status)`: the call, which must answer `status` (its body shown when not); its JSON. */
export function apiCallExpecting(call: ReturnType<typeof apiCaller>) {
  return async (who: CreatedUser, method: ApiMethod, url: string, payload: object | undefined, status: number) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
}
