import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { createBookableService, createStaff, everyDay, setRomeNow, slotTimes } from '../../../test/factories/bookings.js';

/**
 * Decision 0600: a day's free slots are kept per service and day while the slot rules' and the
 * staff's busy versions stay — computed without "now", which still cuts them on every request: a
 * slot that started since the day was kept is no longer offered, and a day gone by offers nothing.
 */
const DAY = '2027-02-10';

describe(`a kept day's slots and the clock (${testEngine})`, () => {
  let t: TestApp;
  let serviceId: number;

  const reservationTimes = async () => {
    const res = await t.app.inject({ url: `/api/reservations/${serviceId}/${DAY}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { availableSlots: { time: string }[] }).availableSlots.map((s) => s.time);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    setRomeNow(t.app, DAY, '08:00');
    let shopId: number;
    ({ serviceId, shopId } = await createBookableService(t.app, { duration: 30, paddingAfter: 0 }));
    await createStaff(t.app, shopId, [serviceId], everyDay('09:00', '13:00'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('drops the slots that started since the day was kept, on both slot routes', async () => {
    const all = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
    expect(await slotTimes(t.app, serviceId, DAY)).toEqual(all);
    expect(await reservationTimes()).toEqual(all);

    setRomeNow(t.app, DAY, '10:00');
    expect(await slotTimes(t.app, serviceId, DAY)).toEqual(['10:30', '11:00', '11:30', '12:00', '12:30']);
    expect(await reservationTimes()).toEqual(['10:30', '11:00', '11:30', '12:00', '12:30']);
    setRomeNow(t.app, DAY, '12:29');
    expect(await slotTimes(t.app, serviceId, DAY)).toEqual(['12:30']);
    setRomeNow(t.app, DAY, '12:30');
    expect(await slotTimes(t.app, serviceId, DAY)).toEqual([]);
  });

  it('offers nothing on a day gone by or beyond the calendar range, and the whole day inside it', async () => {
    setRomeNow(t.app, '2027-02-11', '00:00');
    expect(await slotTimes(t.app, serviceId, DAY)).toEqual([]);
    setRomeNow(t.app, '2027-02-09', '23:59');
    expect(await slotTimes(t.app, serviceId, DAY)).toHaveLength(8);
    // The range ends with the month after next: on 30 November, 10 February is not bookable yet.
    setRomeNow(t.app, '2026-11-30', '08:00');
    expect(await slotTimes(t.app, serviceId, DAY)).toEqual([]);
    setRomeNow(t.app, '2026-12-01', '08:00');
    expect(await slotTimes(t.app, serviceId, DAY)).toHaveLength(8);
  });
});
