import {
  AdminReservationResponseSchema,
  type ReservationCanceller,
  isUpcomingReservation,
  ReservationResponseSchema,
  ReservationsResponseSchema,
  type ReservationStatus,
  reservationCancelRefusal,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { createBookableService, createStaff, setRomeNow } from '../../../test/factories/bookings.js';
import { createCustomer, type TestCustomer } from '../../../test/factories/customers.js';
import { bearer, type CreatedUser, createPharmacist } from '../../../test/factories/users.js';

/**
 * Decision 0480: for every status × cancellation window × day (from 3 days before the appointment
 * to the day after), what the app shows (the server's `cancellable` flag), what the back office
 * shows (the contract's `reservationCancelRefusal` for the shop, applied to the reservation as the
 * console receives it) and what the server accepts when the cancellation is actually tried agree
 * with the contract's rule, with the 409 code the refusal names.
 */

const APPOINTMENT = '2027-03-10';
const DAYS = ['2027-03-07', '2027-03-08', '2027-03-09', '2027-03-10', '2027-03-11'];
const STATUSES: ReservationStatus[] = ['booked', 'cancelled'];
const CODES = { alreadyCancelled: 'RESERVATION_ALREADY_CANCELLED', windowClosed: 'RESERVATION_NOT_CANCELLABLE' } as const;

describe(`reservation cancellation: app, console and server agree with the contract on every cell (${testEngine})`, () => {
  let t: TestApp;
  let customer: TestCustomer;
  let pharmacist: CreatedUser;
  let shopId: number;
  let staffId: number;
  const services = new Map<number, number>();
  let slot = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    const first = await createBookableService(t.app, { bookingCancellations: 0 });
    shopId = first.shopId;
    services.set(0, first.serviceId);
    for (const window of [1, 2]) services.set(window, (await createBookableService(t.app, { shopId, bookingCancellations: window })).serviceId);
    staffId = await createStaff(t.app, shopId, [...services.values()]);
    customer = await createCustomer(t.app, { shopId });
    pharmacist = await createPharmacist(t.app, shopId);
  });
  afterAll(() => t.close());

  /** A reservation of the cell, written as the booking would (its own start instant, so slots never clash). */
  async function reservation(status: ReservationStatus, window: number, at = { userId: 0, day: APPOINTMENT, end: '09:30:00' }): Promise<number> {
    slot += 1;
    const start = new Date(Date.UTC(2027, 2, 10, 8, 0) + slot * 60_000).toISOString();
    const row = await t.app.db
      .insertInto('reservations')
      .values({
        user_id: at.userId || customer.id,
        shop_id: shopId,
        service_id: services.get(window)!,
        staff_id: staffId,
        event_id: null,
        day: at.day,
        start_appointment: '09:00:00',
        end_appointment: at.end,
        start_at: start,
        end_at: start,
        busy_until: start,
        note: null,
        status,
        created_at: '2027-03-01T08:00:00.000Z',
        cancelled_at: status === 'cancelled' ? '2027-03-02T08:00:00.000Z' : null,
        reminder_queued_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The server's answer to a cancellation: null when accepted, else the refusal its 409 code names. */
  async function tryCancel(url: string, authorization: Record<string, string>): Promise<string | null> {
    const res = await t.app.inject({ method: 'DELETE', url, headers: authorization });
    expect([200, 409], res.body).toContain(res.statusCode);
    if (res.statusCode === 200) return null;
    const code = (res.json() as { code: string }).code;
    return Object.entries(CODES).find(([, c]) => c === code)?.[0] ?? code;
  }

  for (const status of STATUSES) {
    it(`${status}: 0 mismatches over window × day × canceller`, async () => {
      const mismatches: string[] = [];
      for (const window of [0, 1, 2]) {
        for (const today of DAYS) {
          setRomeNow(t.app, today, '12:00');
          const cell = `${status}/${window}/${today}`;
          const asCustomer: ReservationCanceller = { by: 'customer', bookingCancellations: window, today };
          const asShop: ReservationCanceller = { by: 'shop' };

          const own = await reservation(status, window);
          const shown = ReservationResponseSchema.parse(
            (await t.app.inject({ method: 'GET', url: `/api/reservations/${own}`, headers: customer.auth })).json(),
          ).data;
          const rule = reservationCancelRefusal(shown, asCustomer);
          const server = await tryCancel(`/api/reservations/${own}`, customer.auth);
          if (shown.cancellable !== (rule === null) || server !== rule) {
            mismatches.push(`customer ${cell}: app ${shown.cancellable} rule ${rule} server ${server}`);
          }

          const theirs = await reservation(status, window);
          const inConsole = AdminReservationResponseSchema.parse(
            (await t.app.inject({ method: 'GET', url: `/api/admin/reservations/${theirs}`, headers: bearer(pharmacist.token) })).json(),
          ).data;
          const shopRule = reservationCancelRefusal(inConsole, asShop);
          const shopServer = await tryCancel(`/api/admin/reservations/${theirs}`, bearer(pharmacist.token));
          if (shopServer !== shopRule) mismatches.push(`shop ${cell}: console ${shopRule} server ${shopServer}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it('upcoming (decision 0482): the server lists first exactly the reservations the app shows as upcoming', async () => {
    const other = await createCustomer(t.app, { shopId });
    for (const [day, end] of [['2027-03-09', '18:00:00'], ['2027-03-10', '10:00:00'], ['2027-03-10', '12:00:00'], ['2027-03-10', '12:30:00'], ['2027-03-11', '09:30:00']]) {
      await reservation('booked', 0, { userId: other.id, day: day!, end: end! });
    }
    const mismatches: string[] = [];
    for (const time of ['08:00', '10:00', '11:59', '12:00', '12:15', '12:30', '23:00']) {
      setRomeNow(t.app, APPOINTMENT, time);
      const list = ReservationsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/reservations', headers: other.auth })).json()).data;
      const upcoming = list.map((r) => isUpcomingReservation(r, { day: APPOINTMENT, time: `${time}:00` }));
      // Upcoming ones first, then the past ones: no upcoming after the first past one.
      if (upcoming.indexOf(false) !== -1 && upcoming.lastIndexOf(true) > upcoming.indexOf(false)) mismatches.push(`${time}: ${upcoming}`);
    }
    expect(mismatches).toEqual([]);
  });
});
