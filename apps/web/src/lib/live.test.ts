import { testLiveStream } from '@farmacia/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCustomerLive } from './live';
import { clearToken, setToken } from './session';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe("the customer's live updates", () => {
  afterEach(() => {
    clearToken();
    setVisibility('visible');
  });

  it('opens only when signed in, refetches orders and reservations on events, and closes on logout and on a hidden page', async () => {
    const streams: Array<ReturnType<typeof testLiveStream>> = [];
    const signals: AbortSignal[] = [];
    const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      signals.push(init?.signal as AbortSignal);
      const s = testLiveStream();
      streams.push(s);
      return s.response;
    });
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const stop = startCustomerLive(queryClient, fetch as unknown as typeof globalThis.fetch);
    await flush();
    expect(fetch).not.toHaveBeenCalled();

    setToken('tok-cliente');
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/live');
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ authorization: 'Bearer tok-cliente' });

    streams[0]!.write('id: 3\ndata: {"topic":"order","action":"changed","id":12}\n\nid: 4\ndata: {"topic":"booking","action":"changed","id":5}\n\n');
    await flush();
    expect(invalidate.mock.calls.map((c) => c[0]?.queryKey)).toEqual([['orders'], ['reservations']]);

    setVisibility('hidden');
    expect(signals[0]?.aborted).toBe(true);
    setVisibility('visible');
    await flush();
    expect(fetch).toHaveBeenCalledTimes(2);

    clearToken();
    expect(signals[1]?.aborted).toBe(true);
    stop();
  });
});
