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
import { typedRoutes } from '../../plugins/typed-routes.js';
import { z } from 'zod';
import { actorContext } from '../../plugins/request-context.js';
import { queryShopSchemaId, requireRowInShop } from '../../plugins/row-in-shop.js';
import * as agenda from './agenda.service.js';
import { findBooking } from './bookings.admin.repository.js';
import * as bookings from './bookings.admin.service.js';

/**
 * The pharmacist's bookings (issue 8): the staff agenda, closures, and bookings made or cancelled
 * for a customer. Pharmacists and admins (a customer's token is 403 before anything else); a
 * booking of another shop is 404 **before the body is validated** (decision 0291).
 */
export async function adminBookingsRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'admin: bookings');
  // On the request, before the body is validated: a customer or a stranger learns nothing of the shapes (decision 0204).
  const onRequest = app.requireRole('pharmacist');
  const bookingOfShop = requireRowInShop(app, findBooking, messages.backoffice.reservationNotFound, queryShopSchemaId);
  const byId = { params: IdParamsSchema, querystring: AdminShopQuerySchema };

  // --- Agenda and closures ---
  r.get(
    '/admin/agenda',
    { onRequest, schema: { tags, security, querystring: AgendaQuerySchema, response: { 200: AgendaResponseSchema } } },
    async (request) => ({ data: await agenda.agenda(actorContext(request), request.query) }),
  );

  r.get(
    '/admin/closures',
    { onRequest, schema: { tags, security, querystring: ClosureListQuerySchema, response: { 200: ClosureListResponseSchema } } },
    async (request) => ({ data: await agenda.listClosures(actorContext(request), request.query.from, request.query.shop_id) }),
  );

  r.post(
    '/admin/closures',
    { onRequest, schema: { tags, security, body: NewClosureBodySchema, response: { 201: ClosureResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await agenda.addClosure(actorContext(request), request.body) }),
  );

  r.delete(
    '/admin/closures/:id',
    { onRequest, schema: { tags, security, params: IdParamsSchema, querystring: AdminShopQuerySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await agenda.removeClosure(actorContext(request), request.params.id, request.query.shop_id);
      return reply.code(204).send(null);
    },
  );

  // --- Bookings for a customer ---
  r.get(
    '/admin/reservation-customers',
    { onRequest, schema: { tags, security, querystring: BookingCustomerQuerySchema, response: { 200: BookingCustomerListResponseSchema } } },
    async (request) => ({ data: await bookings.findCustomers(actorContext(request), request.query.q, request.query.shop_id) }),
  );
  r.get(
    '/admin/reservations/:id',
    { onRequest, preValidation: bookingOfShop, schema: { tags, security, ...byId, response: { 200: AdminReservationResponseSchema } } },
    async (request) => ({ data: await bookings.getBooking(actorContext(request), request.params.id, request.query.shop_id) }),
  );
  r.post(
    '/admin/reservations',
    { config: { openapi: { errors: ['NOT_FOUND', 'RESERVATION_SLOT_TAKEN', 'RESERVATION_SLOT_UNAVAILABLE'] } }, onRequest, schema: { tags, security, body: AdminBookingBodySchema, response: { 201: AdminReservationResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await bookings.bookForCustomer(actorContext(request), request.body) }),
  );
  r.delete(
    '/admin/reservations/:id',
    { config: { openapi: { errors: ['RESERVATION_ALREADY_CANCELLED'] } }, onRequest, preValidation: bookingOfShop, schema: { tags, security, ...byId, response: { 200: AdminReservationResponseSchema } } },
    async (request) => ({ data: await bookings.cancelBooking(actorContext(request), request.params.id, request.query.shop_id) }),
  );
}
