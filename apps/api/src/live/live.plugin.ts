import { ADMIN_LIVE_PATH, AdminShopQuerySchema, LIVE_HEARTBEAT_MS, LIVE_PATH, type LiveEvent } from '@farmacia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticateToken } from '../modules/auth/index.js';
import { shopScope } from '../modules/staff/index.js';
import { bearerToken } from '../plugins/auth.js';
import { runPeriodically } from '../plugins/periodic-job.js';
import { LiveHub, type LiveScope } from './hub.js';
import type { LiveEventRow } from './live.table.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live streams of this instance and where their events come from (decision 0525). */
    live: LiveHub;
  }
}

const PRUNE_INTERVAL_MS = 60_000;
/** Tells EventSource-like clients how soon to come back after a drop. */
const RETRY_MS = 2_000;

/** `Last-Event-ID` as the event number it names, or null when absent or not one of ours. */
export function lastEventIdOf(header: unknown): number | null {
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

const frame = (row: LiveEventRow) => {
  const event: LiveEvent = { topic: row.topic, action: row.action, id: row.ref_id };
  return `id: ${row.id}\ndata: ${JSON.stringify(event)}\n\n`;
};

/**
 * One text/event-stream answer: replays what a reconnecting client missed (by `Last-Event-ID`),
 * then forwards the hub's events of `scope` as they commit, a heartbeat comment every 20 s (which
 * also re-checks the session: a logged-out or refreshed token ends the stream, the client comes
 * back with its current one), and lets go of everything when either side closes.
 */
async function serveStream(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, scope: LiveScope): Promise<void> {
  const token = bearerToken(request) ?? '';
  const after = lastEventIdOf(request.headers['last-event-id']);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // nginx and similar proxies must pass each event through at once.
    'x-accel-buffering': 'no',
  });
  res.write(`retry: ${RETRY_MS}\n\n`);

  // Events heard while the replay is read wait, so they follow it in order and are sent once.
  let pending: LiveEventRow[] | null = after === null ? null : [];
  const sent = new Set<number>();
  const write = (row: LiveEventRow) => {
    if (!res.writableEnded) res.write(frame(row));
  };
  let heartbeat: NodeJS.Timeout | undefined;
  const close = () => {
    clearInterval(heartbeat);
    unsubscribe();
    if (!res.writableEnded) res.end();
  };
  const unsubscribe = app.live.subscribe(
    scope,
    (row) => {
      if (pending) pending.push(row);
      else write(row);
    },
    close,
  );
  request.raw.on('close', close);
  res.on('error', close);
  heartbeat = setInterval(async () => {
    if (!(await authenticateToken(app, token).catch(() => undefined))) return close();
    if (!res.writableEnded) res.write(': \n\n');
  }, LIVE_HEARTBEAT_MS);

  if (after === null) return;
  try {
    const replay = await app.live.replay(scope, after);
    if (replay.gap) res.write('event: reset\ndata: {}\n\n');
    for (const row of replay.rows) {
      sent.add(row.id);
      write(row);
    }
  } catch (error) {
    request.log.warn({ err: error }, 'live replay failed');
    if (!res.writableEnded) res.write('event: reset\ndata: {}\n\n');
  }
  const waiting = pending ?? [];
  pending = null;
  for (const row of waiting) if (!sent.has(row.id)) write(row);
}

const tags = ['live'];
const security = [{ bearer: [] }];
const streamAnswer = { media: { 200: ['text/event-stream'] } };

/**
 * Live updates by Server-Sent Events (issue 19, decision 0525): `GET /api/live` for a signed-in
 * user's own orders and reservations, `GET /api/admin/live` for the staff of a shop. Both read the
 * bearer header like every other route (the apps open the stream with `fetch`).
 */
export const livePlugin = fp(
  async (app: FastifyInstance) => {
    const hub = new LiveHub(app.db, app.engine, app.config.databaseUrl, app.log);
    app.decorate('live', hub);
    app.addHook('onReady', () => hub.start());
    // preClose: open streams would keep the server from closing.
    app.addHook('preClose', () => hub.stop());
    runPeriodically(app, { name: 'live events prune', intervalMs: PRUNE_INTERVAL_MS, run: () => hub.prune(new Date()) });

    await app.register(
      async (api) => {
        const r = api.withTypeProvider<ZodTypeProvider>();
        r.get(
          LIVE_PATH,
          { onRequest: app.authenticate, config: { openapi: streamAnswer }, schema: { tags, security } },
          (request, reply) => serveStream(app, request, reply, { userId: request.user.id }),
        );
        r.get(
          ADMIN_LIVE_PATH,
          {
            onRequest: app.requireRole('pharmacist'),
            config: { openapi: streamAnswer },
            schema: { tags, security, querystring: AdminShopQuerySchema },
          },
          async (request, reply) => serveStream(app, request, reply, { shopId: await shopScope(app.db, request.user, request.query.shop_id) }),
        );
      },
      { prefix: '/api' },
    );
  },
  { name: 'live', dependencies: ['auth'] },
);
