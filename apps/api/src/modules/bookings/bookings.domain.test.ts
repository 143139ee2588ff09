import { BookingErrorCode, ErrorCode } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookableService, createStaff } from '../../../test/factories/bookings.js';
import { createPharmacist, createShop, createUser } from '../../../test/factories/users.js';
import { type DomainContext, serviceContextWithShop } from '../../../test/service-context.js';
import { cancelBooking, getBooking } from './bookings.admin.service.js';
import { book, cancelOwn } from './bookings.service.js';
import { romeInstant } from './rome-time.js';

/**
 * Bookings as services with a plain context (issue 16): a slot goes to one customer only, the
 * customer cancels only within the service's window (spec §4), and a pharmacist reaches only the
 * reservations of their own shop.
 */
describe('bookings, domain: slots, cancel window, shop scope', () => {
  let d: DomainContext;
  let shopId: number;
  let serviceId: number;
  let staffId: number;

  // A Wednesday; the service may be cancelled up to 1 day before.
  const DAY = '2031-03-05';
  const at = (day: string, time: string) => new Date(romeInstant(day, time));

  beforeAll(async () => {
    ({ d, shopId } = await serviceContextWithShop('Farmacia della Stazione'));
    ({ serviceId } = await createBookableService(d.ctx, { shopId }));
    staffId = await createStaff(d.ctx, shopId, [serviceId]); // 09:00–13:00 every day
  });
  afterAll(() => d.close());

  const customer = async () => (await createUser(d.ctx, { shopId })).user.id;
  const slot = (start: string) => ({ staff_id: staffId, day: DAY, start_appointment: start, note: undefined });

  it('gives a slot to the first customer; the second is told it is taken', async () => {
    const now = at('2031-03-03', '10:00');
    const first = await book(d.ctx, await customer(), serviceId, slot('09:00'), now);
    expect(first).toMatchObject({ day: DAY, start_appointment: '09:00:00', status: 'booked' });
    await expect(book(d.ctx, await customer(), serviceId, slot('09:00'), now)).rejects.toMatchObject({
      code: BookingErrorCode.SLOT_TAKEN,
    });
  });

  it('lets the customer cancel up to the day before, not on the day; the slot is free again', async () => {
    const userId = await customer();
    const early = await book(d.ctx, userId, serviceId, slot('10:00'), at('2031-03-03', '10:00'));
    const cancelled = await cancelOwn(d.ctx, userId, early.id, at('2031-03-04', '18:00'));
    expect(cancelled.status).toBe('cancelled');
    await book(d.ctx, await customer(), serviceId, slot('10:00'), at('2031-03-04', '18:00'));

    const late = await book(d.ctx, userId, serviceId, slot('11:00'), at('2031-03-03', '10:00'));
    await expect(cancelOwn(d.ctx, userId, late.id, at(DAY, '08:00'))).rejects.toMatchObject({ code: BookingErrorCode.NOT_CANCELLABLE });
  });

  it("never lets a pharmacist read or cancel another shop's reservation", async () => {
    const booked = await book(d.ctx, await customer(), serviceId, slot('12:00'), at('2031-03-03', '10:00'));
    const otherShop = await createShop(d.ctx, 'Farmacia Lontana');
    const stranger = d.as({ id: (await createPharmacist(d.ctx, otherShop)).user.id, shopId: otherShop, role: 'pharmacist' });
    d.clock.set(at('2031-03-03', '10:00'));
    // A shop_id sent by a pharmacist is ignored: they work on their own shop only.
    await expect(getBooking(stranger, booked.id, shopId)).rejects.toMatchObject({ kind: ErrorCode.NOT_FOUND });
    await expect(cancelBooking(stranger, booked.id, shopId)).rejects.toMatchObject({ kind: ErrorCode.NOT_FOUND });

    const own = d.as({ id: (await createPharmacist(d.ctx, shopId)).user.id, shopId, role: 'pharmacist' });
    expect((await getBooking(own, booked.id)).status).toBe('booked');
  });
});
