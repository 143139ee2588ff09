import type { FastifyBaseLogger } from 'fastify';
import type { ChannelSender } from './outbox.js';
import type { OutboxRow } from './outbox.table.js';

/**
 * The sms port. With SMS_URL the message is POSTed as JSON `{ to, text, reference }` to the
 * gateway (bearer SMS_TOKEN when set; any 2xx is success, anything else is retried); without it
 * the message is only logged, with the number masked, so development and tests need no gateway.
 */
export interface SmsConfig {
  smsUrl: string | undefined;
  smsToken: string | undefined;
}

/** '+393331234567' → '+39333****567': enough to tell numbers apart in a log, not to call them. */
export function maskPhone(phone: string): string {
  return phone.length <= 7 ? '***' : `${phone.slice(0, 6)}${'*'.repeat(phone.length - 9)}${phone.slice(-3)}`;
}

export function createSmsSender(config: SmsConfig, log: FastifyBaseLogger): ChannelSender {
  const url = config.smsUrl;
  if (!url) {
    return async (row: OutboxRow) => {
      log.info({ outboxId: row.id, to: maskPhone(row.recipient), text: row.body_text }, 'sms not sent: no SMS_URL (logged only)');
    };
  }
  return async (row: OutboxRow) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.smsToken ? { authorization: `Bearer ${config.smsToken}` } : {}),
      },
      body: JSON.stringify({ to: row.recipient, text: row.body_text ?? '', reference: `outbox-${row.id}` }),
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`sms gateway answered ${response.status}`);
  };
}
