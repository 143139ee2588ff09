import { ApiErrorBodySchema, BookingPayloadSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { type DatabaseHandle, openDatabase } from '../../db/database.js';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { createBookableService, createStaff, everyDay, setRomeNow } from '../../../test/factories/bookings.js';
import { createCustomer, type TestCustomer } from '../../../test/factories/customers.js';
import { book } from './bookings.service.js';
import { staffBookingQueue } from './staff-queue.js';

// The pool and its starvation are PostgreSQL's: SQLite has one connection, and while a booking's
// transaction is open every other query of the process waits for it anyway (decision 0180); its
// bookings' outcome under a burst is checked by bookings.test.ts on both engines.
describe.runIf(testEngine === 'postgres')('a burst of bookings for one staff member (postgres)', () => {
  let t: TestApp;
  // The instance under test, on its own handle so the test can read its pool's counts.
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let customers: TestCustomer[];
  let serviceId: number;
  let staffId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    database = openDatabase(t.config.engine, t.config.databaseUrl);
    app = await buildApp(t.config, { database, logger: false });
    await app.ready();
    let shopId: number;
    ({ serviceId, shopId } = await createBookableService(app, { duration: 30, paddingAfter: 0 }));
    staffId = await createStaff(app, shopId, [serviceId], everyDay('09:00', '13:00'));
    customers = [];
    for (let i = 0; i < 5; i++) customers.push(await createCustomer(app, { shopId, name: `Cliente ${i + 1}` }));
    setRomeNow(app, '2027-02-01', '08:00');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await t?.close();
  });

  it('waits in line without the pool: the rest of the instance answers, and the 50 end as 1 × 201 + 49 × 409', async () => {
    const slot = { staff_id: staffId, day: '2027-02-11', start_appointment: '10:00' };
    // The first booking holds its transaction (and the staff member's row lock) open until released.
    let entered!: () => void;
    let release!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = book(app, customers[0]!.id, serviceId, BookingPayloadSchema.parse(slot), app.clock.now(), {
      inTransaction: async () => {
        entered();
        await held;
      },
    });
    await inside;

    const others = Array.from({ length: 49 }, (_, i) =>
      app.inject({ method: 'POST', url: `/api/reservations/${serviceId}`, headers: customers[i % customers.length]!.auth, payload: slot }),
    );
    const queue = staffBookingQueue(app.db);
    try {
      await vi.waitFor(() => expect(queue.length(staffId)).toBe(50), { timeout: 30_000, interval: 20 });
      await vi.waitFor(() => expect(database.poolStats!().waiting).toBe(0), { timeout: 30_000, interval: 20 });
      // 49 bookings are waiting, yet only the held one has a connection checked out…
      const pool = database.poolStats!();
      expect(pool.total - pool.idle).toBe(1);
      // …so the rest of the instance answers: a slot read and the shops' list.
      expect((await app.inject({ method: 'GET', url: `/api/reservations/${serviceId}/2027-02-12` })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/shops' })).statusCode).toBe(200);
    } finally {
      release();
    }
    expect((await first).start_appointment).toBe('10:00:00');
    const statuses = await Promise.all(others);
    expect(statuses.map((r) => r.statusCode)).toEqual(Array(49).fill(409));
    for (const r of statuses) expect(ApiErrorBodySchema.parse(r.json()).code).toBe('RESERVATION_SLOT_TAKEN');
    // The line is gone once the burst has drained: nothing is left waiting for this member.
    await vi.waitFor(() => expect(queue.length(staffId)).toBe(0));
  });

  it('lets the next booking in when one is refused or fails', async () => {
    const queue = staffBookingQueue(app.db);
    const post = (who: TestCustomer, service: number, start: string) =>
      app.inject({
        method: 'POST',
        url: `/api/reservations/${service}`,
        headers: who.auth,
        payload: { staff_id: staffId, day: '2027-02-12', start_appointment: start },
      });
    expect((await post(customers[0]!, 999_999, '10:00')).statusCode).toBe(404);
    expect((await post(customers[0]!, serviceId, '20:00')).statusCode).toBe(422);
    expect((await post(customers[1]!, serviceId, '10:00')).statusCode).toBe(201);
    await vi.waitFor(() => expect(queue.length(staffId)).toBe(0));
  });
});
