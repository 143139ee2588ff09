import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { bearer, createUser, ensureShop } from '../../../test/factories/users.js';
import { hs256 } from './tokens.js';

/**
 * Decision 0554: a verified access token's claims are kept until its `exp`, so the HS256 check
 * runs once per token instead of once per request. What must hold although a token is kept:
 * expiry, forgery and a revoked session are refused exactly as without the cache.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ outboxWorker: false });
  await ensureShop(t.app);
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

let ipSeq = 0;
const ordersWith = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/order', headers: bearer(token), remoteAddress: `10.7.0.${(++ipSeq % 250) + 1}` });
const put = (url: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers: bearer(token), payload, remoteAddress: `10.7.1.${(++ipSeq % 250) + 1}` });
const post = (url: string, token: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}), remoteAddress: `10.7.2.${(++ipSeq % 250) + 1}` });

/** Counts HMAC signature checks. */
const signatureChecks = () => vi.spyOn(hs256, 'verify');

/** The three parts of a compact JWS. */
const partsOf = (token: string) => token.split('.') as [string, string, string];
const b64 = (json: unknown) => Buffer.from(JSON.stringify(json)).toString('base64url');

describe(`verified-token cache (${testEngine})`, () => {
  it('checks a genuine token’s signature once, then answers from the cache', async () => {
    const { token } = await createUser(t.app);
    const checks = signatureChecks();
    expect((await ordersWith(token)).statusCode).toBe(200);
    expect(checks).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i += 1) expect((await ordersWith(token)).statusCode).toBe(200);
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('refuses a cached token once it has expired, although its session still lives', async () => {
    const { token } = await createUser(t.app);
    expect((await ordersWith(token)).statusCode).toBe(200);
    const { exp } = JSON.parse(Buffer.from(partsOf(token)[1], 'base64url').toString()) as { exp: number };
    vi.useFakeTimers({ toFake: ['Date'] });
    // The last second of the token (jose: valid while now < exp), then its expiry.
    vi.setSystemTime((exp - 1) * 1000);
    expect((await ordersWith(token)).statusCode).toBe(200);
    vi.setSystemTime(exp * 1000);
    expect((await ordersWith(token)).statusCode).toBe(401);
    expect((await post('/api/auth/check', token)).statusCode).toBe(401);
  });

  it('never accepts an altered token, nor keeps it, whatever genuine token was cached before', async () => {
    const { user, token } = await createUser(t.app);
    const other = await createUser(t.app);
    expect((await ordersWith(token)).statusCode).toBe(200);
    expect((await ordersWith(other.token)).statusCode).toBe(200);
    const [header, payload, signature] = partsOf(token);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const otherSignature = partsOf(other.token)[2];
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const altered = [
      // The cached token's claims with a wrong signature (another token's, or one character changed).
      `${header}.${payload}.${otherSignature}`,
      `${header}.${payload}.${flipped}`,
      // The claims changed under the cached token's signature: another role, another user.
      `${header}.${b64({ ...claims, role: 'admin' })}.${signature}`,
      `${header}.${b64({ ...claims, sub: String(user.id + 1) })}.${signature}`,
      // Signed with another secret: well-formed, verifiable, not ours.
      await new SignJWT({ sid: claims.sid, role: 'customer', shop: claims.shop })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setJti(String(claims.jti))
        .setExpirationTime(Number(claims.exp))
        .sign(new TextEncoder().encode('un-altro-segreto-lungo-almeno-32-caratteri!!')),
    ];
    const checks = signatureChecks();
    for (const forged of altered) {
      for (let i = 0; i < 2; i += 1) {
        expect((await ordersWith(forged)).statusCode).toBe(401);
        expect((await post('/api/auth/check', forged)).statusCode).toBe(401);
      }
    }
    // Every try was checked again: none was kept.
    expect(checks).toHaveBeenCalledTimes(altered.length * 4);
    expect((await ordersWith(token)).statusCode).toBe(200);
  });

  it('refuses a cached token at once after logout', async () => {
    const { token } = await createUser(t.app);
    expect((await ordersWith(token)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', token)).statusCode).toBe(204);
    expect((await ordersWith(token)).statusCode).toBe(401);
  });

  it('refuses the other sessions’ cached tokens at once after a password change', async () => {
    const { user, token, password } = await createUser(t.app);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password }, remoteAddress: '10.7.3.1' });
    const other = login.json().token as string;
    expect((await ordersWith(other)).statusCode).toBe(200);
    const changed = await put('/api/profile', token, {
      name: user.name,
      email: user.email,
      password: 'Cambiata-2026!',
      password_confirmation: 'Cambiata-2026!',
      phone_number: `39${user.phone_number}`,
      codice_fiscale: (await t.app.db.selectFrom('fiscal_codes').select('codice_fiscale').where('user_id', '=', user.id).executeTakeFirstOrThrow()).codice_fiscale,
    });
    expect(changed.statusCode).toBe(200);
    expect((await ordersWith(other)).statusCode).toBe(401);
    expect((await ordersWith(token)).statusCode).toBe(200);
  });

  it('refuses a cached token at once when its account is deleted', async () => {
    const { user, token } = await createUser(t.app);
    expect((await ordersWith(token)).statusCode).toBe(200);
    await t.app.db.updateTable('users').set({ deleted_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    expect((await ordersWith(token)).statusCode).toBe(401);
  });
});
