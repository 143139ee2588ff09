import { type AdminBookingBodySchema, type AdminReservation, type BookingCustomer, messages, type Reservation } from '@farmacia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { notFound, validationFailed } from '../../errors.js';
import { shopScope } from '../admin/admin-scope.js';
import { audit } from '../audit/audit.service.js';
import { book, cancelByShop, toWire } from '../reservations/reservations.service.js';
import * as repo from './admin-bookings.repository.js';

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

async function customerOf(app: FastifyInstance, userId: number): Promise<BookingCustomer> {
  const user = await repo.findUser(app.db, userId);
  return user ?? { id: userId, name: '', email: '', phone_number: null };
}

export async function findCustomers(app: FastifyInstance, request: FastifyRequest, q: string, shop?: number): Promise<BookingCustomer[]> {
  const shopId = await shopScope(app.db, request, shop);
  return repo.searchCustomers(app.db, shopId, q);
}

export async function getReservation(app: FastifyInstance, request: FastifyRequest, id: number, shop?: number): Promise<AdminReservation> {
  const shopId = await shopScope(app.db, request, shop);
  const row = await repo.findReservation(app.db, shopId, id);
  if (!row) throw notFound(messages.backoffice.reservationNotFound);
  return { ...(await toWire(app, row, app.clock.now())), customer: await customerOf(app, row.user_id) };
}

/** Books a slot for a customer of the shop, as if they had booked it in the app. */
export async function bookForCustomer(
  app: FastifyInstance,
  request: FastifyRequest,
  body: z.output<typeof AdminBookingBodySchema>,
): Promise<AdminReservation> {
  const shopId = await shopScope(app.db, request, body.shop_id);
  const customer = await repo.findCustomer(app.db, shopId, body.customer_id);
  if (!customer) throw validationFailed({ customer_id: [MSG.customerNotFound] });
  if (!(await repo.findService(app.db, shopId, body.service_id))) throw notFound(messages.reservations.serviceNotFound);
  const reservation = await book(
    app,
    customer.id,
    body.service_id,
    {
      staff_id: body.staff_id,
      day: body.day,
      start_appointment: body.start_appointment,
      note: body.note,
      event_id: body.event_id,
    },
    app.clock.now(),
    {
      inTransaction: async (trx, row) => {
        await audit(trx, request, {
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
export async function cancelReservation(app: FastifyInstance, request: FastifyRequest, id: number, shop?: number): Promise<AdminReservation> {
  const shopId = await shopScope(app.db, request, shop);
  const row = await repo.findReservation(app.db, shopId, id);
  if (!row) throw notFound(messages.backoffice.reservationNotFound);
  const now = app.clock.now();
  const before = trailOf(await toWire(app, row, now));
  const cancelled = await cancelByShop(app, row, now, {
    inTransaction: (trx) =>
      audit(trx, request, { action: 'cancel', entity: 'reservation', entityId: id, shopId, before, after: { ...before, status: 'cancelled' } }),
  });
  return { ...cancelled, customer: await customerOf(app, row.user_id) };
}
