import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, json, mockFetch } from '../test/fetch-mock';
import { api } from './api-client';
import { onAppEvent } from './app-events';
import { isOnline, setOnline } from './connectivity';
import { clearToken, setToken } from './session';

/** What the page's inline script leaves (EARLY_REQUESTS_SCRIPT in the server's page hints, decision 0592). */
function pageStarted(token: string, responses: Record<string, Promise<Response>>) {
  window.__farmaciaEarly = { token, responses: { ...responses } };
}

// The page's responses serve only its first 30 s: on a loaded host the test worker can be older than that.
beforeEach(() => {
  vi.spyOn(performance, 'now').mockReturnValue(1_000);
  clearToken();
  setOnline(true);
});
afterEach(() => {
  delete window.__farmaciaEarly;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the page's early reads (decision 0592)", () => {
  it("the first read of a path with the page's token adopts the page's response; the next one asks the server", async () => {
    const token = fakeToken(2_000_000_000);
    setToken(token);
    pageStarted(token, { '/cart': Promise.resolve(json({ data: { id: 1 } })) });
    const { calls } = mockFetch({ 'GET /api/cart': json({ data: { id: 2 } }) });
    await expect(api('/cart')).resolves.toEqual({ data: { id: 1 } });
    expect(calls).toEqual([]);
    await expect(api('/cart')).resolves.toEqual({ data: { id: 2 } });
    expect(calls.map((call) => call.path)).toEqual(['/api/cart']);
  });

  it('another token, another path or a write is never answered by the page', async () => {
    const token = fakeToken(2_000_000_000, 'now');
    setToken(token);
    pageStarted(fakeToken(2_000_000_000, 'before'), { '/cart': Promise.resolve(json({ data: { id: 1 } })) });
    const { calls } = mockFetch({ 'GET /api/cart': json({ data: { id: 2 } }), 'POST /api/profile': json({ data: {} }) });
    await expect(api('/cart')).resolves.toEqual({ data: { id: 2 } });

    pageStarted(token, { '/profile': Promise.resolve(json({ data: { id: 1 } })) });
    await expect(api('/profile', { method: 'POST', body: {} })).resolves.toEqual({ data: {} });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/cart', 'POST /api/profile']);
  });

  it("an adopted 401 ends the session as the app's own would; an adopted network failure sets the app offline", async () => {
    const token = fakeToken(2_000_000_000);
    setToken(token);
    pageStarted(token, {
      '/profile': Promise.resolve(json({ code: 'UNAUTHENTICATED', message: 'Sessione scaduta.' }, 401)),
      '/cart': Promise.reject(new TypeError('Failed to fetch')),
    });
    const { calls } = mockFetch({});
    const heard = vi.fn();
    const stop = onAppEvent('unauthorized', heard);
    await expect(api('/profile')).rejects.toMatchObject({ status: 401, message: 'Sessione scaduta.' });
    stop();
    expect(heard).toHaveBeenCalledWith({ path: '/profile', token });

    await expect(api('/cart')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(isOnline()).toBe(false);
    expect(calls).toEqual([]);
  });
});
