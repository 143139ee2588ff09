import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { ChannelSender } from './outbox.js';
import type { OutboxRow } from './outbox.table.js';

/** Where mail goes without SMTP_URL: one .eml file per message (README "Mail"). */
export const outboxDir = (config: Config) => path.join(config.dataDir, 'outbox');

/** '2026-11-21T21:40:00.000Z' + 42 → '2026-11-21T21-40-00-000Z-000042.eml': sorts by time, then id. */
export function emlFileName(createdAt: string, id: number): string {
  return `${createdAt.replace(/[:.]/g, '-')}-${String(id).padStart(6, '0')}.eml`;
}

export interface MailSender {
  send: ChannelSender;
  close(): void;
}

/**
 * Email delivery through nodemailer: SMTP when `SMTP_URL` is set, otherwise the message is
 * rendered exactly as it would be sent and written to `DATA_DIR/outbox/`.
 */
export function createMailSender(config: Config): MailSender {
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        // A mail server that hangs must not hold the worker: fail and retry later.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const send: ChannelSender = async (row: OutboxRow) => {
    const info = await transport.sendMail({
      from: config.mailFrom,
      to: row.recipient,
      subject: row.subject ?? '',
      text: row.body_text ?? undefined,
      html: row.body_html ?? undefined,
      headers: { 'X-Outbox-Id': String(row.id) },
    });
    if (!config.smtpUrl) {
      const dir = outboxDir(config);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, emlFileName(row.created_at, row.id)), (info as { message: Buffer }).message);
    }
  };
  return { send, close: () => transport.close() };
}
