import { type AdminBookingBodySchema, type AdminReservation, type BookingCustomer, messages, type Reservation } from '@farmacia/contract';
import type { z } from 'zod';
import { notFound, validationFailed } from '../../errors.js';
import { shopScope } from '../staff/index.js';
import { audit } from '../audit/index.js';
import { book, cancelByShop, toWire } from './bookings.service.js';
import * as repo from './bookings.admin.repository.js';
import { isServiceOfShop } from '../services/index.js';
import type { ActorContext, ServiceContext } from '../../context.js';

/**
 * Reservations the pharmacist handles for a customer: found, made and cancelled through the
 * reservations module's own `book` and cancellation, so the slot rules, the per-staff lock, the
 * 409 on a taken slot and the customer's messages are exactly those of the app (decision 0290).
 */

const MSG = messages.backofficeBookings;

/** What the audit trail keeps of a reservation: no note (health data stays out of the trail). */
const trailOf = (r: Reservation) => ({
  id: r.id,
  day: r.day,
  start_appointment: r.start_appointment,
  service_id: r.service.id,
  staff_id: r.staff.id,
  event_id: r.event?.id ?? null,
  status: r.status,
});

async function customerOf(ctx: ServiceContext, userId: number): Promise<BookingCustomer> {
  const user = await repo.findUser(ctx.db, userId);
  return user ?? { id: userId, name: '', email: '', phone_number: null };
}

export async function findCustomers(ctx: ActorContext, q: string, shop?: number): Promise<BookingCustomer[]> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  return repo.searchCustomers(ctx.db, shopId, q);
}

export async function getBooking(ctx: ActorContext, id: number, shop?: number): Promise<AdminReservation> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  const row = await repo.findBooking(ctx.db, shopId, id);
  if (!row) throw notFound(messages.backoffice.reservationNotFound);
  return { ...(await toWire(ctx, row, ctx.clock.now())), customer: await customerOf(ctx, row.user_id) };
}

/** Books a slot for a customer of the shop, as if they had booked it in the ctx. */
export async function bookForCustomer(
  ctx: ActorContext,
  body: z.output<typeof AdminBookingBodySchema>,
): Promise<AdminReservation> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  const customer = await repo.findCustomer(ctx.db, shopId, body.customer_id);
  if (!customer) throw validationFailed({ customer_id: [MSG.customerNotFound] });
  if (!(await isServiceOfShop(ctx.db, shopId, body.service_id))) throw notFound(messages.reservations.serviceNotFound);
  const reservation = await book(
    ctx,
    customer.id,
    body.service_id,
    {
      staff_id: body.staff_id,
      day: body.day,
      start_appointment: body.start_appointment,
      note: body.note,
      event_id: body.event_id,
    },
    ctx.clock.now(),
    {
      inTransaction: async (trx, row) => {
        await audit(trx, ctx, {
          action: 'create',
          entity: 'reservation',
          entityId: row.id,
          shopId,
          after: {
            id: row.id,
            customer_id: row.user_id,
            day: row.day,
            start_appointment: row.start_appointment,
            service_id: row.service_id,
            staff_id: row.staff_id,
            event_id: row.event_id,
            status: row.status,
          },
        });
      },
    },
  );
  return { ...reservation, customer };
}

/** Cancels a booked reservation of the shop; the customer is told through the outbox. */
export async function cancelBooking(ctx: ActorContext, id: number, shop?: number): Promise<AdminReservation> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  const row = await repo.findBooking(ctx.db, shopId, id);
  if (!row) throw notFound(messages.backoffice.reservationNotFound);
  const now = ctx.clock.now();
  const before = trailOf(await toWire(ctx, row, now));
  const cancelled = await cancelByShop(ctx, row, now, {
    inTransaction: (trx) =>
      audit(trx, ctx, { action: 'cancel', entity: 'reservation', entityId: id, shopId, before, after: { ...before, status: 'cancelled' } }),
  });
  return { ...cancelled, customer: await customerOf(ctx, row.user_id) };
}
