import {
  AdminCustomerListResponseSchema,
  ApiErrorBodySchema,
  AuditListResponseSchema,
  CustomerHistoryResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { apiCaller } from '../../../test/factories/api-call.js';
import { createBookableService, createStaff } from '../../../test/factories/bookings.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { type CreatedUser, createAdmin, createPharmacist, createShop, createUser, randomFiscalCode } from '../../../test/factories/users.js';

describe(`back office: customer look-up and history with a reason (${testEngine})`, () => {
  let t: TestApp;
  let shop: number;
  let otherShop: number;
  let pharmacist: CreatedUser;
  let otherPharmacist: CreatedUser;
  let admin: CreatedUser;
  let anna: CreatedUser;
  let linked: CreatedUser;
  let stranger: CreatedUser;
  const annaCode = randomFiscalCode();
  const brunoPhone = '3409876543';
  let orderId: number;

  const call = apiCaller(() => t.app);
  const search = async (who: CreatedUser, q: string) => {
    const res = await call(who, 'GET', `/admin/customers?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return AdminCustomerListResponseSchema.parse(res.json()).data;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createShop(t.app, 'Farmacia Clienti');
    otherShop = await createShop(t.app, 'Farmacia Vicina');
    pharmacist = await createPharmacist(t.app, shop);
    otherPharmacist = await createPharmacist(t.app, otherShop);
    admin = await createAdmin(t.app);
    anna = await createUser(t.app, { shopId: shop, name: 'Anna Colombo', phoneNumber: '3471234567', codiceFiscale: annaCode });
    // Registered elsewhere, linked to this shop too (PUT /shops).
    linked = await createUser(t.app, { shopId: otherShop, linkedShopIds: [shop], name: 'Bruno Colombo', phoneNumber: brunoPhone });
    stranger = await createUser(t.app, { shopId: otherShop, name: 'Carla Colombo' });
    orderId = (await insertOrder(t.app, { userId: anna.user.id, shopId: shop, total_cents: 1990 })).id;
    await insertOrder(t.app, { userId: anna.user.id, shopId: otherShop });
    const { serviceId } = await createBookableService(t.app, { shopId: shop, name: 'Misurazione pressione' });
    const staffId = await createStaff(t.app, shop, [serviceId]);
    await t.app.db
      .insertInto('reservations')
      .values({
        user_id: anna.user.id,
        shop_id: shop,
        service_id: serviceId,
        staff_id: staffId,
        event_id: null,
        day: '2026-12-03',
        start_appointment: '09:30',
        end_appointment: '09:45',
        start_at: '2026-12-03T08:30:00.000Z',
        end_at: '2026-12-03T08:45:00.000Z',
        busy_until: '2026-12-03T08:45:00.000Z',
        note: null,
        status: 'booked',
        created_at: '2026-11-20T10:00:00.000Z',
        cancelled_at: null,
        reminder_queued_at: null,
      })
      .execute();
  });
  afterAll(() => t.close());

  it('refuses customers (403) and strangers (401)', async () => {
    expect((await call(anna, 'GET', '/admin/customers?q=colombo')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/admin/customers?q=colombo')).statusCode).toBe(401);
    expect((await call(anna, 'POST', `/admin/customers/${anna.user.id}/history`, { reason: 'Verifica ordine' })).statusCode).toBe(403);
  });

  it("finds the shop's customers by name, email, phone and fiscal code, never another shop's, never a password", async () => {
    const byName = await search(pharmacist, 'colombo');
    expect(byName.map((c) => c.name)).toEqual(['Anna Colombo', 'Bruno Colombo']);
    expect(byName[0]).toMatchObject({ id: anna.user.id, email: anna.user.email, phone_number: '3471234567', codici_fiscali: [annaCode] });
    expect((await search(pharmacist, anna.user.email.toUpperCase())).map((c) => c.id)).toEqual([anna.user.id]);
    expect((await search(pharmacist, '347 123')).map((c) => c.id)).toEqual([anna.user.id]);
    expect((await search(pharmacist, annaCode.slice(0, 9).toLowerCase())).map((c) => c.id)).toEqual([anna.user.id]);
    expect(await search(pharmacist, '%_')).toEqual([]);
    // The two digits inside a fiscal code are not a phone search: Bruno's phone has these, Anna's code not.
    const inBrunoPhone = ['98', '87'].find((pair) => pair !== annaCode.slice(6, 8)) as string;
    expect(brunoPhone).toContain(inBrunoPhone);
    expect((await search(pharmacist, `${annaCode.slice(0, 6)}${inBrunoPhone}`)).map((c) => c.id)).toEqual([]);
    // The other shop sees its own Colombos, not Anna.
    expect((await search(otherPharmacist, 'colombo')).map((c) => c.name)).toEqual(['Bruno Colombo', 'Carla Colombo']);
    const raw = await call(pharmacist, 'GET', '/admin/customers?q=colombo');
    expect(raw.body).not.toMatch(/password|hash|\$argon2/i);
    const short = await call(pharmacist, 'GET', '/admin/customers?q=a');
    expect(short.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(short.json()).errors?.q?.[0]).toBe('Inserire almeno 2 caratteri.');
  });

  it('opens orders and bookings only with a reason, and records who, which customer, why and when', async () => {
    const none = await call(pharmacist, 'POST', `/admin/customers/${anna.user.id}/history`, {});
    expect(none.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(none.json()).errors?.reason?.[0]).toBe('Indicare il motivo.');
    const short = await call(pharmacist, 'POST', `/admin/customers/${anna.user.id}/history`, { reason: ' ok ' });
    expect(ApiErrorBodySchema.parse(short.json()).errors?.reason?.[0]).toBe('Indicare il motivo (almeno 5 caratteri).');

    const res = await call(pharmacist, 'POST', `/admin/customers/${anna.user.id}/history`, { reason: 'Telefonata della cliente sul ritiro' });
    expect(res.statusCode, res.body).toBe(200);
    const history = CustomerHistoryResponseSchema.parse(res.json()).data;
    expect(history.customer.id).toBe(anna.user.id);
    // Only this shop's order, not the one at the other shop.
    expect(history.orders.map((o) => [o.id, o.status, o.total, o.prescriptions])).toEqual([[orderId, 'created', 19.9, 0]]);
    expect(history.reservations).toEqual([
      { id: expect.any(Number), day: '2026-12-03', start_appointment: '09:30', service: 'Misurazione pressione', status: 'booked' },
    ]);
    expect(res.body).not.toMatch(/password|hash/i);

    const audit = AuditListResponseSchema.parse((await call(admin, 'GET', '/admin/audit?entity=customer')).json()).data;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'open-history',
      entity_id: String(anna.user.id),
      user_id: pharmacist.user.id,
      shop_id: shop,
      reason: 'Telefonata della cliente sul ritiro',
    });
    expect(Date.now() - Date.parse(audit[0]?.at ?? '')).toBeLessThan(60_000);
  });

  it("answers 404 for another shop's customer before looking at the reason, and for staff", async () => {
    for (const [who, id] of [
      [otherPharmacist, anna.user.id],
      [pharmacist, stranger.user.id],
      [pharmacist, pharmacist.user.id],
      [pharmacist, 999_999],
    ] as const) {
      const res = await call(who, 'POST', `/admin/customers/${id}/history`, {});
      expect(res.statusCode, `${id}`).toBe(404);
      expect(res.body).not.toContain('Anna');
    }
    // The linked customer is this shop's too.
    expect((await call(pharmacist, 'POST', `/admin/customers/${linked.user.id}/history`, { reason: 'Richiesta al banco' })).statusCode).toBe(200);
    // An admin picks the shop.
    expect((await call(admin, 'POST', `/admin/customers/${stranger.user.id}/history?shop_id=${otherShop}`, { reason: 'Verifica admin' })).statusCode).toBe(200);
    expect((await call(admin, 'POST', `/admin/customers/${stranger.user.id}/history?shop_id=${shop}`, { reason: 'Verifica admin' })).statusCode).toBe(404);
  });
});
