import { requestErrorMessages } from '@farmacia/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, json, mockFetch } from '../test/fetch-mock';
import { ApiError, api, NETWORK_ERROR, TIMEOUT } from './api-client';
import { onAppEvent } from './app-events';
import { connectivity, isOnline, setOnline } from './connectivity';
import { clearToken, setToken } from './session';

beforeEach(() => {
  clearToken();
  setOnline(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api', () => {
  it('sends JSON under /api with the stored bearer token and parses the answer', async () => {
    const token = fakeToken(2_000_000_000);
    setToken(token);
    const { calls } = mockFetch({ 'POST /api/things': json({ data: { id: 1 } }, 201) });
    await expect(api('/things', { method: 'POST', body: { name: 'x' } })).resolves.toEqual({ data: { id: 1 } });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/things',
      body: { name: 'x' },
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    });
  });

  it("an error answer that brought no text of its own (a proxy's HTML page, an empty body) gets the contract's text for its status", async () => {
    mockFetch({
      'GET /api/catalogue': new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      'POST /api/cart/products/1': new Response(null, { status: 413 }),
      'GET /api/order': new Response('', { status: 418 }),
    });
    await expect(api('/catalogue')).rejects.toMatchObject({ status: 502, code: 'HTTP_502', message: requestErrorMessages.unavailable });
    await expect(api('/cart/products/1', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 413, message: requestErrorMessages.payloadTooLarge });
    await expect(api('/order')).rejects.toMatchObject({ status: 418, message: requestErrorMessages.badRequest });
  });

  it('answers undefined for 204', async () => {
    mockFetch({ 'POST /api/auth/logout': json(null, 204) });
    await expect(api('/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('throws ApiError with the server body; fieldMessage is the last message of a field', async () => {
    mockFetch({
      'POST /api/auth/register': json(
        { code: 'VALIDATION_FAILED', message: 'Email già registrata.', errors: { email: ['Email non valida.', 'Email già registrata.'] } },
        422,
      ),
    });
    const error = await api('/auth/register', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.code).toBe('VALIDATION_FAILED');
    expect(apiError.fieldMessage('email')).toBe('Email già registrata.');
    expect(apiError.fieldMessage('name')).toBeUndefined();
  });

  it('raises too-many-requests on a 429, with Retry-After', async () => {
    mockFetch({ 'POST /api/auth/login': json({ code: 'RATE_LIMITED', message: 'Troppi tentativi.' }, 429, { 'Retry-After': '60' }) });
    const heard = vi.fn();
    const stop = onAppEvent('too-many-requests', heard);
    await expect(api('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 429 });
    stop();
    expect(heard).toHaveBeenCalledWith({ message: 'Troppi tentativi.', retryAfterSeconds: 60 });
  });

  it('raises unauthorized on a 401 only when a token was sent', async () => {
    mockFetch({ 'GET /api/profile': json({ code: 'UNAUTHENTICATED', message: 'no' }, 401) });
    const heard = vi.fn();
    const stop = onAppEvent('unauthorized', heard);
    await expect(api('/profile')).rejects.toMatchObject({ status: 401 });
    expect(heard).not.toHaveBeenCalled();
    const token = fakeToken(2_000_000_000);
    setToken(token);
    await expect(api('/profile')).rejects.toMatchObject({ status: 401 });
    stop();
    expect(heard).toHaveBeenCalledWith({ path: '/profile', token });
  });

  it('retries once with the new token when a refresh rotated it while the call was on its way', async () => {
    const oldToken = fakeToken(2_000_000_000, 'old');
    const newToken = fakeToken(2_000_000_000, 'new');
    setToken(oldToken);
    const heard = vi.fn();
    const stop = onAppEvent('unauthorized', heard);
    const { calls } = mockFetch({
      'GET /api/profile': (call) => {
        if (call.headers.Authorization === `Bearer ${oldToken}`) {
          setToken(newToken); // the refresh landed meanwhile
          return json({ code: 'UNAUTHENTICATED', message: 'no' }, 401);
        }
        return json({ data: { id: 7 } });
      },
    });
    await expect(api('/profile')).resolves.toEqual({ data: { id: 7 } });
    stop();
    expect(calls.map((c) => c.headers.Authorization)).toEqual([`Bearer ${oldToken}`, `Bearer ${newToken}`]);
    expect(heard).not.toHaveBeenCalled();
  });

  it('sets the app offline on a network error, and online again on the next answer', async () => {
    mockFetch({ 'GET /api/': 'network-error' });
    const error = await api('/').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: NETWORK_ERROR });
    expect(isOnline()).toBe(false);
    mockFetch({ 'GET /api/': json({ version: '1.0.0' }) });
    await api('/');
    expect(connectivity.get()).toBe(true);
  });

  it('gives up after timeoutMs with TIMEOUT, without declaring the app offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: unknown, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          }),
      ),
    );
    const error = await api('/auth/check', { method: 'POST', timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: TIMEOUT });
    expect(isOnline()).toBe(true);
  });
});
