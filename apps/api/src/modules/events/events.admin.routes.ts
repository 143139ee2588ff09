import {
  AdminEventAvailabilityBodySchema,
  AdminEventBodySchema,
  AdminEventListResponseSchema,
  AdminEventResponseSchema,
  AdminShopQuerySchema,
  messages,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { dataRoutes } from '../../plugins/data-routes.js';
import { shopRowById } from '../../plugins/row-in-shop.js';
import * as repo from './events.admin.repository.js';
import * as events from './events.admin.service.js';

/**
 * The pharmacist's events and their availability windows (issue 8). Pharmacists and admins; a row
 * of another shop is 404 before the body is validated (decision 0291).
 */
export async function adminEventsRoutes(app: FastifyInstance): Promise<void> {
  const route = dataRoutes(app, 'admin: bookings', app.requireRole('pharmacist'));
  const eventOfShop = shopRowById(app, repo.findEvent, messages.reservations.eventNotFound);
  const availabilityOfShop = shopRowById(app, repo.findAvailability, messages.backofficeBookings.eventAvailabilityNotFound);

  // --- Events ---
  route.get('/admin/events', { querystring: AdminShopQuerySchema }, AdminEventListResponseSchema, (ctx, { query }) => events.listEvents(ctx, query.shop_id));
  route.create('/admin/events', { body: AdminEventBodySchema }, AdminEventResponseSchema, (ctx, { body }) => events.addEvent(ctx, body));
  route.put('/admin/events/:id', { ...eventOfShop, body: AdminEventBodySchema }, AdminEventResponseSchema, (ctx, { params, body, query }) =>
    events.editEvent(ctx, params.id, body, query.shop_id),
  );
  route.delete('/admin/events/:id', eventOfShop, AdminEventResponseSchema, (ctx, { params, query }) => events.withdrawEvent(ctx, params.id, query.shop_id));
  route.create(
    '/admin/events/:id/availabilities',
    { ...eventOfShop, body: AdminEventAvailabilityBodySchema },
    AdminEventResponseSchema,
    (ctx, { params, body, query }) => events.addAvailability(ctx, params.id, body, query.shop_id),
  );
  route.delete(
    '/admin/event-availabilities/:id',
    { ...availabilityOfShop, errors: ['EVENT_AVAILABILITY_BOOKED'] },
    AdminEventResponseSchema,
    (ctx, { params, query }) => events.removeAvailability(ctx, params.id, query.shop_id),
  );
}
