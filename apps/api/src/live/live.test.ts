import type { LiveEvent, LiveMessage } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, secondInstance, type TestApp, testEngine } from '../../test/build-test-app.js';
import { createBookableService, createStaff, everyDay, setRomeNow } from '../../test/factories/bookings.js';
import { createProduct } from '../../test/factories/cart.js';
import { createCustomer, type TestCustomer } from '../../test/factories/customers.js';
import { placeOrder, setOrderShipping } from '../../test/factories/orders.js';
import { bearer, type CreatedUser, createPharmacist, createShop } from '../../test/factories/users.js';
import { readLiveStream, type TestLiveStream } from '../../test/live-stream.js';
import { lastEventIdOf } from './live.plugin.js';

const events = (messages: LiveMessage[]) => messages.map((m): LiveEvent | 'reset' => (m.kind === 'event' ? m.event : 'reset'));
const IN_SHOP = { shippingType: 'inShop', shippingMethod: 'ritiro', paymentType: 'payInShop' } as const;

describe(`live updates by Server-Sent Events (${testEngine})`, () => {
  let t: TestApp;
  let shopA: number;
  let shopB: number;
  let staffA: CreatedUser;
  let staffB: CreatedUser;
  let alice: TestCustomer;
  let bob: TestCustomer;
  let carol: TestCustomer;
  const streams: TestLiveStream[] = [];
  const open = async (path: string, token: string, lastEventId?: string) => {
    const s = await readLiveStream(t.app, path, token, lastEventId);
    streams.push(s);
    return s;
  };
  const order = async (who: TestCustomer) => placeOrder(t.app, who.token, IN_SHOP, [{ product: await createProduct(t.app), quantity: 1 }]);

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    shopA = await createShop(t.app, 'Farmacia Alfa');
    shopB = await createShop(t.app, 'Farmacia Beta');
    for (const shop of [shopA, shopB]) await setOrderShipping(t.app, shop);
    staffA = await createPharmacist(t.app, shopA);
    staffB = await createPharmacist(t.app, shopB);
    alice = await createCustomer(t.app, { shopId: shopA, name: 'Alice Verdi' });
    bob = await createCustomer(t.app, { shopId: shopA, name: 'Bob Neri' });
    carol = await createCustomer(t.app, { shopId: shopB, name: 'Carol Bianchi' });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  it('refuses a stream without a valid token (401) and the staff stream to a customer (403), as JSON', async () => {
    expect((await open('/live', 'non.un.token')).status).toBe(401);
    expect((await open('/admin/live', alice.token)).status).toBe(403);
  });

  it("sends a new order to its shop's staff and its customer only, then its moves", async () => {
    const [a, b, mine, other] = [
      await open('/admin/live', staffA.token),
      await open('/admin/live', staffB.token),
      await open('/live', alice.token),
      await open('/live', bob.token),
    ];
    const id = await order(alice);
    expect(events(await a.next(1))).toEqual([{ topic: 'order', action: 'created', id }]);
    expect(events(await mine.next(1))).toEqual([{ topic: 'order', action: 'created', id }]);

    const take = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/take-charge`, headers: bearer(staffA.token) });
    expect(take.statusCode).toBe(200);
    expect(events(await mine.next(2))[1]).toEqual({ topic: 'order', action: 'changed', id });
    expect(events(await a.next(2))[1]).toEqual({ topic: 'order', action: 'changed', id });

    // Markers that bob's stream and shop B's do get: had they been sent alice's order, it would come first.
    const bobs = await order(bob);
    const carols = await order(carol);
    expect(events(await other.next(1))).toEqual([{ topic: 'order', action: 'created', id: bobs }]);
    expect(events(await b.next(1))).toEqual([{ topic: 'order', action: 'created', id: carols }]);
    expect(events(await a.next(3))[2]).toEqual({ topic: 'order', action: 'created', id: bobs });
    expect(events(mine.messages)).toHaveLength(2);
  });

  it('resumes after a drop from Last-Event-ID: what was missed, in order, nothing twice', async () => {
    const first = await open('/admin/live', staffA.token);
    const id1 = await order(alice);
    const [seen] = await first.next(1);
    first.close();
    if (seen?.kind !== 'event') throw new Error('expected an event');
    expect(seen.event.id).toBe(id1);

    const id2 = await order(bob);
    const take = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${id1}/take-charge`, headers: bearer(staffA.token) });
    expect(take.statusCode).toBe(200);
    await order(carol); // another shop's: never replayed to shop A

    const resumed = await open('/admin/live', staffA.token, seen.eventId);
    expect(events(await resumed.next(2))).toEqual([
      { topic: 'order', action: 'created', id: id2 },
      { topic: 'order', action: 'changed', id: id1 },
    ]);
    // And it goes on live after the replay.
    const id3 = await order(alice);
    expect(events(await resumed.next(3))[2]).toEqual({ topic: 'order', action: 'created', id: id3 });
  });

  it('tells a client whose events were already pruned to refetch everything (reset)', async () => {
    await order(alice);
    await t.app.live.prune(new Date(Date.now() + 60 * 60_000));
    const stale = await open('/live', alice.token, '1');
    expect(await stale.next(1)).toEqual([{ kind: 'reset' }]);
  });

  it("sends a customer's booking and the shop's cancellation of it to the shop's staff and to that customer", async () => {
    const { serviceId } = await createBookableService(t.app, { shopId: shopA });
    const staffId = await createStaff(t.app, shopA, [serviceId], everyDay('09:00', '13:00'));
    setRomeNow(t.app, '2027-02-01', '08:00');
    const [a, b, mine] = [await open('/admin/live', staffA.token), await open('/admin/live', staffB.token), await open('/live', alice.token)];
    const booked = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${serviceId}`,
      headers: alice.auth,
      payload: { staff_id: staffId, day: '2027-02-10', start_appointment: '10:00' },
    });
    expect(booked.statusCode).toBe(201);
    const id = (booked.json() as { data: { id: number } }).data.id;
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/admin/reservations/${id}`, headers: bearer(staffA.token) });
    expect(cancelled.statusCode).toBe(200);
    const expected = [
      { topic: 'booking', action: 'created', id },
      { topic: 'booking', action: 'changed', id },
    ];
    expect(events(await a.next(2))).toEqual(expected);
    expect(events(await mine.next(2))).toEqual(expected);
    const carols = await order(carol);
    expect(events(await b.next(1))).toEqual([{ topic: 'order', action: 'created', id: carols }]);
  });

  it('reads only a decimal Last-Event-ID', () => {
    expect(lastEventIdOf('42')).toBe(42);
    expect(lastEventIdOf(' 7 ')).toBe(7);
    expect(lastEventIdOf('abc')).toBeNull();
    expect(lastEventIdOf(undefined)).toBeNull();
    expect(lastEventIdOf('1e3')).toBeNull();
  });

  it('ends every open stream when the app closes, so the server can stop', async () => {
    const s = await open('/live', alice.token);
    expect(s.status).toBe(200);
    expect(t.app.live.size).toBeGreaterThan(0);
    s.close();
  });

  describe.skipIf(testEngine !== 'postgres')('across two instances on one PostgreSQL database', () => {
    it('delivers an order placed on instance 1 to a stream open on instance 2', async () => {
      const two = await secondInstance(t);
      try {
        await two.app.listen({ port: 0, host: '127.0.0.1' });
        const s = await readLiveStream(two.app, '/admin/live', staffA.token);
        streams.push(s);
        // Instance 1 hears its own commit through its listener too, not necessarily before instance 2:
        // a stream of its own shows when it has, so the stream opened below cannot still get 'created'.
        const here = await open('/admin/live', staffA.token);
        const id = await order(alice);
        expect(events(await s.next(1))).toEqual([{ topic: 'order', action: 'created', id }]);
        expect(events(await here.next(1))).toEqual([{ topic: 'order', action: 'created', id }]);
        // And a move made on instance 2 reaches a stream on instance 1.
        const back = await open('/live', alice.token);
        const take = await two.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/take-charge`, headers: bearer(staffA.token) });
        expect(take.statusCode).toBe(200);
        expect(events(await back.next(1))).toEqual([{ topic: 'order', action: 'changed', id }]);
      } finally {
        await two.close();
      }
    });
  });
});
