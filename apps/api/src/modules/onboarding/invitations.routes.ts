import {
  AdminShopQuerySchema,
  IdParamsSchema,
  StaffInvitationBodySchema,
  StaffInvitationListResponseSchema,
  StaffInvitationResponseSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { dataRoutes } from '../../plugins/data-routes.js';
import * as invitations from './invitations.service.js';

/** Invitations of pharmacists (decision 0418): admins only; a shop's pending ones, a new one, a new link. */
export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  const route = dataRoutes(app, 'admin: staff accounts', app.requireRole('admin'));
  route.get('/admin/staff-invitations', { querystring: AdminShopQuerySchema }, StaffInvitationListResponseSchema, (ctx, { query }) =>
    invitations.listInvitations(ctx, query.shop_id),
  );
  route.create('/admin/staff-invitations', { body: StaffInvitationBodySchema }, StaffInvitationResponseSchema, (ctx, { body }) =>
    invitations.invitePharmacist(ctx, body),
  );
  route.post(
    '/admin/staff-invitations/:id/resend',
    { params: IdParamsSchema, querystring: AdminShopQuerySchema },
    StaffInvitationResponseSchema,
    (ctx, { params, query }) => invitations.resendInvitation(ctx, params.id, query.shop_id),
  );
}
