import { ApiErrorBodySchema, messages, type OpeningHours, StaffAlertSettingsResponseSchema } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { createBookableService, createStaff, everyDay, setRomeNow } from '../../../test/factories/bookings.js';
import { createProduct } from '../../../test/factories/cart.js';
import { createCustomer, type TestCustomer } from '../../../test/factories/customers.js';
import { insertOrder, placeOrder, setOrderShipping } from '../../../test/factories/orders.js';
import { closedPort, startFakeSmtp } from '../../../test/factories/smtp-server.js';
import { bearer, createAdmin, createPharmacist, createShop, type CreatedUser } from '../../../test/factories/users.js';
import { type PushReceiver, startPushReceiver, type TestSubscription } from '../../../test/push-receiver.js';
import { flushOutbox } from '../../notify/index.js';
import { notifyUser } from '../notifications/notifications.service.js';
import { romeInstant } from '../bookings/rome-time.js';
import { createShopService } from '../services/services.service.js';
import { escalateWaitingOrders } from './staff-alerts.service.js';

/** Mon–Sat 09:00–13:00 and 15:00–19:00, Sunday closed (Europe/Rome). */
const HOURS: OpeningHours = {
  timezone: 'Europe/Rome',
  text: 'Lun–Sab 9–13, 15–19',
  week: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    day,
    label: '',
    intervals:
      day === 7
        ? []
        : [
            { from: '09:00', to: '13:00' },
            { from: '15:00', to: '19:00' },
          ],
  })),
};
const TODAY = '2027-02-01'; // a Monday
const DAY = '2027-02-10';

interface Shop {
  id: number;
  email: string;
  pharmacist: CreatedUser;
  colleague: CreatedUser;
  sub: TestSubscription;
}

async function setUpShop(t: TestApp, push: PushReceiver, name: string, email: string): Promise<Shop> {
  const id = await createShop(t.app, name);
  await t.app.db.updateTable('shops').set({ email }).where('id', '=', id).execute();
  await t.app.db
    .insertInto('options')
    .values({ shop_id: id, key: 'open_on', value: JSON.stringify(HOURS), updated_at: new Date().toISOString() })
    .execute();
  await setOrderShipping(t.app, id);
  const pharmacist = await createPharmacist(t.app, id);
  const colleague = await createPharmacist(t.app, id);
  const sub = push.subscribe(name);
  const on = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/staff-alerts/push',
    headers: bearer(pharmacist.token),
    payload: { device: 'banco-principale', subscription: { endpoint: sub.endpoint, keys: sub.keys } },
  });
  expect(on.statusCode).toBe(200);
  return { id, email, pharmacist, colleague, sub };
}

const outboxRows = (t: TestApp, afterId = 0) =>
  t.app.db.selectFrom('outbox').selectAll().where('id', '>', afterId).orderBy('id').execute();
const lastId = async (t: TestApp) =>
  (await t.app.db.selectFrom('outbox').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst())?.id ?? 0;
/** What one action queued, as [channel, recipient, subject or push title]. */
const queuedBy = async (t: TestApp, action: () => Promise<unknown>) => {
  const before = await lastId(t);
  await action();
  return (await outboxRows(t, before)).map((r) => ({
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject ?? (JSON.parse(r.payload ?? '{}') as { title?: string }).title,
    text: r.body_text ?? (JSON.parse(r.payload ?? '{}') as { body?: string }).body,
    url: r.payload ? (JSON.parse(r.payload) as { url?: string }).url : undefined,
  }));
};

