import {
  AdminOrderResponseSchema,
  ApiErrorBodySchema,
  CartResponseSchema,
  type DeliveryType,
  messages,
  OrderResponseSchema,
  type ShippingConfigurations,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, setShippingConfiguration, TEST_SHIPPING, type TestProduct } from '../../../test/factories/cart.js';
import { checkoutOver, createTestPickupPoint, HOME_ADDRESS } from '../../../test/factories/orders.js';
import { bearer, type CreatedUser, createPharmacist, createShop, createUser, randomFiscalCode } from '../../../test/factories/users.js';

/**
 * The online-sale rules at checkout (issue 15, decision 0400) and the receipt's fiscal code
 * (decision 0401), through `POST /cart/checkout` and the order reads.
 */

const m = messages.saleRules;

/** Every delivery type on, home delivery by courier or by the pharmacy's own staff. */
const SHIPPING: ShippingConfigurations = {
  deliveryTypes: {
    ...TEST_SHIPPING.deliveryTypes,
    vendingMachine: { enabled: true, label: 'Distributore', methods: [{ type: 'h24', label: 'Distributore H24', price: 0, free_above: null }] },
    address: {
      enabled: true,
      label: 'Consegna a domicilio',
      methods: [
        { type: 'corriere', label: 'Corriere espresso', price: 5.9, free_above: null },
        { type: 'pharmacyDelivery', label: 'Fattorino della farmacia', price: 3, free_above: null },
      ],
    },
  },
  paymentTypes: {
    payInShop: { label: 'Pagamento in farmacia', description: 'Paghi al ritiro', shippingTypes: ['inShop', 'vendingMachine', 'pickupPoint'] },
    cashOnDelivery: { label: 'Contrassegno', description: 'Paghi alla consegna', shippingTypes: ['address'] },
  },
};

const METHOD: Record<string, string> = { inShop: 'ritiro', vendingMachine: 'h24', pickupPoint: 'punto', courier: 'corriere', staff: 'pharmacyDelivery' };

