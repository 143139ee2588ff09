import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../db/column.js';
import type { Db, Executor } from '../db/database.js';
import type { OutboxChannel, OutboxRow } from './outbox.table.js';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues an email. Pass the caller's transaction as `db` so the message exists exactly when the
 * change that causes it is committed (no mail for a rolled-back change, no change without its mail).
 */
export async function enqueueEmail(db: Executor, message: EmailMessage): Promise<number> {
  return enqueue(db, { channel: 'email', recipient: message.to, subject: message.subject, text: message.text, html: message.html });
}

/** Queues a message on any channel; `payload` is channel-specific data (e.g. a push notification). */
export async function enqueue(
  db: Executor,
  message: { channel: OutboxChannel; recipient: string; subject?: string; text?: string; html?: string; payload?: unknown },
): Promise<number> {
  const at = nowIso();
  const row = await db
    .insertInto('outbox')
    .values({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body_text: message.text ?? null,
      body_html: message.html ?? null,
      payload: message.payload === undefined ? null : JSON.stringify(message.payload),
      status: 'pending',
      attempts: 0,
      next_attempt_at: at,
      last_error: null,
      created_at: at,
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Delivers one message or throws; the worker retries it later. */
export type ChannelSender = (message: OutboxRow) => Promise<void>;

/**
 * Thrown by a sender when retrying cannot help (e.g. a push subscription the push service says
 * is gone): the message is marked failed at once instead of being retried.
 */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}

export interface OutboxOptions {
  intervalMs: number;
  batchSize: number;
  /** After this many failed attempts a message is marked failed (kept, for an operator to requeue). */
  maxAttempts: number;
  /** How long a claimed message is reserved for the worker delivering it. */
  leaseMs: number;
  /** Backoff of the first retry; doubles each attempt up to maxBackoffMs. */
  baseBackoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  intervalMs: 1000,
  batchSize: 20,
  maxAttempts: 20,
  leaseMs: 2 * 60_000,
  baseBackoffMs: 5000,
  maxBackoffMs: 60 * 60_000,
};

export interface RunResult {
  sent: number;
  retried: number;
  failed: number;
}

/** Delay before the next attempt after `attempts` failures: 5 s, 10 s, 20 s … capped at 1 h. */
export function backoffMs(attempts: number, options: OutboxOptions = DEFAULT_OUTBOX_OPTIONS): number {
  return Math.min(options.maxBackoffMs, options.baseBackoffMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers due outbox messages in batches. Several API instances may run it against the same
 * database: a message is claimed by moving its due time forward with a compare-and-set, so only
 * one instance sends it; a worker that dies mid-send leaves it to be retried after the lease.
 */
export class OutboxWorker {
  private readonly senders = new Map<OutboxChannel, ChannelSender>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RunResult> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    readonly options: OutboxOptions = DEFAULT_OUTBOX_OPTIONS,
  ) {}

  /** Channels without a sender stay queued until one is registered (e.g. push by the notifications module). */
  registerSender(channel: OutboxChannel, sender: ChannelSender): void {
    this.senders.set(channel, sender);
  }

  start(): void {
    if (this.timer || this.stopped) return;
    const tick = async () => {
      try {
        await this.runOnce();
      } catch (error) {
        this.log.error({ err: error }, 'outbox run failed');
      }
      if (!this.stopped) this.timer = setTimeout(tick, this.options.intervalMs).unref();
    };
    this.timer = setTimeout(tick, this.options.intervalMs).unref();
  }

  /** Stops the timer and waits for a batch in flight, so closing the app never cuts a send in half. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /**
   * One batch of due messages. `includeScheduled` also takes messages waiting for a retry
   * (tests and an operator's "send now").
   */
  runOnce({ includeScheduled = false } = {}): Promise<RunResult> {
    // One batch at a time per process: a second caller waits for the batch in flight, then runs.
    const previous = this.running ?? Promise.resolve(undefined);
    const run = previous.catch(() => undefined).then(() => this.batch(includeScheduled));
    this.running = run;
    return run;
  }

  /** Runs batches until nothing is due. */
  async flush({ includeScheduled = false } = {}): Promise<RunResult> {
    const total: RunResult = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const r = await this.runOnce({ includeScheduled });
      total.sent += r.sent;
      total.retried += r.retried;
      total.failed += r.failed;
      // Retried messages are not due again at once; stop when a batch delivered nothing new.
      if (r.sent + r.retried + r.failed < this.options.batchSize) return total;
      if (includeScheduled && r.sent === 0 && r.failed === 0) return total;
    }
  }

  private async batch(includeScheduled: boolean): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0 };
    const channels = [...this.senders.keys()];
    if (channels.length === 0) return result;
    const now = Date.now();
    let query = this.db
      .selectFrom('outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('channel', 'in', channels)
      .orderBy('id')
      .limit(this.options.batchSize);
    if (!includeScheduled) query = query.where('next_attempt_at', '<=', new Date(now).toISOString());
    const due = await query.execute();

    for (const row of due) {
      const leaseUntil = new Date(now + this.options.leaseMs).toISOString();
      const claimed = await this.db
        .updateTable('outbox')
        .set({ next_attempt_at: leaseUntil })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', row.next_attempt_at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      const sender = this.senders.get(row.channel);
      if (!sender) continue;
      const attempts = row.attempts + 1;
      try {
        await sender(row);
        await this.db
          .updateTable('outbox')
          .set({ status: 'sent', attempts, sent_at: nowIso(), last_error: null })
          .where('id', '=', row.id)
          .execute();
        result.sent++;
      } catch (error) {
        const giveUp = attempts >= this.options.maxAttempts || error instanceof PermanentDeliveryError;
        const reason = error instanceof Error ? error.message : String(error);
        await this.db
          .updateTable('outbox')
          .set({
            status: giveUp ? 'failed' : 'pending',
            attempts,
            last_error: reason.slice(0, 500),
            next_attempt_at: new Date(Date.now() + backoffMs(attempts, this.options)).toISOString(),
          })
          .where('id', '=', row.id)
          .execute();
        // The recipient is personal data: log the message id and the reason only.
        this.log.warn({ outboxId: row.id, channel: row.channel, attempts, giveUp, reason }, 'outbox delivery failed');
        if (giveUp) result.failed++;
        else result.retried++;
      }
    }
    return result;
  }
}