describe(`staff alerts (${testEngine})`, () => {
  let t: TestApp;
  let push: PushReceiver;
  let a: Shop;
  let b: Shop;
  let alice: TestCustomer;

  beforeAll(async () => {
    t = await buildTestApp({ pushAllowInsecureEndpoints: true, outboxWorker: false, publicUrl: 'https://farmacia.example.it' });
    push = await startPushReceiver();
    setRomeNow(t.app, TODAY, '08:00');
    a = await setUpShop(t, push, 'Farmacia Centrale', 'centrale@farmacia.example.it');
    b = await setUpShop(t, push, 'Farmacia del Porto', 'porto@farmacia.example.it');
    alice = await createCustomer(t.app, { shopId: a.id, name: 'Alice Verdi' });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  const staffOf = (shop: Shop) => [shop.email, shop.sub.endpoint];

  describe('each customer event alerts its shop once', () => {
    it('a checkout with a prescription: one mail to the shop address and one push to the pharmacist who turned it on', async () => {
      const product = await createProduct(t.app, { priceCents: 1250 });
      const cf = await t.app.db.selectFrom('fiscal_codes').select('codice_fiscale').where('user_id', '=', alice.id).executeTakeFirstOrThrow();
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/cart/prescriptions',
        headers: alice.auth,
        payload: { nre: '1234A5678901234', fse_consent: false, codice_fiscale: cf.codice_fiscale, note: 'Urgente', equivalent: true, file: null },
      });
      expect(added.statusCode).toBeLessThan(300);
      let id = 0;
      const queued = await queuedBy(t, async () => {
        id = await placeOrder(t.app, alice.token, { shippingType: 'inShop', shippingMethod: 'ritiro', paymentType: 'payInShop' }, [
          { product, quantity: 2 },
        ]);
      });
      const staff = queued.filter((q) => staffOf(a).includes(q.recipient) || staffOf(b).includes(q.recipient));
      expect(staff).toEqual([
        {
          channel: 'email',
          recipient: a.email,
          subject: `Nuovo ordine n. ${id}`,
          text: expect.stringMatching(new RegExp(`^È arrivato un nuovo ordine, n. ${id} \\(prodotti: 1, ricette: 1\\), totale 25,00\\s€\\.`)),
          url: undefined,
        },
        { channel: 'push', recipient: a.sub.endpoint, subject: `Nuovo ordine n. ${id}`, text: expect.any(String), url: `/backoffice/ordini/${id}` },
      ]);
      expect(staff[0]?.text).toContain(`Apri nel back office: https://farmacia.example.it/backoffice/ordini/${id}`);
      // No health data leaves the back office: neither the prescription's note nor the customer's name.
      expect(staff.map((s) => s.text).join()).not.toMatch(/Urgente|Alice|1234A/);
      // The customer still gets their own acknowledgement.
      expect(queued.some((q) => q.recipient === alice.email)).toBe(true);
    });

    it('a booking and its cancellation by the customer alert the shop of the service; a back-office booking does not', async () => {
      const { serviceId } = await createBookableService(t.app, { shopId: a.id, name: 'Misurazione della pressione', bookingCancellations: 1 });
      const staffId = await createStaff(t.app, a.id, [serviceId], everyDay('09:00', '13:00'));
      let reservationId = 0;
      const booked = await queuedBy(t, async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/reservations/${serviceId}`,
          headers: alice.auth,
          payload: { staff_id: staffId, day: DAY, start_appointment: '10:30', note: 'Soffro di ipertensione' },
        });
        expect(res.statusCode).toBe(201);
        reservationId = (res.json() as { data: { id: number } }).data.id;
      });
      expect(booked.filter((q) => q.recipient !== alice.email)).toEqual([
        expect.objectContaining({ channel: 'email', recipient: a.email, subject: 'Nuova prenotazione: Misurazione della pressione' }),
        expect.objectContaining({ channel: 'push', recipient: a.sub.endpoint, url: '/backoffice/agenda' }),
      ]);
      expect(booked.find((q) => q.recipient === a.email)?.text).toContain('il 10/02/2027 alle 10:30');
      expect(booked.map((q) => q.text).join()).not.toContain('ipertensione');

      const cancelled = await queuedBy(t, async () => {
        const res = await t.app.inject({ method: 'DELETE', url: `/api/reservations/${reservationId}`, headers: alice.auth });
        expect(res.statusCode).toBe(200);
      });
      expect(cancelled.filter((q) => q.recipient !== alice.email)).toEqual([
        expect.objectContaining({ channel: 'email', recipient: a.email, subject: 'Prenotazione annullata: Misurazione della pressione' }),
        expect.objectContaining({ channel: 'push', recipient: a.sub.endpoint }),
      ]);

      const byShop = await queuedBy(t, async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/admin/reservations',
          headers: bearer(a.pharmacist.token),
          payload: { customer_id: alice.id, service_id: serviceId, staff_id: staffId, day: DAY, start_appointment: '11:30' },
        });
        expect(res.statusCode).toBeLessThan(300);
      });
      expect(byShop.filter((q) => staffOf(a).includes(q.recipient))).toEqual([]);
    });

    it('an information request alerts the shop of the service, with its back-office inbox', async () => {
      const shopServiceId = await createShopService(t.app.db, {
        shopId: b.id,
        categoryId: null,
        groupId: null,
        name: 'Noleggio tiralatte',
        description: '<p>Tiralatte</p>',
        priceCents: null,
      });
      const queued = await queuedBy(t, async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/shopservices',
          headers: alice.auth,
          payload: { shop_service_id: shopServiceId, shop_service_name: 'Noleggio tiralatte', note: 'Per mia figlia' },
        });
        expect(res.statusCode).toBe(201);
      });
      expect(queued.filter((q) => q.recipient !== alice.email)).toEqual([
        expect.objectContaining({ channel: 'email', recipient: b.email, subject: 'Richiesta di informazioni: Noleggio tiralatte' }),
        expect.objectContaining({ channel: 'push', recipient: b.sub.endpoint, url: '/backoffice/negozio/richieste' }),
      ]);
    });

    it('follows the shop settings: the events it wants, its alert address, the pharmacist who turned push off', async () => {
      const settings = (payload: object) =>
        t.app.inject({ method: 'PUT', url: '/api/admin/staff-alerts', headers: bearer(a.pharmacist.token), payload });
      const order = async () => {
        const product = await createProduct(t.app);
        let id = 0;
        const queued = await queuedBy(t, async () => {
          id = await placeOrder(t.app, alice.token, { shippingType: 'inShop', shippingMethod: 'ritiro', paymentType: 'payInShop' }, [
            { product, quantity: 1 },
          ]);
        });
        return { id, staff: queued.filter((q) => q.recipient !== alice.email) };
      };
      expect((await settings({ events: { order: false } })).statusCode).toBe(200);
      expect((await order()).staff).toEqual([]);

      expect((await settings({ email: 'Avvisi@Farmacia.example.it', events: { order: true } })).statusCode).toBe(200);
      const off = await t.app.inject({ method: 'DELETE', url: '/api/admin/staff-alerts/push?device=banco-principale', headers: bearer(a.pharmacist.token) });
      expect(off.json()).toEqual({ active: false });
      const placed = await order();
      expect(placed.staff).toEqual([
        expect.objectContaining({ channel: 'email', recipient: 'avvisi@farmacia.example.it', subject: `Nuovo ordine n. ${placed.id}` }),
      ]);
      // Restore shop A for the tests below.
      await t.app.inject({
        method: 'PUT',
        url: '/api/admin/staff-alerts',
        headers: bearer(a.pharmacist.token),
        payload: { email: '' },
      });
      await t.app.inject({
        method: 'PUT',
        url: '/api/admin/staff-alerts/push',
        headers: bearer(a.pharmacist.token),
        payload: { device: 'banco-principale', subscription: { endpoint: a.sub.endpoint, keys: a.sub.keys } },
      });
    });
  });

  describe('escalation of an order nobody took in charge', () => {
    const at = (day: string, time: string) => new Date(romeInstant(day, time));
    const enable = (shop: Shop, minutes: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/staff-alerts',
        headers: bearer(shop.pharmacist.token),
        payload: { escalation_enabled: true, escalation_minutes: minutes },
      });

    it('waits for the delay in opening time, never outside opening hours, then tells every pharmacist of the shop once', async () => {
      expect((await enable(a, 30)).statusCode).toBe(200);
      // Saturday 18:50: 10 open minutes before closing, Sunday closed, Monday opens at 09:00.
      const order = await insertOrder(t.app, { userId: alice.id, shopId: a.id, created_at: at('2027-02-06', '18:50').toISOString() });
      // Counts what was queued about this order only (earlier tests left other orders waiting).
      const escalationsOf = async (now: Date) => {
        const queued = (await queuedBy(t, () => escalateWaitingOrders(t.app, now))).filter((q) =>
          q.subject?.includes(`ordine n. ${order.id} `),
        );
        return { count: queued.length > 0 ? 1 : 0, queued };
      };
      expect((await escalationsOf(at('2027-02-06', '19:00'))).count).toBe(0);
      expect((await escalationsOf(at('2027-02-06', '19:30'))).count).toBe(0); // 40 minutes later but closed
      expect((await escalationsOf(at('2027-02-07', '11:00'))).count).toBe(0); // Sunday
      expect((await escalationsOf(at('2027-02-08', '09:19'))).count).toBe(0); // 10 + 19 open minutes
      const due = await escalationsOf(at('2027-02-08', '09:20'));
      expect(due.count).toBe(1);
      const staffMails = [a.pharmacist.user.email, a.colleague.user.email].sort();
      expect(due.queued.filter((q) => q.channel === 'email').map((q) => q.recipient).sort()).toEqual(staffMails);
      expect(due.queued.filter((q) => q.channel === 'push').map((q) => q.recipient)).toEqual([a.sub.endpoint]);
      expect(due.queued[0]?.subject).toBe(`Sollecito: ordine n. ${order.id} non ancora preso in carico`);
      expect(due.queued[0]?.text).toContain(`https://farmacia.example.it/backoffice/ordini/${order.id}`);
      expect(due.queued.map((q) => q.recipient)).not.toContain(b.pharmacist.user.email);
      // Once per order.
      expect((await escalationsOf(at('2027-02-08', '10:30'))).count).toBe(0);
    });

    it('skips an order taken in charge, a shop with escalation off, and escalates once when two instances run together', async () => {
      const taken = await insertOrder(t.app, { userId: alice.id, shopId: a.id, created_at: at('2027-02-08', '09:00').toISOString() });
      const take = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${taken.id}/take-charge`, headers: bearer(a.colleague.token) });
      expect(take.statusCode).toBe(200);
      const waiting = await insertOrder(t.app, { userId: alice.id, shopId: a.id, created_at: at('2027-02-08', '09:00').toISOString() });
      const otherShop = await insertOrder(t.app, { userId: alice.id, shopId: b.id, created_at: at('2027-02-08', '09:00').toISOString() });
      const now = at('2027-02-08', '12:00');
      const queued = await queuedBy(t, () => Promise.all([escalateWaitingOrders(t.app, now), escalateWaitingOrders(t.app, now)]));
      const aboutWaiting = queued.filter((q) => q.subject?.includes(`ordine n. ${waiting.id} `));
      expect(aboutWaiting.filter((q) => q.channel === 'email')).toHaveLength(2);
      expect(aboutWaiting.filter((q) => q.channel === 'push')).toHaveLength(1);
      expect(queued.some((q) => q.subject?.includes(`ordine n. ${taken.id} `) || q.subject?.includes(`ordine n. ${otherShop.id} `))).toBe(false);
      const rows = await t.app.db.selectFrom('staff_alert_escalations').select('order_id').execute();
      const ids = rows.map((r) => r.order_id);
      expect(ids).toContain(waiting.id);
      expect(ids).not.toContain(taken.id);
      expect(ids).not.toContain(otherShop.id);
    });
  });

  describe('settings', () => {
    it('answers the defaults with the shop address, and refuses bad values with Italian messages on the fields', async () => {
      const got = await t.app.inject({ method: 'GET', url: '/api/admin/staff-alerts', headers: bearer(b.pharmacist.token) });
      expect(StaffAlertSettingsResponseSchema.parse(got.json()).data).toEqual({
        shop_id: b.id,
        email: null,
        shop_email: b.email,
        events: { order: true, booking: true, bookingCancelled: true, infoRequest: true },
        escalation_enabled: false,
        escalation_minutes: 30,
      });
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/staff-alerts',
        headers: bearer(b.pharmacist.token),
        payload: { email: 'non è una email', escalation_minutes: 0, events: { order: 'sì' } },
      });
      expect(bad.statusCode).toBe(422);
      const body = ApiErrorBodySchema.parse(bad.json());
      expect(body.errors).toMatchObject({
        email: ['Inserire un indirizzo email valido, o lasciare vuoto per usare quello della farmacia.'],
        escalation_minutes: ['Inserire un numero intero di minuti tra 5 e 1440.'],
        'events.order': ['Valore non valido.'],
      });
    });

    it('keeps each shop to its own staff: a pharmacist cannot reach another shop, a customer is refused, an admin picks the shop', async () => {
      const sneaky = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/staff-alerts',
        headers: bearer(b.pharmacist.token),
        payload: { shop_id: a.id, email: 'intruso@example.it' },
      });
      expect(StaffAlertSettingsResponseSchema.parse(sneaky.json()).data.shop_id).toBe(b.id);
      const ofA = await t.app.inject({ method: 'GET', url: `/api/admin/staff-alerts?shop_id=${a.id}`, headers: bearer(b.pharmacist.token) });
      expect(StaffAlertSettingsResponseSchema.parse(ofA.json()).data.shop_id).toBe(b.id);
      const stored = await t.app.db.selectFrom('staff_alert_settings').select(['shop_id', 'email']).where('shop_id', '=', a.id).executeTakeFirst();
      expect(stored?.email).toBeNull();

      expect((await t.app.inject({ method: 'GET', url: '/api/admin/staff-alerts', headers: alice.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/staff-alerts' })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/admin/staff-alerts/push', headers: alice.auth, payload: {} })).statusCode,
      ).toBe(403);

      const admin = await createAdmin(t.app);
      const asAdmin = await t.app.inject({ method: 'GET', url: `/api/admin/staff-alerts?shop_id=${a.id}`, headers: bearer(admin.token) });
      expect(StaffAlertSettingsResponseSchema.parse(asAdmin.json()).data).toMatchObject({ shop_id: a.id, shop_email: a.email });
    });

    it("a pharmacist's push toggle is theirs and per browser, and customer notifications never reach it", async () => {
      const status = (who: CreatedUser) =>
        t.app.inject({ method: 'GET', url: '/api/admin/staff-alerts/push?device=banco-principale', headers: bearer(who.token) });
      expect((await status(a.pharmacist)).json()).toEqual({ active: true });
      expect((await status(a.colleague)).json()).toEqual({ active: false });
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/staff-alerts/push',
        headers: bearer(a.colleague.token),
        payload: { device: 'banco-principale', subscription: { endpoint: 'https://push.example.it/x', keys: { p256dh: 'abc', auth: 'def' } } },
      });
      expect(bad.statusCode).toBe(422);
      expect(ApiErrorBodySchema.parse(bad.json()).errors?.subscription).toEqual([messages.notifications.pushGenericProblem]);
      // What the pharmacist gets as a customer (their own orders) never goes to the console's browser.
      const before = await lastId(t);
      await notifyUser(t.app.db, a.pharmacist.user.id, { title: 'Ordine pronto', body: 'Il tuo ordine è pronto.' });
      expect((await outboxRows(t, before)).map((r) => r.recipient)).not.toContain(a.sub.endpoint);
    });
  });

  describe('with the mail server down', () => {
    it('keeps every alert and delivers them all once the server is back', async () => {
      const port = await closedPort();
      const down = await buildTestApp({ outboxWorker: false, smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'https://farmacia.example.it' });
      try {
        const shopId = await createShop(down.app, 'Farmacia Sotto Casa');
        await down.app.db.updateTable('shops').set({ email: 'sottocasa@farmacia.example.it' }).where('id', '=', shopId).execute();
        await setOrderShipping(down.app, shopId);
        const customer = await createCustomer(down.app, { shopId });
        const ids: number[] = [];
        for (let i = 0; i < 3; i++) {
          const product = await createProduct(down.app);
          ids.push(
            await placeOrder(down.app, customer.token, { shippingType: 'inShop', shippingMethod: 'ritiro', paymentType: 'payInShop' }, [
              { product, quantity: 1 },
            ]),
          );
        }
        const first = await flushOutbox(down.app);
        expect(first.sent).toBe(0);
        expect(first.retried).toBe(6); // three alerts and three customer acknowledgements
        const pending = await down.app.db.selectFrom('outbox').select(['status']).where('recipient', '=', 'sottocasa@farmacia.example.it').execute();
        expect(pending.map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);

        const smtp = await startFakeSmtp(port);
        try {
          expect(await flushOutbox(down.app, { includeScheduled: true })).toEqual({ sent: 6, retried: 0, failed: 0 });
          const alerts = smtp.messages.filter((m) => m.includes('To: sottocasa@farmacia.example.it'));
          expect(alerts).toHaveLength(3);
          for (const id of ids) expect(alerts.some((m) => m.includes(`Subject: Nuovo ordine n. ${id}`))).toBe(true);
        } finally {
          await smtp.close();
        }
      } finally {
        await down.close();
      }
    });
  });
});
