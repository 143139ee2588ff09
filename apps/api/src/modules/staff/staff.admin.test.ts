import { AdminStaffListResponseSchema, AdminStaffMemberResponseSchema, AuditListResponseSchema, ReservationSlotsResponseSchema } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { apiCallExpecting, apiCaller } from '../../../test/factories/api-call.js';
import { createBookableService, createStaff, setRomeNow } from '../../../test/factories/bookings.js';
import { type CreatedUser, createBackOfficeCast } from '../../../test/factories/users.js';
import { insertStaffServices } from './staff.repository.js';

/**
 * The pharmacist adds, renames, deactivates and reactivates the members of their own shop
 * (decision 0385: never deleted). A deactivated member offers no slots at once.
 */

const TODAY = '2027-02-01'; // a Monday
const DAY = '2027-02-10'; // a Wednesday inside the calendar range

describe('back office: staff members', () => {
  let t: TestApp;
  // Shop A with its customer and pharmacist, shop B with its own pharmacist (createBackOfficeCast), an admin.
  let shopA: number, shopB: number;
  let customer: CreatedUser, pharmacist: CreatedUser, pharmacistB: CreatedUser, admin: CreatedUser;
  let serviceId: number;
  let foreignStaff: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const cast = await createBackOfficeCast(t.app, { name: 'Marta Colombo' });
    ({ shopId: shopA, otherShopId: shopB, customer, pharmacist, otherPharmacist: pharmacistB, admin } = cast);
    ({ serviceId } = await createBookableService(t.app, { shopId: shopA }));
    foreignStaff = await createStaff(t.app, shopB, [], undefined, 'Dott. Altrove');
    setRomeNow(t.app, TODAY, '08:00');
  });
  afterAll(() => t.close());

  type Method = 'GET' | 'POST' | 'PUT';
  const call = apiCaller(() => t.app);
  const ok = apiCallExpecting(call);
  const slotTimes = async () =>
    ReservationSlotsResponseSchema.parse((await t.app.inject({ url: `/api/reservations/${serviceId}/${DAY}` })).json()).availableSlots.map(
      (s) => s.time,
    );

  it('adds a member, renames them, deactivates them (no more slots) and reactivates them, audited', async () => {
    const created = AdminStaffMemberResponseSchema.parse(await ok(pharmacist, 'POST', '/admin/staff', { name: '  Dott.ssa Verdi  ' }, 201)).data;
    expect(created).toMatchObject({ name: 'Dott.ssa Verdi', active: true });
    const list = AdminStaffListResponseSchema.parse(await ok(pharmacist, 'GET', '/admin/staff', undefined, 200)).data;
    expect(list).toContainEqual(created);

    await ok(pharmacist, 'PUT', `/admin/staff/${created.id}/hours`, { hours: [{ weekday: 3, start: '09:00', end: '10:00' }] }, 200);
    await insertStaffServices(t.app.db, created.id, [serviceId]);
    expect(await slotTimes()).toEqual(['09:00', '09:30']);

    const renamed = AdminStaffMemberResponseSchema.parse(
      await ok(pharmacist, 'PUT', `/admin/staff/${created.id}`, { name: 'Dott.ssa Verdi Neri', active: true }, 200),
    ).data;
    expect(renamed).toEqual({ id: created.id, name: 'Dott.ssa Verdi Neri', active: true });

    const off = AdminStaffMemberResponseSchema.parse(
      await ok(pharmacist, 'PUT', `/admin/staff/${created.id}`, { name: 'Dott.ssa Verdi Neri', active: false }, 200),
    ).data;
    expect(off.active).toBe(false);
    expect(await slotTimes()).toEqual([]);
    // Their hours are kept for a reactivation.
    await ok(pharmacist, 'PUT', `/admin/staff/${created.id}`, { name: 'Dott.ssa Verdi Neri', active: true }, 200);
    expect(await slotTimes()).toEqual(['09:00', '09:30']);

    const trail = AuditListResponseSchema.parse((await call(admin, 'GET', '/admin/audit?entity=staff&rpp=200')).json()).data.filter(
      (e) => e.entity_id === String(created.id),
    );
    expect(trail.map((e) => e.action).sort()).toEqual(['create', 'update', 'update', 'update']);
  });

  it('refuses a missing, blank or too long name and a missing active flag, in Italian on the field', async () => {
    for (const body of [{}, { name: '   ' }]) {
      const res = await call(pharmacist, 'POST', '/admin/staff', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ name: ['Campo obbligatorio.'] });
    }
    const long = await call(pharmacist, 'POST', '/admin/staff', { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.name[0]).toMatch(/100/);
    const id = AdminStaffMemberResponseSchema.parse(await ok(pharmacist, 'POST', '/admin/staff', { name: 'Dott. Gialli' }, 201)).data.id;
    const noFlag = await call(pharmacist, 'PUT', `/admin/staff/${id}`, { name: 'Dott. Gialli' });
    expect(noFlag.statusCode).toBe(422);
    expect(noFlag.json().errors).toEqual({ active: ['Valore non valido: atteso sì o no.'] });
  });

  it('401 anonymous, 403 customer, 404 for another shop’s or an unknown member; a pharmacist always adds to their own shop', async () => {
    const body = { name: 'Dott. Intruso', active: false };
    for (const [method, url] of [
      ['POST', '/admin/staff'],
      ['PUT', `/admin/staff/${foreignStaff}`],
    ] as Array<[Method, string]>) {
      expect((await call(null, method, url, body)).statusCode).toBe(401);
      expect((await call(customer, method, url, body)).statusCode).toBe(403);
    }
    expect((await call(pharmacist, 'PUT', `/admin/staff/${foreignStaff}`, body)).statusCode).toBe(404);
    expect((await call(pharmacist, 'PUT', `/admin/staff/${foreignStaff}?shop_id=${shopB}`, body)).statusCode).toBe(404);
    expect((await call(pharmacist, 'PUT', '/admin/staff/999999', body)).statusCode).toBe(404);
    expect((await call(pharmacist, 'PUT', '/admin/staff/abc', body)).statusCode).toBe(422);
    // The foreign member is untouched.
    const theirs = AdminStaffListResponseSchema.parse(await ok(pharmacistB, 'GET', '/admin/staff', undefined, 200)).data;
    expect(theirs).toEqual([{ id: foreignStaff, name: 'Dott. Altrove', active: true }]);
    // A shop_id sent by a pharmacist is ignored: the member lands in their own shop.
    const mine = AdminStaffMemberResponseSchema.parse(await ok(pharmacist, 'POST', '/admin/staff', { name: 'Dott. Rosa', shop_id: shopB }, 201)).data;
    expect(AdminStaffListResponseSchema.parse(await ok(pharmacistB, 'GET', '/admin/staff', undefined, 200)).data.map((s) => s.id)).not.toContain(mine.id);
    // An admin names the shop; an unknown shop is 404.
    const byAdmin = AdminStaffMemberResponseSchema.parse(await ok(admin, 'POST', '/admin/staff', { name: 'Dott. Blu', shop_id: shopB }, 201)).data;
    expect((await call(admin, 'PUT', `/admin/staff/${byAdmin.id}?shop_id=${shopB}`, { name: 'Dott. Blu', active: false })).statusCode).toBe(200);
    expect((await call(admin, 'POST', '/admin/staff', { name: 'Dott. Nessuno', shop_id: 999999 })).statusCode).toBe(404);
  });
});
