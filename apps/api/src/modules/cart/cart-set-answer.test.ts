import { describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { cartOf, createProduct, customerCall, setShippingConfiguration, TEST_SHIPPING } from '../../../test/factories/cart.js';
import { type CreatedUser, createUser } from '../../../test/factories/users.js';

/**
 * Decision 0583: the cart set answers the lines as its write left them without reading them again,
 * and the shop's delivery configuration is decoded once per stored text. Both must answer exactly
 * what a fresh read of the cart answers.
 */
describe(`cart set answer (${testEngine})`, () => {
  const t = useTestApp();
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: CreatedUser, payload?: unknown) =>
    customerCall(t.app, method, url, user, payload);

  it('is the cart a read right after it finds: quantities changed in place, new lines last, removed lines gone', async () => {
    const [a, b, c] = [
      await createProduct(t.app, { name: 'Prodotto A', priceCents: 300 }),
      await createProduct(t.app, { name: 'Prodotto B', priceCents: 1250, promo: true }),
      await createProduct(t.app, { name: 'Prodotto C', priceCents: 99, prescriptionOnly: true }),
    ];
    const user = await createUser(t.app);
    const steps: Array<[string, number]> = [
      [a.code, 2],
      [b.code, 1],
      [a.code, 3],
      [c.code, 4],
      [b.code, 0],
      [b.code, 2],
      [c.code, 1],
    ];
    for (const [code, quantity] of steps) {
      const set = await cartOf(await call('POST', `/cart/products/${code}`, user, { quantity }));
      expect(set, `${code} × ${quantity}`).toEqual(await cartOf(await call('GET', '/cart', user)));
    }
    const last = await cartOf(await call('GET', '/cart', user));
    expect(last.products.map((p) => [p.code, p.quantity])).toEqual([
      [a.code, 3],
      [c.code, 1],
      [b.code, 2],
    ]);
    expect(last).toMatchObject({ subTotal: 9 + 0.99 + 25, totalQuantity: 6 });
  });

  it("follows a change of the shop's delivery configuration at once", async () => {
    const product = await createProduct(t.app, { name: 'Prodotto D', priceCents: 1000 });
    const user = await createUser(t.app);
    const shopId = user.user.shop_id;
    await setShippingConfiguration(t.app, shopId);
    await cartOf(await call('PUT', '/cart', user, { shippingType: 'inShop', shippingMethod: { type: 'ritiro' } }));
    const before = await cartOf(await call('POST', `/cart/products/${product.code}`, user, { quantity: 1 }));
    expect(before.shippingMethod).toEqual({ type: 'ritiro', label: 'Ritiro in farmacia', price: 0 });

    const ritiro = { type: 'ritiro', label: 'Ritiro con supplemento', price: 1.5, free_above: null };
    const inShop = { ...TEST_SHIPPING.deliveryTypes.inShop, methods: [ritiro] };
    await setShippingConfiguration(t.app, shopId, { ...TEST_SHIPPING, deliveryTypes: { ...TEST_SHIPPING.deliveryTypes, inShop } });
    const after = await cartOf(await call('POST', `/cart/products/${product.code}`, user, { quantity: 2 }));
    expect(after.shippingMethod).toEqual({ type: 'ritiro', label: 'Ritiro con supplemento', price: 1.5 });
    expect(after).toMatchObject({ subTotal: 20, total: 21.5 });

    await setShippingConfiguration(t.app, shopId);
    expect((await cartOf(await call('GET', '/cart', user))).shippingMethod).toEqual(before.shippingMethod);
  });
});
