import { describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { cartOf, createProduct, customerCall } from '../../../test/factories/cart.js';
import { type CreatedUser, createUser } from '../../../test/factories/users.js';

/**
 * Decision 0683: PostgreSQL's cart set reads the session and writes the line in one statement (one
 * round trip, one commit); on both engines two sets of one line at once both answer, and the line
 * ends as one of them left it.
 */
describe(`cart set's statement (${testEngine})`, () => {
  const t = useTestApp();
  const call = (method: 'GET' | 'POST', url: string, user: CreatedUser, payload?: unknown) => customerCall(t.app, method, url, user, payload);

  it.runIf(testEngine === 'postgres')('sets a line of an existing cart in one statement, the session read with it', async () => {
    const [a, b] = [await createProduct(t.app, { name: 'Prodotto H', priceCents: 700 }), await createProduct(t.app, { name: 'Prodotto I', priceCents: 300 })];
    const user = await createUser(t.app);
    await cartOf(await call('POST', `/cart/products/${a.code}`, user, { quantity: 1 }));
    await cartOf(await call('POST', `/cart/products/${b.code}`, user, { quantity: 1 }));
    const executor = t.app.db.getExecutor() as unknown as { executeQuery: (q: { sql: string }) => Promise<unknown> };
    const run = executor.executeQuery;
    const statements: string[] = [];
    executor.executeQuery = function (this: unknown, q) {
      statements.push(q.sql);
      return run.call(this, q);
    };
    let answers: Awaited<ReturnType<typeof cartOf>>[];
    try {
      // A line changed and a line added (the products' records are kept from the sets before).
      answers = [
        await cartOf(await call('POST', `/cart/products/${a.code}`, user, { quantity: 4 })),
        await cartOf(await call('POST', `/cart/products/${b.code}`, user, { quantity: 2 })),
      ];
    } finally {
      executor.executeQuery = run;
    }
    expect(statements).toHaveLength(2);
    for (const text of statements) expect(text).toMatch(/^with "s" as \(select .*\bsessions\b.*insert into "cart_products"/s);
    expect(answers[1]?.products.map((p) => [p.code, p.quantity])).toEqual([
      [a.code, 4],
      [b.code, 2],
    ]);
    expect(answers[1]).toEqual(await cartOf(await call('GET', '/cart', user)));
  });

  it('answers two sets of one line at once, new or already there, and keeps one line as one of them left it', async () => {
    const product = await createProduct(t.app, { name: 'Prodotto L', priceCents: 250 });
    for (const first of [undefined, 1]) {
      const user = await createUser(t.app);
      if (first !== undefined) await cartOf(await call('POST', `/cart/products/${product.code}`, user, { quantity: first }));
      const answers = await Promise.all([2, 5].map(async (quantity) => cartOf(await call('POST', `/cart/products/${product.code}`, user, { quantity }))));
      expect(answers.map((a) => a.products.map((p) => [p.code, p.quantity]))).toEqual([[[product.code, 2]], [[product.code, 5]]]);
      const read = await cartOf(await call('GET', '/cart', user));
      expect(read.products).toHaveLength(1);
      expect(answers).toContainEqual(read);
    }
  });
});
