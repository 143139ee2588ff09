import { VersionResponseSchema } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

/** The version poll's fast path (decision 0330) over a real socket: the route's own answer, 304 included. */
describe('GET /api/ answered before Fastify', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t.close());

  it('answers what the route answers: body, ETag and security headers', async () => {
    const routed = await t.app.inject({ method: 'GET', url: '/api/' });
    const polled = await fetch(`${base}/api/`);
    expect(polled.status).toBe(200);
    expect(VersionResponseSchema.parse(await polled.json())).toEqual(VersionResponseSchema.parse(routed.json()));
    for (const header of ['etag', 'cache-control', 'content-type', 'content-security-policy', 'x-content-type-options', 'x-frame-options']) {
      expect(polled.headers.get(header), header).toBe(routed.headers[header]);
    }
  });

  it('answers 304 with no body to a matching If-None-Match, 200 to a stale one', async () => {
    const etag = (await fetch(`${base}/api/`)).headers.get('etag') as string;
    const same = await fetch(`${base}/api/`, { headers: { 'if-none-match': `"other", ${etag}` } });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    expect(same.headers.get('etag')).toBe(etag);
    expect(same.headers.get('x-content-type-options')).toBe('nosniff');
    const stale = await fetch(`${base}/api/`, { headers: { 'if-none-match': '"old"' } });
    expect(stale.status).toBe(200);
  });

  it('reaches Fastify at most once a second (to refresh the answer), not once per poll', async () => {
    // Fastify numbers every request it handles (req-1, req-2… in base 36); error bodies carry it.
    const requestNumber = async () => {
      const body = (await (await fetch(`${base}/api/`, { method: 'POST' })).json()) as { requestId: string };
      return Number.parseInt(body.requestId.replace(/^req-/, ''), 36);
    };
    await fetch(`${base}/api/`);
    const before = await requestNumber();
    for (let i = 0; i < 20; i++) expect((await fetch(`${base}/api/`)).status).toBe(200);
    expect((await requestNumber()) - before - 1).toBeLessThanOrEqual(2);
  });

  it('leaves every other request to Fastify', async () => {
    const withQuery = await fetch(`${base}/api/?x=1`);
    expect(withQuery.status).toBe(200);
    expect(withQuery.headers.get('etag')).toBe((await fetch(`${base}/api/`)).headers.get('etag'));
    const post = await fetch(`${base}/api/`, { method: 'POST' });
    // Fastify's answer: the path is its `GET /api/`, not with POST (decision 0660).
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(((await post.json()) as { code: string }).code).toBe('METHOD_NOT_ALLOWED');
  });
});
