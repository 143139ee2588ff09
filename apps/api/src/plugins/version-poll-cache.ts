import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';

/** How old the remembered answer may be; the data revision behind it is itself read once a second. */
export const VERSION_POLL_MAX_AGE_MS = 1000;

/** Headers Node writes itself, per connection and per response. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Remembered {
  at: number;
  etag: string;
  body: Buffer;
  headers200: OutgoingHttpHeaders;
  headers304: OutgoingHttpHeaders;
}

/**
 * The version poll's fast path (decision 0330). Every open app calls `GET /api/` every 5 s, so at
 * scale it is most of the traffic; through Fastify it pays for every global hook (security
 * headers, metrics, audit, error handling) to send 19 bytes that change only on a deploy or a
 * back-office edit. The HTTP server answers it before Fastify with the route's own answer,
 * remembered for at most {@link VERSION_POLL_MAX_AGE_MS}: same status, body, ETag and headers
 * (taken from an injected request to the real route, so the route stays the one definition);
 * a matching If-None-Match gets the 304. Anything else — another method or path, a query
 * string, a closing server, a route that does not answer 200 — goes to Fastify as usual.
 */
export function versionPollCache() {
  let app: FastifyInstance | undefined;
  let remembered: Remembered | undefined;
  let refreshing: Promise<Remembered | undefined> | null = null;
  let closing = false;

  const refresh = async (): Promise<Remembered | undefined> => {
    const current = app;
    if (!current) return undefined;
    const response = await current.inject({ method: 'GET', url: '/api/' });
    const etag = response.headers.etag;
    if (response.statusCode !== 200 || typeof etag !== 'string') return undefined;
    const headers200: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (!PER_RESPONSE.has(name) && value !== undefined) headers200[name] = value;
    }
    const body = response.rawPayload;
    headers200['content-length'] = body.length;
    const { 'content-length': _length, 'content-type': _type, ...headers304 } = headers200;
    return { at: Date.now(), etag, body, headers200, headers304 };
  };

  const current = (): Promise<Remembered | undefined> | Remembered | undefined => {
    if (remembered && Date.now() - remembered.at < VERSION_POLL_MAX_AGE_MS) return remembered;
    refreshing ??= refresh()
      .then((r) => {
        remembered = r;
        return r;
      })
      .catch(() => {
        remembered = undefined;
        return undefined;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  const send = (answer: Remembered, request: IncomingMessage, response: ServerResponse) => {
    const match = request.headers['if-none-match'];
    if (match === answer.etag || match?.split(/\s*,\s*/).includes(answer.etag)) {
      response.writeHead(304, answer.headers304);
      response.end();
    } else {
      response.writeHead(200, answer.headers200);
      response.end(answer.body);
    }
  };

  const serverFactory: FastifyServerFactory = (handler) =>
    createServer((request, response) => {
      if (closing || !app || request.method !== 'GET' || request.url !== '/api/') return handler(request, response);
      const answer = current();
      if (answer && !(answer instanceof Promise)) return send(answer, request, response);
      if (!answer) return handler(request, response);
      answer.then(
        (ready) => (ready && !closing ? send(ready, request, response) : handler(request, response)),
        () => handler(request, response),
      );
    });

  return {
    serverFactory,
    /** Starts answering once the app is ready; stops when it starts closing (Fastify answers 503). */
    attach(instance: FastifyInstance) {
      instance.addHook('onReady', async () => {
        app = instance;
      });
      instance.addHook('preClose', async () => {
        closing = true;
      });
    },
  };
}
