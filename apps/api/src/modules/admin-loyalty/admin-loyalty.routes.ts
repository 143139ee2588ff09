import {
  AdminListQuerySchema,
  AdminLoyaltyCardDetailResponseSchema,
  AdminLoyaltyCardListResponseSchema,
  AdminShopQuerySchema,
  IdParamsSchema,
  LoyaltyAdjustBodySchema,
  LoyaltyReissueBodySchema,
  messages,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRowInShop } from '../admin-shop/row-guard.js';
import { cardExists } from './admin-loyalty.repository.js';
import * as loyalty from './admin-loyalty.service.js';

const security = [{ bearer: [] }];
const tags = ['admin: loyalty cards'];

/** The shop's loyalty cards: search, history, hand adjustments, re-issue. */
export async function adminLoyaltyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireRole('pharmacist');
  const preValidation = requireRowInShop(app, cardExists, messages.backofficeShop.cardNotFound);

  r.get(
    '/admin/loyalty-cards',
    { onRequest, schema: { tags, security, querystring: AdminListQuerySchema, response: { 200: AdminLoyaltyCardListResponseSchema } } },
    async (request) => ({ data: await loyalty.listCards(app, request, request.query.shop_id, request.query.q) }),
  );
  r.get(
    '/admin/loyalty-cards/:id',
    {
      onRequest,
      schema: { tags, security, params: IdParamsSchema, querystring: AdminShopQuerySchema, response: { 200: AdminLoyaltyCardDetailResponseSchema } },
    },
    async (request) => ({ data: await loyalty.getCard(app, request, request.params.id, request.query.shop_id) }),
  );
  r.post(
    '/admin/loyalty-cards/:id/adjust',
    {
      onRequest,
      preValidation,
      schema: { tags, security, params: IdParamsSchema, body: LoyaltyAdjustBodySchema, response: { 200: AdminLoyaltyCardDetailResponseSchema } },
    },
    async (request) => ({ data: await loyalty.adjustPoints(app, request, request.params.id, request.body) }),
  );
  r.post(
    '/admin/loyalty-cards/:id/reissue',
    {
      onRequest,
      preValidation,
      schema: { tags, security, params: IdParamsSchema, body: LoyaltyReissueBodySchema, response: { 200: AdminLoyaltyCardDetailResponseSchema } },
    },
    async (request) => ({ data: await loyalty.reissueCard(app, request, request.params.id, request.body) }),
  );
}
