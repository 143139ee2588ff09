import {
  AdminEventListResponseSchema,
  AdminEventResponseSchema,
  AdminReservationResponseSchema,
  AdminServiceCategoryListResponseSchema,
  AdminServiceCategoryResponseSchema,
  AdminServiceGroupListResponseSchema,
  AdminServiceGroupResponseSchema,
  AdminServiceListResponseSchema,
  AdminServiceResponseSchema,
  AdminShopServiceListResponseSchema,
  AdminShopServiceResponseSchema,
  AuditListResponseSchema,
  BookingCustomerListResponseSchema,
  ReservationSlotsResponseSchema,
  ReservationsResponseSchema,
  StaffHoursResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { apiCallExpecting, apiCaller } from '../../../test/factories/api-call.js';
import { createCategoryFor, createStaff, everyDay, setRomeNow } from '../../../test/factories/bookings.js';
import { outboxRowsTo } from '../../../test/factories/mail.js';
import { bearer, type CreatedUser, createBackOfficeCast, createUser } from '../../../test/factories/users.js';
import { createGroup, createShopService } from '../services/services.service.js';

/**
 * Issue 8, bookings part: the pharmacist books and cancels for a customer under the app's own
 * rules (409 on a taken slot, the customer notified), and manages services, categories, groups,
 * events and working hours of their shop only, every change audited. One app for the file.
 */

const TODAY = '2027-02-01'; // a Monday
const DAY = '2027-02-10'; // a Wednesday inside the calendar range

describe('back office: bookings management', () => {
  let t: TestApp;
  // Shop A with its customer and pharmacist, shop B with its own (createBackOfficeCast), an admin.
  let shopA: number, shopB: number;
  let customer: CreatedUser, foreignCustomer: CreatedUser, pharmacist: CreatedUser, pharmacistB: CreatedUser, admin: CreatedUser;
  let staffId: number;
  let categoryId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const cast = await createBackOfficeCast(t.app, { name: 'Marta Colombo', phoneNumber: '3331234567' });
    ({ shopId: shopA, otherShopId: shopB, customer, pharmacist, otherPharmacist: pharmacistB, admin } = cast);
    foreignCustomer = await createUser(t.app, { shopId: shopB, name: 'Marta Ferri' });
    staffId = await createStaff(t.app, shopA, [], everyDay('09:00', '13:00'), 'Dott. Rossi');
    categoryId = await createCategoryFor(t.app, shopA, 'Analisi');
    setRomeNow(t.app, TODAY, '08:00');
  });
  afterAll(() => t.close());

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = apiCaller(() => t.app);
  const ok = apiCallExpecting(call);
  const trail = async (entity: string, id: number) =>
    AuditListResponseSchema.parse((await call(admin, 'GET', `/admin/audit?entity=${entity}&rpp=200`)).json()).data.filter(
      (e) => e.entity_id === String(id),
    );

  const serviceBody = (over: object = {}) => ({
    category_id: categoryId,
    name: 'Holter pressorio',
    description: '<p>Monitoraggio 24 ore</p><script>alert(1)</script>',
    price: 35.5,
    duration: 30,
    padding_after: 0,
    booking_cancellations: 1,
    staff_ids: [staffId],
    ...over,
  });

  it('creates, edits and withdraws a service; the app offers it only while active; audited', async () => {
    const created = AdminServiceResponseSchema.parse(await ok(pharmacist, 'POST', '/admin/services', serviceBody(), 201)).data;
    expect(created).toMatchObject({ name: 'Holter pressorio', price: 35.5, active: true, staff_ids: [staffId], category_id: categoryId });
    expect(created.description).toBe('<p>Monitoraggio 24 ore</p>');
    const slots = ReservationSlotsResponseSchema.parse((await t.app.inject({ url: `/api/reservations/${created.id}/${DAY}` })).json());
    expect(slots.availableSlots.map((s) => s.time).slice(0, 3)).toEqual(['09:00', '09:30', '10:00']);

    const edited = AdminServiceResponseSchema.parse(
      await ok(pharmacist, 'PUT', `/admin/services/${created.id}`, serviceBody({ name: 'Holter 24h', duration: 60, price: 40 }), 200),
    ).data;
    expect(edited).toMatchObject({ name: 'Holter 24h', duration: 60, price: 40 });
    const list = AdminServiceListResponseSchema.parse(await ok(pharmacist, 'GET', '/admin/services', undefined, 200)).data;
    expect(list.map((s) => s.id)).toContain(created.id);
    expect(AdminServiceListResponseSchema.parse(await ok(pharmacistB, 'GET', '/admin/services', undefined, 200)).data).toEqual([]);

    const withdrawn = AdminServiceResponseSchema.parse(await ok(pharmacist, 'DELETE', `/admin/services/${created.id}`, undefined, 200)).data;
    expect(withdrawn.active).toBe(false);
    expect((await t.app.inject({ url: `/api/services/${created.id}` })).statusCode).toBe(404);

    const entries = await trail('service', created.id);
    expect(entries.map((e) => e.action)).toEqual(['withdraw', 'update', 'create']);
    expect(entries[1]?.before).toMatchObject({ name: 'Holter pressorio', duration: 30 });
    expect(entries[1]?.after).toMatchObject({ name: 'Holter 24h', duration: 60 });
    expect(entries[2]).toMatchObject({ user_id: pharmacist.user.id, shop_id: shopA, before: null });
  });

  it('refuses bad services with Italian messages (422) and another shop’s staff or category', async () => {
    const bad = await call(pharmacist, 'POST', '/admin/services', { name: ' ', price: 1.234, duration: 2 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      name: ['Campo obbligatorio.'],
      price: ['Inserire un prezzo valido (massimo 2 decimali).'],
      duration: ['Inserire una durata tra 5 e 480 minuti.'],
    });
    const otherStaff = await createStaff(t.app, shopB, [], [], 'Dott. Altrove');
    const foreign = await call(pharmacist, 'POST', '/admin/services', serviceBody({ staff_ids: [otherStaff] }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.staff_ids).toEqual(['Operatore non trovato.']);
    const otherCategory = await createCategoryFor(t.app, shopB, 'Altrove');
    const wrongCat = await call(pharmacist, 'POST', '/admin/services', serviceBody({ category_id: otherCategory }));
    expect(wrongCat.json().errors.category_id).toEqual(['Categoria non trovata.']);
  });

  // The row check reads an admin's shop where the service does (the query) and leaves a malformed id to the schema (decision 0485).
  it('reads an admin’s shop from ?shop_id=, not from the body, and answers a malformed id with 422', async () => {
    const created = AdminServiceResponseSchema.parse(await ok(pharmacist, 'POST', '/admin/services', serviceBody({ name: 'Elettrocardiogramma' }), 201)).data;
    await ok(admin, 'PUT', `/admin/services/${created.id}?shop_id=${shopA}`, serviceBody({ name: 'ECG', shop_id: shopB }), 200);
    expect((await call(pharmacist, 'PUT', '/admin/services/abc', serviceBody())).statusCode).toBe(422);
  });

  it('manages categories and groups; one in use is not deleted (409)', async () => {
    const cat = AdminServiceCategoryResponseSchema.parse(
      await ok(pharmacist, 'POST', '/admin/service-categories', { name: 'Prevenzione', description: 'Controlli' }, 201),
    ).data;
    expect(cat).toMatchObject({ name: 'Prevenzione', services_count: 0 });
    const renamed = AdminServiceCategoryResponseSchema.parse(
      await ok(pharmacist, 'PUT', `/admin/service-categories/${cat.id}`, { name: 'Prevenzione e controlli', sort_order: 2 }, 200),
    ).data;
    expect(renamed).toMatchObject({ name: 'Prevenzione e controlli', sort_order: 2, description: null });

    const group = AdminServiceGroupResponseSchema.parse(
      await ok(pharmacist, 'POST', '/admin/service-groups', { category_id: cat.id, name: 'Dermocosmesi', text: '<p>Consulenze</p>' }, 201),
    ).data;
    expect(group).toMatchObject({ category_id: cat.id, shop_services_count: 0 });
    await createShopService(t.app.db, { shopId: shopA, categoryId: cat.id, groupId: group.id, name: 'Analisi pelle', description: '', priceCents: null });

    const inUse = await call(pharmacist, 'DELETE', `/admin/service-categories/${cat.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: 'SERVICE_CATEGORY_IN_USE', message: 'La categoria contiene servizi o gruppi: spostali o eliminali prima.' });
    const groupInUse = await call(pharmacist, 'DELETE', `/admin/service-groups/${group.id}`);
    expect(groupInUse.statusCode).toBe(409);
    expect(groupInUse.json().code).toBe('SERVICE_GROUP_IN_USE');

    const edited = AdminServiceGroupResponseSchema.parse(
      await ok(pharmacist, 'PUT', `/admin/service-groups/${group.id}`, { category_id: null, name: 'Dermo', text: '' }, 200),
    ).data;
    expect(edited).toMatchObject({ category_id: null, name: 'Dermo', shop_services_count: 1 });

    const empty = AdminServiceCategoryResponseSchema.parse(await ok(pharmacist, 'POST', '/admin/service-categories', { name: 'Vuota' }, 201)).data;
    expect((await call(pharmacistB, 'DELETE', `/admin/service-categories/${empty.id}`)).statusCode).toBe(404);
    expect((await call(pharmacist, 'DELETE', `/admin/service-categories/${empty.id}`)).statusCode).toBe(204);
    const cats = AdminServiceCategoryListResponseSchema.parse(await ok(pharmacist, 'GET', '/admin/service-categories', undefined, 200)).data;
    expect(cats.map((c) => c.id)).not.toContain(empty.id);
    expect((await trail('service-category', empty.id)).map((e) => e.action)).toEqual(['delete', 'create']);
    expect((await trail('service-group', group.id)).map((e) => e.action)).toEqual(['update', 'create']);
  });

  it('manages shop services: price on request, grouped, withdrawn; the app follows; another shop’s group is refused', async () => {
    const group = (await t.app.db.selectFrom('service_groups').select('id').where('shop_id', '=', shopA).executeTakeFirstOrThrow()).id;
    const created = AdminShopServiceResponseSchema.parse(
      await ok(pharmacist, 'POST', '/admin/shop-services', { name: 'Preparazioni galeniche', description: '<p>Su ricetta</p>', group_id: group, category_id: categoryId }, 201),
    ).data;
    expect(created).toMatchObject({ price: null, group_id: group, active: true });
    const shown = await t.app.inject({ url: `/api/shopservices/${created.id}` });
    expect(shown.statusCode).toBe(200);
    const priced = AdminShopServiceResponseSchema.parse(
      await ok(pharmacist, 'PUT', `/admin/shop-services/${created.id}`, { name: 'Preparazioni galeniche', price: 15, group_id: null, category_id: categoryId }, 200),
    ).data;
    expect(priced).toMatchObject({ price: 15, group_id: null });
    const otherGroup = await createGroup(t.app.db, shopB, null, 'Altrove', '');
    const wrong = await call(pharmacist, 'POST', '/admin/shop-services', { name: 'X', group_id: otherGroup });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.group_id).toEqual(['Gruppo di servizi non trovato.']);
    expect((await call(pharmacistB, 'PUT', `/admin/shop-services/${created.id}`, {})).statusCode).toBe(404);
    const withdrawn = AdminShopServiceResponseSchema.parse(await ok(pharmacist, 'DELETE', `/admin/shop-services/${created.id}`, undefined, 200)).data;
    expect(withdrawn.active).toBe(false);
    expect((await t.app.inject({ url: `/api/shopservices/${created.id}` })).statusCode).toBe(404);
    const list = AdminShopServiceListResponseSchema.parse(await ok(pharmacist, 'GET', '/admin/shop-services', undefined, 200)).data;
    expect(list.find((x) => x.id === created.id)?.active).toBe(false);
    expect(AdminShopServiceListResponseSchema.parse(await ok(pharmacistB, 'GET', '/admin/shop-services', undefined, 200)).data).toEqual([]);
    expect((await trail('shop-service', created.id)).map((e) => e.action)).toEqual(['withdraw', 'update', 'create']);
  });

  it('edits a member’s weekly hours: the app’s slots follow at once; overlaps are refused', async () => {
    const before = StaffHoursResponseSchema.parse(await ok(pharmacist, 'GET', `/admin/staff/${staffId}/hours`, undefined, 200)).data;
    expect(before.hours).toHaveLength(7);
    const overlap = await call(pharmacist, 'PUT', `/admin/staff/${staffId}/hours`, {
      hours: [
        { weekday: 3, start: '09:00', end: '12:00' },
        { weekday: 3, start: '11:00', end: '13:00' },
        { weekday: 8, start: '10:00', end: '09:00' },
      ],
    });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors).toMatchObject({
      'hours.1.start': ['Gli orari dello stesso giorno non devono sovrapporsi.'],
      'hours.2.weekday': ['Giorno della settimana non valido.'],
    });
    const hours = [
      { weekday: 3, start: '15:00', end: '17:00' },
      ...before.hours.filter((h) => h.weekday !== 3),
    ];
    const after = StaffHoursResponseSchema.parse(await ok(pharmacist, 'PUT', `/admin/staff/${staffId}/hours`, { hours }, 200)).data;
    expect(after.hours.filter((h) => h.weekday === 3)).toEqual([{ weekday: 3, start: '15:00', end: '17:00' }]);
    const service = AdminServiceResponseSchema.parse(
      await ok(pharmacist, 'POST', '/admin/services', serviceBody({ name: 'Misura glicemia', duration: 60 }), 201),
    ).data;
    const slots = ReservationSlotsResponseSchema.parse((await t.app.inject({ url: `/api/reservations/${service.id}/${DAY}` })).json());
    expect(slots.availableSlots.map((s) => s.time)).toEqual(['15:00', '16:00']);
    const entries = await trail('staff-hours', staffId);
    expect(entries[0]?.before).toMatchObject({ hours: expect.arrayContaining([{ weekday: 3, start: '09:00', end: '13:00' }]) });
    // Back to the ordinary week for the next tests.
    await ok(pharmacist, 'PUT', `/admin/staff/${staffId}/hours`, { hours: before.hours }, 200);
  });

  it('books for a customer of the shop under the app’s rules, notifies them, and cancels', async () => {
    const service = AdminServiceResponseSchema.parse(await ok(pharmacist, 'POST', '/admin/services', serviceBody({ name: 'ECG' }), 201)).data;
    const found = BookingCustomerListResponseSchema.parse(await ok(pharmacist, 'GET', '/admin/reservation-customers?q=marta', undefined, 200)).data;
    expect(found.map((c) => c.id)).toEqual([customer.user.id]);
    const byPhone = BookingCustomerListResponseSchema.parse(await ok(pharmacist, 'GET', '/admin/reservation-customers?q=1234567', undefined, 200)).data;
    expect(byPhone.map((c) => c.id)).toEqual([customer.user.id]);
    expect((await call(pharmacist, 'GET', '/admin/reservation-customers?q=m')).statusCode).toBe(422);
    // '%' and '_' are searched as themselves, not as wildcards.
    const wild = BookingCustomerListResponseSchema.parse(await ok(pharmacist, 'GET', '/admin/reservation-customers?q=%25%25', undefined, 200)).data;
    expect(wild).toEqual([]);
    const underscore = BookingCustomerListResponseSchema.parse(await ok(pharmacist, 'GET', '/admin/reservation-customers?q=a_c', undefined, 200)).data;
    expect(underscore).toEqual([]);

    const body = { customer_id: customer.user.id, service_id: service.id, staff_id: staffId, day: DAY, start_appointment: '10:00', note: 'Portare esami' };
    const foreign = await call(pharmacist, 'POST', '/admin/reservations', { ...body, customer_id: foreignCustomer.user.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.customer_id).toEqual(['Cliente non trovato.']);
    expect((await call(pharmacistB, 'POST', '/admin/reservations', { ...body, customer_id: foreignCustomer.user.id })).statusCode).toBe(404);
    const offGrid = await call(pharmacist, 'POST', '/admin/reservations', { ...body, start_appointment: '10:10' });
    expect(offGrid.statusCode).toBe(422);
    expect(offGrid.json().code).toBe('RESERVATION_SLOT_UNAVAILABLE');

    const made = AdminReservationResponseSchema.parse(await ok(pharmacist, 'POST', '/admin/reservations', body, 201)).data;
    expect(made).toMatchObject({ day: DAY, start_appointment: '10:00:00', end_appointment: '10:30:00', status: 'booked', note: 'Portare esami' });
    expect(made.customer).toMatchObject({ id: customer.user.id, name: 'Marta Colombo' });
    const taken = await call(pharmacist, 'POST', '/admin/reservations', body);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'RESERVATION_SLOT_TAKEN', message: 'La fascia oraria scelta non è più disponibile.' });
    // The customer's own booking of the same slot meets the same 409.
    const own = await call(customer, 'POST', `/reservations/${service.id}`, { staff_id: staffId, day: DAY, start_appointment: '10:00' });
    expect(own.statusCode).toBe(409);

    const mine = ReservationsResponseSchema.parse(await ok(customer, 'GET', '/reservations', undefined, 200)).data;
    expect(mine.map((r) => r.id)).toContain(made.id);
    const mails = await outboxRowsTo(t.app, customer.user.email);
    expect(mails.at(-1)?.body_text).toContain('mercoledì 10 febbraio 2027 alle ore 10:00');

    const detail = AdminReservationResponseSchema.parse(await ok(pharmacist, 'GET', `/admin/reservations/${made.id}`, undefined, 200)).data;
    expect(detail).toMatchObject({ id: made.id, customer: { email: customer.user.email } });
    expect((await call(pharmacistB, 'GET', `/admin/reservations/${made.id}`)).statusCode).toBe(404);
    expect((await call(pharmacistB, 'DELETE', `/admin/reservations/${made.id}`)).statusCode).toBe(404);

    // The shop may cancel after the customer's own window has closed.
    setRomeNow(t.app, '2027-02-09', '18:00');
    const cancelled = AdminReservationResponseSchema.parse(await ok(pharmacist, 'DELETE', `/admin/reservations/${made.id}`, undefined, 200)).data;
    expect(cancelled.status).toBe('cancelled');
    const again = await call(pharmacist, 'DELETE', `/admin/reservations/${made.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('RESERVATION_ALREADY_CANCELLED');
    setRomeNow(t.app, TODAY, '08:00');
    const cancelMail = (await outboxRowsTo(t.app, customer.user.email)).at(-1);
    expect(cancelMail?.body_text).toContain('mercoledì 10 febbraio 2027');
    expect(cancelMail?.id).not.toBe(mails.at(-1)?.id);
    expect(ReservationsResponseSchema.parse(await ok(customer, 'GET', '/reservations', undefined, 200)).data.map((r) => r.id)).not.toContain(made.id);

    const entries = await trail('reservation', made.id);
    expect(entries.map((e) => e.action)).toEqual(['cancel', 'create']);
    expect(JSON.stringify(entries)).not.toContain('Portare esami');
  });

  it('manages an event and its windows: booked windows stay (409), the app books inside them', async () => {
    const service = AdminServiceResponseSchema.parse(await ok(pharmacist, 'POST', '/admin/services', serviceBody({ name: 'Analisi pelle' }), 201)).data;
    const event = AdminEventResponseSchema.parse(
      await ok(pharmacist, 'POST', '/admin/events', { name: 'Giornata della pelle', description: '<p>Gratis</p>', service_ids: [service.id] }, 201),
    ).data;
    expect(event).toMatchObject({ active: true, service_ids: [service.id], availabilities: [] });
    const badWindow = await call(pharmacist, 'POST', `/admin/events/${event.id}/availabilities`, { day: '2027-02-13', start: '18:00', end: '16:00' });
    expect(badWindow.statusCode).toBe(422);
    expect(badWindow.json().errors.end).toEqual(["L'orario di fine deve seguire quello di inizio."]);
    const withWindow = AdminEventResponseSchema.parse(
      await ok(pharmacist, 'POST', `/admin/events/${event.id}/availabilities`, { day: '2027-02-13', start: '15:00', end: '17:00' }, 201),
    ).data;
    const window = withWindow.availabilities[0];
    expect(window).toMatchObject({ start_at: '2027-02-13T14:00:00.000Z', end_at: '2027-02-13T16:00:00.000Z', booked: 0 });

    const made = AdminReservationResponseSchema.parse(
      await ok(
        pharmacist,
        'POST',
        '/admin/reservations',
        { customer_id: customer.user.id, service_id: service.id, staff_id: staffId, day: '2027-02-13', start_appointment: '15:30', event_id: event.id },
        201,
      ),
    ).data;
    expect(made.event).toEqual({ id: event.id, name: 'Giornata della pelle' });
    const blocked = await call(pharmacist, 'DELETE', `/admin/event-availabilities/${window?.id}`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('EVENT_AVAILABILITY_BOOKED');
    expect((await call(pharmacistB, 'DELETE', `/admin/event-availabilities/${window?.id}`)).statusCode).toBe(404);

    const edited = AdminEventResponseSchema.parse(
      await ok(pharmacist, 'PUT', `/admin/events/${event.id}`, { name: 'Giornata pelle', description: '', service_ids: [service.id] }, 200),
    ).data;
    expect(edited.availabilities[0]?.booked).toBe(1);
    const withdrawn = AdminEventResponseSchema.parse(await ok(pharmacist, 'DELETE', `/admin/events/${event.id}`, undefined, 200)).data;
    expect(withdrawn.active).toBe(false);
    expect((await t.app.inject({ url: `/api/event/findOne/${event.id}` })).statusCode).toBe(404);
    // The reservation made in the event is untouched.
    expect(AdminReservationResponseSchema.parse(await ok(pharmacist, 'GET', `/admin/reservations/${made.id}`, undefined, 200)).data.status).toBe('booked');

    // An empty window is deleted.
    const second = AdminEventResponseSchema.parse(
      await ok(pharmacist, 'POST', `/admin/events/${event.id}/availabilities`, { day: '2027-02-14', start: '10:00', end: '12:00' }, 201),
    ).data.availabilities.find((a) => a.booked === 0);
    const after = AdminEventResponseSchema.parse(await ok(pharmacist, 'DELETE', `/admin/event-availabilities/${second?.id}`, undefined, 200)).data;
    expect(after.availabilities.map((a) => a.id)).toEqual([window?.id]);
    const listed = AdminEventListResponseSchema.parse(await ok(admin, 'GET', `/admin/events?shop_id=${shopA}`, undefined, 200)).data;
    expect(listed.map((e) => e.id)).toEqual([event.id]);
    expect((await trail('event', event.id)).map((e) => e.action)).toEqual(['withdraw', 'update', 'create']);
  });

  it('every route with a body: 422 with Italian field messages for an empty body; lists answer 200', async () => {
    const service = AdminServiceListResponseSchema.parse(await ok(pharmacist, 'GET', '/admin/services', undefined, 200)).data[0];
    const event = AdminEventListResponseSchema.parse(await ok(pharmacist, 'GET', '/admin/events', undefined, 200)).data[0];
    const category = AdminServiceCategoryListResponseSchema.parse(await ok(pharmacist, 'GET', '/admin/service-categories', undefined, 200)).data[0];
    const groups = AdminServiceGroupListResponseSchema.parse(await ok(pharmacist, 'GET', '/admin/service-groups', undefined, 200)).data;
    expect(groups.map((g) => g.name)).toEqual(['Dermo']);
    const theirs = AdminServiceGroupListResponseSchema.parse(await ok(pharmacistB, 'GET', '/admin/service-groups', undefined, 200)).data;
    expect(theirs.map((g) => g.name)).toEqual(['Altrove']);
    const cases: Array<[Method, string, Record<string, string[]>]> = [
      ['POST', '/admin/reservations', { customer_id: ['Selezionare un cliente.'], staff_id: ['Selezionare una fascia oraria.'] }],
      ['POST', '/admin/services', { name: ['Campo obbligatorio.'], duration: ['Inserire una durata tra 5 e 480 minuti.'] }],
      ['PUT', `/admin/services/${service?.id}`, { name: ['Campo obbligatorio.'] }],
      ['POST', '/admin/service-categories', { name: ['Campo obbligatorio.'] }],
      ['PUT', `/admin/service-categories/${category?.id}`, { name: ['Campo obbligatorio.'] }],
      ['POST', '/admin/service-groups', { name: ['Campo obbligatorio.'] }],
      ['PUT', `/admin/service-groups/${groups[0]?.id}`, { name: ['Campo obbligatorio.'] }],
      ['POST', '/admin/events', { name: ['Campo obbligatorio.'] }],
      ['POST', '/admin/shop-services', { name: ['Campo obbligatorio.'] }],
      ['PUT', `/admin/events/${event?.id}`, { name: ['Campo obbligatorio.'] }],
      ['POST', `/admin/events/${event?.id}/availabilities`, { day: ['Data non valida.'], start: ['Orario non valido.'] }],
      ['PUT', `/admin/staff/${staffId}/hours`, { hours: ['Valore non valido.'] }],
    ];
    const odd: unknown[] = [
      [1, 2],
      { name: { $gt: '' }, price: 'abc', duration: 1e12, staff_ids: ['x'], hours: [{ weekday: '1e3' }], day: '2027-02-30', customer_id: -1 },
      { name: 'x'.repeat(20_000), description: null, service_ids: [null], start: '25:00', q: '%' },
    ];
    for (const [method, url, errors] of cases) {
      const res = await call(pharmacist, method, url, {});
      expect(res.statusCode, `${method} ${url}`).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().errors, `${method} ${url}`).toMatchObject(errors);
      // Odd shapes are refused as well, never a 5xx.
      for (const body of odd) {
        const bad = await t.app.inject({
          method,
          url: `/api${url}`,
          headers: { ...bearer(pharmacist.token), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(bad.statusCode, `${method} ${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(422);
      }
    }
  });

  it('every route: 401 anonymous, 403 customer, 404 for another shop’s row before the body is read', async () => {
    const service = AdminServiceListResponseSchema.parse(await ok(pharmacist, 'GET', '/admin/services', undefined, 200)).data[0];
    const event = AdminEventListResponseSchema.parse(await ok(pharmacist, 'GET', '/admin/events', undefined, 200)).data[0];
    const category = AdminServiceCategoryListResponseSchema.parse(await ok(pharmacist, 'GET', '/admin/service-categories', undefined, 200)).data[0];
    const group = (await t.app.db.selectFrom('service_groups').select('id').where('shop_id', '=', shopA).executeTakeFirstOrThrow()).id;
    const reservation = (await t.app.db.selectFrom('reservations').select('id').where('shop_id', '=', shopA).executeTakeFirstOrThrow()).id;
    const shopService = (await t.app.db.selectFrom('shop_services').select('id').where('shop_id', '=', shopA).executeTakeFirstOrThrow()).id;
    const ids = {
      '/admin/shop-services/:id': shopService,
      '/admin/reservations/:id': reservation,
      '/admin/services/:id': service?.id,
      '/admin/service-categories/:id': category?.id,
      '/admin/service-groups/:id': group,
      '/admin/events/:id': event?.id,
      '/admin/events/:id/availabilities': event?.id,
      '/admin/event-availabilities/:id': event?.availabilities[0]?.id,
      '/admin/staff/:id/hours': staffId,
    } as Record<string, number | undefined>;
    const routes: Array<[Method, string]> = [
      ['GET', '/admin/reservation-customers?q=marta'],
      ['POST', '/admin/reservations'],
      ['GET', '/admin/services'],
      ['POST', '/admin/services'],
      ['GET', '/admin/service-categories'],
      ['POST', '/admin/service-categories'],
      ['GET', '/admin/service-groups'],
      ['POST', '/admin/service-groups'],
      ['GET', '/admin/events'],
      ['POST', '/admin/events'],
      ['GET', '/admin/shop-services'],
      ['POST', '/admin/shop-services'],
      ...(['PUT', 'DELETE'] as const).map((m): [Method, string] => [m, '/admin/shop-services/:id']),
      ...(['GET', 'DELETE'] as const).map((m): [Method, string] => [m, '/admin/reservations/:id']),
      ...(['PUT', 'DELETE'] as const).map((m): [Method, string] => [m, '/admin/services/:id']),
      ...(['PUT', 'DELETE'] as const).map((m): [Method, string] => [m, '/admin/service-categories/:id']),
      ...(['PUT', 'DELETE'] as const).map((m): [Method, string] => [m, '/admin/service-groups/:id']),
      ...(['PUT', 'DELETE'] as const).map((m): [Method, string] => [m, '/admin/events/:id']),
      ['POST', '/admin/events/:id/availabilities'],
      ['DELETE', '/admin/event-availabilities/:id'],
      ...(['GET', 'PUT'] as const).map((m): [Method, string] => [m, '/admin/staff/:id/hours']),
    ];
    const wrong: string[] = [];
    for (const [method, path] of routes) {
      const id = ids[path];
      if (path.includes(':id') && id === undefined) wrong.push(`no row for ${path}`);
      const url = path.replace(':id', String(id));
      const junk = method === 'POST' || method === 'PUT' ? { junk: 1 } : undefined;
      const anon = await call(null, method, url, junk);
      if (anon.statusCode !== 401) wrong.push(`${method} ${path} anonymous: ${anon.statusCode}`);
      const cust = await call(customer, method, url, junk);
      if (cust.statusCode !== 403) wrong.push(`${method} ${path} customer: ${cust.statusCode}`);
      if (path.includes(':id')) {
        for (const suffix of ['', `?shop_id=${shopA}`]) {
          const other = await call(pharmacistB, method, `${url}${suffix}`, junk);
          if (other.statusCode !== 404) wrong.push(`${method} ${path}${suffix} other shop: ${other.statusCode}`);
        }
        const bad = await call(pharmacist, method, path.replace(':id', 'abc'), junk);
        if (bad.statusCode !== 422) wrong.push(`${method} ${path} bad id: ${bad.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    // An admin acts on the shop they name (their own by default); an unknown shop is 404.
    expect((await call(admin, 'GET', `/admin/staff/${staffId}/hours?shop_id=${shopB}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/admin/staff/${staffId}/hours?shop_id=${shopA}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/admin/services?shop_id=999999')).statusCode).toBe(404);
  });
});
