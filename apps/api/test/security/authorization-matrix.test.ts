import {
  API_ROUTES,
  type ApiRoute,
  ApiErrorBodySchema,
  CartResponseSchema,
  OrderResponseSchema,
  ownedRoutes,
  protectedRoutes,
  ReservationResponseSchema,
} from '@farmacia/contract';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';
import { HOME_ADDRESS } from '../factories/orders.js';
import { bearer, createUser, randomFiscalCode } from '../factories/users.js';
import { fillPath, pathParams } from './fuzz-support.js';
import { type ServedRoute, servedRoutes } from './route-inventory.js';
import { buildWorld, type World } from './world.js';

/**
 * The authorization matrix of issue 9 (OWASP API Top 10, BOLA first), generated from the
 * contract's route table and from the routes the server really serves: every private route
 * refuses every kind of bad token, every owned row is invisible to another customer, every back
 * office route refuses customers and pharmacists of another shop.
 */

/**
 * Routes of the table the server does not serve yet. Empty: the table and the server agree. A
 * route listed here that the server does serve fails the test too, so the list cannot go stale.
 */
const expectedMissing = new Set<string>([]);

const key = (method: string, path: string) => `${method} ${path}`;

describe(`authorization matrix from the route table (${testEngine})`, () => {
  let t: TestApp;
  let w: World;
  let served: ServedRoute[];
  const badTokens: Record<string, () => Promise<Record<string, string>>> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    w = await buildWorld(t.app);
    served = servedRoutes(t.app);
    // The bad tokens carry the claims of a live session of their own (dave's): an expired token
    // may still be renewed at /auth/refresh by design (decision 0120), which would end alice's.
    const dave = await createUser(t.app);
    const claims = decodeJwt(dave.token);
    const resign = (secret: string, exp: number) =>
      new SignJWT({ sid: claims.sid, role: claims.role, shop: claims.shop })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.sub))
        .setJti(String(claims.jti))
        .setIssuedAt(exp - 3600)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    // A live session, signed right but expired a minute ago.
    const expired = await resign(t.config.jwtSecret, now - 60);
    // The same claims, still valid in time, signed with a key that is not the server's.
    const forged = await resign('x'.repeat(64), now + 3600);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: now + 3600 })}.`;
    // A session ended by logout: its token, otherwise valid, must be dead at once.
    const carol = await createUser(t.app);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(carol.token) });
    expect(logout.statusCode).toBe(204);
    Object.assign(badTokens, {
      'no token': async () => ({}),
      'a malformed token': async () => bearer('not.a.jwt'),
      'another scheme': async () => ({ authorization: `Basic ${Buffer.from(`${w.alice.user.email}:x`).toString('base64')}` }),
      'an expired token': async () => bearer(expired),
      'a token signed with another key': async () => bearer(forged),
      'an unsigned (alg none) token': async () => bearer(unsigned),
      'a revoked token': async () => bearer(carol.token),
    });
  });
  afterAll(() => t.close());

  /** A table route's path as the server serves it, for {@link fillPath} and {@link pathParams}. */
  const serverPath = (route: Pick<ApiRoute, 'path'>) => (route.path === '/' ? '/api/' : `/api${route.path}`);

  /** What a refusal tells the caller: its status and message (a row's absence must read the same whoever owns it). */
  const answer = (r: { statusCode: number; json(): unknown }) => `${r.statusCode} ${ApiErrorBodySchema.safeParse(r.json()).data?.message}`;

  /** The path naming rows that do not exist: ids past every row, codes of the same shape. */
  const noRowPath = (path: string) => {
    const params = pathParams(w, path);
    const none = (v: string | number | undefined) =>
      v === undefined || typeof v === 'number' ? '2000000000' : /^\d+$/.test(v) ? '9'.repeat(v.length) : encodeURIComponent(v);
    return fillPath(w, path, Object.fromEntries(Object.entries(params).map(([name, v]) => [name, none(v)])));
  };

  /** A body bob could send for his own row, so only ownership can refuse it. */
  function bodyFor(route: Pick<ApiRoute, 'method' | 'path'>): object | undefined {
    if (route.method !== 'POST' && route.method !== 'PUT') return undefined;
    if (route.path.startsWith('/fiscalcode')) return { codice_fiscale: randomFiscalCode() };
    if (route.path.startsWith('/address')) return HOME_ADDRESS;
    if (route.path.startsWith('/cart/prescriptions')) return { mode: 'nre', nre: 'ABCDEFGHIJKLM', codice_fiscale: w.bobCode };
    if (route.path.startsWith('/cart/product_requests')) return { type: 'search', note: 'Mia richiesta' };
    return {};
  }

  it('serves every route of the table (the table and the server agree)', () => {
    const servedKeys = new Set(served.map((r) => key(r.method, r.path)));
    const missing = API_ROUTES.filter((r) => !t.app.hasRoute({ method: r.method, url: r.path === '/' ? '/api/' : `/api${r.path}` })).map((r) =>
      key(r.method, r.path),
    );
    expect(missing.filter((m) => !expectedMissing.has(m))).toEqual([]);
    expect([...expectedMissing].filter((m) => !missing.includes(m))).toEqual([]);
    // The inventory itself is read right: it finds the table's routes and the back office.
    expect(servedKeys.has('GET /api/fiscalcode/:id')).toBe(true);
    expect(served.filter((r) => r.path.startsWith('/api/admin/')).length).toBeGreaterThan(5);
  });

  it('refuses every private route with 401 for no, malformed, foreign-scheme, expired, forged, unsigned and revoked tokens', async () => {
    const routes = protectedRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const route of routes) {
      const url = fillPath(w, serverPath(route));
      const payload = bodyFor(route);
      for (const [label, headers] of Object.entries(badTokens)) {
        const res = await w.call({ method: route.method, url, headers: await headers(), ...(payload ? { payload } : {}) });
        // Renewing an expired token of a live session is what /auth/refresh is for (decision 0120).
        if (route.path === '/auth/refresh' && label === 'an expired token' && res.statusCode === 200) continue;
        if (res.statusCode !== 401 || ApiErrorBodySchema.safeParse(res.json()).data?.code !== 'UNAUTHENTICATED') {
          wrong.push(`${route.method} ${route.path} with ${label}: ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers 404 to another customer on every owned route of alice's real rows, and never shows the row", async () => {
    const routes = ownedRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const secrets = ['Alice Segreta', 'Casa di Alice', 'Crema di Alice', 'Nota riservata', 'Nota di Alice', w.aliceCode, w.alice.user.email];
    const wrong: string[] = [];
    for (const route of routes) {
      // A parameter the world has no row for would be filled with 1, likely nobody's: the check would prove nothing.
      if (Object.values(pathParams(w, serverPath(route))).includes(undefined)) wrong.push(`${route.method} ${route.path}: no row of alice (fuzz-support's pathParams)`);
      const payload = bodyFor(route);
      const res = await w.call({ method: route.method, url: fillPath(w, serverPath(route)), headers: bearer(w.bob.token), ...(payload ? { payload } : {}) });
      if (res.statusCode !== 404) wrong.push(`${route.method} ${route.path}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      for (const s of secrets) if (res.body.includes(s)) wrong.push(`${route.method} ${route.path} shows '${s}'`);
      // Nor that the row exists: bob meets alice's row exactly as a row nobody has.
      const none = await w.call({ method: route.method, url: noRowPath(serverPath(route)), headers: bearer(w.bob.token), ...(payload ? { payload } : {}) });
      if (answer(res) !== answer(none)) wrong.push(`${route.method} ${route.path}: alice's row ${answer(res)}, no row ${answer(none)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("leaves alice's rows whole after bob's attempts, and they are real (alice reads each one)", async () => {
    const as = (url: string) => w.call({ method: 'GET', url: `/api${url}`, headers: bearer(w.alice.token) });
    const { ids } = w;
    for (const url of [
      `/fiscalcode/${ids.fiscalCode}`,
      `/address/${ids.address}`,
      `/cart/prescriptions/${ids.prescription}`,
      `/cart/product_requests/${ids.productRequest}`,
      `/files/${ids.file}`,
      `/fidelityCard/${ids.loyaltyCard}`,
      `/order/${ids.order}/payment-methods`,
      `/payment/gestpay/payment-id/${ids.payment}`,
    ]) {
      expect((await as(url)).statusCode, url).toBe(200);
    }
    const reservation = ReservationResponseSchema.parse((await as(`/reservations/${ids.reservation}`)).json()).data;
    expect(reservation.status).toBe('booked');
    const order = OrderResponseSchema.parse((await as(`/order/${ids.order}`)).json()).data;
    expect(order.status).toBe('created');
    const cart = CartResponseSchema.parse((await as('/cart')).json()).data;
    expect(cart.id).toBe(ids.cart);
    expect(cart.products).toHaveLength(1);
    expect(cart.vouchers.map((v) => v.id)).toEqual([ids.cartVoucher]);
    expect(cart.prescriptions.map((p) => p.id)).toEqual([ids.prescription]);
    // Bob's own cart did not pick up anything of alice's either.
    const bobCart = CartResponseSchema.parse((await w.call({ method: 'GET', url: '/api/cart', headers: bearer(w.bob.token) })).json()).data;
    expect(bobCart.id).not.toBe(ids.cart);
    expect(bobCart.prescriptions).toEqual([]);
  });

  /** Every back-office route: the table's pharmacist routes and all of `/api/admin/*` the server serves. */
  const staffRoutes = () => {
    const table = API_ROUTES.filter((r) => r.auth === 'pharmacist').map((r) => ({ method: r.method, path: `/api${r.path}` }));
    const admin = served.filter((r) => r.path.startsWith('/api/admin/'));
    const all = new Map([...table, ...admin].map((r) => [key(r.method, r.path), r]));
    return [...all.values()];
  };
  const staffBody = (r: ServedRoute) => (r.method === 'POST' || r.method === 'PUT' ? {} : undefined);

  it('refuses every back-office route to a customer (403) and to no token (401)', async () => {
    const routes = staffRoutes();
    const wrong: string[] = [];
    for (const r of routes) {
      const payload = staffBody(r);
      const url = fillPath(w, r.path);
      const anon = await w.call({ method: r.method as 'GET', url, ...(payload ? { payload } : {}) });
      if (anon.statusCode !== 401) wrong.push(`${r.method} ${r.path} anonymous: ${anon.statusCode}`);
      const customer = await w.call({ method: r.method as 'GET', url, headers: bearer(w.alice.token), ...(payload ? { payload } : {}) });
      if (customer.statusCode !== 403) wrong.push(`${r.method} ${r.path} as a customer: ${customer.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it("keeps a pharmacist of another shop out of every row of the first shop (404 as for no row), whatever shop_id says", async () => {
    const other = bearer(w.pharmacistB.token);
    const shopAStaff = bearer(w.pharmacistA.token);
    const wrong: string[] = [];
    // Rows by id; a product `:code` or a content `:key` names the caller's own shop's offer or text.
    const rowRoutes = staffRoutes().filter((r) => /\/:id\b/.test(r.path));
    expect(rowRoutes.length).toBeGreaterThan(30);
    for (const r of rowRoutes) {
      const payload = staffBody(r);
      const res = await w.call({ method: r.method as 'GET', url: fillPath(w, r.path), headers: other, ...(payload ? { payload } : {}) });
      if (res.statusCode !== 404 && res.statusCode !== 403) wrong.push(`${r.method} ${r.path}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      if (res.body.includes('Nota di Alice') || res.body.includes(w.alice.user.email)) wrong.push(`${r.method} ${r.path} shows alice's order`);
      // Nor whether the row exists: shop A's row and a row nobody has answer alike.
      const none = await w.call({ method: r.method as 'GET', url: fillPath(w, r.path, { id: '2000000000' }), headers: other, ...(payload ? { payload } : {}) });
      if (answer(res) !== answer(none)) wrong.push(`${r.method} ${r.path}: shop A's row ${answer(res)}, no row ${answer(none)}`);
      // And the row is real: shop A's own pharmacist reads it (the admin's routes refuse any pharmacist: 403).
      if (r.method === 'GET') {
        const mine = await w.call({ method: 'GET', url: fillPath(w, r.path), headers: shopAStaff });
        if (mine.statusCode !== 200 && mine.statusCode !== 403) wrong.push(`GET ${r.path} as shop A's pharmacist: ${mine.statusCode} ${mine.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    for (const url of ['/api/admin/orders', `/api/admin/orders?shop_id=${w.shopA}`]) {
      const list = await w.call({ method: 'GET', url, headers: other });
      expect(list.statusCode, url).toBe(200);
      expect(list.body).not.toContain(w.alice.user.email);
      expect(list.body).not.toContain('Nota di Alice');
    }
    // The first shop's pharmacist does see the order: the 404s above are about the shop, not a broken route.
    const own = await w.call({ method: 'GET', url: `/api/admin/orders/${w.ids.order}`, headers: bearer(w.pharmacistA.token) });
    expect(own.statusCode).toBe(200);
    const order = OrderResponseSchema.safeParse({ data: own.json().data });
    expect(order.success || own.body.includes(String(w.ids.order))).toBe(true);
    const closure = await t.app.db.selectFrom('staff_exceptions').select('id').where('id', '=', w.ids.closure).executeTakeFirst();
    expect(closure?.id).toBe(w.ids.closure);
    const status = await t.app.db.selectFrom('orders').select('status').where('id', '=', w.ids.order).executeTakeFirstOrThrow();
    expect(status.status).toBe('created');
  });

  it('never sends a password hash, a reset token or the signing secret in any answer of the run', async () => {
    // A few more answers that carry personal data: profile, its export, the login answer.
    await w.call({ method: 'GET', url: '/api/profile', headers: bearer(w.alice.token) });
    await w.call({ method: 'GET', url: '/api/profile/export', headers: bearer(w.alice.token) });
    await w.call({ method: 'POST', url: '/api/auth/check', headers: bearer(w.alice.token), payload: {} });
    await w.call({ method: 'GET', url: '/api/admin/whoami', headers: bearer(w.pharmacistA.token) });
    await w.call({ method: 'GET', url: `/api/admin/orders/${w.ids.order}`, headers: bearer(w.pharmacistA.token) });
    const hash = (await t.app.db.selectFrom('users').select('password_hash').where('id', '=', w.alice.user.id).executeTakeFirstOrThrow()).password_hash;
    expect(w.seen.length).toBeGreaterThan(500);
    const leaks = w.seen.filter(
      (r) =>
        /password_hash|\$argon2|reset_token|token_hash/i.test(r.body) ||
        r.body.includes(hash) ||
        r.body.includes(t.config.jwtSecret) ||
        r.body.includes(t.config.fileEncryptionKey.toString('hex')),
    );
    expect(leaks.map((r) => `${r.url}: ${r.status}`)).toEqual([]);
    expect(w.seen.filter((r) => r.status >= 500).map((r) => `${r.url}: ${r.status} ${r.body.slice(0, 120)}`)).toEqual([]);
  });
});
