import {
  AdminShopQuerySchema,
  AdminStaffListResponseSchema,
  AgendaQuerySchema,
  AgendaResponseSchema,
  ClosureListQuerySchema,
  ClosureListResponseSchema,
  ClosureResponseSchema,
  IdParamsSchema,
  NewClosureBodySchema,
  NewPharmacistBodySchema,
  StaffAccountListResponseSchema,
  StaffAccountResponseSchema,
  OrderCountsResponseSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffAdminService as staff } from '../staff/index.js';
import * as bookings from './agenda.service.js';
import { orderCounts } from '../orders/index.js';
import { pharmacistAccounts as staffAccounts } from '../staff/index.js';
import { actorContext } from '../../plugins/request-context.js';

const security = [{ bearer: [] }];

/**
 * Back-office calls no other module offers (issue 8): the staff agenda and closures. Pharmacists
 * and admins; customers 403; a pharmacist only ever reaches their own shop's rows.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // On the request, before the body is validated: a customer or a stranger learns nothing of the shapes (decision 0204).
  const onRequest = app.requireRole('pharmacist');
  const tags = ['admin: bookings'];

  r.get(
    '/admin/order-counts',
    {
      onRequest,
      schema: { tags: ['admin: orders'], security, querystring: AdminShopQuerySchema, response: { 200: OrderCountsResponseSchema } },
    },
    async (request) => ({ data: await orderCounts(actorContext(request), request.query.shop_id) }),
  );

  r.get(
    '/admin/staff',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response: { 200: AdminStaffListResponseSchema } } },
    async (request) => ({ data: await staff.listStaff(actorContext(request), request.query.shop_id) }),
  );

  r.get(
    '/admin/agenda',
    { onRequest, schema: { tags, security, querystring: AgendaQuerySchema, response: { 200: AgendaResponseSchema } } },
    async (request) => ({ data: await bookings.agenda(actorContext(request), request.query) }),
  );

  r.get(
    '/admin/closures',
    { onRequest, schema: { tags, security, querystring: ClosureListQuerySchema, response: { 200: ClosureListResponseSchema } } },
    async (request) => ({ data: await bookings.listClosures(actorContext(request), request.query.from, request.query.shop_id) }),
  );

  r.post(
    '/admin/closures',
    { onRequest, schema: { tags, security, body: NewClosureBodySchema, response: { 201: ClosureResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await bookings.addClosure(actorContext(request), request.body) }),
  );

  r.delete(
    '/admin/closures/:id',
    { onRequest, schema: { tags, security, params: IdParamsSchema, querystring: AdminShopQuerySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await bookings.removeClosure(actorContext(request), request.params.id, request.query.shop_id);
      return reply.code(204).send(null);
    },
  );

  // Staff accounts: admins only.
  const adminOnly = app.requireRole('admin');
  const staffTags = ['admin: staff accounts'];
  r.get(
    '/admin/pharmacists',
    { onRequest: adminOnly, schema: { tags: staffTags, security, querystring: AdminShopQuerySchema, response: { 200: StaffAccountListResponseSchema } } },
    async (request) => ({ data: await staffAccounts.listStaffAccounts(actorContext(request), request.query.shop_id) }),
  );
  r.post(
    '/admin/pharmacists',
    { onRequest: adminOnly, schema: { tags: staffTags, security, body: NewPharmacistBodySchema, response: { 201: StaffAccountResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await staffAccounts.createPharmacist(actorContext(request), request.body) }),
  );
  r.post(
    '/admin/pharmacists/:id/revoke-sessions',
    {
      onRequest: adminOnly,
      schema: { tags: staffTags, security, params: IdParamsSchema, querystring: AdminShopQuerySchema, response: { 200: StaffAccountResponseSchema } },
    },
    async (request) => ({ data: await staffAccounts.revokeStaffSessions(actorContext(request), request.params.id, request.query.shop_id) }),
  );
}
