import {
  CategoryServicesResponseSchema,
  EventsResponseSchema,
  ReservationSlotsResponseSchema,
  ReservationsResponseSchema,
  ServiceAvailabilityResponseSchema,
  ServiceCategoriesResponseSchema,
  ServiceResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { setRomeNow } from '../../../test/factories/bookings.js';
import { createCustomer, ensureShop, type TestCustomer } from '../../../test/factories/customers.js';
import { italianHolidays, seedBookings } from './bookings.seed.js';

describe(`bookings demo seed (${testEngine})`, () => {
  let t: TestApp;
  let customer: TestCustomer;

  beforeAll(async () => {
    t = await buildTestApp();
    // Monday 1 March 2027: Easter Monday (29 March) falls in the calendar range.
    setRomeNow(t.app, '2027-03-01', '08:00');
    const sanMarco = await ensureShop(t.app, 'Farmacia San Marco');
    const centrale = await ensureShop(t.app, 'Farmacia Centrale');
    customer = await createCustomer(t.app, { shopId: sanMarco, email: 'cliente@farmacia.demo' });
    await seedBookings(t.app, [
      { id: sanMarco, name: 'Farmacia San Marco' },
      { id: centrale, name: 'Farmacia Centrale' },
    ]);
  });
  afterAll(() => t.close());

  it('knows the Italian holidays, Easter Monday included', () => {
    expect(italianHolidays(2027).map((h) => h.day)).toContain('2027-03-29');
    expect(italianHolidays(2026).map((h) => h.day)).toContain('2026-04-06');
  });

  it('makes services 1–3 the featured, bookable ones of select_service', async () => {
    const names = ['Misurazione della pressione', 'Elettrocardiogramma', 'Test della glicemia'];
    for (const [i, name] of names.entries()) {
      const { service } = ServiceResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/services/${i + 1}` })).json());
      expect(service.name).toBe(name);
      const availability = ServiceAvailabilityResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/services/${i + 1}/availability` })).json(),
      );
      expect(availability.availableDate.length).toBeGreaterThan(40);
      // Sundays, the inventory Saturday and Easter Monday are closed.
      expect(availability.availableDate).not.toContain('2027-03-07');
      expect(availability.availableDate).not.toContain('2027-03-13');
      expect(availability.availableDate).not.toContain('2027-03-29');
      expect(availability.availableDate).toContain('2027-03-20');
    }
  });

  it('gives two staff members different hours', async () => {
    // Tuesday morning only Dott.ssa Conti works, Tuesday afternoon both do.
    const slots = ReservationSlotsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/reservations/1/2027-03-02' })).json(),
    ).availableSlots;
    const staffIds = new Set(slots.map((s) => s.staffId));
    expect(slots[0]?.time).toBe('08:30');
    expect(staffIds.size).toBe(1);
    const staff = await t.app.db.selectFrom('staff').select(['id', 'name']).orderBy('id').execute();
    expect(staff.map((s) => s.name)).toEqual(['Dott.ssa Giulia Conti', 'Dott. Marco Ferri', 'Dott.ssa Sara Moretti']);
  });

  it('lists categories with services, shop services and groups', async () => {
    const categories = ServiceCategoriesResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/services' })).json()).data;
    expect(categories.map((c) => c.name)).toEqual([
      'Controlli e prevenzione',
      'Tamponi e test rapidi',
      'Consulenze',
      'Benessere e bellezza',
      'Servizi della farmacia',
    ]);
    const inShop = categories.at(-1)!;
    const body = CategoryServicesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/service-categories/${inShop.id}` })).json(),
    );
    expect(body.data.service_groups.map((g) => g.name)).toEqual(['Noleggio apparecchi sanitari', 'Servizi a domicilio']);
    expect(body.data.shop_service.map((s) => s.name)).toEqual(['Prenotazione visite ed esami CUP', 'Ritiro referti']);
    const advice = CategoryServicesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/service-categories/${categories[2]!.id}` })).json(),
    );
    expect(advice.data.services[0]).toMatchObject({ name: 'Consulenza nutrizionale', show_price: false });
  });

  it('has two events with bookable availabilities in the coming weeks', async () => {
    const { data } = EventsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/event/getAll' })).json());
    expect(data.map((e) => e.name)).toEqual(['Giornata della pelle', 'Screening udito']);
    for (const event of data) {
      expect(event.availabilities).toHaveLength(2);
      const first = event.availabilities[0]!;
      const day = first.start_at.slice(0, 10);
      const service = event.services[0]!;
      const slots = ReservationSlotsResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/reservations/event/${event.id}/${day}/${service.id}` })).json(),
      );
      expect(slots.availableSlots.length).toBeGreaterThan(3);
    }
  });

  it('gives the demo customer one upcoming booking', async () => {
    const list = ReservationsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/reservations', headers: customer.auth })).json(),
    ).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ service: { id: 1 }, note: 'Misurazione di controllo mensile.', cancellable: true });
  });
});
