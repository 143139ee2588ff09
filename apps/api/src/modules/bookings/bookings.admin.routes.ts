import {
  AdminBookingBodySchema,
  AdminEventAvailabilityBodySchema,
  AdminEventBodySchema,
  AdminEventListResponseSchema,
  AdminEventResponseSchema,
  AdminReservationResponseSchema,
  AdminServiceBodySchema,
  AdminServiceCategoryBodySchema,
  AdminServiceCategoryListResponseSchema,
  AdminServiceCategoryResponseSchema,
  AdminServiceGroupBodySchema,
  AdminServiceGroupListResponseSchema,
  AdminServiceGroupResponseSchema,
  AdminServiceListResponseSchema,
  AdminServiceResponseSchema,
  AdminShopQuerySchema,
  AdminShopServiceBodySchema,
  AdminShopServiceListResponseSchema,
  AdminShopServiceResponseSchema,
  AdminStaffMemberResponseSchema,
  BookingCustomerListResponseSchema,
  BookingCustomerQuerySchema,
  IdParamsSchema,
  messages,
  NewStaffMemberBodySchema,
  StaffHoursBodySchema,
  StaffHoursResponseSchema,
  StaffMemberBodySchema,
} from '@farmacia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { shopScope } from '../staff/index.js';
import * as repo from './bookings.admin.repository.js';
import { eventsAdminService as events } from '../events/index.js';
import { staffHoursService as hours } from '../staff/index.js';
import * as reservations from './bookings.admin.service.js';
import { servicesAdminService as services } from '../services/index.js';
import { shopServicesAdminService as shopServices } from '../services/index.js';
import { staffAdminService as staff } from '../staff/index.js';
import { actorContext } from '../../plugins/request-context.js';

const security = [{ bearer: [] }];
const tags = ['admin: bookings'];

/** A positive integer from a raw (not yet validated) path or query value, else undefined. */
const rawId = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * Back-office bookings management (issue 8): reservations for a customer, services, categories,
 * groups, events and their windows, staff hours. Pharmacists and admins (a customer's token is
 * 403 before anything else); a row of another shop is 404 **before the body is validated**, so
 * a pharmacist of another shop learns nothing of the shapes either (decision 0291).
 */
