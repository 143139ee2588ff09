import { AddressResponseSchema, ApiErrorBodySchema, EMPTY_CART_CONTENT, messages, NEW_CART } from '@farmacia/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { cartOf, createProduct, customerCall, SAMPLE_FILES, setShippingConfiguration, type TestProduct, uploadOf } from '../../../test/factories/cart.js';
import { bearer, type CreatedUser, createUser } from '../../../test/factories/users.js';
import { createPickupPoint } from '../addresses/addresses.service.js';

describe(`cart (${testEngine})`, () => {
  const t = useTestApp();
  let tachipirina: TestProduct;
  let crema: TestProduct;
  let farmaco: TestProduct;

  beforeAll(async () => {
    tachipirina = await createProduct(t.app, { name: 'TACHIPIRINA 500 MG 20 CPR', priceCents: 499 });
    crema = await createProduct(t.app, { name: 'Crema idratante 50 ml', priceCents: 1250, promo: true });
    farmaco = await createProduct(t.app, { name: 'Antibiotico 12 cpr', priceCents: 890, prescriptionOnly: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: CreatedUser, payload?: unknown) =>
    customerCall(t.app, method, url, user, payload);
  const setQty = (user: CreatedUser, code: string, quantity: unknown) => call('POST', `/cart/products/${code}`, user, { quantity });

  it('starts empty', async () => {
    const user = await createUser(t.app);
    const cart = await cartOf(await call('GET', '/cart', user));
    expect(cart).toEqual({ id: expect.any(Number), ...NEW_CART });
    expect((await cartOf(await call('GET', '/cart', user))).id).toBe(cart.id);
  });

  it('adds products at the catalogue price, sets quantities and totals in euro', async () => {
    const user = await createUser(t.app);
    await setQty(user, tachipirina.code, 2);
    // A price sent by the client is ignored: prices always come from the catalogue.
    const cart = await cartOf(await call('POST', `/cart/products/${crema.code}`, user, { quantity: 1, price: 0.01, amount: 0.01 }));
    expect(cart.products).toEqual([
      {
        code: tachipirina.code,
        name: 'TACHIPIRINA 500 MG 20 CPR',
        amount: 4.99,
        quantity: 2,
        total: 9.98,
        image: expect.any(String),
        promo: false,
        prescription_only: false,
        unavailable: false,
        not_sold_here: false,
      },
      { code: crema.code, name: 'Crema idratante 50 ml', amount: 12.5, quantity: 1, total: 12.5, image: expect.any(String), promo: true, prescription_only: false, unavailable: false, not_sold_here: false },
    ]);
    expect(cart).toMatchObject({ subTotal: 22.48, total: 22.48, totalQuantity: 3 });

    const set = await cartOf(await setQty(user, tachipirina.code, 5));
    expect(set.products.find((p) => p.code === tachipirina.code)?.quantity).toBe(5);
    expect(set).toMatchObject({ subTotal: 37.45, totalQuantity: 6 });
    const ten = await cartOf(await setQty(user, tachipirina.code, 10));
    expect(ten.totalQuantity).toBe(11);
  });

  it('removes a product with a quantity of 0 or less, and with DELETE', async () => {
    const user = await createUser(t.app);
    await setQty(user, tachipirina.code, 1);
    await setQty(user, crema.code, 1);
    await setQty(user, farmaco.code, 1);
    expect((await cartOf(await setQty(user, tachipirina.code, 0))).products.map((p) => p.code)).toEqual([crema.code, farmaco.code]);
    expect((await cartOf(await setQty(user, crema.code, -3))).products.map((p) => p.code)).toEqual([farmaco.code]);
    expect((await cartOf(await setQty(user, crema.code, 0))).products).toHaveLength(1);
    const afterDelete = await cartOf(await call('DELETE', `/cart/products/${farmaco.code}`, user));
    expect(afterDelete).toMatchObject({ products: [], subTotal: 0, totalQuantity: 0 });
    const missing = await call('DELETE', `/cart/products/${farmaco.code}`, user);
    expect(missing.statusCode).toBe(404);
    expect(ApiErrorBodySchema.parse(missing.json()).message).toBe(messages.cart.productNotInCart);
  });

  it('refuses quantities that are not integers up to 10, unknown products and malformed codes', async () => {
    const user = await createUser(t.app);
    for (const quantity of [11, 2.5, '3', null, undefined, 'molti']) {
      const res = await setQty(user, tachipirina.code, quantity);
      expect(res.statusCode, String(quantity)).toBe(422);
      expect(ApiErrorBodySchema.parse(res.json()).errors?.quantity).toEqual([messages.cart.quantityRange]);
    }
    const unknown = await setQty(user, '999999990', 1);
    expect(unknown.statusCode).toBe(404);
    expect(ApiErrorBodySchema.parse(unknown.json()).message).toBe(messages.catalogue.productNotFound);
    expect((await setQty(user, 'ab..cd', 1)).statusCode).toBe(422);
    expect((await setQty(user, 'a'.repeat(21), 1)).statusCode).toBe(422);
    expect((await cartOf(await call('GET', '/cart', user))).products).toEqual([]);
  });

  it('flags a product that left the catalogue instead of failing, out of the totals', async () => {
    const user = await createUser(t.app);
    const gone = await createProduct(t.app, { name: 'Sciroppo ritirato', priceCents: 700 });
    await setQty(user, gone.code, 2);
    await setQty(user, tachipirina.code, 1);
    await t.app.db.deleteFrom('products').where('codice_ministeriale', '=', gone.code).execute();
    const cart = await cartOf(await call('GET', '/cart', user));
    expect(cart.products.find((p) => p.code === gone.code)).toEqual({
      code: gone.code,
      name: 'Sciroppo ritirato',
      amount: 0,
      quantity: 2,
      total: 0,
      image: null,
      promo: false,
      prescription_only: false,
      unavailable: true,
      // Gone from the catalogue, not merely not sold at this shop.
      not_sold_here: false,
    });
    expect(cart).toMatchObject({ subTotal: 4.99, total: 4.99, totalQuantity: 3 });
    expect((await cartOf(await setQty(user, gone.code, 0))).products.map((p) => p.code)).toEqual([tachipirina.code]);
  });

  it('marks prescription-only medicines on their line', async () => {
    const user = await createUser(t.app);
    const cart = await cartOf(await setQty(user, farmaco.code, 1));
    expect(cart.products[0]).toMatchObject({ code: farmaco.code, prescription_only: true });
  });

  it('clears only the own cart: lines, prescriptions and requests with their files, choices', async () => {
    const user = await createUser(t.app, { codiceFiscale: 'RSSMRA85T10A562S' });
    const other = await createUser(t.app);
    await setShippingConfiguration(t.app, user.user.shop_id);
    await setQty(user, tachipirina.code, 3);
    await setQty(other, tachipirina.code, 1);
    const pres = await call('POST', '/cart/prescriptions', user, { mode: 'file', codice_fiscale: 'RSSMRA85T10A562S', file: uploadOf('r.pdf', SAMPLE_FILES.pdf) });
    expect(pres.statusCode).toBe(201);
    const req = await call('POST', '/cart/product_requests', user, { type: 'search', note: 'foto', file: uploadOf('f.png', SAMPLE_FILES.png, 'image/png') });
    expect(req.statusCode).toBe(201);
    const full = await cartOf(await call('PUT', '/cart', user, { shippingType: 'inShop', shippingMethod: { type: 'ritiro' }, paymentType: 'payInShop' }));
    expect(full.prescriptions).toHaveLength(1);
    expect(full.product_requests).toHaveLength(1);
    const theirs = await cartOf(await call('GET', '/cart', other));

    const refused = await call('DELETE', `/cart/${theirs.id}`, user);
    expect(refused.statusCode).toBe(404);
    expect((await cartOf(await call('GET', '/cart', other))).products).toHaveLength(1);
    expect((await call('DELETE', '/cart/999999', user)).statusCode).toBe(404);

    const fileUrl = full.prescriptions[0]!.file!.url!;
    const cleared = await cartOf(await call('DELETE', `/cart/${full.id}`, user));
    expect(cleared).toMatchObject({ id: full.id, ...EMPTY_CART_CONTENT });
    expect((await t.app.inject({ method: 'GET', url: fileUrl, headers: bearer(user.token) })).statusCode).toBe(404);
    expect(await t.app.db.selectFrom('files').select('id').where('user_id', '=', user.user.id).execute()).toEqual([]);
  });

  it('keeps one cart per customer: another customer never sees or changes these lines', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await setQty(a, tachipirina.code, 4);
    expect((await cartOf(await call('GET', '/cart', b))).products).toEqual([]);
    expect((await call('DELETE', `/cart/products/${tachipirina.code}`, b)).statusCode).toBe(404);
    await setQty(b, tachipirina.code, 0);
    expect((await cartOf(await call('GET', '/cart', a))).products[0]?.quantity).toBe(4);
  });

  describe('delivery and payment choices (PUT /cart)', () => {
    let user: CreatedUser;
    beforeAll(async () => {
      user = await createUser(t.app);
      await setShippingConfiguration(t.app, user.user.shop_id);
      await setQty(user, tachipirina.code, 2);
    });
    const put = (payload: unknown) => call('PUT', '/cart', user, payload);
    const errorsOf = (res: { statusCode: number; json(): unknown }) => {
      expect(res.statusCode).toBe(422);
      return ApiErrorBodySchema.parse(res.json()).errors ?? {};
    };

    it('sets a delivery type, method (object or JSON text) and payment offered by the shop; price from the configuration', async () => {
      const cart = await cartOf(await put({ shippingType: 'inShop', shippingMethod: JSON.stringify({ type: 'ritiro', label: 'x', price: -5 }), paymentType: 'payInShop' }));
      expect(cart).toMatchObject({
        shippingType: 'inShop',
        shippingMethod: { type: 'ritiro', label: 'Ritiro in farmacia', price: 0 },
        paymentType: 'payInShop',
        address: null,
        pickuppoint: null,
        subTotal: 9.98,
        total: 9.98,
      });
    });

    it('refuses choices the shop does not offer, each on its field', async () => {
      expect(errorsOf(await put({ shippingType: 'vendingMachine' })).shippingType).toEqual([messages.checkout.selectDeliveryType]);
      expect(errorsOf(await put({ shippingType: 'inShop', shippingMethod: { type: 'corriere' } })).shippingMethod).toEqual([
        messages.checkout.selectDeliveryMethod,
      ]);
      expect(errorsOf(await put({ shippingType: 'inShop', paymentType: 'cashOnDelivery' })).paymentType).toEqual([messages.checkout.selectPaymentType]);
      expect(errorsOf(await put({ paymentType: 'bitcoin' })).paymentType).toEqual([messages.checkout.selectPaymentType]);
      expect(errorsOf(await put({ shippingType: 'teletrasporto' })).shippingType).toBeDefined();
      expect(errorsOf(await put({ shippingMethod: '{rotto' })).shippingMethod).toBeDefined();
    });

    it('resets method and payment when the delivery type changes (spec §4), and adds the shipping price to the total', async () => {
      await put({ shippingType: 'inShop', shippingMethod: { type: 'ritiro' }, paymentType: 'payOnline' });
      const home = await createAddress(user);
      const changed = await cartOf(await put({ shippingType: 'address', address: home }));
      expect(changed).toMatchObject({ shippingType: 'address', shippingMethod: null, paymentType: null, address: { id: home, system: false } });
      const courier = await cartOf(await put({ shippingMethod: { type: 'corriere' }, paymentType: 'cashOnDelivery' }));
      expect(courier).toMatchObject({ shippingMethod: { type: 'corriere', label: 'Corriere espresso', price: 5.9 }, subTotal: 9.98, total: 15.88 });
      // Free from 49 € of products.
      await setQty(user, tachipirina.code, 10);
      expect(await cartOf(await call('GET', '/cart', user))).toMatchObject({ subTotal: 49.9, shippingMethod: { price: 0 }, total: 49.9 });
      await setQty(user, tachipirina.code, 2);
      const same = await cartOf(await put({ shippingType: 'address' }));
      expect(same).toMatchObject({ shippingMethod: { type: 'corriere' }, paymentType: 'cashOnDelivery' });
    });

    it("takes only the customer's own address for home delivery and the shop's pickup points for pickupPoint", async () => {
      const stranger = await createUser(t.app);
      const theirs = await createAddress(stranger);
      expect(errorsOf(await put({ shippingType: 'address', address: theirs })).address).toEqual([messages.checkout.selectAddress]);
      const point = await createPickupPoint(t.app.db, user.user.shop_id, {
        name: 'Edicola Centrale',
        address_1: 'Piazza Duomo 1',
        address_2: null,
        city: 'Milano',
        state_region: 'MI',
        postal_code: '20121',
        phone_number: null,
        country: 'it',
      });
      const own = await createAddress(user);
      expect(errorsOf(await put({ shippingType: 'pickupPoint', address: own })).address).toEqual([messages.checkout.selectAddress]);
      const picked = await cartOf(await put({ shippingType: 'pickupPoint', address: point.id, shippingMethod: { type: 'punto' }, paymentType: 'payInShop' }));
      expect(picked).toMatchObject({ shippingType: 'pickupPoint', pickuppoint: { id: point.id, system: true }, address: null, shippingMethod: { price: 2 } });
      const toShop = await cartOf(await put({ shippingType: 'inShop', address: own }));
      expect(toShop).toMatchObject({ address: null, pickuppoint: null });
    });

    it('clears choices with null', async () => {
      const cleared = await cartOf(await put({ shippingType: null, shippingMethod: null, paymentType: null, address: null }));
      expect(cleared).toMatchObject({ shippingType: null, shippingMethod: null, paymentType: null, address: null, total: cleared.subTotal });
    });

    async function createAddress(owner: CreatedUser): Promise<number> {
      const res = await call('POST', '/address', owner, {
        name: 'Casa',
        address_1: 'Via Roma 10',
        city: 'Torino',
        state_region: 'TO',
        postal_code: '10121',
      });
      expect(res.statusCode, res.body).toBe(201);
      return AddressResponseSchema.parse(res.json()).data.id;
    }
  });

  it('needs a login everywhere', async () => {
    for (const [method, url] of [
      ['GET', '/api/cart'],
      ['PUT', '/api/cart'],
      ['POST', `/api/cart/products/${tachipirina.code}`],
      ['DELETE', `/api/cart/products/${tachipirina.code}`],
      ['DELETE', '/api/cart/1'],
      ['POST', '/api/cart/vouchers/SCONTO'],
      ['DELETE', '/api/cart/vouchers/1'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
