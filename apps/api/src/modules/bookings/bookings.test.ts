import { ApiErrorBodySchema, type Reservation, ReservationResponseSchema, ReservationSlotsResponseSchema } from '@farmacia/contract';
import { ReservationsResponseSchema, ServiceAvailabilityResponseSchema, ServiceSlotsResponseSchema } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, secondInstance, type TestApp, testEngine } from '../../../test/build-test-app.js';
import {
  closeShop,
  createBookableService,
  createEventOn,
  createStaff,
  everyDay,
  setRomeNow,
} from '../../../test/factories/bookings.js';
import { createCustomer, type TestCustomer } from '../../../test/factories/customers.js';
import { ACCOUNT_DEVICE, disable as disableNotifications } from '../notifications/notifications.service.js';
import { queueReminders } from './bookings.service.js';

// Monday 1 February 2027, 08:00 in Rome: the calendar runs to 30 April 2027.
const TODAY = '2027-02-01';
const DAY = '2027-02-10';

describe(`reservations (${testEngine})`, () => {
  let t: TestApp;
  let alice: TestCustomer;
  let bob: TestCustomer;
  let shopId: number;
  let serviceId: number;
  let staffId: number;

  const book = (who: TestCustomer | null, service: number, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/reservations/${service}`,
      headers: who ? who.auth : {},
      payload: body,
    });
  const slotsOf = async (service: number, day: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/reservations/${service}/${day}` });
    expect(res.statusCode).toBe(200);
    return ReservationSlotsResponseSchema.parse(res.json());
  };

  beforeAll(async () => {
    t = await buildTestApp();
    setRomeNow(t.app, TODAY, '08:00');
    ({ serviceId, shopId } = await createBookableService(t.app, { duration: 30, paddingAfter: 0, bookingCancellations: 2 }));
    staffId = await createStaff(t.app, shopId, [serviceId], everyDay('09:00', '13:00'));
    alice = await createCustomer(t.app, { shopId, name: 'Alice Verdi' });
    bob = await createCustomer(t.app, { shopId, name: 'Bruno Neri' });
  });
  afterAll(() => t.close());

  describe('slots and availability (public)', () => {
    it('lists the free slots of a day with the service, for anonymous visitors too', async () => {
      const body = await slotsOf(serviceId, DAY);
      expect(body.pickedDate).toBe(DAY);
      expect(body.service.id).toBe(serviceId);
      expect(body.event).toBeNull();
      expect(body.availableSlots).toHaveLength(8);
      expect(body.availableSlots[0]).toEqual({ time: '09:00', staffId });
      expect(body.availableSlots.at(-1)?.time).toBe('12:30');
      const other = await t.app.inject({ method: 'GET', url: `/api/services/${serviceId}/slots/${DAY}` });
      expect(ServiceSlotsResponseSchema.parse(other.json())).toEqual({ availableSlots: body.availableSlots, pickedDate: DAY });
    });

    it('lists the available days of the calendar range and of one month', async () => {
      const all = await t.app.inject({ method: 'GET', url: `/api/services/${serviceId}/availability` });
      const body = ServiceAvailabilityResponseSchema.parse(all.json());
      expect(body.service.id).toBe(serviceId);
      expect(body.availableDate[0]).toBe(TODAY);
      expect(body.availableDate.at(-1)).toBe('2027-04-30');
      expect(body.availableDate).toHaveLength(28 + 31 + 30);
      const march = ServiceAvailabilityResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/services/${serviceId}/availability?month=2027-03` })).json(),
      );
      expect(march.availableDate).toHaveLength(31);
      const may = ServiceAvailabilityResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/services/${serviceId}/availability?month=2027-05` })).json(),
      );
      expect(may.availableDate).toEqual([]);
      const bad = await t.app.inject({ method: 'GET', url: `/api/services/${serviceId}/availability?month=2027-13` });
      expect(bad.statusCode).toBe(422);
    });

    it('answers 404 for an unknown service and 422 for a day that does not exist', async () => {
      const missing = await t.app.inject({ method: 'GET', url: `/api/reservations/99999/${DAY}` });
      expect(missing.statusCode).toBe(404);
      const badDay = await t.app.inject({ method: 'GET', url: `/api/reservations/${serviceId}/2027-02-30` });
      expect(badDay.statusCode).toBe(422);
      expect(ApiErrorBodySchema.parse(badDay.json()).errors?.day).toEqual(['Data non valida.']);
    });

    it('offers nothing on a real day far outside the calendar, the last one there is too, and refuses to book it', async () => {
      for (const day of ['2027-05-01', '9999-12-31']) {
        expect((await slotsOf(serviceId, day)).availableSlots).toEqual([]);
        const other = await t.app.inject({ method: 'GET', url: `/api/services/${serviceId}/slots/${day}` });
        expect(other.statusCode).toBe(200);
        expect(ServiceSlotsResponseSchema.parse(other.json())).toEqual({ availableSlots: [], pickedDate: day });
        const booked = await book(alice, serviceId, { staff_id: staffId, day, start_appointment: '09:00' });
        expect(booked.statusCode).toBe(422);
        expect(ApiErrorBodySchema.parse(booked.json()).errors?.start_appointment).toEqual(['La fascia oraria scelta non è prenotabile.']);
      }
    });
  });

  describe('booking', () => {
    it('needs login', async () => {
      const res = await book(null, serviceId, { staff_id: staffId, day: DAY, start_appointment: '09:00:00' });
      expect(res.statusCode).toBe(401);
    });

    it('answers 404 for an unknown service and 422 for a malformed body', async () => {
      const missing = await book(alice, 99999, { staff_id: staffId, day: DAY, start_appointment: '09:00:00' });
      expect(missing.statusCode).toBe(404);
      expect(ApiErrorBodySchema.parse(missing.json()).message).toBe('Servizio non trovato.');
      const bad = await book(alice, serviceId, { staff_id: staffId, day: '10/02/2027', start_appointment: '9' });
      expect(bad.statusCode).toBe(422);
      const errors = ApiErrorBodySchema.parse(bad.json()).errors ?? {};
      expect(errors.day).toEqual(['Data non valida.']);
      expect(errors.start_appointment).toEqual(['Orario non valido.']);
      const noSlot = await book(alice, serviceId, { day: DAY, start_appointment: '09:00' });
      expect(ApiErrorBodySchema.parse(noSlot.json()).errors?.staff_id).toEqual(['Selezionare una fascia oraria.']);
    });

    it('books a slot: the user comes from the token and the end from the service', async () => {
      const res = await book(alice, serviceId, {
        user_id: bob.id,
        service_id: serviceId,
        staff_id: staffId,
        day: DAY,
        start_appointment: '09:30:00',
        end_appointment: '23:00:00',
        note: 'Porto le analisi precedenti.',
      });
      expect(res.statusCode).toBe(201);
      const { data } = ReservationResponseSchema.parse(res.json());
      expect(data).toMatchObject({
        day: DAY,
        start_appointment: '09:30:00',
        end_appointment: '10:00:00',
        note: 'Porto le analisi precedenti.',
        status: 'booked',
        service: { id: serviceId, name: 'Misurazione della pressione', duration: 30, price: 5, booking_cancellations: 2 },
        shop_service: null,
        event: null,
        staff: { id: staffId, name: 'Dott.ssa Bianchi' },
        cancellable: true,
        cancellable_until: '2027-02-08',
      });
      const row = await t.app.db.selectFrom('reservations').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
      expect(row.user_id).toBe(alice.id);
      expect(row.start_at).toBe('2027-02-10T08:30:00.000Z');
      expect(row.busy_until).toBe('2027-02-10T09:00:00.000Z');
      // The note to the pharmacist is health data: encrypted at rest.
      expect(row.note).toMatch(/^v1:/);
      expect(row.note).not.toContain('analisi');
      const mail = await t.app.db
        .selectFrom('outbox')
        .selectAll()
        .where('recipient', '=', alice.email)
        .where('subject', 'like', 'Prenotazione confermata%')
        .executeTakeFirst();
      expect(mail?.body_text).toContain('mercoledì 10 febbraio 2027 alle ore 09:30');
      expect(mail?.body_text).toContain('fino al 08/02/2027');
      // The slot is gone for everybody.
      expect((await slotsOf(serviceId, DAY)).availableSlots.map((s) => s.time)).not.toContain('09:30');
    });

    it('notifies on the channels the customer enabled: no mail when email is off', async () => {
      const quiet = await createCustomer(t.app, { shopId, name: 'Carla Muti' });
      await disableNotifications(t.app.db, quiet.id, 'email', ACCOUNT_DEVICE);
      const res = await book(quiet, serviceId, { staff_id: staffId, day: DAY, start_appointment: '12:30' });
      expect(res.statusCode).toBe(201);
      const mails = await t.app.db.selectFrom('outbox').select('id').where('recipient', '=', quiet.email).execute();
      expect(mails).toEqual([]);
      const id = ReservationResponseSchema.parse(res.json()).data.id;
      expect((await t.app.inject({ method: 'DELETE', url: `/api/reservations/${id}`, headers: quiet.auth })).statusCode).toBe(200);
    });

    it('answers 409 RESERVATION_SLOT_TAKEN for a slot already booked', async () => {
      const res = await book(bob, serviceId, { staff_id: staffId, day: DAY, start_appointment: '09:30' });
      expect(res.statusCode).toBe(409);
      const body = ApiErrorBodySchema.parse(res.json());
      expect(body.code).toBe('RESERVATION_SLOT_TAKEN');
      expect(body.message).toBe('La fascia oraria scelta non è più disponibile.');
    });

    it('answers 422 for a time that is not a slot: past, closed, off the grid, out of range, wrong staff', async () => {
      const cases: [string, Record<string, unknown>][] = [
        ['past', { staff_id: staffId, day: TODAY, start_appointment: '07:30' }],
        ['before opening', { staff_id: staffId, day: DAY, start_appointment: '08:30' }],
        ['off the grid', { staff_id: staffId, day: DAY, start_appointment: '09:10' }],
        ['with seconds', { staff_id: staffId, day: DAY, start_appointment: '09:00:30' }],
        ['beyond the calendar', { staff_id: staffId, day: '2027-05-03', start_appointment: '09:00' }],
        ['unknown staff', { staff_id: 99999, day: DAY, start_appointment: '09:00' }],
      ];
      for (const [label, body] of cases) {
        const res = await book(alice, serviceId, body);
        expect(res.statusCode, label).toBe(422);
        const error = ApiErrorBodySchema.parse(res.json());
        expect(error.code, label).toBe('RESERVATION_SLOT_UNAVAILABLE');
        expect(error.errors?.start_appointment, label).toEqual(['La fascia oraria scelta non è prenotabile.']);
      }
      await closeShop(t.app, shopId, '2027-02-13');
      expect((await slotsOf(serviceId, '2027-02-13')).availableSlots).toEqual([]);
      const closed = await book(alice, serviceId, { staff_id: staffId, day: '2027-02-13', start_appointment: '09:00' });
      expect(closed.statusCode).toBe(422);
    });

    it('rejects a staff member of the shop who does not perform the service', async () => {
      const otherStaff = await createStaff(t.app, shopId, [], everyDay('09:00', '13:00'), 'Dott. Gialli');
      const res = await book(alice, serviceId, { staff_id: otherStaff, day: DAY, start_appointment: '11:00' });
      expect(res.statusCode).toBe(422);
    });

    it('rejects a body naming another service', async () => {
      const res = await book(alice, serviceId, { service_id: serviceId + 1000, staff_id: staffId, day: DAY, start_appointment: '11:00' });
      expect(res.statusCode).toBe(422);
      expect(ApiErrorBodySchema.parse(res.json()).errors?.service_id).toBeDefined();
    });
  });

  describe('concurrency', () => {
    let customers: TestCustomer[];
    beforeAll(async () => {
      customers = [alice, bob, await createCustomer(t.app, { shopId }), await createCustomer(t.app, { shopId })];
    });

    it('of 50 concurrent requests for one slot exactly one succeeds, the others get 409', async () => {
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          book(customers[i % customers.length]!, serviceId, { staff_id: staffId, day: '2027-02-11', start_appointment: '10:00' }),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      for (const r of responses.filter((x) => x.statusCode === 409)) {
        expect(ApiErrorBodySchema.parse(r.json()).code).toBe('RESERVATION_SLOT_TAKEN');
      }
      const rows = await t.app.db
        .selectFrom('reservations')
        .select('id')
        .where('day', '=', '2027-02-11')
        .where('status', '=', 'booked')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('never lets overlapping services of different lengths share one staff member', async () => {
      const { serviceId: quick } = await createBookableService(t.app, {
        shopId,
        name: 'Test rapido',
        duration: 15,
        paddingAfter: 0,
      });
      const { serviceId: long } = await createBookableService(t.app, { shopId, name: 'Holter', duration: 60, paddingAfter: 0 });
      const nurse = await createStaff(t.app, shopId, [quick, long], everyDay('09:00', '13:00'), 'Inf. Russo');
      // 09:00–10:00 of the long one overlaps 09:15, 09:30 and 09:45 of the quick one.
      const requests = Array.from({ length: 40 }, (_, i) => {
        const who = customers[i % customers.length]!;
        if (i % 4 === 0) return book(who, long, { staff_id: nurse, day: '2027-02-12', start_appointment: '09:00' });
        const start = ['09:15', '09:30', '09:45'][i % 3]!;
        return book(who, quick, { staff_id: nurse, day: '2027-02-12', start_appointment: start });
      });
      const statuses = (await Promise.all(requests)).map((r) => r.statusCode);
      const booked = await t.app.db
        .selectFrom('reservations')
        .select(['start_at', 'busy_until'])
        .where('staff_id', '=', nurse)
        .where('status', '=', 'booked')
        .orderBy('start_at')
        .execute();
      expect(statuses.filter((s) => s === 201)).toHaveLength(booked.length);
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      // Whatever won, no two booked intervals of the nurse overlap.
      for (let i = 1; i < booked.length; i++) expect(booked[i]!.start_at >= booked[i - 1]!.busy_until).toBe(true);
      expect(booked.length === 1 || booked.length === 3).toBe(true);
    });

    // Several API instances share one database only on PostgreSQL (ARCHITECTURE §2); SQLite is
    // one process whose single connection serializes transactions (decision 0180). Two SQLite
    // connections in one thread would wait on each other's lock synchronously, so this runs on
    // PostgreSQL, where both pools hold real concurrent transactions.
    const onPostgres = testEngine === 'postgres' ? it : undefined;
    onPostgres?.('holds across two server instances on one database (two pools, real concurrent transactions)', async () => {
      const second = await secondInstance(t);
      try {
        const responses = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            (i % 2 === 0 ? t.app : second.app).inject({
              method: 'POST',
              url: `/api/reservations/${serviceId}`,
              headers: customers[i % customers.length]!.auth,
              payload: { staff_id: staffId, day: '2027-02-15', start_appointment: '12:00' },
            }),
          ),
        );
        const statuses = responses.map((r) => r.statusCode);
        expect(statuses.filter((s) => s === 201)).toHaveLength(1);
        expect(statuses.filter((s) => s === 409)).toHaveLength(39);
      } finally {
        await second.close();
      }
    });
  });

  describe('own reservations and cancelling', () => {
    let own: Reservation;
    beforeAll(async () => {
      const res = await book(bob, serviceId, { staff_id: staffId, day: '2027-02-16', start_appointment: '11:00' });
      own = ReservationResponseSchema.parse(res.json()).data;
    });

    it('lists only the caller’s reservations, upcoming first, and 404s another customer’s', async () => {
      const list = ReservationsResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/reservations', headers: bob.auth })).json(),
      ).data;
      expect(list.map((r) => r.id)).toContain(own.id);
      const mine = await t.app.db.selectFrom('reservations').select('id').where('user_id', '=', bob.id).where('status', '=', 'booked').execute();
      expect(list).toHaveLength(mine.length);
      for (let i = 1; i < list.length; i++) expect(`${list[i]!.day} ${list[i]!.start_appointment}` >= `${list[i - 1]!.day} ${list[i - 1]!.start_appointment}`).toBe(true);

      const aliceList = ReservationsResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/reservations', headers: alice.auth })).json(),
      ).data;
      expect(aliceList.map((r) => r.id)).not.toContain(own.id);
      expect((await t.app.inject({ method: 'GET', url: `/api/reservations/${own.id}`, headers: alice.auth })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/reservations/${own.id}`, headers: alice.auth })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/reservations' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/reservations/${own.id}` })).statusCode).toBe(401);

      const one = await t.app.inject({ method: 'GET', url: `/api/reservations/${own.id}`, headers: bob.auth });
      expect(ReservationResponseSchema.parse(one.json()).data).toEqual(own);
    });

    it('puts past reservations after the upcoming ones', async () => {
      setRomeNow(t.app, '2027-02-16', '12:00');
      try {
        const list = ReservationsResponseSchema.parse(
          (await t.app.inject({ method: 'GET', url: '/api/reservations', headers: bob.auth })).json(),
        ).data;
        const index = list.findIndex((r) => r.id === own.id);
        expect(list.slice(index).every((r) => r.day <= '2027-02-16')).toBe(true);
        expect(list[index]?.cancellable).toBe(false);
      } finally {
        setRomeNow(t.app, TODAY, '08:00');
      }
    });

    it('cancels until day − booking_cancellations (Rome days) and frees the slot', async () => {
      // booking_cancellations = 2: reservations of the 20th can be cancelled until the 18th.
      const made: Reservation[] = [];
      for (const start of ['09:00', '09:30', '10:00', '10:30']) {
        const res = await book(alice, serviceId, { staff_id: staffId, day: '2027-02-20', start_appointment: start });
        expect(res.statusCode).toBe(201);
        made.push(ReservationResponseSchema.parse(res.json()).data);
      }
      expect(made[0]?.cancellable_until).toBe('2027-02-18');
      const cancel = (r: Reservation) => t.app.inject({ method: 'DELETE', url: `/api/reservations/${r.id}`, headers: alice.auth });
      try {
        setRomeNow(t.app, '2027-02-17', '23:59'); // the day before the limit
        const first = await cancel(made[0]!);
        expect(first.statusCode).toBe(200);
        expect(ReservationResponseSchema.parse(first.json()).data).toMatchObject({ status: 'cancelled', cancellable: false });

        setRomeNow(t.app, '2027-02-18', '23:59'); // on the limit
        expect((await cancel(made[1]!)).statusCode).toBe(200);

        // 00:30 in Rome is still the 18th in UTC: the Rome day decides.
        setRomeNow(t.app, '2027-02-19', '00:30');
        const late = await cancel(made[2]!);
        expect(late.statusCode).toBe(409);
        expect(ApiErrorBodySchema.parse(late.json())).toMatchObject({
          code: 'RESERVATION_NOT_CANCELLABLE',
          message: 'Non è più possibile cancellare questa prenotazione.',
        });
        const list = ReservationsResponseSchema.parse(
          (await t.app.inject({ method: 'GET', url: '/api/reservations', headers: alice.auth })).json(),
        ).data;
        expect(list.find((r) => r.id === made[3]!.id)?.cancellable).toBe(false);
        expect(list.map((r) => r.id)).not.toContain(made[0]!.id);

        setRomeNow(t.app, '2027-02-21', '09:00'); // after the day
        expect((await cancel(made[3]!)).statusCode).toBe(409);
      } finally {
        setRomeNow(t.app, TODAY, '08:00');
      }
      const again = await cancel(made[0]!);
      expect(again.statusCode).toBe(409);
      expect(ApiErrorBodySchema.parse(again.json()).code).toBe('RESERVATION_ALREADY_CANCELLED');
      // The cancelled slot is bookable again, by someone else.
      expect((await slotsOf(serviceId, '2027-02-20')).availableSlots.map((s) => s.time).slice(0, 2)).toEqual(['09:00', '09:30']);
      const rebook = await book(bob, serviceId, { staff_id: staffId, day: '2027-02-20', start_appointment: '09:00' });
      expect(rebook.statusCode).toBe(201);
      const mail = await t.app.db
        .selectFrom('outbox')
        .select('subject')
        .where('recipient', '=', alice.email)
        .where('subject', 'like', 'Prenotazione cancellata%')
        .execute();
      expect(mail).toHaveLength(2);
    });
  });

  describe('events', () => {
    let eventId: number;
    let eventService: number;
    const EVENT_DAY = '2027-02-27'; // a Saturday

    beforeAll(async () => {
      ({ serviceId: eventService } = await createBookableService(t.app, {
        shopId,
        name: 'Analisi della pelle',
        duration: 20,
        paddingAfter: 10,
      }));
      await createStaff(t.app, shopId, [eventService], [{ weekday: 1, start: '09:00', end: '10:00' }], 'Dott. Derma');
      await closeShop(t.app, shopId, EVENT_DAY);
      eventId = await createEventOn(t.app, shopId, [eventService], EVENT_DAY, '15:00', '17:00');
    });

    it('offers the event service only inside the event window, even on a closed Saturday', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/reservations/event/${eventId}/${EVENT_DAY}/${eventService}` });
      expect(res.statusCode).toBe(200);
      const body = ReservationSlotsResponseSchema.parse(res.json());
      expect(body.availableSlots.map((s) => s.time)).toEqual(['15:00', '15:30', '16:00', '16:30']);
      expect(body.event?.id).toBe(eventId);
      expect(body.service.id).toBe(eventService);
      const otherDay = ReservationSlotsResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/reservations/event/${eventId}/2027-02-26/${eventService}` })).json(),
      );
      expect(otherDay.availableSlots).toEqual([]);
      // Outside the event the service follows the staff's weekly hours.
      expect((await slotsOf(eventService, EVENT_DAY)).availableSlots).toEqual([]);
    });

    it('books an event slot with event_id, and refuses services and times outside the event', async () => {
      const slot = ReservationSlotsResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/reservations/event/${eventId}/${EVENT_DAY}/${eventService}` })).json(),
      ).availableSlots[1]!;
      const res = await book(alice, eventService, {
        event_id: eventId,
        staff_id: slot.staffId,
        day: EVENT_DAY,
        start_appointment: `${slot.time}:00`,
      });
      expect(res.statusCode).toBe(201);
      expect(ReservationResponseSchema.parse(res.json()).data).toMatchObject({
        event: { id: eventId, name: 'Giornata della pelle' },
        start_appointment: '15:30:00',
        end_appointment: '15:50:00',
      });
      const outside = await book(alice, eventService, { event_id: eventId, staff_id: slot.staffId, day: EVENT_DAY, start_appointment: '17:00' });
      expect(outside.statusCode).toBe(422);
      const noEvent = await book(alice, eventService, { staff_id: slot.staffId, day: EVENT_DAY, start_appointment: '16:00' });
      expect(noEvent.statusCode).toBe(422);
      const wrongService = await book(alice, serviceId, { event_id: eventId, staff_id: staffId, day: EVENT_DAY, start_appointment: '16:00' });
      expect(wrongService.statusCode).toBe(422);
      expect(ApiErrorBodySchema.parse(wrongService.json()).errors?.service_id).toEqual([
        'Il servizio non è prenotabile in questo evento.',
      ]);
      const missingEvent = await book(alice, eventService, { event_id: 99999, staff_id: slot.staffId, day: EVENT_DAY, start_appointment: '16:00' });
      expect(missingEvent.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/reservations/event/99999/${EVENT_DAY}/${eventService}` })).statusCode).toBe(404);
    });

    it('offers no event slot on the last day there is', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/reservations/event/${eventId}/9999-12-31/${eventService}` });
      expect(res.statusCode).toBe(200);
      expect(ReservationSlotsResponseSchema.parse(res.json())).toMatchObject({ availableSlots: [], pickedDate: '9999-12-31' });
    });
  });

  describe('day-before reminders', () => {
    it('queues one reminder per booked reservation of tomorrow, once, from 09:00', async () => {
      const res = await book(alice, serviceId, { staff_id: staffId, day: '2027-03-02', start_appointment: '12:00' });
      expect(res.statusCode).toBe(201);
      const cancelled = await book(alice, serviceId, { staff_id: staffId, day: '2027-03-02', start_appointment: '12:30' });
      const cancelledId = ReservationResponseSchema.parse(cancelled.json()).data.id;
      expect((await t.app.inject({ method: 'DELETE', url: `/api/reservations/${cancelledId}`, headers: alice.auth })).statusCode).toBe(200);
      const reminders = () =>
        t.app.db.selectFrom('outbox').select(['subject', 'body_text']).where('subject', 'like', 'Promemoria%').execute();

      expect(await queueReminders(t.app, new Date('2027-03-01T07:59:00Z'))).toBe(0); // 08:59 in Rome
      expect(await queueReminders(t.app, new Date('2027-03-01T09:00:00Z'))).toBe(1);
      const [twice, other] = await Promise.all([
        queueReminders(t.app, new Date('2027-03-01T10:00:00Z')),
        queueReminders(t.app, new Date('2027-03-01T10:00:00Z')),
      ]);
      expect(twice + other).toBe(0);
      const queued = await reminders();
      expect(queued).toHaveLength(1);
      expect(queued[0]?.subject).toBe('Promemoria: domani Misurazione della pressione alle 12:00');
    });
  });
});
