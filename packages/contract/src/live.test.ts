import { describe, expect, it, vi } from 'vitest';
import { createSseParser, type LiveMessage, type LiveResponse, type LiveRuntime, type LiveStatus, openLiveStream, parseLiveEvent, standardLiveRuntime, testLiveStream } from './live.js';

/** The runtime pieces, with timers the test fires by hand. */
function fakeRuntime(answers: LiveResponse[]) {
  const calls: Array<Record<string, string>> = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const runtime: LiveRuntime = {
    fetch: async (_url, init) => {
      calls.push(init.headers);
      return answers[calls.length - 1]!;
    },
    abortController: () => ({ signal: null, abort: () => undefined }),
    textDecoder: () => ({ decode: (bytes) => String.fromCharCode(...bytes) }),
    setTimeout: (fn, ms) => timers.push({ fn, ms }),
    clearTimeout: () => undefined,
  };
  return { runtime, calls, timers };
}

/** Lets the stream's promise chain run (microtasks only: no timers in the contract's types). */
const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('live event stream parser', () => {
  it('reads id, event and data fields cut anywhere, ignoring comments and unknown topics', () => {
    const got: LiveMessage[] = [];
    const parse = createSseParser({ onMessage: (m) => got.push(m) });
    const text = 'retry: 2000\n\n: heartbeat\n\nid: 7\ndata: {"topic":"order","action":"created","id":45}\n\r\nid: 8\r\ndata: {"topic":"invoice","action":"created","id":1}\r\n\r\nevent: reset\ndata: {}\n\nid: 9\ndata:{"topic":"booking","action":"changed","id":3}\n\n';
    for (let i = 0; i < text.length; i += 5) parse(text.slice(i, i + 5));
    expect(got).toEqual([
      { kind: 'event', eventId: '7', event: { topic: 'order', action: 'created', id: 45 } },
      { kind: 'reset' },
      { kind: 'event', eventId: '9', event: { topic: 'booking', action: 'changed', id: 3 } },
    ]);
  });

  it('accepts only whole, known events', () => {
    expect(parseLiveEvent('{"topic":"order","action":"changed","id":1}')).toEqual({ topic: 'order', action: 'changed', id: 1 });
    expect(parseLiveEvent('{"topic":"order","action":"deleted","id":1}')).toBeNull();
    expect(parseLiveEvent('{"topic":"order","action":"changed","id":"1"}')).toBeNull();
    expect(parseLiveEvent('non json')).toBeNull();
  });
});

describe('openLiveStream', () => {
  it('sends the bearer token, reconnects after a drop with back-off and the highest Last-Event-ID seen, and stops', async () => {
    const streams = [testLiveStream(), testLiveStream()];
    const { runtime, calls, timers } = fakeRuntime(streams.map((s) => s.response));
    const statuses: LiveStatus[] = [];
    const messages: LiveMessage[] = [];
    let token = 'tok-1';
    const stop = openLiveStream({
      url: '/api/admin/live',
      token: () => token,
      onMessage: (m) => messages.push(m),
      onStatus: (s) => statuses.push(s),
      runtime,
      backoff: (attempt) => 1000 * (attempt + 1),
    });
    await flush();
    expect(calls[0]).toMatchObject({ authorization: 'Bearer tok-1', accept: 'text/event-stream' });
    expect(calls[0]).not.toHaveProperty('last-event-id');
    streams[0]!.write('id: 12\ndata: {"topic":"order","action":"created","id":5}\n\nid: 11\ndata: {"topic":"order","action":"changed","id":4}\n\n');
    await flush();
    expect(messages).toHaveLength(2);
    expect(statuses).toEqual(['connecting', 'open']);

    streams[0]!.end();
    await flush();
    expect(statuses.at(-1)).toBe('down');
    const retry = timers.find((t) => t.ms === 1000);
    expect(retry).toBeDefined();
    token = 'tok-2'; // refreshed meanwhile
    retry!.fn();
    await flush();
    expect(calls[1]).toMatchObject({ authorization: 'Bearer tok-2', 'last-event-id': '12' });
    expect(statuses.at(-1)).toBe('open');
    stop();
    await flush();
    expect(calls).toHaveLength(2);
  });

  it('gives up on a 401 (the session is over) and reports it', async () => {
    const onUnauthorized = vi.fn();
    const { runtime, calls, timers } = fakeRuntime([testLiveStream(401).response]);
    openLiveStream({ url: '/api/live', token: () => 'old', onMessage: () => undefined, onUnauthorized, runtime });
    await flush();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(calls).toHaveLength(1);
    expect(timers).toHaveLength(0);
  });
});

describe('standardLiveRuntime', () => {
  it('reads the stream uncached and calls the timers on the platform (a browser refuses them called on anything else)', async () => {
    const calledOn: unknown[] = [];
    const platform = {
      AbortController: class {
        signal = 'the signal';
        abort() {}
      },
      TextDecoder: class {
        decode() {
          return '';
        }
      },
      setTimeout(this: unknown, _fn: () => void, _ms: number) {
        calledOn.push(this);
        return 1;
      },
      clearTimeout(this: unknown, _handle: unknown) {
        calledOn.push(this);
      },
    };
    const fetch = vi.fn(async (_url: string, _init: { headers: Record<string, string>; signal: string; cache: 'no-store' }) => testLiveStream().response);
    const runtime = standardLiveRuntime(fetch, platform);
    await runtime.fetch('/api/live', { headers: { authorization: 'Bearer t' }, signal: runtime.abortController().signal });
    expect(fetch).toHaveBeenCalledWith('/api/live', { headers: { authorization: 'Bearer t' }, signal: 'the signal', cache: 'no-store' });
    runtime.clearTimeout(runtime.setTimeout(() => undefined, 5));
    expect(calledOn).toEqual([platform, platform]);
  });
});
