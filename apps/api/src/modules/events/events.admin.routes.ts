import {
  AdminEventAvailabilityBodySchema,
  AdminEventBodySchema,
  AdminEventListResponseSchema,
  AdminEventResponseSchema,
  AdminShopQuerySchema,
  IdParamsSchema,
  messages,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../plugins/typed-routes.js';
import { actorContext } from '../../plugins/request-context.js';
import { queryShopSchemaId, requireRowInShop } from '../../plugins/row-in-shop.js';
import * as repo from './events.admin.repository.js';
import * as events from './events.admin.service.js';

/**
 * The pharmacist's events and their availability windows (issue 8). Pharmacists and admins; a row
 * of another shop is 404 before the body is validated (decision 0291).
 */
export async function adminEventsRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'admin: bookings');
  const onRequest = app.requireRole('pharmacist');
  const eventOfShop = requireRowInShop(app, repo.findEvent, messages.reservations.eventNotFound, queryShopSchemaId);
  const availabilityOfShop = requireRowInShop(app, repo.findAvailability, messages.backofficeBookings.eventAvailabilityNotFound, queryShopSchemaId);
  const byId = { params: IdParamsSchema, querystring: AdminShopQuerySchema };

  // --- Events ---
  r.get(
    '/admin/events',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response: { 200: AdminEventListResponseSchema } } },
    async (request) => ({ data: await events.listEvents(actorContext(request), request.query.shop_id) }),
  );
  r.post(
    '/admin/events',
    { onRequest, schema: { tags, security, body: AdminEventBodySchema, response: { 201: AdminEventResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await events.addEvent(actorContext(request), request.body) }),
  );
  r.put(
    '/admin/events/:id',
    {
      onRequest,
      preValidation: eventOfShop,
      schema: { tags, security, ...byId, body: AdminEventBodySchema, response: { 200: AdminEventResponseSchema } },
    },
    async (request) => ({ data: await events.editEvent(actorContext(request), request.params.id, request.body, request.query.shop_id) }),
  );
  r.delete(
    '/admin/events/:id',
    { onRequest, preValidation: eventOfShop, schema: { tags, security, ...byId, response: { 200: AdminEventResponseSchema } } },
    async (request) => ({ data: await events.withdrawEvent(actorContext(request), request.params.id, request.query.shop_id) }),
  );
  r.post(
    '/admin/events/:id/availabilities',
    {
      onRequest,
      preValidation: eventOfShop,
      schema: { tags, security, ...byId, body: AdminEventAvailabilityBodySchema, response: { 201: AdminEventResponseSchema } },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await events.addAvailability(actorContext(request), request.params.id, request.body, request.query.shop_id) }),
  );
  r.delete(
    '/admin/event-availabilities/:id',
    { config: { openapi: { errors: ['EVENT_AVAILABILITY_BOOKED'] } }, onRequest, preValidation: availabilityOfShop, schema: { tags, security, ...byId, response: { 200: AdminEventResponseSchema } } },
    async (request) => ({ data: await events.removeAvailability(actorContext(request), request.params.id, request.query.shop_id) }),
  );
}
