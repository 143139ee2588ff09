import {
  BookingErrorCode,
  type BookingPayloadSchema,
  cancellableUntil,
  isReservationCancellable,
  isUpcomingReservation,
  centsToEuro,
  ErrorCode,
  messages,
  type Reservation,
  type ReservationCancelRefusal,
  reservationCancelRefusal,
} from '@farmacia/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { eventForService, eventNames } from '../events/index.js';
import { notifyUser } from '../notifications/index.js';
import { getProfile } from '../accounts/index.js';
import { getServiceRow, serviceRowsById } from '../services/index.js';
import type { ServiceRow } from '../services/index.js';
import { lockForBooking, staffNames } from '../staff/index.js';
import { slotRulesFor } from './availability.service.js';
import { decryptNote, encryptNote } from './note-cipher.js';
import {
  type BookingMessageContext,
  cancellationMessage,
  confirmationMessage,
  reminderMessage,
} from './booking-mails.js';
import * as repo from './bookings.repository.js';
import type { ReservationRow } from './bookings.table.js';
import { addDays, normalizeTime, romeDay, romeParts } from './rome-time.js';
import { checkSlot } from './slots.js';
import { staffBookingQueue } from './staff-queue.js';
import type { ServiceContext } from '../../context.js';
import { raiseLive } from '../../live/index.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

type BookingPayload = z.output<typeof BookingPayloadSchema>;

const MINUTE_MS = 60_000;

const slotTaken = () => conflict(BookingErrorCode.SLOT_TAKEN, messages.reservations.slotTaken);
const slotUnavailable = () =>
  new AppError(BookingErrorCode.SLOT_UNAVAILABLE, messages.reservations.slotUnavailable, {
    kind: ErrorCode.VALIDATION_FAILED,
    errors: { start_appointment: [messages.reservations.slotUnavailable] },
  });

interface Names {
  services: Map<number, ServiceRow>;
  staff: Map<number, string>;
  events: Map<number, string>;
}

async function namesFor(db: Db, rows: ReservationRow[]): Promise<Names> {
  const [services, staff, events] = await Promise.all([
    serviceRowsById(
      db,
      rows.map((r) => r.service_id),
    ),
    staffNames(
      db,
      rows.map((r) => r.staff_id),
    ),
    eventNames(
      db,
      rows.flatMap((r) => (r.event_id === null ? [] : [r.event_id])),
    ),
  ]);
  return { services, staff, events };
}

function toReservation(row: ReservationRow, names: Names, key: Buffer, now: Date): Reservation {
  const service = names.services.get(row.service_id);
  const bookingCancellations = service?.booking_cancellations ?? 0;
  const until = cancellableUntil(row.day, bookingCancellations);
  return {
    id: row.id,
    day: row.day,
    start_appointment: row.start_appointment,
    end_appointment: row.end_appointment,
    note: decryptNote(key, row.note),
    status: row.status,
    service: {
      id: row.service_id,
      name: service?.name ?? '',
      duration: service?.duration ?? 0,
      price: centsToEuro(service?.price_cents ?? 0),
      booking_cancellations: bookingCancellations,
    },
    shop_service: null,
    event: row.event_id === null ? null : { id: row.event_id, name: names.events.get(row.event_id) ?? '' },
    staff: { id: row.staff_id, name: names.staff.get(row.staff_id) ?? '' },
    cancellable: isReservationCancellable(row, bookingCancellations, romeDay(now)),
    cancellable_until: until,
    created_at: row.created_at,
    cancelled_at: row.cancelled_at,
  };
}

async function shopName(db: Db, shopId: number): Promise<string> {
  const shop = await db.selectFrom('shops').select('name').where('id', '=', shopId).executeTakeFirst();
  return shop?.name ?? '';
}

async function messageContext(ctx: ServiceContext, userId: number, row: ReservationRow, service: ServiceRow): Promise<BookingMessageContext> {
  const profile = await getProfile(ctx, userId);
  return {
    reservationId: row.id,
    name: profile.name,
    shopName: await shopName(ctx.db, row.shop_id),
    service,
    day: row.day,
    start: row.start_appointment,
  };
}

/**
 * Books a slot (spec §7 POST /reservations/{service_id}). The user comes from the token, the end
 * from the service; the slot is re-checked inside the transaction that holds the staff member's
 * booking lock, and the partial unique index on (staff_id, start_at) backs it: of any number of
 * concurrent requests for one slot exactly one succeeds, the others get 409 (decision 0180).
 */
export async function book(
  ctx: ServiceContext,
  userId: number,
  serviceId: number,
  body: BookingPayload,
  now: Date,
  hooks: BookingHooks = {},
): Promise<Reservation> {
  // One booking of a staff member at a time per instance, queued before it reads anything, so a
  // burst for one slot holds one connection, not the pool (decision 0603); the row lock still
  // orders bookings across instances.
  const row = await staffBookingQueue(ctx.db).run(body.staff_id, () => insertBooking(ctx, userId, serviceId, body, now, hooks));
  return toReservation(row, await namesFor(ctx.db, [row]), ctx.config.fileEncryptionKey, now);
}

