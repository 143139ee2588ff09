import { performance } from 'node:perf_hooks';
import { createSseParser, type LiveMessage } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { bearer } from './factories/users.js';

/** A live stream read over a real socket (the app must listen), as the apps read it. */
export interface TestLiveStream {
  status: number;
  messages: LiveMessage[];
  /** Resolves with the first `count` messages once they have arrived (fails after 10 s). */
  next(count: number): Promise<LiveMessage[]>;
  /** When (performance.now()) the event of this order/booking id arrived: already, or as soon as it does. */
  arrivalOf(ref: number): Promise<number>;
  close(): void;
}

export async function readLiveStream(app: FastifyInstance, path: string, token: string, lastEventId?: string): Promise<TestLiveStream> {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('app not listening');
  const controller = new AbortController();
  const headers: Record<string, string> = { ...bearer(token), accept: 'text/event-stream' };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const res = await fetch(`http://127.0.0.1:${address.port}/api${path}`, { headers, signal: controller.signal });
  const messages: LiveMessage[] = [];
  const arrived = new Map<number, number>();
  const waiters: Array<() => void> = [];
  if (res.ok && res.body) {
    const parse = createSseParser({
      onMessage: (m) => {
        messages.push(m);
        if (m.kind === 'event') arrived.set(m.event.id, performance.now());
        for (const w of waiters.splice(0)) w();
      },
    });
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          parse(decoder.decode(value, { stream: true }));
        }
      } catch {
        // aborted by close()
      }
    })();
  } else await res.text();
  /** Waits for the next message (or 200 ms) while `until` is false, at most 10 s. */
  const waitUntil = async (until: () => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!until()) {
      if (Date.now() > deadline) throw new Error(`expected ${what}, got ${JSON.stringify(messages)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  return {
    status: res.status,
    messages,
    async next(count) {
      await waitUntil(() => messages.length >= count, `${count} messages`);
      return messages.slice(0, count);
    },
    async arrivalOf(ref) {
      await waitUntil(() => arrived.has(ref), `the event of ${ref}`);
      return arrived.get(ref)!;
    },
    close: () => controller.abort(),
  };
}
