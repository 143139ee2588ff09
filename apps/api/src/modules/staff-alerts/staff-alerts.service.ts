import {
  DEFAULT_STAFF_ALERTS,
  fillMessage,
  formatCents,
  formatDate,
  formatTime,
  isEscalationDue,
  messages,
  type OpeningHours,
  OpeningHoursSchema,
  type StaffAlertEvent,
  type StaffAlertSettings,
  type StaffAlertSettingsUpdateSchema,
} from '@farmacia/contract';
import type { z } from 'zod';
import { enqueue, enqueueEmail } from '../../notify/outbox.js';
import type { PushNotificationPayload } from '../../notify/push.js';
import { shopScope } from '../staff/index.js';
import { audit } from '../audit/index.js';
import type { Executor } from '../../db/database.js';
import * as repo from './staff-alerts.repository.js';
import type { StaffAlertSettingsRow } from './staff-alerts.table.js';
import type { ActorContext, ServiceContext } from '../../context.js';

/**
 * The pharmacy is told (issue 15, decision 0420): each customer event queues, in the transaction
 * that records it, one email to the shop's alert address and one push per back-office browser
 * where a pharmacist of that shop turned alerts on. The outbox delivers them (retrying while mail
 * or the push service is down). Messages name the kind, number and back-office page only: no
 * customer name, no health data on a lock screen or in a mailbox (decision 0422).
 */

const m = messages.staffAlerts;

/** One alert: what it is about and the back-office page (under /backoffice) that shows it. */
export interface StaffAlert {
  event: StaffAlertEvent;
  subject: string;
  text: string;
  path: string;
  tag: string;
}

function settingsOf(row: StaffAlertSettingsRow | undefined): Omit<StaffAlertSettings, 'shop_id' | 'shop_email'> {
  if (!row) return DEFAULT_STAFF_ALERTS;
  let events = DEFAULT_STAFF_ALERTS.events;
  try {
    events = { ...events, ...(JSON.parse(row.events) as Partial<typeof events>) };
  } catch {
    // A row written wrong reads as the defaults: alerting too much beats missing an order.
  }
  return { email: row.email, events, escalation_enabled: row.escalation_enabled === 1, escalation_minutes: row.escalation_minutes };
}

/** Where the shop's alerts go: its alert address, else its contact email, else nowhere. */
async function alertAddress(db: Executor, shopId: number, email: string | null): Promise<{ to: string | null; shop: string }> {
  const contact = await repo.findShopContact(db, shopId);
  return { to: email ?? contact?.email ?? null, shop: contact?.name ?? '' };
}