/** The checks and the transaction of {@link book}, run in the staff member's turn. */
async function insertBooking(
  ctx: ServiceContext,
  userId: number,
  serviceId: number,
  body: BookingPayload,
  now: Date,
  hooks: BookingHooks,
): Promise<ReservationRow> {
  const service = await getServiceRow(ctx.db, serviceId);
  if (body.service_id !== undefined && body.service_id !== service.id) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, messages.reservations.serviceMismatch, {
      errors: { service_id: [messages.reservations.serviceMismatch] },
    });
  }
  const start = normalizeTime(body.start_appointment);
  if (!start) throw slotUnavailable();
  const event = body.event_id ? await eventForService(ctx.db, body.event_id, service, body.day) : null;
  const profile = await getProfile(ctx, userId);

  return ctx.db.transaction().execute(async (trx) => {
    if (!(await lockForBooking(trx, body.staff_id, service.shop_id))) throw slotUnavailable();
    const rules = await slotRulesFor(trx, service, body.day, body.day, now, {
      staffId: body.staff_id,
      ...(event ? { eventWindows: event.windows } : {}),
    });
    const check = checkSlot(rules, body.day, start, body.staff_id);
    if (!check.ok) throw check.reason === 'taken' ? slotTaken() : slotUnavailable();
    const busyUntil = check.slot.endMs + service.padding_after * MINUTE_MS;
    let inserted: ReservationRow;
    try {
      inserted = await repo.insertReservation(trx, {
        user_id: userId,
        shop_id: service.shop_id,
        service_id: service.id,
        staff_id: body.staff_id,
        event_id: event?.event.id ?? null,
        day: body.day,
        start_appointment: start,
        end_appointment: romeParts(check.slot.endMs).time,
        start_at: new Date(check.slot.startMs).toISOString(),
        end_at: new Date(check.slot.endMs).toISOString(),
        busy_until: new Date(busyUntil).toISOString(),
        note: encryptNote(ctx.config.fileEncryptionKey, body.note),
        status: 'booked',
        created_at: now.toISOString(),
        cancelled_at: null,
        reminder_queued_at: null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw slotTaken();
      throw error;
    }
    // Queued in the booking's transaction: no message for a booking that did not happen.
    await notifyUser(
      trx,
      userId,
      confirmationMessage({
        reservationId: inserted.id,
        name: profile.name,
        shopName: await shopName(trx, service.shop_id),
        service,
        day: inserted.day,
        start: inserted.start_appointment,
      }),
    );
    await raiseLive(trx, bookingChange(inserted, 'created'));
    await hooks.inTransaction?.(trx, inserted);
    return inserted;
  });
}

/** The live update of a reservation (decision 0525): its shop's staff and its customer see it. */
const bookingChange = (row: ReservationRow, action: 'created' | 'changed') =>
  ({ topic: 'booking', action, id: row.id, shopId: row.shop_id, userId: row.user_id }) as const;

/**
 * What a caller other than the customer (the back office) adds to a booking or a cancellation:
 * work done inside the same transaction (its audit trail), so both commit or roll back together.
 */
export interface BookingHooks {
  inTransaction?: (trx: Db, row: ReservationRow) => Promise<void>;
}

/** Any reservation as the wire shows it (the back office reads other users' rows of its shop). */
export async function toWire(ctx: ServiceContext, row: ReservationRow, now: Date): Promise<Reservation> {
  return toReservation(row, await namesFor(ctx.db, [row]), ctx.config.fileEncryptionKey, now);
}

/** The contract's cancellation refusal as the server's 409 (decision 0480). */
function refuseCancel(refusal: ReservationCancelRefusal | null): void {
  if (refusal === 'alreadyCancelled') throw conflict(BookingErrorCode.ALREADY_CANCELLED, messages.reservations.alreadyCancelled);
  if (refusal === 'windowClosed') throw conflict(BookingErrorCode.NOT_CANCELLABLE, messages.reservations.cancelWindowClosed);
}

/**
 * The pharmacist cancels a booked reservation of their shop: no cancellation window (the shop
 * may always call an appointment off), the slot is free at once and the customer gets the same
 * cancellation message as when they cancel themselves.
 */
export async function cancelByShop(ctx: ServiceContext, row: ReservationRow, now: Date, hooks: BookingHooks = {}): Promise<Reservation> {
  refuseCancel(reservationCancelRefusal(row, { by: 'shop' }));
  const names = await namesFor(ctx.db, [row]);
  const service = names.services.get(row.service_id);
  if (!service) throw notFound(messages.reservations.serviceNotFound);
  const message = cancellationMessage(await messageContext(ctx, row.user_id, row, service));
  const at = now.toISOString();
  const cancelled: ReservationRow = { ...row, status: 'cancelled', cancelled_at: at };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.markCancelled(trx, row.user_id, row.id, at))) {
      throw conflict(BookingErrorCode.ALREADY_CANCELLED, messages.reservations.alreadyCancelled);
    }
    await notifyUser(trx, row.user_id, message);
    await raiseLive(trx, bookingChange(cancelled, 'changed'));
    await hooks.inTransaction?.(trx, cancelled);
  });
  return toReservation(cancelled, names, ctx.config.fileEncryptionKey, now);
}

