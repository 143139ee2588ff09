/**
 * Live updates (issue 19, decision 0525): the server pushes a short event on a Server-Sent Events
 * stream whenever an order or a booking changes; the apps refetch what they show. An event names
 * the row, never its content: what the row says is read through the usual, authorised routes.
 *
 * Light on purpose (no zod, no messages): the web app's first load imports it.
 */

/** `GET /api/live`: the caller's own orders and reservations. */
export const LIVE_PATH = '/live';
/** `GET /api/admin/live[?shop_id=]`: the orders and reservations of the staff member's shop. */
export const ADMIN_LIVE_PATH = '/admin/live';

export type LiveTopic = 'order' | 'booking';
export type LiveAction = 'created' | 'changed';

/** The `data` of one stream message (its `id:` is the event's number, for `Last-Event-ID`). */
export interface LiveEvent {
  topic: LiveTopic;
  action: LiveAction;
  /** The order's or the reservation's id. */
  id: number;
}

/** A message of the stream: `reset` means events were lost (replay window passed): refetch everything. */
export type LiveMessage = { kind: 'event'; eventId: string; event: LiveEvent } | { kind: 'reset' };

/** How long the server keeps events for a reconnecting client's `Last-Event-ID`. */
export const LIVE_REPLAY_WINDOW_MS = 10 * 60_000;
/** A comment line this often keeps proxies from closing an idle stream and tells the client it is alive. */
export const LIVE_HEARTBEAT_MS = 20_000;
/** A stream silent for this long (no event, no heartbeat) is taken as dead and reopened. */
export const LIVE_SILENCE_MS = LIVE_HEARTBEAT_MS * 2 + 5_000;

const TOPICS: readonly string[] = ['order', 'booking'] satisfies LiveTopic[];
const ACTIONS: readonly string[] = ['created', 'changed'] satisfies LiveAction[];

/** The event a `data:` line carries, or null when it is not one (a newer server's topic is ignored). */
export function parseLiveEvent(data: string): LiveEvent | null {
  try {
    const value = JSON.parse(data) as Partial<LiveEvent>;
    if (typeof value.topic !== 'string' || !TOPICS.includes(value.topic)) return null;
    if (typeof value.action !== 'string' || !ACTIONS.includes(value.action)) return null;
    if (typeof value.id !== 'number' || !Number.isSafeInteger(value.id)) return null;
    return { topic: value.topic as LiveTopic, action: value.action as LiveAction, id: value.id };
  } catch {
    return null;
  }
}

/**
 * The text/event-stream parser (WHATWG "event stream interpretation", the fields we use): feed it
 * decoded chunks as they arrive, in any cut; it calls `onMessage` for each complete message and
 * `onActivity` for any line (heartbeats included).
 */
export function createSseParser(handlers: { onMessage: (message: LiveMessage) => void; onActivity?: () => void }) {
  let buffer = '';
  let data: string[] = [];
  let eventType = '';
  let id = '';
  const dispatch = () => {
    const payload = data.join('\n');
    const type = eventType || 'message';
    data = [];
    eventType = '';
    if (type === 'reset') handlers.onMessage({ kind: 'reset' });
    else if (type === 'message' && payload) {
      const event = parseLiveEvent(payload);
      if (event) handlers.onMessage({ kind: 'event', eventId: id, event });
    }
  };
  return (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      handlers.onActivity?.();
      if (line === '') {
        dispatch();
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') data.push(value);
      else if (field === 'event') eventType = value;
      else if (field === 'id' && !value.includes('\0')) id = value;
    }
  };
}

export type LiveStatus = 'connecting' | 'open' | 'down';

/** What the stream reads of a fetch answer (the contract knows no DOM: the app passes its own). */
export interface LiveResponse {
  status: number;
  ok: boolean;
  body: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }> } } | null;
}

