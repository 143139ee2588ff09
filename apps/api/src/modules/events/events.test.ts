import { ApiErrorBodySchema, EventResponseSchema, EventsResponseSchema } from '@farmacia/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { createBookableService, createEventOn, setRomeNow } from '../../../test/factories/bookings.js';
import { ensureShop } from '../../../test/factories/customers.js';

describe(`events (${testEngine})`, () => {
  const t = useTestApp();
  let shopId: number;
  let otherShopId: number;
  let serviceId: number;
  let upcoming: number;
  let later: number;
  let over: number;
  let farAway: number;

  beforeAll(async () => {
    setRomeNow(t.app, '2027-02-01', '10:00');
    shopId = await ensureShop(t.app, 'Farmacia Prima');
    otherShopId = await ensureShop(t.app, 'Farmacia Seconda');
    ({ serviceId } = await createBookableService(t.app, { shopId, name: 'Analisi della pelle', duration: 20 }));
    upcoming = await createEventOn(t.app, shopId, [serviceId], '2027-02-13', '09:00', '13:00', 'Giornata della pelle');
    later = await createEventOn(t.app, shopId, [], '2027-03-20', '15:00', '18:00', 'Screening udito');
    over = await createEventOn(t.app, shopId, [serviceId], '2027-01-20', '09:00', '13:00', 'Evento passato');
    // Beyond the calendar range (current month and the next two): not bookable yet.
    farAway = await createEventOn(t.app, shopId, [serviceId], '2027-06-05', '09:00', '13:00', 'Evento lontano');
    await createEventOn(t.app, otherShopId, [], '2027-02-14', '09:00', '12:00', 'Altra farmacia');
  });

  it('lists the shop’s events with availabilities still to come, with their services', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/event/getAll' });
    const { data } = EventsResponseSchema.parse(res.json());
    expect(data.map((e) => e.id)).toEqual([upcoming, later]);
    expect(data[0]).toMatchObject({
      name: 'Giornata della pelle',
      description: '<p>Consulenze gratuite.</p>',
      availabilities: [{ start_at: '2027-02-13T08:00:00.000Z', end_at: '2027-02-13T12:00:00.000Z' }],
    });
    expect(data[0]?.services.map((s) => s.name)).toEqual(['Analisi della pelle']);
    expect(data[1]?.services).toEqual([]);
    expect(data.map((e) => e.id)).not.toContain(over);
    expect(data.map((e) => e.id)).not.toContain(farAway);
  });

  it('lists another shop’s events by shop id', async () => {
    const { data } = EventsResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/event/getAll/${otherShopId}` })).json());
    expect(data.map((e) => e.name)).toEqual(['Altra farmacia']);
    expect((await t.app.inject({ method: 'GET', url: '/api/event/getAll/9999' })).statusCode).toBe(404);
  });

  it('finds one event as data.data', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/event/findOne/${upcoming}` });
    expect(res.statusCode).toBe(200);
    expect(EventResponseSchema.parse(res.json()).data.id).toBe(upcoming);
    const past = EventResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/event/findOne/${over}` })).json());
    expect(past.data.availabilities).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/event/findOne/9999' })).statusCode).toBe(404);
  });

  it("answers \"L'ID dell'evento è richiesto.\" without a valid id", async () => {
    for (const url of ['/api/event/findOne', '/api/event/findOne/abc', '/api/event/findOne/0']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(422);
      expect(ApiErrorBodySchema.parse(res.json()).errors?.id, url).toEqual(["L'ID dell'evento è richiesto."]);
    }
  });
});