/** The user's booked reservations: upcoming ones first (soonest first), then past ones (latest first). */
export async function listOwn(ctx: ServiceContext, userId: number, now: Date): Promise<Reservation[]> {
  const rows = await repo.listOwnBooked(ctx.db, userId);
  const wallClock = romeParts(now.getTime());
  const upcoming = rows.filter((r) => isUpcomingReservation(r, wallClock));
  const past = rows.filter((r) => !isUpcomingReservation(r, wallClock)).reverse();
  const ordered = [...upcoming, ...past];
  const names = await namesFor(ctx.db, ordered);
  return ordered.map((r) => toReservation(r, names, ctx.config.fileEncryptionKey, now));
}

export async function getOwn(ctx: ServiceContext, userId: number, id: number, now: Date): Promise<Reservation> {
  const row = await repo.findOwn(ctx.db, userId, id);
  if (!row) throw notFound(messages.reservations.reservationNotFound);
  return toReservation(row, await namesFor(ctx.db, [row]), ctx.config.fileEncryptionKey, now);
}

/**
 * Cancels a reservation while today (Rome) is on or before its day minus the service's
 * booking_cancellations days (spec §4); the slot is free again at once (the unique index covers
 * booked rows only).
 */
export async function cancelOwn(
  ctx: ServiceContext,
  userId: number,
  id: number,
  now: Date,
  hooks: BookingHooks = {},
): Promise<Reservation> {
  const row = await repo.findOwn(ctx.db, userId, id);
  if (!row) throw notFound(messages.reservations.reservationNotFound);
  // "Already cancelled" answers first, even when the service is gone (which closes the window).
  refuseCancel(reservationCancelRefusal(row, { by: 'shop' }));
  const names = await namesFor(ctx.db, [row]);
  const service = names.services.get(row.service_id);
  if (!service) throw conflict(BookingErrorCode.NOT_CANCELLABLE, messages.reservations.cancelWindowClosed);
  refuseCancel(reservationCancelRefusal(row, { by: 'customer', bookingCancellations: service.booking_cancellations, today: romeDay(now) }));
  const message = cancellationMessage(await messageContext(ctx, userId, row, service));
  const at = now.toISOString();
  const cancelled: ReservationRow = { ...row, status: 'cancelled', cancelled_at: at };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.markCancelled(trx, userId, id, at))) {
      throw conflict(BookingErrorCode.ALREADY_CANCELLED, messages.reservations.alreadyCancelled);
    }
    await notifyUser(trx, userId, message);
    await raiseLive(trx, bookingChange(cancelled, 'changed'));
    await hooks.inTransaction?.(trx, cancelled);
  });
  return toReservation(cancelled, names, ctx.config.fileEncryptionKey, now);
}

/** Reminders are queued from this Rome hour of the day before, not in the middle of the night. */
export const REMINDER_FROM_HOUR = 9;

/**
 * Queues the day-before reminder of every booked reservation of tomorrow (Rome) once: each row is
 * claimed by a conditional update in the transaction that queues its mail, so two schedulers (or
 * two instances) never queue the same reminder twice. Returns how many were queued.
 */
export async function queueReminders(ctx: ServiceContext, now: Date): Promise<number> {
  if (Number(romeParts(now.getTime()).time.slice(0, 2)) < REMINDER_FROM_HOUR) return 0;
  const tomorrow = addDays(romeDay(now), 1);
  const rows = await repo.dueReminders(ctx.db, tomorrow);
  if (rows.length === 0) return 0;
  const services = await serviceRowsById(
    ctx.db,
    rows.map((r) => r.service_id),
  );
  let queued = 0;
  for (const row of rows) {
    const service = services.get(row.service_id);
    if (!service) continue;
    let message: ReturnType<typeof reminderMessage>;
    try {
      message = reminderMessage(await messageContext(ctx, row.user_id, row, service));
    } catch (error) {
      // The account is gone (404): nobody to remind.
      if (error instanceof AppError) continue;
      throw error;
    }
    const claimed = await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.claimReminder(trx, row.id, now.toISOString()))) return false;
      await notifyUser(trx, row.user_id, message);
      return true;
    });
    if (claimed) queued++;
  }
  return queued;
}

/** Upcoming booked reservations of a user (the Prenotazioni tab badge). */
export function countUpcoming(ctx: ServiceContext, userId: number, now: Date): Promise<number> {
  return repo.countUpcoming(ctx.db, userId, now.toISOString());
}
