import { testLiveStream } from '@farmacia/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveStatus, pollWhileLiveDown, startBackofficeLive } from './live';
import { clearSession, setSession } from './session';

const pharmacist = { id: 7, name: 'Giulia Neri', email: 'giulia@example.it', role: 'pharmacist' as const, shop_id: 3 };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the back office's live updates", () => {
  afterEach(() => clearSession());

  it("opens the shop's stream with the token, refetches the queue, counts and order page of an order event, and calls out a new order", async () => {
    setSession('tok-9', pharmacist);
    const stream = testLiveStream();
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => stream.response);
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const onNewOrder = vi.fn();
    const stop = startBackofficeLive({ queryClient, onNewOrder, fetch: fetch as unknown as typeof globalThis.fetch });
    await flush();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/admin/live');
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ authorization: 'Bearer tok-9' });
    expect(liveStatus()).toBe('open');
    // While the stream is open the screens do not poll.
    expect(pollWhileLiveDown(10_000)()).toBe(false);

    stream.write('id: 1\ndata: {"topic":"order","action":"created","id":45}\n\n');
    await flush();
    expect(invalidate.mock.calls.map((c) => c[0]?.queryKey)).toEqual([['orders'], ['order-counts'], ['order', 45]]);
    expect(onNewOrder).toHaveBeenCalledWith(45);

    invalidate.mockClear();
    stream.write('id: 2\ndata: {"topic":"booking","action":"changed","id":8}\n\n');
    await flush();
    expect(invalidate.mock.calls.map((c) => c[0]?.queryKey)).toEqual([['agenda'], ['admin-reservation', 8]]);
    expect(onNewOrder).toHaveBeenCalledTimes(1);

    // Down: the polls come back and everything is refetched once.
    invalidate.mockClear();
    stream.end();
    await flush();
    expect(liveStatus()).toBe('down');
    expect(pollWhileLiveDown(10_000)()).toBe(10_000);
    expect(invalidate.mock.calls.map((c) => c[0]?.queryKey)).toContainEqual(['orders']);
    stop();
  });
});