/** The browser pieces the stream uses, passed in by the app (and faked by tests). */
export interface LiveRuntime {
  fetch(url: string, init: { headers: Record<string, string>; signal: unknown }): Promise<LiveResponse>;
  abortController(): { signal: unknown; abort(): void };
  textDecoder(): { decode(bytes: Uint8Array, options: { stream: boolean }): string };
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The standard platform pieces the stream needs (a browser passes `window`; Node 18+ has them too). */
export interface LivePlatform<Signal> {
  AbortController: new () => { signal: Signal; abort(): void };
  TextDecoder: new () => { decode(bytes: Uint8Array, options: { stream: boolean }): string };
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The runtime over a standard `fetch` and platform, the same for both apps. The stream is read
 * uncached ('no-store'): a cached answer would replay old events. Timers are called on `platform`
 * (a browser refuses `setTimeout` called on anything but `window`).
 */
export function standardLiveRuntime<Signal>(
  fetch: (url: string, init: { headers: Record<string, string>; signal: Signal; cache: 'no-store' }) => Promise<LiveResponse>,
  platform: LivePlatform<Signal>,
): LiveRuntime {
  return {
    // The signal is always one of this runtime's own abortController()s.
    fetch: (url, init) => fetch(url, { headers: init.headers, signal: init.signal as Signal, cache: 'no-store' }),
    abortController: () => new platform.AbortController(),
    textDecoder: () => new platform.TextDecoder(),
    setTimeout: (fn, ms) => platform.setTimeout(fn, ms),
    clearTimeout: (handle) => platform.clearTimeout(handle),
  };
}

export interface LiveStreamOptions {
  /** Full URL of the stream, `/api/live` or `/api/admin/live`. */
  url: string;
  /** The bearer token now (it is refreshed while the page is open); null: no session, do not connect. */
  token: () => string | null;
  onMessage: (message: LiveMessage) => void;
  onStatus?: (status: LiveStatus) => void;
  /** The stream refused the token (401): the session is over. */
  onUnauthorized?: () => void;
  runtime: LiveRuntime;
  /** Waits between attempts: the n-th retry waits backoff(n) ms (default 1 s doubling to 30 s, with jitter). */
  backoff?: (attempt: number) => number;
}

export const defaultLiveBackoff = (attempt: number) =>
  Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5)) * (0.75 + Math.random() * 0.5);

/**
 * A stream read with `fetch` (EventSource cannot send the bearer header): reopens with back-off
 * and `Last-Event-ID` after a drop, and treats a silent stream as a dead one. Returns `stop`.
 */
export function openLiveStream(options: LiveStreamOptions): () => void {
  const { runtime } = options;
  const backoff = options.backoff ?? defaultLiveBackoff;
  const later = (fn: () => void, ms: number) => runtime.setTimeout(fn, ms);
  const cancel = (handle: unknown) => runtime.clearTimeout(handle);
  let lastEventId = '';
  let attempt = 0;
  let stopped = false;
  let controller: { abort(): void } | null = null;
  let retryTimer: unknown = null;
  let silenceTimer: unknown = null;
  let status: LiveStatus | null = null;

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    options.onStatus?.(next);
  };
  const watchSilence = () => {
    if (silenceTimer !== null) cancel(silenceTimer);
    silenceTimer = later(() => controller?.abort(), LIVE_SILENCE_MS);
  };
  const retry = () => {
    if (stopped) return;
    setStatus('down');
    retryTimer = later(connect, backoff(attempt++));
  };

  async function connect() {
    retryTimer = null;
    const token = options.token();
    if (stopped) return;
    if (!token) return retry();
    setStatus(status === 'down' ? 'down' : 'connecting');
    const abort = runtime.abortController();
    controller = abort;
    const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${token}` };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    try {
      const response = await runtime.fetch(options.url, { headers, signal: abort.signal });
      if (response.status === 401) {
        stopped = true;
        setStatus('down');
        options.onUnauthorized?.();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`live stream: ${response.status}`);
      attempt = 0;
      setStatus('open');
      watchSilence();
      const parse = createSseParser({
        onActivity: watchSilence,
        onMessage: (message) => {
          // The highest seen: PostgreSQL may commit (and deliver) event 9 just after event 10.
          if (message.kind === 'event' && Number(message.eventId) > Number(lastEventId || 0)) lastEventId = message.eventId;
          options.onMessage(message);
        },
      });
      const reader = response.body.getReader();
      const decoder = runtime.textDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (value) parse(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Network drop, abort on silence, server closing: all end in a retry below.
    }
    if (silenceTimer !== null) cancel(silenceTimer);
    silenceTimer = null;
    retry();
  }

  void connect();
  return () => {
    stopped = true;
    if (retryTimer !== null) cancel(retryTimer);
    if (silenceTimer !== null) cancel(silenceTimer);
    controller?.abort();
  };
}

/**
 * For tests (the contract's and the apps'): a stream answer the test writes to, as the server
 * would, and ends. ASCII only: no DOM in the contract, so no TextEncoder.
 */
export function testLiveStream(status = 200) {
  const chunks: Array<Uint8Array | null> = [];
  const waiting: Array<(chunk: Uint8Array | null) => void> = [];
  const push = (chunk: Uint8Array | null) => {
    const waiter = waiting.shift();
    if (waiter) waiter(chunk);
    else chunks.push(chunk);
  };
  const response: LiveResponse = {
    status,
    ok: status >= 200 && status < 300,
    body: {
      getReader: () => ({
        read: async () => {
          const chunk = chunks.length > 0 ? chunks.shift()! : await new Promise<Uint8Array | null>((resolve) => waiting.push(resolve));
          return chunk === null ? { done: true } : { done: false, value: chunk };
        },
      }),
    },
  };
  return {
    response,
    write: (text: string) => push(Uint8Array.from(text, (c) => c.charCodeAt(0))),
    end: () => push(null),
  };
}