export async function adminBookingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireRole('pharmacist');

  /** preValidation: the `:id` must name a row of the caller's shop (or of the admin's `?shop_id=`). */
  const rowOfShop = (find: (db: Db, shopId: number, id: number) => Promise<unknown>, message: string) =>
    async function rowOfShopCheck(request: FastifyRequest): Promise<void> {
      const id = rawId((request.params as { id?: unknown }).id);
      if (id === undefined) return; // The params schema answers 422.
      const shopId = await shopScope(app.db, request.user, rawId((request.query as { shop_id?: unknown }).shop_id));
      if (!(await find(app.db, shopId, id))) throw notFound(message);
    };
  const reservationOfShop = rowOfShop(repo.findReservation, messages.backoffice.reservationNotFound);
  const serviceOfShop = rowOfShop(repo.findService, messages.reservations.serviceNotFound);
  const categoryOfShop = rowOfShop(repo.findCategory, messages.reservations.categoryNotFound);
  const shopServiceOfShop = rowOfShop(repo.findShopService, messages.reservations.serviceNotFound);
  const groupOfShop = rowOfShop(repo.findGroup, messages.reservations.serviceGroupNotFound);
  const eventOfShop = rowOfShop(repo.findEvent, messages.reservations.eventNotFound);
  const availabilityOfShop = rowOfShop(repo.findAvailability, messages.backofficeBookings.eventAvailabilityNotFound);
  const staffOfShop = rowOfShop(repo.findStaffMember, messages.backoffice.staffNotFound);
  const byId = { params: IdParamsSchema, querystring: AdminShopQuerySchema };

  // --- Reservations ---
  r.get(
    '/admin/reservation-customers',
    { onRequest, schema: { tags, security, querystring: BookingCustomerQuerySchema, response: { 200: BookingCustomerListResponseSchema } } },
    async (request) => ({ data: await reservations.findCustomers(actorContext(request), request.query.q, request.query.shop_id) }),
  );
  r.get(
    '/admin/reservations/:id',
    { onRequest, preValidation: reservationOfShop, schema: { tags, security, ...byId, response: { 200: AdminReservationResponseSchema } } },
    async (request) => ({ data: await reservations.getReservation(actorContext(request), request.params.id, request.query.shop_id) }),
  );
  r.post(
    '/admin/reservations',
    { config: { openapi: { errors: ['NOT_FOUND', 'RESERVATION_SLOT_TAKEN', 'RESERVATION_SLOT_UNAVAILABLE'] } }, onRequest, schema: { tags, security, body: AdminBookingBodySchema, response: { 201: AdminReservationResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await reservations.bookForCustomer(actorContext(request), request.body) }),
  );
  r.delete(
    '/admin/reservations/:id',
    { config: { openapi: { errors: ['RESERVATION_ALREADY_CANCELLED'] } }, onRequest, preValidation: reservationOfShop, schema: { tags, security, ...byId, response: { 200: AdminReservationResponseSchema } } },
    async (request) => ({ data: await reservations.cancelReservation(actorContext(request), request.params.id, request.query.shop_id) }),
  );

  // --- Services ---
  r.get(
    '/admin/services',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response: { 200: AdminServiceListResponseSchema } } },
    async (request) => ({ data: await services.listServices(actorContext(request), request.query.shop_id) }),
  );
  r.post(
    '/admin/services',
    { onRequest, schema: { tags, security, body: AdminServiceBodySchema, response: { 201: AdminServiceResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await services.addService(actorContext(request), request.body) }),
  );
  r.put(
    '/admin/services/:id',
    {
      onRequest,
      preValidation: serviceOfShop,
      schema: { tags, security, ...byId, body: AdminServiceBodySchema, response: { 200: AdminServiceResponseSchema } },
    },
    async (request) => ({ data: await services.editService(actorContext(request), request.params.id, request.body, request.query.shop_id) }),
  );
  r.delete(
    '/admin/services/:id',
    { onRequest, preValidation: serviceOfShop, schema: { tags, security, ...byId, response: { 200: AdminServiceResponseSchema } } },
    async (request) => ({ data: await services.withdrawService(actorContext(request), request.params.id, request.query.shop_id) }),
  );

  // --- Categories ---
  r.get(
    '/admin/service-categories',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response: { 200: AdminServiceCategoryListResponseSchema } } },
    async (request) => ({ data: await services.listCategories(actorContext(request), request.query.shop_id) }),
  );
  r.post(
    '/admin/service-categories',
    { onRequest, schema: { tags, security, body: AdminServiceCategoryBodySchema, response: { 201: AdminServiceCategoryResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await services.addCategory(actorContext(request), request.body) }),
  );
  r.put(
    '/admin/service-categories/:id',
    {
      onRequest,
      preValidation: categoryOfShop,
      schema: { tags, security, ...byId, body: AdminServiceCategoryBodySchema, response: { 200: AdminServiceCategoryResponseSchema } },
    },
    async (request) => ({ data: await services.editCategory(actorContext(request), request.params.id, request.body, request.query.shop_id) }),
  );
  r.delete('/admin/service-categories/:id', { config: { openapi: { errors: ['SERVICE_CATEGORY_IN_USE'] } }, onRequest, preValidation: categoryOfShop, schema: { tags, security, ...byId, response: { 204: z.null() } } }, async (request, reply) => {
    await services.removeCategory(actorContext(request), request.params.id, request.query.shop_id);
    return reply.code(204).send(null);
  });

  // --- Groups ---
  r.get(
    '/admin/service-groups',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response: { 200: AdminServiceGroupListResponseSchema } } },
    async (request) => ({ data: await services.listGroups(actorContext(request), request.query.shop_id) }),
  );
  r.post(
    '/admin/service-groups',
    { onRequest, schema: { tags, security, body: AdminServiceGroupBodySchema, response: { 201: AdminServiceGroupResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await services.addGroup(actorContext(request), request.body) }),
  );
  r.put(
    '/admin/service-groups/:id',
    {
      onRequest,
      preValidation: groupOfShop,
      schema: { tags, security, ...byId, body: AdminServiceGroupBodySchema, response: { 200: AdminServiceGroupResponseSchema } },
    },
    async (request) => ({ data: await services.editGroup(actorContext(request), request.params.id, request.body, request.query.shop_id) }),
  );
  r.delete('/admin/service-groups/:id', { config: { openapi: { errors: ['SERVICE_GROUP_IN_USE'] } }, onRequest, preValidation: groupOfShop, schema: { tags, security, ...byId, response: { 204: z.null() } } }, async (request, reply) => {
    await services.removeGroup(actorContext(request), request.params.id, request.query.shop_id);
    return reply.code(204).send(null);
  });

  // --- Shop services ---
  r.get(
    '/admin/shop-services',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response: { 200: AdminShopServiceListResponseSchema } } },
    async (request) => ({ data: await shopServices.listShopServices(actorContext(request), request.query.shop_id) }),
  );
  r.post(
    '/admin/shop-services',
    { onRequest, schema: { tags, security, body: AdminShopServiceBodySchema, response: { 201: AdminShopServiceResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await shopServices.addShopService(actorContext(request), request.body) }),
  );
  r.put(
    '/admin/shop-services/:id',
    {
      onRequest,
      preValidation: shopServiceOfShop,
      schema: { tags, security, ...byId, body: AdminShopServiceBodySchema, response: { 200: AdminShopServiceResponseSchema } },
    },
    async (request) => ({ data: await shopServices.editShopService(actorContext(request), request.params.id, request.body, request.query.shop_id) }),
  );
  r.delete(
    '/admin/shop-services/:id',
    { onRequest, preValidation: shopServiceOfShop, schema: { tags, security, ...byId, response: { 200: AdminShopServiceResponseSchema } } },
    async (request) => ({ data: await shopServices.withdrawShopService(actorContext(request), request.params.id, request.query.shop_id) }),
  );

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

  // --- Staff members (never deleted: deactivated, decision 0385) ---
  r.post(
    '/admin/staff',
    { onRequest, schema: { tags, security, body: NewStaffMemberBodySchema, response: { 201: AdminStaffMemberResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await staff.addStaffMember(actorContext(request), request.body) }),
  );
  r.put(
    '/admin/staff/:id',
    {
      onRequest,
      preValidation: staffOfShop,
      schema: { tags, security, ...byId, body: StaffMemberBodySchema, response: { 200: AdminStaffMemberResponseSchema } },
    },
    async (request) => ({ data: await staff.editStaffMember(actorContext(request), request.params.id, request.body, request.query.shop_id) }),
  );

  // --- Working hours ---
  r.get(
    '/admin/staff/:id/hours',
    { onRequest, preValidation: staffOfShop, schema: { tags, security, ...byId, response: { 200: StaffHoursResponseSchema } } },
    async (request) => ({ data: await hours.getHours(actorContext(request), request.params.id, request.query.shop_id) }),
  );
  r.put(
    '/admin/staff/:id/hours',
    {
      onRequest,
      preValidation: staffOfShop,
      schema: { tags, security, ...byId, body: StaffHoursBodySchema, response: { 200: StaffHoursResponseSchema } },
    },
    async (request) => ({ data: await hours.setHours(actorContext(request), request.params.id, request.body, request.query.shop_id) }),
  );
}
