import { ApiErrorBodySchema } from '@farmacia/contract';
import { describe, expect, it } from 'vitest';
import { enqueueEmail } from '../../src/notify/index.js';
import { buildTestApp, testEngine } from '../build-test-app.js';
import { useTestApp } from '../use-test-app.js';

/** GET /metrics (decision 0323): Prometheus text, only with the configured bearer token. */
describe(`Prometheus metrics (${testEngine})`, () => {
  const token = 'metrics-token-for-the-tests-0123456789';
  const t = useTestApp({ outboxWorker: false, metricsToken: token });

  const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

  it('is not served at all without METRICS_TOKEN', async () => {
    const plain = await buildTestApp({ outboxWorker: false });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('answers 401 without the token or with a wrong one, never the figures', async () => {
    for (const authorization of [undefined, 'Bearer sbagliato', `Basic ${token}`, `Bearer ${token}x`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(ApiErrorBodySchema.parse(res.json()).message).toBe('Autenticazione richiesta.');
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('counts requests by route pattern and status, with durations, event loop lag, outbox backlog and pool', async () => {
    await t.app.inject({ method: 'GET', url: '/api/shops' });
    await t.app.inject({ method: 'GET', url: '/api/shops' });
    await t.app.inject({ method: 'GET', url: '/api/reservations/123456' });
    await t.app.inject({ method: 'GET', url: '/api/no/such/path/cliente@example.it' });
    await enqueueEmail(t.app.db, { to: 'cliente@example.it', subject: 'Promemoria', text: 'Domani' });

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/shops",status_code="200"\} 2$/m);
    // Labelled by pattern, never the id; unknown URLs share one label and never leak the path.
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/reservations\/:id",status_code="401"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="unmatched",status_code="404"\} 1$/m);
    expect(text).not.toContain('cliente@example.it');
    // The id is in no label; a figure (a duration, a byte count) may hold those digits by chance.
    expect(text).not.toMatch(/"[^"\n]*123456[^"\n]*"/);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/shops",status_code="200"\} \d+$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/shops",status_code="200"\} 2$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^farmacia_outbox_messages\{channel="email",status="pending"\} 1$/m);
    expect(text).toMatch(/^farmacia_outbox_oldest_pending_seconds \d/m);
    expect(text).toMatch(/^farmacia_database_up 1$/m);
    expect(text).toMatch(/^farmacia_db_pool_connections\{state="total"\} \d+$/m);
    if (testEngine === 'postgres') expect(text).toMatch(/^farmacia_db_pool_connections\{state="idle"\} \d+$/m);
  });
});