const backofficeLink = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}/backoffice${path}`;

async function queue(
  db: Executor,
  publicUrl: string,
  alert: StaffAlert,
  recipients: { emails: string[]; endpoints: string[]; shop: string },
): Promise<{ email: number; push: number }> {
  const link = backofficeLink(publicUrl, alert.path);
  const text = `${alert.text}\n\n${fillMessage(m.openLink, { link })}\n\n${fillMessage(m.footer, { shop: recipients.shop })}`;
  for (const to of recipients.emails) await enqueueEmail(db, { to, subject: alert.subject, text });
  const payload: PushNotificationPayload = { title: alert.subject, body: alert.text, url: `/backoffice${alert.path}`, tag: alert.tag };
  for (const endpoint of recipients.endpoints) await enqueue(db, { channel: 'push', recipient: endpoint, payload });
  return { email: recipients.emails.length, push: recipients.endpoints.length };
}

/**
 * Queues a customer event's alert to the shop's staff, when the shop wants that event. Pass the
 * caller's transaction: the alert exists exactly when the order, booking or request does.
 */
export async function alertStaff(db: Executor, publicUrl: string, shopId: number, alert: StaffAlert): Promise<{ email: number; push: number }> {
  const settings = settingsOf(await repo.findSettings(db, shopId));
  if (!settings.events[alert.event]) return { email: 0, push: 0 };
  const { to, shop } = await alertAddress(db, shopId, settings.email);
  const endpoints = await repo.staffPushEndpoints(db, shopId);
  return queue(db, publicUrl, alert, { emails: to ? [to] : [], endpoints, shop });
}

// --- The alerts of each event -------------------------------------------------------------------

export function orderAlert(order: { id: number; total_cents: number }, counts: { products: number; prescriptions: number; requests: number }): StaffAlert {
  const parts = [
    counts.products > 0 ? fillMessage(m.orderProducts, { count: counts.products }) : '',
    counts.prescriptions > 0 ? fillMessage(m.orderPrescriptions, { count: counts.prescriptions }) : '',
    counts.requests > 0 ? fillMessage(m.orderRequests, { count: counts.requests }) : '',
  ].filter(Boolean);
  return {
    event: 'order',
    subject: fillMessage(m.orderSubject, { id: order.id }),
    text: fillMessage(m.orderText, { id: order.id, contents: parts.join(', '), total: formatCents(order.total_cents) }),
    path: `/ordini/${order.id}`,
    tag: `staff-order-${order.id}`,
  };
}

export function bookingAlert(
  kind: 'booking' | 'bookingCancelled',
  reservation: { id: number; day: string; start_appointment: string },
  serviceName: string,
): StaffAlert {
  const values = { service: serviceName, day: formatDate(reservation.day), time: formatTime(reservation.start_appointment) };
  const booked = kind === 'booking';
  return {
    event: kind,
    subject: fillMessage(booked ? m.bookingSubject : m.bookingCancelledSubject, values),
    text: fillMessage(booked ? m.bookingText : m.bookingCancelledText, values),
    path: '/agenda',
    tag: `staff-booking-${reservation.id}`,
  };
}

/** A customer's booking or cancellation, told to the shop of the reservation (a hook of the booking's transaction). */
export async function alertBooking(
  db: Executor,
  publicUrl: string,
  kind: 'booking' | 'bookingCancelled',
  row: { id: number; shop_id: number; service_id: number; day: string; start_appointment: string },
): Promise<void> {
  const service = await db.selectFrom('services').select('name').where('id', '=', row.service_id).executeTakeFirst();
  await alertStaff(db, publicUrl, row.shop_id, bookingAlert(kind, row, service?.name ?? ''));
}

export function infoRequestAlert(request: { id: number }, serviceName: string): StaffAlert {
  return {
    event: 'infoRequest',
    subject: fillMessage(m.infoRequestSubject, { service: serviceName }),
    text: fillMessage(m.infoRequestText, { service: serviceName }),
    path: '/negozio/richieste',
    tag: `staff-request-${request.id}`,
  };
}

// --- Escalation -----------------------------------------------------------------------------------

async function openingHours(db: Executor, shopId: number): Promise<OpeningHours | null> {
  const row = await db.selectFrom('options').select('value').where('shop_id', '=', shopId).where('key', '=', 'open_on').executeTakeFirst();
  if (!row) return null;
  try {
    const parsed = OpeningHoursSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const MINUTE_MS = 60_000;

/**
 * Escalates every order still `created` after its shop's delay counted in opening time, while the
 * shop is open: email to each active pharmacist and admin of the shop and push to their browsers
 * with alerts on. Each order is claimed (staff_alert_escalations) in the transaction that queues
 * its messages, so it is escalated once whatever the number of instances. Returns how many.
 */
export async function escalateWaitingOrders(ctx: ServiceContext, now: Date): Promise<number> {
  const nowMs = now.getTime();
  const candidates = await repo.waitingOrders(ctx.db, new Date(nowMs - 5 * MINUTE_MS).toISOString());
  const hoursByShop = new Map<number, OpeningHours | null>();
  let escalated = 0;
  for (const order of candidates) {
    if (!hoursByShop.has(order.shop_id)) hoursByShop.set(order.shop_id, await openingHours(ctx.db, order.shop_id));
    const hours = hoursByShop.get(order.shop_id) ?? null;
    if (!isEscalationDue(hours, Date.parse(order.created_at), nowMs, order.escalation_minutes)) continue;
    const alert: StaffAlert = {
      event: 'order',
      subject: fillMessage(m.escalationSubject, { id: order.id }),
      text: fillMessage(m.escalationText, { id: order.id, minutes: order.escalation_minutes }),
      path: `/ordini/${order.id}`,
      tag: `staff-order-${order.id}`,
    };
    const queued = await ctx.db.transaction().execute(async (trx) => {
      // Re-read inside the claim: a pharmacist may have taken it in charge since the scan.
      const current = await trx.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirst();
      if (current?.status !== 'created') return false;
      if (!(await repo.claimEscalation(trx, order.id, order.shop_id, now.toISOString()))) return false;
      const staff = await repo.activeStaff(trx, order.shop_id);
      const endpoints = await repo.staffPushEndpoints(trx, order.shop_id);
      const { shop } = await alertAddress(trx, order.shop_id, null);
      await queue(trx, ctx.config.publicUrl, alert, { emails: staff.map((s) => s.email), endpoints, shop });
      return true;
    });
    if (queued) escalated++;
  }
  return escalated;
}

// --- Settings -----------------------------------------------------------------------------------

export async function getSettings(ctx: ActorContext, shop?: number): Promise<StaffAlertSettings> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  return readSettings(ctx.db, shopId);
}

async function readSettings(db: Executor, shopId: number): Promise<StaffAlertSettings> {
  const settings = settingsOf(await repo.findSettings(db, shopId));
  const contact = await repo.findShopContact(db, shopId);
  return { shop_id: shopId, shop_email: contact?.email ?? null, ...settings };
}

/** `PUT /admin/staff-alerts`: only what is sent changes; one transaction with its audit entry. */
export async function updateSettings(
  ctx: ActorContext,
  body: z.output<typeof StaffAlertSettingsUpdateSchema>,
): Promise<StaffAlertSettings> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await readSettings(trx, shopId);
    const next = {
      email: body.email === undefined ? before.email : body.email,
      events: { ...before.events, ...body.events },
      escalation_enabled: body.escalation_enabled ?? before.escalation_enabled,
      escalation_minutes: body.escalation_minutes ?? before.escalation_minutes,
    };
    await repo.upsertSettings(trx, {
      shop_id: shopId,
      email: next.email,
      events: JSON.stringify(next.events),
      escalation_enabled: next.escalation_enabled ? 1 : 0,
      escalation_minutes: next.escalation_minutes,
      updated_at: new Date().toISOString(),
    });
    const { shop_id: _s, shop_email: _e, ...old } = before;
    await audit(trx, ctx, { action: 'update', entity: 'staff_alerts', entityId: shopId, shopId, before: old, after: next });
    return { ...before, ...next };
  });
}
