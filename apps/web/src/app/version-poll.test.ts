import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock';
import { isOnline, setOnline } from '../lib/connectivity';
import { apiVersion, startVersionPoll } from './version-poll';

beforeEach(() => {
  vi.useFakeTimers();
  setOnline(true);
  apiVersion.set(null);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('startVersionPoll', () => {
  it('polls GET /api/ every 5 s with If-None-Match and reloads when the version changes', async () => {
    let version = '1.0.0';
    const { calls } = mockFetch({
      'GET /api/': (call) =>
        call.headers['If-None-Match'] === `"${version}"` ? json(null, 304) : json({ version }, 200, { ETag: `"${version}"` }),
    });
    const onChange = vi.fn();
    const stop = startVersionPoll({ onChange });
    await vi.advanceTimersByTimeAsync(0);
    expect(apiVersion.get()).toBe('1.0.0');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers['If-None-Match']).toBe('"1.0.0"');
    expect(onChange).not.toHaveBeenCalled();

    version = '1.1.0';
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(apiVersion.get()).toBe('1.1.0');
    stop();
  });

  it('refetches shop data (no reload) when only data_version changes', async () => {
    let data = '4';
    mockFetch({ 'GET /api/': () => json({ version: '1.0.0', data_version: data }, 200, { ETag: `"v${data}"` }) });
    const onChange = vi.fn();
    const onDataChange = vi.fn();
    const stop = startVersionPoll({ onChange, onDataChange });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onDataChange).not.toHaveBeenCalled();
    data = '5';
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onDataChange).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
    stop();
  });

  it('sets the app offline on a network error and online again when the server answers', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/': 'network-error' });
    const stop = startVersionPoll({ onChange: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    expect(isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(isOnline()).toBe(false);
    fetchMock.mockImplementation(async () => json({ version: '1.0.0' }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(isOnline()).toBe(true);
    stop();
  });

  it('goes offline at once on the browser offline event and polls at once when it is back online', async () => {
    const { calls } = mockFetch({ 'GET /api/': json({ version: '1.0.0' }) });
    const stop = startVersionPoll({ onChange: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('offline'));
    expect(isOnline()).toBe(false);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    expect(isOnline()).toBe(true);
    stop();
  });
});
