import { describe, expect, it } from 'vitest';
import { nowIso } from '../../db/column.js';
import { testEngine } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { cartOf, createProduct, createVoucher, customerCall } from '../../../test/factories/cart.js';
import { type CreatedUser, createUser } from '../../../test/factories/users.js';
import { ensureCartWithLines, sessionWithCart } from './cart.repository.js';

/**
 * Decision 0629: a cart read or set reads the caller's session and cart in one statement. The cart it
 * reads there must be the cart's own read, and the session it reads must pass or fail as any other's.
 */
describe(`cart read with the session (${testEngine})`, () => {
  const t = useTestApp();
  const call = (method: 'GET' | 'POST', url: string, user: CreatedUser, payload?: unknown) => customerCall(t.app, method, url, user, payload);
  const sessionIdOf = (user: CreatedUser) =>
    JSON.parse(Buffer.from(user.token.split('.')[1] as string, 'base64url').toString('utf8')).sid as number;

  it("reads the cart as the cart's own statement does: row, lines, extras and the pages version", async () => {
    const [a, b] = [
      await createProduct(t.app, { name: 'Crema "Giorno" all\'olio\\ 50 ml', priceCents: 1590 }),
      await createProduct(t.app, { name: 'Perché è così? 💊', priceCents: 420 }),
    ];
    const user = await createUser(t.app);
    expect((await sessionWithCart(t.app.db, sessionIdOf(user)))?.cart).toBeNull();
    await cartOf(await call('POST', `/cart/products/${b.code}`, user, { quantity: 3 }));
    await cartOf(await call('POST', `/cart/products/${a.code}`, user, { quantity: 2 }));
    const voucher = await createVoucher(t.app, user.user.shop_id);
    await cartOf(await call('POST', `/cart/vouchers/${voucher.code}`, user));
    // The cart's own columns told apart, so a column read in another's place shows.
    await t.app.db
      .updateTable('carts')
      .set({ shipping_type: 'address', shipping_method: 'corriere', payment_type: 'carta' })
      .where('user_id', '=', user.user.id)
      .execute();

    const read = (await sessionWithCart(t.app.db, sessionIdOf(user)))?.cart;
    const own = await ensureCartWithLines(t.app.db, user.user.id, user.user.shop_id, nowIso());
    expect(read?.lines.map((l) => l.product_code)).toEqual([b.code, a.code]);
    expect(read?.extras?.voucher).toBe(true);
    // As text: every key, its place and its value's type.
    expect(JSON.stringify(read)).toBe(JSON.stringify(own));
  });

  it('runs one statement fewer than the session and the cart read apart', async () => {
    const product = await createProduct(t.app, { name: 'Prodotto F', priceCents: 700 });
    const user = await createUser(t.app);
    await cartOf(await call('POST', `/cart/products/${product.code}`, user, { quantity: 1 }));
    await cartOf(await call('GET', '/cart', user));
    const executor = t.app.db.getExecutor() as unknown as { executeQuery: (q: { sql: string }) => Promise<unknown> };
    const run = executor.executeQuery;
    const tables: string[][] = [];
    executor.executeQuery = function (this: unknown, q) {
      tables.push(['sessions', 'carts', 'cart_products'].filter((table) => new RegExp(`\\b${table}\\b`).test(q.sql)));
      return run.call(this, q);
    };
    try {
      await cartOf(await call('GET', '/cart', user));
      await cartOf(await call('POST', `/cart/products/${product.code}`, user, { quantity: 2 }));
    } finally {
      executor.executeQuery = run;
    }
    // The read: one statement. The set: that one, then its write (the products' records are kept).
    const together = ['sessions', 'carts', 'cart_products'];
    expect(tables.filter((t) => t.includes('sessions'))).toEqual([together, together]);
    expect(tables.filter((t) => !t.includes('sessions') && t.includes('carts'))).toEqual([]);
  });

  it('refuses a revoked, rotated, expired or deleted caller with 401 on both routes, and writes nothing', async () => {
    const product = await createProduct(t.app, { name: 'Prodotto G', priceCents: 500 });
    const spoil: Record<string, (user: CreatedUser) => Promise<unknown>> = {
      revoked: (u) => t.app.db.updateTable('sessions').set({ revoked_at: nowIso() }).where('id', '=', sessionIdOf(u)).execute(),
      rotated: (u) => t.app.db.updateTable('sessions').set({ current_jti: 'another' }).where('id', '=', sessionIdOf(u)).execute(),
      expired: (u) => t.app.db.updateTable('sessions').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', sessionIdOf(u)).execute(),
      deleted: (u) => t.app.db.updateTable('users').set({ deleted_at: nowIso() }).where('id', '=', u.user.id).execute(),
    };
    for (const [how, make] of Object.entries(spoil)) {
      const user = await createUser(t.app);
      await cartOf(await call('POST', `/cart/products/${product.code}`, user, { quantity: 1 }));
      await make(user);
      const read = await call('GET', '/cart', user);
      const set = await call('POST', `/cart/products/${product.code}`, user, { quantity: 3 });
      // Refused before the body is looked at, as every authenticated route does: a value the schema refuses, text the
      // text guard refuses, a body that is no JSON (PostgreSQL's set checks the session after them: decision 0683).
      const invalid = await call('POST', `/cart/products/${product.code}`, user, { quantity: 'tre' });
      const unsafe = await call('POST', `/cart/products/${product.code}`, user, { quantity: 1, nota: 'a\u0000b' });
      const broken = await t.app.inject({
        method: 'POST',
        url: `/api/cart/products/${product.code}`,
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        payload: '{"quantity": ',
      });
      for (const res of [read, set, invalid, unsafe, broken]) {
        expect(res.statusCode, `${how}: ${res.body}`).toBe(401);
        expect(res.json(), how).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
      const lines = await t.app.db.selectFrom('cart_products').innerJoin('carts', 'carts.id', 'cart_products.cart_id').select('quantity').where('carts.user_id', '=', user.user.id).execute();
      expect(lines, how).toEqual([{ quantity: 1 }]);
    }
    // The same three bodies from a live session: each its own error.
    const live = await createUser(t.app);
    const answers = await Promise.all([
      call('POST', `/cart/products/${product.code}`, live, { quantity: 'tre' }),
      call('POST', `/cart/products/${product.code}`, live, { quantity: 1, nota: 'a\u0000b' }),
      t.app.inject({
        method: 'POST',
        url: `/api/cart/products/${product.code}`,
        headers: { authorization: `Bearer ${live.token}`, 'content-type': 'application/json' },
        payload: '{"quantity": ',
      }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([422, 422, 400]);
  });
});
