import { AddressListResponseSchema, AddressResponseSchema, ApiErrorBodySchema } from '@farmacia/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app.js';
import { createCustomer, ensureShop, type TestCustomer } from '../../../test/factories/customers.js';
import { createPickupPoint } from './addresses.service.js';

const home = {
  name: 'Casa',
  address_1: 'Via Roma 1',
  address_2: 'Scala B',
  city: 'Milano',
  state_region: 'MI',
  postal_code: '20121',
  phone_number: '0212345678',
};

describe('addresses', () => {
  const t = useTestApp();
  let alice: TestCustomer;
  let bob: TestCustomer;
  let pickupId: number;
  let otherShopPickupId: number;

  beforeAll(async () => {
    const shopId = await ensureShop(t.app);
    const otherShop = await ensureShop(t.app, 'Farmacia Altrove');
    alice = await createCustomer(t.app, { shopId });
    bob = await createCustomer(t.app, { shopId });
    pickupId = (await createPickupPoint(t.app.db, shopId, { ...home, name: 'Edicola Centrale', country: 'it' })).id;
    otherShopPickupId = (await createPickupPoint(t.app.db, otherShop, { ...home, name: 'Altrove', country: 'it' })).id;
  });

  const call = (who: TestCustomer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/address' });
    expect(res.statusCode).toBe(401);
  });

  it('lists the pickup points of the shop but not those of other shops, before any own address', async () => {
    const res = await call(alice, 'GET', '/address');
    expect(res.statusCode).toBe(200);
    const { data } = AddressListResponseSchema.parse(res.json());
    expect(data.map((a) => a.id)).toEqual([pickupId]);
    expect(data[0]).toMatchObject({ system: true, default: false, country: 'it' });
    expect(data.some((a) => a.id === otherShopPickupId)).toBe(false);
  });

  it('creates an address trimmed, the first one as default, country fixed to it', async () => {
    const res = await call(alice, 'POST', '/address', { ...home, name: '  Casa  ', address_2: '   ', phone_number: '' });
    expect(res.statusCode).toBe(201);
    const { data } = AddressResponseSchema.parse(res.json());
    expect(data).toMatchObject({ name: 'Casa', address_2: null, phone_number: null, default: true, system: false, country: 'it' });
  });

  it('refuses invalid fields with 422 keyed by field (spec §5 maxima, required, whitespace-only)', async () => {
    const res = await call(alice, 'POST', '/address', {
      ...home,
      name: ' ',
      address_1: 'x'.repeat(61),
      city: 'y'.repeat(51),
      postal_code: '1'.repeat(21),
      country: 'fr',
    });
    expect(res.statusCode).toBe(422);
    const body = ApiErrorBodySchema.parse(res.json());
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['address_1', 'city', 'country', 'name', 'postal_code']);
    expect(body.errors?.name).toEqual(['Campo obbligatorio.']);
    expect(body.errors?.address_1).toEqual(['Massimo 60 caratteri.']);
  });

  it('keeps one default: a new default takes it over, deleting the default hands it on', async () => {
    const office = AddressResponseSchema.parse((await call(alice, 'POST', '/address', { ...home, name: 'Ufficio', default: true })).json()).data;
    expect(office.default).toBe(true);
    let list = AddressListResponseSchema.parse((await call(alice, 'GET', '/address')).json()).data;
    expect(list.filter((a) => a.default).map((a) => a.id)).toEqual([office.id]);
    // Own addresses first, the default on top, pickup points last.
    expect(list[0]?.id).toBe(office.id);
    expect(list.at(-1)?.id).toBe(pickupId);

    const casa = list.find((a) => a.name === 'Casa');
    const updated = await call(alice, 'PUT', `/address/${casa?.id}`, { ...home, name: 'Casa al mare', default: '1' });
    expect(updated.statusCode).toBe(200);
    expect(AddressResponseSchema.parse(updated.json()).data).toMatchObject({ name: 'Casa al mare', default: true });
    list = AddressListResponseSchema.parse((await call(alice, 'GET', '/address')).json()).data;
    expect(list.filter((a) => a.default).map((a) => a.id)).toEqual([casa?.id]);

    expect((await call(alice, 'DELETE', `/address/${casa?.id}`)).statusCode).toBe(204);
    list = AddressListResponseSchema.parse((await call(alice, 'GET', '/address')).json()).data;
    expect(list.filter((a) => !a.system).map((a) => [a.id, a.default])).toEqual([[office.id, true]]);
  });

  it('never lets a customer edit or delete a pickup point', async () => {
    expect((await call(alice, 'GET', `/address/${pickupId}`)).statusCode).toBe(200);
    const put = await call(alice, 'PUT', `/address/${pickupId}`, home);
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe('Questo indirizzo non può essere modificato.');
    expect((await call(alice, 'DELETE', `/address/${pickupId}`)).statusCode).toBe(403);
    expect((await call(alice, 'GET', `/address/${otherShopPickupId}`)).statusCode).toBe(404);
  });

  it("answers 404 for another customer's address, never the row", async () => {
    const own = AddressResponseSchema.parse((await call(alice, 'POST', '/address', home)).json()).data;
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', home],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(bob, method, `/address/${own.id}`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Via Roma');
    }
    const bobList = AddressListResponseSchema.parse((await call(bob, 'GET', '/address')).json()).data;
    expect(bobList.some((a) => a.id === own.id)).toBe(false);
    // Still there for its owner.
    expect((await call(alice, 'GET', `/address/${own.id}`)).statusCode).toBe(200);
  });

  it('answers 422 on a malformed id', async () => {
    expect((await call(alice, 'GET', '/address/abc')).statusCode).toBe(422);
  });
});
