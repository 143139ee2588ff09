import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiErrorBodySchema } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';
import { bearer, type CreatedUser, createUser } from '../factories/users.js';

/** Security headers on API and app answers, and the abuse limits that must answer 429 (issue 9). */
describe(`security headers and rate limits (${testEngine})`, () => {
  let t: TestApp;
  let webDist: string;
  let user: CreatedUser;

  beforeAll(async () => {
    // A built web app of one page, so the app's own answers (/app, /) are checked too.
    webDist = mkdtempSync(path.join(tmpdir(), 'farmacia-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Farmacia</title>');
    t = await buildTestApp({ webDist });
    user = await createUser(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  /** Pages: the app's policy (own scripts only, no plugins, framed only by itself). */
  function expectDocumentHeaders(headers: Record<string, unknown>, where: string) {
    const csp = String(headers['content-security-policy'] ?? '');
    expect(csp, where).toContain("default-src 'self'");
    expect(csp, where).toContain("script-src 'self'");
    expect(csp, where).toContain("object-src 'none'");
    expect(csp, where).toContain("frame-ancestors 'self'");
    expect(headers['x-frame-options'], where).toBe('SAMEORIGIN');
    expectCommonHeaders(headers, where);
  }

  /** JSON answers: OWASP's REST set, a policy that allows nothing (decision 0333). */
  function expectApiHeaders(headers: Record<string, unknown>, where: string) {
    expect(headers['content-security-policy'], where).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers['x-frame-options'], where).toBe('DENY');
    expect(headers['cross-origin-resource-policy'], where).toBe('same-origin');
    expectCommonHeaders(headers, where);
  }

  function expectCommonHeaders(headers: Record<string, unknown>, where: string) {
    expect(headers['x-content-type-options'], where).toBe('nosniff');
    expect(headers['referrer-policy'], where).toBe('no-referrer');
    expect(headers['x-powered-by'], where).toBeUndefined();
  }

  it('sends the REST security headers on API answers, errors included, and the page policy on the app', async () => {
    const api = [
      ['GET /api/', await t.app.inject({ method: 'GET', url: '/api/' })],
      ['GET /api/ (304)', await t.app.inject({ method: 'GET', url: '/api/', headers: { 'if-none-match': String((await t.app.inject({ method: 'GET', url: '/api/' })).headers.etag) } })],
      ['GET /api/profile', await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(user.token) })],
      ['GET /api/profile (401)', await t.app.inject({ method: 'GET', url: '/api/profile' })],
      ['GET /api/nowhere (404)', await t.app.inject({ method: 'GET', url: '/api/nowhere' })],
      ['GET /api/product/search', await t.app.inject({ method: 'GET', url: '/api/product/search?q=tachipirina' })],
      ['POST /api/auth/login (400)', await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{' })],
    ] as const;
    for (const [where, res] of api) {
      expect(res.statusCode, where).toBeLessThan(500);
      expectApiHeaders(res.headers, where);
    }
    expect(api[1][1].statusCode).toBe(304);
    const pages = [
      ['GET /app', await t.app.inject({ method: 'GET', url: '/app' })],
      ['GET /app/carrello', await t.app.inject({ method: 'GET', url: '/app/carrello' })],
      ['GET /api/docs', await t.app.inject({ method: 'GET', url: '/api/docs/' })],
      // The app frames the shop's PDFs: they keep the page policy (framed by the app only).
      ['GET /api/media/turni.pdf', await t.app.inject({ method: 'GET', url: '/api/media/turni.pdf' })],
    ] as const;
    for (const [where, res] of pages) {
      expect(res.statusCode, where).toBeLessThan(500);
      expectDocumentHeaders(res.headers, where);
    }
    expect(pages[0][1].body).toContain('<title>Farmacia</title>');
  });

  it('leaves HSTS to the TLS proxy: the plain-HTTP server does not send it (docs/ops.md)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers 429 with Retry-After after repeated wrong passwords, then even to the right one', async () => {
    const remoteAddress = '198.51.100.7';
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email: user.user.email, password } });
    const statuses: number[] = [];
    for (let i = 0; i < 8 && !statuses.includes(429); i++) statuses.push((await login(`sbagliata-${i}`)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    const right = await login(user.password);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(ApiErrorBodySchema.parse(right.json()).code).toBe('RATE_LIMITED');
  });

  it('answers 429 to repeated password-recovery requests for one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12 && !statuses.includes(429); i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/recovery', remoteAddress: '198.51.100.8', payload: { email: user.user.email } });
      statuses.push(res.statusCode);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers 429 to an address that floods the virtual assistant', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40 && !statuses.includes(429); i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/chatbot?message=orari', remoteAddress: '198.51.100.9' });
      statuses.push(res.statusCode);
    }
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.slice(0, -1).every((s) => s !== 429 && s < 500)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    const other = await t.app.inject({ method: 'GET', url: '/api/chatbot?message=orari', remoteAddress: '198.51.100.10' });
    expect(other.statusCode).not.toBe(429);
  });
});
