import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, json, mockFetch } from '../test/fetch-mock';
import { onAppEvent } from '../lib/app-events';
import { clearToken, getToken, setToken } from '../lib/session';
import { startSessionKeeper } from './session-keeper';

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  clearToken();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const refreshCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === '/api/auth/refresh').length;

describe('startSessionKeeper', () => {
  it('checks the stored token at start with POST /auth/check', async () => {
    setToken(fakeToken(NOW / 1000 + 3600));
    const { calls } = mockFetch({ 'POST /api/auth/check': json({ valid: true }) });
    const stop = startSessionKeeper();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/auth/check');
    stop();
  });

  it('refreshes at 80% of the remaining life and keeps the new token', async () => {
    const first = fakeToken(NOW / 1000 + 100, 'first'); // 100 s left → refresh after 80 s
    const second = fakeToken(NOW / 1000 + 1000, 'second');
    setToken(first);
    const { calls } = mockFetch({
      'POST /api/auth/check': json({ valid: true }),
      'POST /api/auth/refresh': json({ token: second, expires_at: new Date(NOW + 1_000_000).toISOString() }),
    });
    const stop = startSessionKeeper();
    await vi.advanceTimersByTimeAsync(79_000);
    expect(refreshCalls(calls)).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshCalls(calls)).toBe(1);
    expect(calls.find((c) => c.path === '/api/auth/refresh')?.headers.Authorization).toBe(`Bearer ${first}`);
    expect(getToken()).toBe(second);
    // The next refresh is planned from the new token: 80% of its 920 s left.
    await vi.advanceTimersByTimeAsync(0.8 * 920_000 - 1_000);
    expect(refreshCalls(calls)).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshCalls(calls)).toBe(2);
    stop();
  });

  it('ends the session when the refresh answers 401 (through the unauthorized event)', async () => {
    const token = fakeToken(NOW / 1000 + 10);
    setToken(token);
    mockFetch({
      'POST /api/auth/check': json({ valid: true }),
      'POST /api/auth/refresh': json({ code: 'UNAUTHENTICATED', message: 'no' }, 401),
    });
    const heard = vi.fn();
    const off = onAppEvent('unauthorized', heard);
    const stop = startSessionKeeper();
    await vi.advanceTimersByTimeAsync(8_000);
    expect(heard).toHaveBeenCalledWith({ path: '/auth/refresh', token });
    off();
    stop();
  });

  it('keeps the token and retries later when the server cannot be reached', async () => {
    const token = fakeToken(NOW / 1000 + 3600);
    setToken(token);
    const { calls } = mockFetch({ 'POST /api/auth/check': 'network-error', 'POST /api/auth/refresh': 'network-error' });
    const stop = startSessionKeeper();
    await vi.advanceTimersByTimeAsync(0.8 * 3600_000);
    expect(refreshCalls(calls)).toBe(1);
    expect(getToken()).toBe(token);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refreshCalls(calls)).toBe(2);
    stop();
  });

  it('does nothing without a token, and stops refreshing after logout', async () => {
    const { calls } = mockFetch({});
    const stop = startSessionKeeper();
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(calls).toHaveLength(0);
    setToken(fakeToken(NOW / 1000 + 7200 + 100));
    clearToken();
    await vi.advanceTimersByTimeAsync(3 * 3600_000);
    expect(refreshCalls(calls)).toBe(0);
    stop();
  });
});
