import {
  AdminStaffListResponseSchema,
  AgendaResponseSchema,
  AuditListResponseSchema,
  ClosureListResponseSchema,
  ClosureResponseSchema,
  OrderCountsResponseSchema,
  StaffAccountListResponseSchema,
  StaffAccountResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { apiCaller } from '../../../test/factories/api-call.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { bearer, type CreatedUser, createBackOfficeCast } from '../../../test/factories/users.js';
import { createService } from '../services/services.service.js';
import { createStaffMember } from '../staff/staff.service.js';

/**
 * Issue 8 security: every back-office route answers 403 to a customer, keeps a pharmacist inside
 * their shop (another shop's row is 404), and leaves a before/after trail only admins can read.
 */
describe('back office: agenda, closures, audit', () => {
  let t: TestApp;
  // Two shops, a customer, a pharmacist of each shop, an admin (createBackOfficeCast).
  let shopId: number, otherShopId: number;
  let customer: CreatedUser, pharmacist: CreatedUser, otherPharmacist: CreatedUser, admin: CreatedUser;
  let staffId: number;
  let otherStaffId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ shopId, otherShopId, customer, pharmacist, otherPharmacist, admin } = await createBackOfficeCast(t.app));
    staffId = await createStaffMember(t.app.db, { shopId, name: 'Dott. Rossi', serviceIds: [], hours: [{ weekday: 6, start: '09:00', end: '13:00' }] });
    otherStaffId = await createStaffMember(t.app.db, { shopId: otherShopId, name: 'Dott. Verdi', serviceIds: [], hours: [] });
  });
  afterAll(() => t.close());

  const call = apiCaller(() => t.app);

  const saturday = { date_from: '2031-03-01', date_to: '2031-03-01', reason: 'Chiusura straordinaria' };

  const ROUTES: Array<[ 'GET' | 'POST' | 'DELETE', string, object?]> = [
    ['GET', '/admin/staff'],
    ['GET', '/admin/order-counts'],
    ['GET', '/admin/agenda?from=2031-03-01&to=2031-03-07'],
    ['GET', '/admin/closures'],
    ['POST', '/admin/closures', saturday],
    ['DELETE', '/admin/closures/1'],
    ['GET', '/admin/audit'],
    ['GET', '/admin/pharmacists'],
    ['POST', '/admin/pharmacists', { shop_id: 1, name: 'X', email: 'x@test.farmacia.demo', password: 'Password-lunga-1' }],
    ['POST', '/admin/pharmacists/1/revoke-sessions'],
  ];

  for (const [method, url, body] of ROUTES) {
    it(`${method} ${url}: 401 anonymous, 403 customer`, async () => {
      expect((await call(null, method, url, body)).statusCode).toBe(401);
      const res = await call(customer, method, url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      // Authorization comes before validation: a bad body or query still answers 403.
      if (method !== 'GET' || url.includes('?')) {
        const bad = await call(customer, method, `${url.split('?')[0]}${method === 'GET' ? '?from=x' : ''}`, method === 'GET' ? undefined : { junk: 1 });
        expect(bad.statusCode).toBe(403);
      }
    });
  }

  it('lists only the own shop staff', async () => {
    const res = await call(pharmacist, 'GET', '/admin/staff');
    expect(res.statusCode).toBe(200);
    const { data } = AdminStaffListResponseSchema.parse(res.json());
    expect(data.map((s) => s.id)).toEqual([staffId]);
    // A pharmacist's shop_id is ignored: they stay in their own shop.
    const other = AdminStaffListResponseSchema.parse((await call(pharmacist, 'GET', `/admin/staff?shop_id=${otherShopId}`)).json());
    expect(other.data.map((s) => s.id)).toEqual([staffId]);
    // An admin picks the shop.
    const byAdmin = AdminStaffListResponseSchema.parse((await call(admin, 'GET', `/admin/staff?shop_id=${otherShopId}`)).json());
    expect(byAdmin.data.map((s) => s.id)).toEqual([otherStaffId]);
    expect((await call(admin, 'GET', '/admin/staff?shop_id=999999')).statusCode).toBe(404);
  });

  it('creates, lists and deletes a closure with its audit trail; another shop gets 404', async () => {
    const created = await call(pharmacist, 'POST', '/admin/closures', saturday);
    expect(created.statusCode).toBe(201);
    const { data: closure } = ClosureResponseSchema.parse(created.json());
    expect(closure).toMatchObject({ staff_id: null, date_from: '2031-03-01', date_to: '2031-03-01', reason: 'Chiusura straordinaria' });

    const mine = ClosureListResponseSchema.parse((await call(pharmacist, 'GET', '/admin/closures?from=2031-01-01')).json());
    expect(mine.data.map((c) => c.id)).toContain(closure.id);
    const theirs = ClosureListResponseSchema.parse((await call(otherPharmacist, 'GET', '/admin/closures?from=2031-01-01')).json());
    expect(theirs.data.map((c) => c.id)).not.toContain(closure.id);

    expect((await call(otherPharmacist, 'DELETE', `/admin/closures/${closure.id}`)).statusCode).toBe(404);
    expect((await call(pharmacist, 'DELETE', `/admin/closures/${closure.id}`)).statusCode).toBe(204);
    expect((await call(pharmacist, 'DELETE', `/admin/closures/${closure.id}`)).statusCode).toBe(404);

    const trail = AuditListResponseSchema.parse((await call(admin, 'GET', '/admin/audit?entity=closure')).json());
    const entries = trail.data.filter((e) => e.entity_id === String(closure.id));
    expect(entries.map((e) => e.action)).toEqual(['delete', 'create']);
    expect(entries[1]).toMatchObject({ user_id: pharmacist.user.id, role: 'pharmacist', shop_id: shopId, before: null });
    expect(entries[1]?.after).toMatchObject({ date_from: '2031-03-01', reason: 'Chiusura straordinaria' });
    expect(entries[0]?.before).toMatchObject({ id: closure.id });
    expect(entries[0]?.after).toBeNull();
    expect(entries[0]?.user_name).toBe('Dott.ssa Chiara Romano');
  });

  it('refuses a staff member of another shop and bad input with 422', async () => {
    const res = await call(pharmacist, 'POST', '/admin/closures', { ...saturday, staff_id: otherStaffId });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.staff_id).toEqual(['Operatore non trovato.']);
    const bad = await call(pharmacist, 'POST', '/admin/closures', { date_from: '2031-03-02', date_to: '2031-03-01', start_time: '10:00', reason: ' ' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['date_to', 'end_time', 'reason']);
  });

  it('shows the agenda of the own shop only', async () => {
    const at = new Date().toISOString();
    const serviceId = await createService(t.app.db, {
      shopId,
      categoryId: null,
      name: 'Misurazione pressione',
      description: '',
      priceCents: 500,
      duration: 30,
      paddingAfter: 0,
      showPrice: true,
      bookingCancellations: 1,
    });
    await t.app.db
      .insertInto('reservations')
      .values({
        user_id: customer.user.id,
        shop_id: shopId,
        service_id: serviceId,
        staff_id: staffId,
        event_id: null,
        day: '2031-03-01',
        start_appointment: '09:00',
        end_appointment: '09:30',
        start_at: '2031-03-01T08:00:00.000Z',
        end_at: '2031-03-01T08:30:00.000Z',
        busy_until: '2031-03-01T08:30:00.000Z',
        note: null,
        status: 'booked',
        created_at: at,
        cancelled_at: null,
        reminder_queued_at: null,
      })
      .execute();
    const res = await call(pharmacist, 'GET', '/admin/agenda?from=2031-03-01&to=2031-03-07');
    expect(res.statusCode).toBe(200);
    expect(AgendaResponseSchema.parse(res.json()).data).toMatchObject([
      { day: '2031-03-01', start: '09:00', staff_name: 'Dott. Rossi', service_name: 'Misurazione pressione', customer_id: customer.user.id },
    ]);
    const other = await call(otherPharmacist, 'GET', '/admin/agenda?from=2031-03-01&to=2031-03-07');
    expect(AgendaResponseSchema.parse(other.json()).data).toEqual([]);
    expect((await call(pharmacist, 'GET', '/admin/agenda?from=2031-03-01&to=2031-05-01')).statusCode).toBe(422);
  });

  it('audit log: admins only; an order move of the orders module is recorded by the trail', async () => {
    expect((await call(pharmacist, 'GET', '/admin/audit')).statusCode).toBe(403);
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId });
    expect((await call(pharmacist, 'POST', `/admin/orders/${order.id}/take-charge`)).statusCode).toBe(200);
    expect((await call(otherPharmacist, 'POST', `/admin/orders/${order.id}/process`)).statusCode).toBe(404);
    const counts = OrderCountsResponseSchema.parse((await call(pharmacist, 'GET', '/admin/order-counts')).json());
    expect(counts.data).toMatchObject({ created: 0, managing: 1, cancelled: 0 });
    const theirCounts = OrderCountsResponseSchema.parse((await call(otherPharmacist, 'GET', '/admin/order-counts')).json());
    expect(theirCounts.data.managing).toBe(0);
    const trail = AuditListResponseSchema.parse((await call(admin, 'GET', '/admin/audit?entity=order')).json());
    const entries = trail.data.filter((e) => e.entity_id === String(order.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'take-charge', role: 'pharmacist', user_id: pharmacist.user.id, shop_id: shopId });
    expect(entries[0]?.after).toMatchObject({ id: order.id, status: 'managing' });
  });

  it('admins create a pharmacist for a shop and end their sessions; pharmacists cannot', async () => {
    const body = { shop_id: otherShopId, name: 'Dott. Nuovo', email: 'nuovo.farmacista@test.farmacia.demo', password: 'Password-lunga-1' };
    expect((await call(pharmacist, 'POST', '/admin/pharmacists', body)).statusCode).toBe(403);
    expect((await call(pharmacist, 'GET', '/admin/pharmacists')).statusCode).toBe(403);
    expect((await call(pharmacist, 'POST', `/admin/pharmacists/${otherPharmacist.user.id}/revoke-sessions`)).statusCode).toBe(403);

    const created = await call(admin, 'POST', '/admin/pharmacists', body);
    expect(created.statusCode).toBe(201);
    const { data: account } = StaffAccountResponseSchema.parse(created.json());
    expect(account).toMatchObject({ name: 'Dott. Nuovo', role: 'pharmacist', shop_id: otherShopId, active_sessions: 0 });
    expect((await call(admin, 'POST', '/admin/pharmacists', body)).statusCode).toBe(422);

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: body.password } });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    const asNew = () => t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: bearer(token) });
    expect((await asNew()).statusCode).toBe(200);

    const list = StaffAccountListResponseSchema.parse((await call(admin, 'GET', `/admin/pharmacists?shop_id=${otherShopId}`)).json());
    expect(list.data.find((a) => a.id === account.id)?.active_sessions).toBe(1);
    // Another shop's member is not found from the admin's own shop.
    expect((await call(admin, 'POST', `/admin/pharmacists/${account.id}/revoke-sessions`)).statusCode).toBe(404);
    const revoked = await call(admin, 'POST', `/admin/pharmacists/${account.id}/revoke-sessions?shop_id=${otherShopId}`);
    expect(revoked.statusCode).toBe(200);
    expect(StaffAccountResponseSchema.parse(revoked.json()).data.active_sessions).toBe(0);
    expect((await asNew()).statusCode).toBe(401);

    const trail = AuditListResponseSchema.parse((await call(admin, 'GET', '/admin/audit?entity=pharmacist')).json());
    expect(trail.data.filter((e) => e.entity_id === String(account.id)).map((e) => e.action)).toEqual(['revoke-sessions', 'create']);
    expect(JSON.stringify(trail.data)).not.toContain('Password-lunga-1');
  });
});
