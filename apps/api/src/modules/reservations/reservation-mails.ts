import { cancellableUntil, fillMessage, formatDate, formatLongDate, formatTime, messages } from '@farmacia/contract';
import type { EmailMessage } from '../../notify/outbox.js';

/** The customer mails of the booking flow, in Italian, plain text plus a minimal HTML twin. */

export interface MailContext {
  to: string;
  name: string;
  shopName: string;
  service: { name: string; booking_cancellations: number };
  day: string;
  /** 'HH:mm:ss' */
  start: string;
}

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function build(subject: string, text: string, to: string): EmailMessage {
  const html = text
    .split('\n')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
  return { to, subject, text, html };
}

function values(c: MailContext) {
  return {
    name: c.name,
    service: c.service.name,
    day: formatLongDate(c.day),
    time: formatTime(c.start),
    until: formatDate(cancellableUntil(c.day, c.service.booking_cancellations)),
    shop: c.shopName,
  };
}

export function confirmationMail(c: MailContext): EmailMessage {
  const v = values(c);
  return build(fillMessage(messages.reservations.mailConfirmedSubject, v), fillMessage(messages.reservations.mailConfirmedText, v), c.to);
}

export function reminderMail(c: MailContext): EmailMessage {
  const v = values(c);
  return build(fillMessage(messages.reservations.mailReminderSubject, v), fillMessage(messages.reservations.mailReminderText, v), c.to);
}

export function cancellationMail(c: MailContext): EmailMessage {
  const v = values(c);
  return build(fillMessage(messages.reservations.mailCancelledSubject, v), fillMessage(messages.reservations.mailCancelledText, v), c.to);
}
