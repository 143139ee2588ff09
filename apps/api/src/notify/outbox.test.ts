import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../test/build-test-app.js';
import { emlFiles } from '../../test/factories/mail.js';
import { closedPort, startFakeSmtp } from '../../test/factories/smtp-server.js';
import { enqueueEmail, flushOutbox } from './index.js';
import { backoffMs, DEFAULT_OUTBOX_OPTIONS, OutboxWorker } from './outbox.js';

const apps: TestApp[] = [];
async function testApp(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const t = await buildTestApp({ outboxWorker: false, ...overrides });
  apps.push(t);
  return t;
}
afterEach(async () => {
  while (apps.length > 0) await apps.pop()?.close();
});

const mail = (n: number) => ({
  to: `cliente${n}@example.it`,
  subject: `Prenotazione confermata n. ${n}`,
  text: `Ciao, la tua prenotazione n. ${n} è confermata.`,
  html: `<p>Ciao, la tua prenotazione n. <b>${n}</b> è confermata.</p>`,
});
const rows = (t: TestApp) => t.app.db.selectFrom('outbox').selectAll().orderBy('id').execute();

describe(`outbox (${testEngine})`, () => {
  it('writes one .eml per message into DATA_DIR/outbox without SMTP, named by time, and marks them sent', async () => {
    const t = await testApp();
    const first = await enqueueEmail(t.app.db, mail(1));
    const second = await enqueueEmail(t.app.db, mail(2));
    expect((await rows(t)).map((r) => r.status)).toEqual(['pending', 'pending']);

    const result = await flushOutbox(t.app);
    expect(result).toEqual({ sent: 2, retried: 0, failed: 0 });
    const files = await emlFiles(t.config.dataDir);
    expect(files.map((f) => f.name)).toEqual([
      expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}-\\d{3}Z-${String(first).padStart(6, '0')}\\.eml$`)),
      expect.stringMatching(new RegExp(`-${String(second).padStart(6, '0')}\\.eml$`)),
    ]);
    expect(files[0]?.content).toContain('To: cliente1@example.it');
    expect(files[0]?.content).toContain('Subject: Prenotazione confermata n. 1');
    expect(files[0]?.content).toContain('la tua prenotazione n. 1 è confermata');
    expect(files[0]?.content).toContain('From: Farmacia <noreply@farmacia.local>');
    const after = await rows(t);
    expect(after.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(after.every((r) => r.sent_at !== null)).toBe(true);
    // Nothing is sent twice.
    expect(await flushOutbox(t.app)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await emlFiles(t.config.dataDir)).toHaveLength(2);
  });

  it('queues inside the caller’s transaction: a rolled-back change leaves no mail', async () => {
    const t = await testApp();
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await enqueueEmail(trx, mail(3));
        throw new Error('annullato');
      }),
    ).rejects.toThrow('annullato');
    expect(await rows(t)).toEqual([]);
  });

  it('keeps a message pending when the mail server is down, and delivers it once the server answers', async () => {
    const port = await closedPort();
    const t = await testApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    await enqueueEmail(t.app.db, mail(4));

    const down = await flushOutbox(t.app);
    expect(down).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [waiting] = await rows(t);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(waiting?.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(waiting?.next_attempt_at ?? '')).toBeGreaterThan(Date.now());
    // Not due yet: an ordinary run leaves it alone.
    expect(await flushOutbox(t.app)).toEqual({ sent: 0, retried: 0, failed: 0 });

    const smtp = await startFakeSmtp(port);
    try {
      expect(await flushOutbox(t.app, { includeScheduled: true })).toEqual({ sent: 1, retried: 0, failed: 0 });
      const [sent] = await rows(t);
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain('Subject: Prenotazione confermata n. 4');
      expect(smtp.messages[0]).toContain('To: cliente4@example.it');
    } finally {
      await smtp.close();
    }
  });

  it('backs off exponentially and marks a message failed (kept) after the last attempt', async () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(backoffMs(30)).toBe(DEFAULT_OUTBOX_OPTIONS.maxBackoffMs);

    const t = await testApp();
    const worker = new OutboxWorker(t.app.db, t.app.log, { ...DEFAULT_OUTBOX_OPTIONS, maxAttempts: 3 });
    worker.registerSender('email', async () => {
      throw new Error('casella piena');
    });
    await enqueueEmail(t.app.db, mail(5));
    expect(await worker.runOnce({ includeScheduled: true })).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await worker.runOnce({ includeScheduled: true })).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await worker.runOnce({ includeScheduled: true })).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await rows(t)).toEqual([expect.objectContaining({ status: 'failed', attempts: 3, last_error: 'casella piena' })]);
    expect(await worker.runOnce({ includeScheduled: true })).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('sends each message once when two workers (two API instances) run at the same time', async () => {
    const t = await testApp();
    const delivered: number[] = [];
    const workers = [0, 1].map(() => {
      const w = new OutboxWorker(t.app.db, t.app.log, { ...DEFAULT_OUTBOX_OPTIONS, batchSize: 50 });
      w.registerSender('email', async (row) => {
        await new Promise((r) => setTimeout(r, 2));
        delivered.push(row.id);
      });
      return w;
    });
    for (let i = 0; i < 30; i++) await enqueueEmail(t.app.db, mail(100 + i));
    await Promise.all(workers.map((w) => w.flush()));
    expect(delivered).toHaveLength(30);
    expect(new Set(delivered).size).toBe(30);
    expect((await rows(t)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('leaves a channel without a sender queued', async () => {
    const t = await testApp();
    const worker = new OutboxWorker(t.app.db, t.app.log);
    worker.registerSender('email', async () => {});
    await t.app.db
      .insertInto('outbox')
      .values({
        channel: 'sms',
        recipient: '3331234567',
        subject: null,
        body_text: 'Promemoria',
        body_html: null,
        payload: null,
        status: 'pending',
        attempts: 0,
        next_attempt_at: new Date().toISOString(),
        last_error: null,
        created_at: new Date().toISOString(),
        sent_at: null,
      })
      .execute();
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await rows(t))[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('runs in the background when the app is configured to, and stops with the app', async () => {
    const t = await testApp({ outboxWorker: true });
    await enqueueEmail(t.app.db, mail(6));
    const deadline = Date.now() + 10_000;
    while ((await rows(t))[0]?.status !== 'sent' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await rows(t))[0]?.status).toBe('sent');
    expect(await emlFiles(t.config.dataDir)).toHaveLength(1);
  });
});
