import { LoyaltyCardListResponseSchema, LoyaltyCardParamsSchema, LoyaltyCardResponseSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import * as loyalty from './loyalty.service.js';
import { typedRoutes } from '../../plugins/typed-routes.js';

/** `GET /api/fidelityCard[/{id}]` (spec §7 Loyalty and chat): the customer's own cards only. */
export async function loyaltyRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'loyalty');

  r.get(
    '/fidelityCard',
    { preHandler: app.authenticate, schema: { tags, security, response: { 200: LoyaltyCardListResponseSchema } } },
    async (request) => ({ data: await loyalty.listCards(app.db, request.user.id, request.user.shopId) }),
  );

  r.get(
    '/fidelityCard/:id',
    {
      preHandler: app.authenticate,
      schema: { tags, security, params: LoyaltyCardParamsSchema, response: { 200: LoyaltyCardResponseSchema } },
    },
    async (request) => ({ data: await loyalty.getCard(app.db, request.user.id, request.params.id) }),
  );
}
