import { cancellableUntil, fillMessage, formatDate, formatLongDate, formatTime, messages } from '@farmacia/contract';
import type { UserNotification } from '../notifications/index.js';

/**
 * The customer notifications of the booking flow, in Italian: a push/sms line and the mail
 * (plain text plus a minimal HTML twin). They go out through `notifyUser`, on the channels the
 * customer enabled (ARCHITECTURE §4).
 */

export interface BookingMessageContext {
  reservationId: number;
  name: string;
  shopName: string;
  service: { name: string; booking_cancellations: number };
  day: string;
  /** 'HH:mm:ss' */
  start: string;
}

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function values(c: BookingMessageContext) {
  return {
    name: c.name,
    service: c.service.name,
    day: formatLongDate(c.day),
    time: formatTime(c.start),
    until: formatDate(cancellableUntil(c.day, c.service.booking_cancellations)),
    shop: c.shopName,
  };
}

function build(c: BookingMessageContext, subject: string, text: string): UserNotification {
  const v = values(c);
  const fullText = fillMessage(text, v);
  return {
    title: fillMessage(subject, v),
    body: fillMessage(messages.reservations.notificationBody, v),
    url: '/app/reservations',
    tag: `reservation-${c.reservationId}`,
    email: {
      subject: fillMessage(subject, v),
      text: fullText,
      html: fullText
        .split('\n')
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join(''),
    },
  };
}

export const confirmationMessage = (c: BookingMessageContext) =>
  build(c, messages.reservations.mailConfirmedSubject, messages.reservations.mailConfirmedText);

export const reminderMessage = (c: BookingMessageContext) =>
  build(c, messages.reservations.mailReminderSubject, messages.reservations.mailReminderText);

export const cancellationMessage = (c: BookingMessageContext) =>
  build(c, messages.reservations.mailCancelledSubject, messages.reservations.mailCancelledText);
