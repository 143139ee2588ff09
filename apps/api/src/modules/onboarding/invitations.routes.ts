import {
  AdminShopQuerySchema,
  IdParamsSchema,
  StaffInvitationBodySchema,
  StaffInvitationListResponseSchema,
  StaffInvitationResponseSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as invitations from './invitations.service.js';
import { actorContext } from '../../plugins/request-context.js';

const security = [{ bearer: [] }];

/** Invitations of pharmacists (decision 0418): admins only; a shop's pending ones, a new one, a new link. */
export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireRole('admin');
  const tags = ['admin: staff accounts'];
  r.get(
    '/admin/staff-invitations',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response: { 200: StaffInvitationListResponseSchema } } },
    async (request) => ({ data: await invitations.listInvitations(actorContext(request), request.query.shop_id) }),
  );
  r.post(
    '/admin/staff-invitations',
    { onRequest, schema: { tags, security, body: StaffInvitationBodySchema, response: { 201: StaffInvitationResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await invitations.invitePharmacist(actorContext(request), request.body) }),
  );
  r.post(
    '/admin/staff-invitations/:id/resend',
    {
      onRequest,
      schema: { tags, security, params: IdParamsSchema, querystring: AdminShopQuerySchema, response: { 200: StaffInvitationResponseSchema } },
    },
    async (request) => ({ data: await invitations.resendInvitation(actorContext(request), request.params.id, request.query.shop_id) }),
  );
}
