import {
  ApiErrorBodySchema,
  messages,
  NotificationStatusResponseSchema,
  VapidPublicKeyResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { createCustomer, type TestCustomer } from '../../../test/factories/customers.js';
import { type PushReceiver, startPushReceiver, type TestSubscription } from '../../../test/push-receiver.js';
import { flushOutbox } from '../../notify/index.js';
import { loadVapidKeys } from '../../notify/push.js';
import { notifyUser } from './notifications.service.js';

const DEVICE_A = 'device-aaaa-1111';
const DEVICE_B = 'device-bbbb-2222';

describe(`notification settings and web push (${testEngine})`, () => {
  let t: TestApp;
  let push: PushReceiver;
  let customer: TestCustomer;

  beforeAll(async () => {
    t = await buildTestApp({ pushAllowInsecureEndpoints: true, outboxWorker: false });
    push = await startPushReceiver();
    customer = await createCustomer(t.app);
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  const get = async (c: TestCustomer, path: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/profile/notification/${path}`, headers: c.auth });
    expect(res.statusCode).toBe(200);
    return NotificationStatusResponseSchema.parse(res.json()).active;
  };
  const post = (c: TestCustomer, type: string, device: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/profile/notification/${type}/${device}`, headers: c.auth, payload: payload as object });
  const del = (c: TestCustomer, type: string, device: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/profile/notification/${type}/${device}`, headers: c.auth });
  const subscriptionJson = (s: TestSubscription) => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys });
  const outboxOf = (channel: 'email' | 'push' | 'sms') => t.app.db.selectFrom('outbox').selectAll().where('channel', '=', channel).orderBy('id').execute();

  it('needs a logged-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/profile/notification/email/${DEVICE_A}` });
    expect(res.statusCode).toBe(401);
  });

  it('starts with transactional email on, sms and push off', async () => {
    const fresh = await createCustomer(t.app);
    expect(await get(fresh, 'email')).toBe(true);
    expect(await get(fresh, `email/${DEVICE_A}`)).toBe(true);
    expect(await get(fresh, 'sms')).toBe(false);
    expect(await get(fresh, `push/${DEVICE_A}`)).toBe(false);
    expect(await get(fresh, 'push')).toBe(false);
  });

  it('keeps email and sms per account and push per device', async () => {
    const c = await createCustomer(t.app);
    expect((await del(c, 'email', DEVICE_A)).json()).toEqual({ active: false });
    // The same account seen from another device has email off too.
    expect(await get(c, `email/${DEVICE_B}`)).toBe(false);
    expect((await post(c, 'sms', DEVICE_B, { type: 'sms' })).json()).toEqual({ active: true });
    expect(await get(c, `sms/${DEVICE_A}`)).toBe(true);

    const sub = push.subscribe();
    const res = await post(c, 'push', DEVICE_A, { type: 'push', token: JSON.stringify(subscriptionJson(sub)) });
    expect(res.statusCode).toBe(200);
    expect(await get(c, `push/${DEVICE_A}`)).toBe(true);
    expect(await get(c, `push/${DEVICE_B}`)).toBe(false);
    expect(await get(c, 'push')).toBe(true);
    expect((await del(c, 'push', DEVICE_A)).json()).toEqual({ active: false });
    expect(await get(c, `push/${DEVICE_A}`)).toBe(false);
    expect(await get(c, 'push')).toBe(false);
  });

  it('refuses bad requests with Italian messages on the field', async () => {
    const noPhone = await createCustomer(t.app, { phone: null });
    const sms = await post(noPhone, 'sms', DEVICE_A, { type: 'sms' });
    expect(sms.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(sms.json()).errors?.type).toEqual([messages.notifications.smsNeedsPhone]);

    const missingToken = await post(customer, 'push', DEVICE_A, { type: 'push' });
    expect(missingToken.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(missingToken.json()).errors?.token).toEqual([messages.notifications.pushGenericProblem]);

    const mismatch = await post(customer, 'email', DEVICE_A, { type: 'sms' });
    expect(mismatch.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(mismatch.json()).errors?.type).toEqual([messages.notifications.typeMismatch]);

    const badKeys = await post(customer, 'push', DEVICE_A, {
      type: 'push',
      token: { endpoint: `${push.origin}/push/x`, keys: { p256dh: 'AAAA', auth: 'BBBB' } },
    });
    expect(badKeys.statusCode).toBe(422);

    expect((await post(customer, 'fax', DEVICE_A, { type: 'fax' })).statusCode).toBe(422);
    expect((await post(customer, 'email', 'x', { type: 'email' })).statusCode).toBe(422);
  });

  it('accepts only public HTTPS push services unless configured otherwise', async () => {
    const strict = await buildTestApp({ outboxWorker: false });
    try {
      const c = await createCustomer(strict.app);
      const sub = push.subscribe();
      const local = await strict.app.inject({
        method: 'POST',
        url: `/api/profile/notification/push/${DEVICE_A}`,
        headers: c.auth,
        payload: { type: 'push', token: subscriptionJson(sub) },
      });
      expect(local.statusCode).toBe(422);
      const fcm = await strict.app.inject({
        method: 'POST',
        url: `/api/profile/notification/push/${DEVICE_A}`,
        headers: c.auth,
        payload: { type: 'push', token: { ...subscriptionJson(sub), endpoint: 'https://fcm.googleapis.com/fcm/send/abc' } },
      });
      expect(fcm.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('delivers a real, VAPID-signed, encrypted push to the subscribed device', async () => {
    const keyRes = await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    const { publicKey } = VapidPublicKeyResponseSchema.parse(keyRes.json());
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);

    const sub = push.subscribe('greeted');
    const before = push.received.length;
    expect((await post(customer, 'push', DEVICE_A, { type: 'push', token: subscriptionJson(sub) })).statusCode).toBe(200);
    const run = await flushOutbox(t.app);
    expect(run.sent).toBeGreaterThanOrEqual(1);
    expect(push.rejected).toEqual([]);
    const greeting = push.received.slice(before).find((p) => p.path === '/push/greeted');
    expect(greeting?.vapidPublicKey).toBe(publicKey);
    expect(greeting?.jwtClaims.aud).toBe(push.origin);
    expect(greeting?.jwtClaims.sub).toMatch(/^mailto:/);
    expect(greeting?.payload).toEqual({
      title: 'Farmacia Test',
      body: 'Notifiche push attivate.',
      url: '/app/settings',
      tag: 'push-enabled',
    });
  });

  it('notifies on every enabled channel: each push device, sms, and email when on', async () => {
    const c = await createCustomer(t.app);
    const phoneSub = push.subscribe('phone');
    const laptopSub = push.subscribe('laptop');
    await post(c, 'push', DEVICE_A, { type: 'push', token: subscriptionJson(phoneSub) });
    await post(c, 'push', DEVICE_B, { type: 'push', token: subscriptionJson(laptopSub) });
    await post(c, 'sms', DEVICE_A, { type: 'sms' });
    await flushOutbox(t.app);
    const before = push.received.length;
    const smsBefore = (await outboxOf('sms')).length;

    const result = await notifyUser(t.app.db, c.id, {
      title: 'Ordine 12',
      body: 'Il tuo ordine è in consegna.',
      url: '/app/orders/12',
      tag: 'order-12',
      email: { subject: 'Ordine 12 in consegna', text: 'Il tuo ordine è in consegna.' },
    });
    expect(result).toEqual({ push: 2, sms: true, email: true });
    await flushOutbox(t.app);
    const delivered = push.received.slice(before);
    expect(delivered.map((p) => p.path).sort()).toEqual(['/push/laptop', '/push/phone']);
    expect(delivered[0]?.payload).toEqual({
      title: 'Ordine 12',
      body: 'Il tuo ordine è in consegna.',
      url: '/app/orders/12',
      tag: 'order-12',
    });
    const sms = (await outboxOf('sms')).slice(smsBefore);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.recipient).toBe(`+39${c.phone}`);
    expect(sms[0]?.body_text).toBe('Ordine 12: Il tuo ordine è in consegna.');
    expect(sms[0]?.status).toBe('sent');
    const mail = await t.app.db.selectFrom('outbox').selectAll().where('recipient', '=', c.email).execute();
    expect(mail.map((m) => m.subject)).toEqual(['Ordine 12 in consegna']);

    // Email turned off: the same notification goes out without the email.
    await del(c, 'email', DEVICE_A);
    expect((await notifyUser(t.app.db, c.id, { title: 'x', body: 'y', email: { subject: 's', text: 't' } })).email).toBe(false);
  });

  it('prunes a subscription the push service reports expired, without retrying', async () => {
    const c = await createCustomer(t.app);
    const sub = push.subscribe('expiring');
    await post(c, 'push', DEVICE_A, { type: 'push', token: subscriptionJson(sub) });
    await flushOutbox(t.app);
    push.expire(sub);

    await notifyUser(t.app.db, c.id, { title: 'Promemoria', body: 'Domani hai una prenotazione.' });
    const run = await flushOutbox(t.app);
    expect(run.failed).toBe(1);
    expect(await get(c, `push/${DEVICE_A}`)).toBe(false);
    const rows = await t.app.db.selectFrom('outbox').selectAll().where('recipient', '=', sub.endpoint).orderBy('id').execute();
    expect(rows.at(-1)?.status).toBe('failed');
    expect(rows.at(-1)?.attempts).toBe(1);
    // Nothing is queued for the pruned device any more.
    expect((await notifyUser(t.app.db, c.id, { title: 'a', body: 'b' })).push).toBe(0);
  });

  it('gives a browser subscription to the last account that subscribed it', async () => {
    const first = await createCustomer(t.app);
    const second = await createCustomer(t.app);
    const sub = push.subscribe('shared-browser');
    await post(first, 'push', DEVICE_A, { type: 'push', token: subscriptionJson(sub) });
    await post(second, 'push', DEVICE_A, { type: 'push', token: subscriptionJson(sub) });
    expect(await get(first, `push/${DEVICE_A}`)).toBe(false);
    expect(await get(second, `push/${DEVICE_A}`)).toBe(true);
  });

  it('keeps the VAPID keys across restarts', () => {
    const again = loadVapidKeys(t.config.dataDir, {}, t.config.mailFrom);
    const first = loadVapidKeys(t.config.dataDir, {}, t.config.mailFrom);
    expect(again).toEqual(first);
    expect(first.subject).toBe('mailto:noreply@farmacia.local');
  });
});
