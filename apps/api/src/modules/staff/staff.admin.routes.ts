import {
  AdminShopQuerySchema,
  AdminStaffListResponseSchema,
  AdminStaffMemberResponseSchema,
  IdParamsSchema,
  messages,
  NewPharmacistBodySchema,
  NewStaffMemberBodySchema,
  StaffAccountListResponseSchema,
  StaffAccountResponseSchema,
  StaffHoursBodySchema,
  StaffHoursResponseSchema,
  StaffMemberBodySchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../plugins/typed-routes.js';
import { actorContext } from '../../plugins/request-context.js';
import { queryShopSchemaId, requireRowInShop } from '../../plugins/row-in-shop.js';
import * as staffAccounts from './pharmacist-accounts.js';
import { findStaffMember } from './staff.admin.repository.js';
import * as staff from './staff.admin.service.js';
import * as hours from './staff-hours.service.js';

/**
 * The shop's staff (issue 8): the members who take bookings and their working hours (pharmacists
 * and admins; a member of another shop is 404 before the body is validated, decision 0291), and
 * the pharmacists' accounts (admins only).
 */
export async function adminStaffRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'admin: bookings');
  // On the request, before the body is validated: a customer or a stranger learns nothing of the shapes (decision 0204).
  const onRequest = app.requireRole('pharmacist');
  const staffOfShop = requireRowInShop(app, findStaffMember, messages.backoffice.staffNotFound, queryShopSchemaId);
  const byId = { params: IdParamsSchema, querystring: AdminShopQuerySchema };

  r.get(
    '/admin/staff',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response: { 200: AdminStaffListResponseSchema } } },
    async (request) => ({ data: await staff.listStaff(actorContext(request), request.query.shop_id) }),
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