describe('online-sale rules and receipt fiscal code at checkout', () => {
  let t: TestApp;
  let pharmacist: CreatedUser;
  const shops: Record<'authorized' | 'unauthorized' | 'staffDelivery', number> = { authorized: 0, unauthorized: 0, staffDelivery: 0 };
  const pickupPoints: Record<number, number> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    for (const key of Object.keys(shops) as Array<keyof typeof shops>) {
      const id = await createShop(t.app, `Farmacia ${key}`);
      shops[key] = id;
      await setShippingConfiguration(t.app, id, SHIPPING);
      pickupPoints[id] = await createTestPickupPoint(t.app, id);
      if (key !== 'unauthorized') {
        await t.app.db.updateTable('shops').set({ ministry_authorization_code: 'AUT-123' }).where('id', '=', id).execute();
      }
    }
    pharmacist = await createPharmacist(t.app, shops.staffDelivery);
    expect((await setStaffDelivery(pharmacist, '1')).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  /** The back office's Opzioni switch for own-staff delivery of prescription orders. */
  const setStaffDelivery = (staff: CreatedUser, value: string) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/options', headers: bearer(staff.token), payload: { options: { prescription_staff_delivery: value } } });

  type Via = 'inShop' | 'vendingMachine' | 'pickupPoint' | 'courier' | 'staff';
  const typeOf = (via: Via): DeliveryType => (via === 'courier' || via === 'staff' ? 'address' : via);

  /** A new customer of the shop orders `lines` (and an NRE when `nre`) with that delivery. */
  async function order(shopId: number, via: Via, lines: TestProduct[], nre = false) {
    const who = await createUser(t.app, { shopId });
    if (nre) {
      const cf = await t.app.db.selectFrom('fiscal_codes').select('codice_fiscale').where('user_id', '=', who.user.id).executeTakeFirstOrThrow();
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/cart/prescriptions',
        headers: bearer(who.token),
        payload: { nre: '1234A5678901234', fse_consent: false, codice_fiscale: cf.codice_fiscale, note: null, equivalent: true, file: null },
      });
      expect(added.statusCode).toBeLessThan(300);
    }
    const type = typeOf(via);
    let address: number | undefined;
    if (type === 'pickupPoint') address = pickupPoints[shopId];
    if (type === 'address') address = (await t.app.inject({ method: 'POST', url: '/api/address', headers: bearer(who.token), payload: HOME_ADDRESS })).json().data.id;
    const res = await checkoutOver(
      t.app,
      who.token,
      lines.map((product) => ({ product, quantity: 1 })),
      { shippingType: type, shippingMethod: METHOD[via] as string, paymentType: type === 'address' ? 'cashOnDelivery' : 'payInShop', address },
    );
    return { who, res };
  }

  const refusedWith = (res: { statusCode: number; json: () => unknown }, reason: string) => {
    expect(res.statusCode).toBe(422);
    const body = ApiErrorBodySchema.parse(res.json());
    expect(body.errors).toEqual({ shippingType: [reason] });
    expect(body.message).toEqual(expect.any(String));
  };

  const rx = () => createProduct(t.app, { name: 'Amoxicillina', prescriptionOnly: true });
  const otc = () => createProduct(t.app, { name: 'Ibuprofene 200 mg', sopOtc: true });
  const para = () => createProduct(t.app, { name: 'Crema mani' });

  it('refuses courier, vending machine, pickup point and home delivery for prescription-only medicines', async () => {
    for (const via of ['courier', 'vendingMachine', 'pickupPoint', 'staff'] as const) {
      const { who, res } = await order(shops.authorized, via, [await rx(), await para()]);
      refusedWith(res, m.prescriptionPickupOnly);
      expect((await t.app.inject({ method: 'GET', url: '/api/order', headers: bearer(who.token) })).json().data).toEqual([]);
    }
    expect((await order(shops.authorized, 'inShop', [await rx()])).res.statusCode).toBe(201);
  });

  it('refuses courier with cash on delivery for an order carrying an electronic prescription', async () => {
    refusedWith((await order(shops.authorized, 'courier', [await para()], true)).res, m.prescriptionPickupOnly);
    refusedWith((await order(shops.authorized, 'courier', [], true)).res, m.prescriptionPickupOnly);
    expect((await order(shops.authorized, 'inShop', [], true)).res.statusCode).toBe(201);
  });

  it('lets a shop that enabled it deliver prescription orders by its own staff, never by courier', async () => {
    const staff = await order(shops.staffDelivery, 'staff', [await rx()]);
    expect(staff.res.statusCode).toBe(201);
    const placed = OrderResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/order/${staff.res.json().id}`, headers: bearer(staff.who.token) })).json(),
    ).data;
    expect(placed).toMatchObject({ delivery_type: 'address', shippingMethod: { type: 'pharmacyDelivery' }, requires_pharmacy_settlement: true });
    expect((await order(shops.staffDelivery, 'staff', [], true)).res.statusCode).toBe(201);
    refusedWith((await order(shops.staffDelivery, 'courier', [await rx()])).res, m.prescriptionStaffOnly);
    refusedWith((await order(shops.staffDelivery, 'pickupPoint', [], true)).res, m.prescriptionStaffOnly);
    refusedWith((await order(shops.staffDelivery, 'vendingMachine', [await rx()])).res, m.prescriptionStaffOnly);
  });

  it('sells SOP/OTC medicines at a distance only with the Ministry authorization', async () => {
    for (const via of ['courier', 'vendingMachine', 'pickupPoint'] as const) {
      refusedWith((await order(shops.unauthorized, via, [await otc(), await para()])).res, m.sopOtcNotAuthorized);
      expect((await order(shops.authorized, via, [await otc()])).res.statusCode).toBe(201);
    }
    expect((await order(shops.unauthorized, 'inShop', [await otc()])).res.statusCode).toBe(201);
  });

  it('sells homeopathic and veterinary medicines (no prescription flag) at a distance only with the Ministry authorization (decision 0699)', async () => {
    const homeo = () => createProduct(t.app, { name: 'Arnica Montana 9CH granuli', medicine: true });
    for (const via of ['courier', 'vendingMachine', 'pickupPoint'] as const) {
      refusedWith((await order(shops.unauthorized, via, [await homeo(), await para()])).res, m.sopOtcNotAuthorized);
      expect((await order(shops.authorized, via, [await homeo()])).res.statusCode).toBe(201);
    }
    expect((await order(shops.unauthorized, 'inShop', [await homeo()])).res.statusCode).toBe(201);
  });

  it('leaves parapharmacy unrestricted, authorization or not', async () => {
    for (const via of ['courier', 'vendingMachine', 'pickupPoint'] as const) {
      expect((await order(shops.unauthorized, via, [await para()])).res.statusCode).toBe(201);
    }
  });

  it('tells the app the refused delivery types with their reasons in the cart', async () => {
    const who = await createUser(t.app, { shopId: shops.unauthorized });
    const add = (code: string) =>
      t.app.inject({ method: 'POST', url: `/api/cart/products/${code}`, headers: bearer(who.token), payload: { quantity: 1 } });
    const cart = async () => CartResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(who.token) })).json()).data;
    await add((await para()).code);
    expect((await cart()).shipping_restriction).toEqual({ refusedTypes: {}, methodsOnly: null });
    await add((await otc()).code);
    expect((await cart()).shipping_restriction.refusedTypes).toEqual({
      vendingMachine: m.sopOtcNotAuthorized,
      pickupPoint: m.sopOtcNotAuthorized,
      address: m.sopOtcNotAuthorized,
    });
  });

  it('the own-staff delivery option is a switch of the back office, off by default', async () => {
    const other = await createPharmacist(t.app, shops.authorized);
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/options', headers: bearer(other.token) });
    expect(read.json().data.options.prescription_staff_delivery).toBeNull();
    const bad = await setStaffDelivery(other, 'sì');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(ApiErrorBodySchema.parse(bad.json()).errors ?? {})).toEqual(['options.prescription_staff_delivery']);
  });

  describe('receipt fiscal code', () => {
    const fiscalCodes = async (who: CreatedUser) =>
      t.app.db.selectFrom('fiscal_codes').select(['id', 'codice_fiscale', 'main']).where('user_id', '=', who.user.id).orderBy('main', 'desc').execute();

    async function checkout(who: CreatedUser, fiscalCodeId?: number) {
      return checkoutOver(t.app, who.token, [{ product: await para(), quantity: 1 }], {
        shippingType: 'inShop',
        shippingMethod: 'ritiro',
        paymentType: 'payInShop',
        fiscalCodeId,
      });
    }
    const seen = async (who: CreatedUser, id: number) => ({
      customer: OrderResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: bearer(who.token) })).json()).data
        .receipt_fiscal_code,
      pharmacy: AdminOrderResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: bearer(pharmacist.token) })).json(),
      ).data.receipt_fiscal_code,
    });

    it("defaults to the customer's own fiscal code", async () => {
      const who = await createUser(t.app, { shopId: shops.staffDelivery });
      const [own] = await fiscalCodes(who);
      const res = await checkout(who);
      expect(res.statusCode).toBe(201);
      expect(await seen(who, res.json().id)).toEqual({ customer: own?.codice_fiscale, pharmacy: own?.codice_fiscale });
    });

    it("takes a family member's code of the customer, and keeps it when the code is later deleted", async () => {
      const who = await createUser(t.app, { shopId: shops.staffDelivery });
      const child = randomFiscalCode();
      const created = await t.app.inject({ method: 'POST', url: '/api/fiscalcode', headers: bearer(who.token), payload: { codice_fiscale: child } });
      const childId = created.json().data.id as number;
      const res = await checkout(who, childId);
      expect(res.statusCode).toBe(201);
      await t.app.inject({ method: 'DELETE', url: `/api/fiscalcode/${childId}`, headers: bearer(who.token) });
      expect(await seen(who, res.json().id)).toEqual({ customer: child, pharmacy: child });
    });

    it("refuses another customer's fiscal code or a malformed id with 422 on fiscal_code_id", async () => {
      const who = await createUser(t.app, { shopId: shops.staffDelivery });
      const stranger = await createUser(t.app, { shopId: shops.staffDelivery });
      const [theirs] = await fiscalCodes(stranger);
      const res = await checkout(who, theirs?.id);
      expect(res.statusCode).toBe(422);
      expect(ApiErrorBodySchema.parse(res.json()).errors).toEqual({ fiscal_code_id: [m.receiptFiscalCodeNotYours] });
      const bad = await t.app.inject({ method: 'POST', url: '/api/cart/checkout', headers: bearer(who.token), payload: { fiscal_code_id: 'x' } });
      expect(bad.statusCode).toBe(422);
      expect(ApiErrorBodySchema.parse(bad.json()).errors).toEqual({ fiscal_code_id: [m.receiptFiscalCodeNotYours] });
      expect((await t.app.inject({ method: 'GET', url: '/api/order', headers: bearer(who.token) })).json().data).toEqual([]);
    });
  });
});
