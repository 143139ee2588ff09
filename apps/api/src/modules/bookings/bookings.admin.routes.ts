import {
  AdminBookingBodySchema,
  AdminReservationResponseSchema,
  AdminShopQuerySchema,
  AgendaQuerySchema,
  AgendaResponseSchema,
  BookingCustomerListResponseSchema,
  BookingCustomerQuerySchema,
  ClosureListQuerySchema,
  ClosureListResponseSchema,
  ClosureResponseSchema,
  IdParamsSchema,
  messages,
  NewClosureBodySchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { dataRoutes } from '../../plugins/data-routes.js';
import { shopRowById } from '../../plugins/row-in-shop.js';
import * as agenda from './agenda.service.js';
import { findBooking } from './bookings.admin.repository.js';
import * as bookings from './bookings.admin.service.js';

/**
 * The pharmacist's bookings (issue 8): the staff agenda, closures, and bookings made or cancelled
 * for a customer. Pharmacists and admins (a customer's token is 403 before anything else); a
 * booking of another shop is 404 **before the body is validated** (decision 0291).
 */
export async function adminBookingsRoutes(app: FastifyInstance): Promise<void> {
  // On the request, before the body is validated: a customer or a stranger learns nothing of the shapes (decision 0204).
  const route = dataRoutes(app, 'admin: bookings', app.requireRole('pharmacist'));
  const bookingOfShop = shopRowById(app, findBooking, messages.backoffice.reservationNotFound);

  // --- Agenda and closures ---
  route.get('/admin/agenda', { querystring: AgendaQuerySchema }, AgendaResponseSchema, (ctx, { query }) => agenda.agenda(ctx, query));
  route.get('/admin/closures', { querystring: ClosureListQuerySchema }, ClosureListResponseSchema, (ctx, { query }) =>
    agenda.listClosures(ctx, query.from, query.shop_id),
  );
  route.create('/admin/closures', { body: NewClosureBodySchema }, ClosureResponseSchema, (ctx, { body }) => agenda.addClosure(ctx, body));
  route.remove('/admin/closures/:id', { params: IdParamsSchema, querystring: AdminShopQuerySchema }, (ctx, { params, query }) =>
    agenda.removeClosure(ctx, params.id, query.shop_id),
  );

  // --- Bookings for a customer ---
  route.get('/admin/reservation-customers', { querystring: BookingCustomerQuerySchema }, BookingCustomerListResponseSchema, (ctx, { query }) =>
    bookings.findCustomers(ctx, query.q, query.shop_id),
  );
  route.get('/admin/reservations/:id', bookingOfShop, AdminReservationResponseSchema, (ctx, { params, query }) =>
    bookings.getBooking(ctx, params.id, query.shop_id),
  );
  route.create(
    '/admin/reservations',
    { errors: ['NOT_FOUND', 'RESERVATION_SLOT_TAKEN', 'RESERVATION_SLOT_UNAVAILABLE'], body: AdminBookingBodySchema },
    AdminReservationResponseSchema,
    (ctx, { body }) => bookings.bookForCustomer(ctx, body),
  );
  route.delete('/admin/reservations/:id', { ...bookingOfShop, errors: ['RESERVATION_ALREADY_CANCELLED'] }, AdminReservationResponseSchema, (ctx, { params, query }) =>
    bookings.cancelBooking(ctx, params.id, query.shop_id),
  );
}
