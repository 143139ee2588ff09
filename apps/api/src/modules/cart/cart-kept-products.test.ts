import { promotionDay } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, secondInstance, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { cartOf, createProduct, customerCall } from '../../../test/factories/cart.js';
import { type CreatedUser, createUser } from '../../../test/factories/users.js';

/**
 * Decision 0588: the cart keeps its lines' product records in memory while the catalogue's pages
 * version (migration 0135) and the promotions' day stay. A catalogue write made anywhere — another
 * API instance, an import, a SQL statement — must show in this instance's next cart answer.
 */
let t: TestApp;
let other: { app: FastifyInstance; close(): Promise<void> };
beforeAll(async () => {
  t = await buildTestApp({ outboxWorker: false });
  other = await secondInstance(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const set = async (user: CreatedUser, code: string, quantity: number) =>
  cartOf(await customerCall(t.app, 'POST', `/cart/products/${code}`, user, { quantity }));
const read = async (user: CreatedUser) => cartOf(await customerCall(t.app, 'GET', '/cart', user));
const offerOf = async (code: string) => {
  const { id } = await other.app.db.selectFrom('products').select('id').where('codice_ministeriale', '=', code).executeTakeFirstOrThrow();
  return other.app.db.updateTable('product_offers').where('product_id', '=', id);
};
const lineOf = (cart: Awaited<ReturnType<typeof read>>, code: string) => cart.products.find((p) => p.code === code);

describe(`the cart's product records kept in memory (${testEngine})`, () => {
  it("follows another instance's change of the offer: price, promotion, on sale", async () => {
    const product = await createProduct(t.app, { name: 'Prodotto tenuto', priceCents: 300 });
    const user = await createUser(t.app);
    expect(lineOf(await set(user, product.code, 1), product.code)).toMatchObject({ amount: 3, promo: false });

    await (await offerOf(product.code)).set({ price_cents: 450 }).execute();
    expect(lineOf(await set(user, product.code, 2), product.code)).toMatchObject({ amount: 4.5, total: 9 });

    await (await offerOf(product.code)).set({ promo: 1, list_price_cents: 600, promo_start: null, promo_end: null }).execute();
    expect(lineOf(await read(user), product.code)).toMatchObject({ amount: 4.5, promo: true });

    await (await offerOf(product.code)).set({ on_sale: 0 }).execute();
    expect((await customerCall(t.app, 'POST', `/cart/products/${product.code}`, user, { quantity: 3 })).statusCode).toBe(404);
    expect(lineOf(await read(user), product.code)).toMatchObject({ unavailable: true, not_sold_here: true, quantity: 2 });
  });

  it("follows another instance's change of the master product: name and prescription flag", async () => {
    const product = await createProduct(t.app, { name: 'Nome di prima', priceCents: 500 });
    const user = await createUser(t.app);
    expect(lineOf(await set(user, product.code, 1), product.code)).toMatchObject({ name: 'Nome di prima', prescription_only: false });
    await other.app.db
      .updateTable('products')
      .set({ nome_prodotto: 'Nome cambiato altrove', prescription_only: 1 })
      .where('codice_ministeriale', '=', product.code)
      .execute();
    expect(lineOf(await read(user), product.code)).toMatchObject({ name: 'Nome cambiato altrove', prescription_only: true });
  });

  it('drops a promotion ending today from the cart the next day', async () => {
    const product = await createProduct(t.app, { name: 'Promozione che finisce', priceCents: 1000 });
    await (await offerOf(product.code)).set({ price_cents: 800, list_price_cents: 1000, promo: 1, promo_start: null, promo_end: promotionDay() }).execute();
    const user = await createUser(t.app);
    expect(lineOf(await set(user, product.code, 1), product.code)).toMatchObject({ amount: 8, promo: true });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000);
    // A customer signed in on the next day (the first one's token has expired by then).
    const next = await createUser(t.app);
    expect(lineOf(await set(next, product.code, 1), product.code)).toMatchObject({ amount: 10, promo: false });
  });
});
