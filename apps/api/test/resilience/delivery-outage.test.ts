import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyUser } from '../../src/modules/notifications/notifications.service.js';
import { flushOutbox } from '../../src/notify/index.js';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';
import { createCustomer, type TestCustomer } from '../factories/customers.js';
import { closedPort, type FakeSmtp, startFakeSmtp } from '../factories/smtp-server.js';
import { type PushReceiver, startPushReceiver, type TestSubscription } from '../push-receiver.js';

/**
 * Mail server and push service down at the same time (issue 9): a notification's email and push
 * wait in the outbox with their error, nothing is lost or sent twice, and both go out once the
 * services are back. (The SMTP-only outage, backoff and give-up rules are in notify/outbox.test.ts.)
 */
describe(`mail and push outage (${testEngine})`, () => {
  let t: TestApp;
  let push: PushReceiver;
  let smtp: FakeSmtp | undefined;
  let smtpPort: number;
  let customer: TestCustomer;
  let sub: TestSubscription;

  beforeAll(async () => {
    smtpPort = await closedPort();
    t = await buildTestApp({ outboxWorker: false, pushAllowInsecureEndpoints: true, smtpUrl: `smtp://127.0.0.1:${smtpPort}` });
    push = await startPushReceiver();
    customer = await createCustomer(t.app);
    sub = push.subscribe('outage-phone');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/notification/push/device-outage-1',
      headers: customer.auth,
      payload: { type: 'push', token: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys } },
    });
    expect(res.statusCode).toBe(200);
    await flushOutbox(t.app, { includeScheduled: true });
  });
  afterAll(async () => {
    await smtp?.close();
    await push.close();
    await t.close();
  });

  it('keeps email and push queued while both services are down, and sends each once when they are back', async () => {
    await push.stop();
    const pushedBefore = push.received.length;
    const since = new Date().toISOString();
    const result = await notifyUser(t.app.db, customer.id, {
      title: 'Ordine 77',
      body: 'Il tuo ordine è pronto per il ritiro.',
      url: '/app/orders/77',
      tag: 'order-77',
      email: { subject: 'Ordine 77 pronto', text: 'Il tuo ordine è pronto per il ritiro.' },
    });
    expect(result).toMatchObject({ push: 1, email: true });
    const queued = () =>
      t.app.db.selectFrom('outbox').selectAll().where('created_at', '>=', since).where('channel', 'in', ['email', 'push']).orderBy('id').execute();

    // Both down: every attempt fails, nothing is lost, each waits for a retry with its reason.
    for (let attempt = 1; attempt <= 2; attempt++) {
      const run = await flushOutbox(t.app, { includeScheduled: true });
      expect(run).toEqual({ sent: 0, retried: 2, failed: 0 });
    }
    const waiting = await queued();
    expect(waiting.map((r) => [r.channel, r.status, r.attempts]).sort()).toEqual([
      ['email', 'pending', 2],
      ['push', 'pending', 2],
    ]);
    for (const row of waiting) expect(row.last_error).toMatch(/ECONNREFUSED|connect|fetch failed/i);
    expect(push.received.length).toBe(pushedBefore);

    // Back: both go out, once.
    smtp = await startFakeSmtp(smtpPort);
    await push.restart();
    expect(await flushOutbox(t.app, { includeScheduled: true })).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(await flushOutbox(t.app, { includeScheduled: true })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await queued()).map((r) => [r.status, r.attempts, r.last_error])).toEqual([
      ['sent', 3, null],
      ['sent', 3, null],
    ]);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toContain('Subject: Ordine 77 pronto');
    const delivered = push.received.slice(pushedBefore);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.payload).toEqual({ title: 'Ordine 77', body: 'Il tuo ordine è pronto per il ritiro.', url: '/app/orders/77', tag: 'order-77' });
    expect(push.rejected).toEqual([]);
  });
});
