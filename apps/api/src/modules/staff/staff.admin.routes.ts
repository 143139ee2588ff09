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
import { dataRoutes } from '../../plugins/data-routes.js';
import { shopRowById } from '../../plugins/row-in-shop.js';
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
  // On the request, before the body is validated: a customer or a stranger learns nothing of the shapes (decision 0204).
  const route = dataRoutes(app, 'admin: bookings', app.requireRole('pharmacist'));
  const staffOfShop = shopRowById(app, findStaffMember, messages.backoffice.staffNotFound);
  const inShop = { querystring: AdminShopQuerySchema };

  route.get('/admin/staff', inShop, AdminStaffListResponseSchema, (ctx, { query }) => staff.listStaff(ctx, query.shop_id));

  // --- Staff members (never deleted: deactivated, decision 0385) ---
  route.create('/admin/staff', { body: NewStaffMemberBodySchema }, AdminStaffMemberResponseSchema, (ctx, { body }) => staff.addStaffMember(ctx, body));
  route.put('/admin/staff/:id', { ...staffOfShop, body: StaffMemberBodySchema }, AdminStaffMemberResponseSchema, (ctx, { params, body, query }) =>
    staff.editStaffMember(ctx, params.id, body, query.shop_id),
  );

  // --- Working hours ---
  route.get('/admin/staff/:id/hours', staffOfShop, StaffHoursResponseSchema, (ctx, { params, query }) => hours.getHours(ctx, params.id, query.shop_id));
  route.put('/admin/staff/:id/hours', { ...staffOfShop, body: StaffHoursBodySchema }, StaffHoursResponseSchema, (ctx, { params, body, query }) =>
    hours.setHours(ctx, params.id, body, query.shop_id),
  );

  // Staff accounts: admins only.
  const accounts = { onRequest: app.requireRole('admin'), tags: ['admin: staff accounts'] };
  route.get('/admin/pharmacists', { ...accounts, ...inShop }, StaffAccountListResponseSchema, (ctx, { query }) =>
    staffAccounts.listStaffAccounts(ctx, query.shop_id),
  );
  route.create('/admin/pharmacists', { ...accounts, body: NewPharmacistBodySchema }, StaffAccountResponseSchema, (ctx, { body }) =>
    staffAccounts.createPharmacist(ctx, body),
  );
  route.post(
    '/admin/pharmacists/:id/revoke-sessions',
    { ...accounts, params: IdParamsSchema, ...inShop },
    StaffAccountResponseSchema,
    (ctx, { params, query }) => staffAccounts.revokeStaffSessions(ctx, params.id, query.shop_id),
  );
}
