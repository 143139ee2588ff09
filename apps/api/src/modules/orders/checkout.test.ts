import { AdminOrderResponseSchema, ApiErrorBodySchema, CartResponseSchema, OrderResponseSchema } from '@farmacia/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app.js';
import { createProduct, createVoucher } from '../../../test/factories/cart.js';
import { checkoutOver, createTestPickupPoint, HOME_ADDRESS, placeOrder, setOrderShipping } from '../../../test/factories/orders.js';
import { bearer, type CreatedUser, createPharmacist, createShop, createUser } from '../../../test/factories/users.js';

describe('POST /cart/checkout', () => {
  const t = useTestApp();
  let shopId: number;
  let pharmacist: CreatedUser;

  beforeAll(async () => {
    shopId = await createShop(t.app, 'Farmacia Checkout');
    await setOrderShipping(t.app, shopId);
    pharmacist = await createPharmacist(t.app, shopId);
  });

  const newCustomer = () => createUser(t.app, { shopId });
  const get = (who: CreatedUser, url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(who.token) });
  const orderOf = async (who: CreatedUser, id: number) => OrderResponseSchema.parse((await get(who, `/order/${id}`)).json()).data;

  it('refuses an empty or incomplete checkout with 422 naming every missing choice', async () => {
    const who = await newCustomer();
    const empty = await t.app.inject({ method: 'POST', url: '/api/cart/checkout', headers: bearer(who.token), payload: {} });
    expect(empty.statusCode).toBe(422);
    const body = ApiErrorBodySchema.parse(empty.json());
    expect(body.errors).toEqual({
      cart: ['Il carrello è vuoto.'],
      shippingType: ['Selezionare un tipo di consegna.'],
      shippingMethod: ['Selezionare un metodo di consegna.'],
      paymentType: ['Selezionare un metodo di pagamento.'],
    });

    const product = await createProduct(t.app);
    await t.app.inject({ method: 'POST', url: `/api/cart/products/${product.code}`, headers: bearer(who.token), payload: { quantity: 1 } });
    await t.app.inject({ method: 'PUT', url: '/api/cart', headers: bearer(who.token), payload: { shippingType: 'address', shippingMethod: { type: 'corriere' }, paymentType: 'cashOnDelivery' } });
    const noAddress = await t.app.inject({ method: 'POST', url: '/api/cart/checkout', headers: bearer(who.token) });
    expect(noAddress.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(noAddress.json()).errors).toEqual({ address: ['Selezionare un indirizzo.'] });
    // Nothing was ordered.
    expect((await get(who, '/order')).json().data).toEqual([]);
  });

  it('turns the cart into a created order with everything frozen, and empties the cart', async () => {
    const who = await newCustomer();
    const address = (await t.app.inject({ method: 'POST', url: '/api/address', headers: bearer(who.token), payload: HOME_ADDRESS })).json().data;
    const a = await createProduct(t.app, { name: 'Crema mani', priceCents: 1250 });
    const b = await createProduct(t.app, { name: 'Cerotti', priceCents: 399 });
    const res = await checkoutOver(
      t.app,
      who.token,
      [
        { product: a, quantity: 2 },
        { product: b, quantity: 1 },
      ],
      { shippingType: 'address', shippingMethod: 'corriere', paymentType: 'payOnline', address: address.id, note: '  Citofonare Rossi ' },
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    const order = await orderOf(who, id);
    expect(order).toMatchObject({
      status: 'created',
      subTotal: 28.99,
      total: 34.89,
      discount_amount: 0,
      totalQuantity: 3,
      shippingType: 'address',
      delivery_type: 'address',
      shippingMethod: { type: 'corriere', label: 'Corriere espresso', price: 5.9 },
      paymentType: 'payOnline',
      payment: { valid: 0 },
      requires_pharmacy_settlement: false,
      note: 'Citofonare Rossi',
      address: { id: address.id, city: 'Bologna', system: false },
    });
    expect(order.products).toEqual([
      { code: a.code, name: 'Crema mani', quantity: 2, price: 12.5, total: 25, prescription_only: false, unavailable: false },
      { code: b.code, name: 'Cerotti', quantity: 1, price: 3.99, total: 3.99, prescription_only: false, unavailable: false },
    ]);
    const cart = CartResponseSchema.parse((await get(who, '/cart')).json()).data;
    expect(cart).toMatchObject({ products: [], prescriptions: [], product_requests: [], shippingType: null, paymentType: null });

    // Later catalogue price changes and address edits never rewrite the order.
    await t.app.db.updateTable('products').set({ price_cents: 9999 }).where('codice_ministeriale', '=', a.code).execute();
    await t.app.inject({ method: 'PUT', url: `/api/address/${address.id}`, headers: bearer(who.token), payload: { ...HOME_ADDRESS, city: 'Modena' } });
    expect(await orderOf(who, id)).toMatchObject({ subTotal: 28.99, address: { city: 'Bologna' } });
    // Customer told, history started.
    const mail = await t.app.db.selectFrom('outbox').select('subject').where('recipient', '=', who.user.email).execute();
    expect(mail.map((m) => m.subject)).toContain(`Richiesta inviata: n. ${id}`);
    const detail = AdminOrderResponseSchema.parse((await get(pharmacist, `/admin/orders/${id}`)).json()).data;
    expect(detail.events).toMatchObject([{ from_status: null, to_status: 'created', actor_role: 'customer', actor_user_id: who.user.id }]);
  });

  it('applies free shipping above the threshold and freezes the voucher, redeeming its use', async () => {
    const who = await newCustomer();
    const voucher = await createVoucher(t.app, shopId, { kind: 'fixed', value: 500, code: `CK${Date.now().toString(36).toUpperCase()}` });
    const product = await createProduct(t.app, { priceCents: 2500 });
    await t.app.inject({ method: 'POST', url: `/api/cart/products/${product.code}`, headers: bearer(who.token), payload: { quantity: 2 } });
    const applied = await t.app.inject({ method: 'POST', url: `/api/cart/vouchers/${voucher.code}`, headers: bearer(who.token), payload: { code: voucher.code } });
    expect(applied.statusCode).toBe(200);
    const id = await placeOrder(t.app, who.token, { shippingType: 'pickupPoint', shippingMethod: 'punto', paymentType: 'payInShop', address: await createTestPickupPoint(t.app, shopId) }, []);
    const order = await orderOf(who, id);
    expect(order).toMatchObject({ subTotal: 50, total: 52, discount_amount: 5, shippingType: 'address', delivery_type: 'pickupPoint' });
    expect(order.address).toMatchObject({ system: true, name: 'Edicola di Piazza Maggiore' });
    expect(order.vouchers).toMatchObject([{ code: voucher.code }]);
    const redemption = await t.app.db.selectFrom('voucher_redemptions').selectAll().where('voucher_id', '=', voucher.id).executeTakeFirstOrThrow();
    expect(redemption).toMatchObject({ status: 'redeemed', order_id: id, cart_id: null });

    // Free delivery from 49 € with the courier.
    const other = await newCustomer();
    const free = await placeOrder(
      t.app,
      other.token,
      { shippingType: 'address', shippingMethod: 'corriere', paymentType: 'cashOnDelivery', address: (await t.app.inject({ method: 'POST', url: '/api/address', headers: bearer(other.token), payload: HOME_ADDRESS })).json().data.id },
      [{ product: await createProduct(t.app, { priceCents: 4900 }), quantity: 1 }],
    );
    expect(await orderOf(other, free)).toMatchObject({ subTotal: 49, total: 49, shippingMethod: { price: 0 } });
  });

  it('settles prescription-only medicines at the pharmacy: no online payment for them (decision 0221)', async () => {
    const who = await newCustomer();
    const rx = await createProduct(t.app, { name: 'Amoxicillina', prescriptionOnly: true });
    const res = await checkoutOver(t.app, who.token, [{ product: rx, quantity: 1 }], { shippingType: 'inShop', shippingMethod: 'ritiro', paymentType: 'payOnline' });
    expect(res.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(res.json()).errors?.paymentType).toEqual([
      'Gli ordini con ricette o medicinali soggetti a prescrizione si pagano in farmacia o alla consegna, non online.',
    ]);
    await t.app.inject({ method: 'PUT', url: '/api/cart', headers: bearer(who.token), payload: { paymentType: 'payInShop' } });
    const ok = await t.app.inject({ method: 'POST', url: '/api/cart/checkout', headers: bearer(who.token), payload: {} });
    expect(ok.statusCode).toBe(201);
    const order = await orderOf(who, ok.json().id);
    expect(order.requires_pharmacy_settlement).toBe(true);
    expect(order.products[0]).toMatchObject({ prescription_only: true });
  });

  it('moves prescriptions from the cart to the order', async () => {
    const who = await newCustomer();
    const cf = await t.app.db.selectFrom('fiscal_codes').select('codice_fiscale').where('user_id', '=', who.user.id).executeTakeFirstOrThrow();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart/prescriptions',
      headers: bearer(who.token),
      payload: { nre: '1234A5678901234', fse_consent: false, codice_fiscale: cf.codice_fiscale, note: 'Urgente', equivalent: true, file: null },
    });
    expect(added.statusCode).toBeLessThan(300);
    const id = await placeOrder(t.app, who.token, { shippingType: 'inShop', shippingMethod: 'ritiro', paymentType: 'payInShop' }, []);
    const order = await orderOf(who, id);
    expect(order.prescriptions).toMatchObject([{ nre: '1234A5678901234', codice_fiscale: cf.codice_fiscale, note: 'Urgente' }]);
    expect(order.requires_pharmacy_settlement).toBe(true);
    expect(CartResponseSchema.parse((await get(who, '/cart')).json()).data.prescriptions).toEqual([]);
  });

  it('a double click makes one order', async () => {
    const who = await newCustomer();
    const product = await createProduct(t.app);
    await t.app.inject({ method: 'POST', url: `/api/cart/products/${product.code}`, headers: bearer(who.token), payload: { quantity: 1 } });
    await t.app.inject({ method: 'PUT', url: '/api/cart', headers: bearer(who.token), payload: { shippingType: 'inShop', shippingMethod: { type: 'ritiro' }, paymentType: 'payInShop' } });
    const send = () => t.app.inject({ method: 'POST', url: '/api/cart/checkout', headers: bearer(who.token), payload: {} });
    const results = await Promise.all([send(), send()]);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.find((r) => r.statusCode !== 201)?.statusCode).toBeOneOf([409, 422]);
    expect((await get(who, '/order')).json().data).toHaveLength(1);
  });
});
