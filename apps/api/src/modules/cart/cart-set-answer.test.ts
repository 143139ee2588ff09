import { describe, expect, it } from 'vitest';
import { nowIso } from '../../db/column.js';
import { testEngine } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import {
  cartOf,
  createProduct,
  createVoucher,
  customerCall,
  SAMPLE_FILES,
  setShippingConfiguration,
  TEST_SHIPPING,
  uploadOf,
} from '../../../test/factories/cart.js';
import { type CreatedUser, createUser } from '../../../test/factories/users.js';
import { ensureCartWithLines, listLines } from './cart.repository.js';

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
  // Decisions 0599, 0606: the lines read with the cart (SQLite: as one JSON text, db/json-rows.ts; PostgreSQL: a join)
  // are the rows the lines' own read answers — every column, its value and type, key order and line order.
  it("reads the cart's lines with the cart exactly as their own read does", async () => {
    const [a, b] = [
      await createProduct(t.app, { name: 'Crema "Notte" all\'olio d\'argan\\ 50 ml', priceCents: 1590 }),
      await createProduct(t.app, { name: 'Perché è così? 💊', priceCents: 420 }),
    ];
    const user = await createUser(t.app);
    await call('POST', `/cart/products/${b.code}`, user, { quantity: 3 });
    await call('POST', `/cart/products/${a.code}`, user, { quantity: 2 });
    const { row, lines } = await ensureCartWithLines(t.app.db, user.user.id, user.user.shop_id, nowIso());
    expect(lines.map((l) => l.product_code)).toEqual([b.code, a.code]);
    expect(JSON.stringify(lines)).toBe(JSON.stringify(await listLines(t.app.db, row.id)));
  });
  // Decision 0599: the cart's own statement says whether a voucher, prescriptions or requests are there, and the
  // shop's Ministry authorization; each is read (or its answer changed) as soon as it is.
  it("shows the voucher, prescriptions and requests the cart holds, and the shop's own-staff option, as a read finds them", async () => {
    const product = await createProduct(t.app, { name: 'Prodotto E', priceCents: 2000 });
    const user = await createUser(t.app, { codiceFiscale: 'RSSMRA85T10A562S' });
    const shopId = user.user.shop_id;
    const set = async (quantity: number) => {
      const answer = await cartOf(await call('POST', `/cart/products/${product.code}`, user, { quantity }));
      expect(answer).toEqual(await cartOf(await call('GET', '/cart', user)));
      return answer;
    };
    const empty = await set(1);
    expect(empty).toMatchObject({ vouchers: [], prescriptions: [], product_requests: [] });

    const voucher = await createVoucher(t.app, shopId);
    await cartOf(await call('POST', `/cart/vouchers/${voucher.code}`, user));
    expect((await set(2)).vouchers.map((v) => v.id)).toEqual([voucher.id]);

    const prescription = await call('POST', '/cart/prescriptions', user, { mode: 'file', codice_fiscale: 'RSSMRA85T10A562S', file: uploadOf('r.pdf', SAMPLE_FILES.pdf) });
    expect(prescription.statusCode, prescription.body).toBe(201);
    expect((await set(3)).prescriptions).toHaveLength(1);

    const request = await call('POST', '/cart/product_requests', user, { type: 'search', note: 'Una crema', file: uploadOf('s.png', SAMPLE_FILES.png, 'image/png') });
    expect(request.statusCode, request.body).toBe(201);
    const full = await set(1);
    expect(full).toMatchObject({ vouchers: [{ id: voucher.id }], prescriptions: [{}], product_requests: [{}] });

    // With a prescription in the cart, the delivery allowed follows the shop's own-staff option.
    const staffDelivery = async (value: string) =>
      t.app.db
        .insertInto('options')
        .values({ shop_id: shopId, key: 'prescription_staff_delivery', value, updated_at: nowIso() })
        .onConflict((oc) => oc.columns(['shop_id', 'key']).doUpdateSet({ value }))
        .execute();
    await staffDelivery('1');
    const byStaff = (await set(2)).shipping_restriction;
    await staffDelivery('0');
    const pickupOnly = (await set(1)).shipping_restriction;
    expect(byStaff.methodsOnly).not.toBeNull();
    expect(pickupOnly.methodsOnly).toBeNull();
  });
});
