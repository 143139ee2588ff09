import { timingSafeEqual } from 'node:crypto';
import { ErrorCode, requestErrorMessages } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface MetricsOptions {
  /** Connections of the database pool (PostgreSQL); absent on SQLite (one connection). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/** Request latency buckets (seconds): the version poll sits in the first ones, uploads in the last. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in Prometheus' text format (decision 0323): requests by route pattern and status
 * (count and duration histogram), the process (CPU, memory, event loop lag), the outbox backlog and
 * the database pool. It is served only when METRICS_TOKEN is set and only with
 * `Authorization: Bearer <METRICS_TOKEN>` — the route table, traffic and backlog are not public,
 * and a token works the same behind a proxy, on a side port or from a scraper in another network.
 * Routes are labelled by their pattern (`/api/reservations/:id`), never the raw URL, so ids and
 * e-mails in paths neither leak nor multiply the series.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app: FastifyInstance, options) => {
    const token = app.config.metricsToken;
    if (!token) return;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern and status.', labelNames, registers: [registry] });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status.',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });

    const db = app.db;
    new Gauge({
      name: 'farmacia_database_up',
      help: '1 when the database answered this scrape, 0 when it could not be reached.',
      registers: [registry],
      async collect() {
        try {
          await sql`select 1`.execute(db);
          this.set(1);
        } catch {
          this.set(0);
        }
      },
    });
    new Gauge({
      name: 'farmacia_outbox_messages',
      help: 'Outbox messages waiting (pending) or given up (failed), by channel.',
      labelNames: ['channel', 'status'],
      registers: [registry],
      async collect() {
        this.reset();
        try {
          const rows = await db
            .selectFrom('outbox')
            .select(['channel', 'status', db.fn.countAll<number>().as('n')])
            .where('status', 'in', ['pending', 'failed'])
            .groupBy(['channel', 'status'])
            .execute();
          for (const r of rows) this.set({ channel: r.channel, status: r.status }, Number(r.n));
        } catch {
          // The database is down: farmacia_database_up says so; no backlog figure this time.
        }
      },
    });
    new Gauge({
      name: 'farmacia_outbox_oldest_pending_seconds',
      help: 'Age of the oldest pending outbox message (0 when none): grows while mail or push is down.',
      registers: [registry],
      async collect() {
        try {
          const oldest = await db.selectFrom('outbox').select('created_at').where('status', '=', 'pending').orderBy('id').limit(1).executeTakeFirst();
          this.set(oldest ? Math.max(0, (Date.now() - Date.parse(oldest.created_at)) / 1000) : 0);
        } catch {
          this.set(0);
        }
      },
    });
    const poolStats = options.poolStats;
    new Gauge({
      name: 'farmacia_db_pool_connections',
      help: 'Database pool connections by state (PostgreSQL; SQLite reports its one connection as total).',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        if (!poolStats) {
          this.set({ state: 'total' }, 1);
          return;
        }
        const s = poolStats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });

    // A callback, not an async hook: it runs after every answer and never waits (decision 0597).
    app.addHook('onResponse', (request, reply, done) => {
      // Unknown URLs share one label: a scanner must not create a series per path it tries.
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status_code: String(reply.statusCode) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      done();
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!sameToken(given, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ code: ErrorCode.UNAUTHENTICATED, message: requestErrorMessages.authenticationRequired, requestId: request.id });
      }
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
