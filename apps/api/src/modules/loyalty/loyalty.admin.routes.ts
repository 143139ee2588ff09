import {
  AdminListQuerySchema,
  AdminLoyaltyCardDetailResponseSchema,
  AdminLoyaltyCardListResponseSchema,
  AdminShopQuerySchema,
  ErrorCode,
  IdParamsSchema,
  LoyaltyAdjustBodySchema,
  LoyaltyBlockBodySchema,
  LoyaltyReissueBodySchema,
  LoyaltyUnblockBodySchema,
  messages,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRowInShop } from '../../plugins/row-in-shop.js';
import { cardExists } from './loyalty.admin.repository.js';
import * as loyalty from './loyalty.admin.service.js';
import { actorContext } from '../../plugins/request-context.js';

const security = [{ bearer: [] }];
const tags = ['admin: loyalty cards'];

/** The shop's loyalty cards: search, history, hand adjustments, re-issue, block and unblock. */
export async function adminLoyaltyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireRole('pharmacist');
  const preValidation = requireRowInShop(app, cardExists, messages.backofficeShop.cardNotFound);

  r.get(
    '/admin/loyalty-cards',
    { onRequest, schema: { tags, security, querystring: AdminListQuerySchema, response: { 200: AdminLoyaltyCardListResponseSchema } } },
    async (request) => ({ data: await loyalty.listCards(actorContext(request), request.query.shop_id, request.query.q) }),
  );
  r.get(
    '/admin/loyalty-cards/:id',
    {
      onRequest,
      schema: { tags, security, params: IdParamsSchema, querystring: AdminShopQuerySchema, response: { 200: AdminLoyaltyCardDetailResponseSchema } },
    },
    async (request) => ({ data: await loyalty.getCard(actorContext(request), request.params.id, request.query.shop_id) }),
  );
  r.post(
    '/admin/loyalty-cards/:id/adjust',
    {
      onRequest,
      preValidation,
      schema: { tags, security, params: IdParamsSchema, body: LoyaltyAdjustBodySchema, response: { 200: AdminLoyaltyCardDetailResponseSchema } },
    },
    async (request) => ({ data: await loyalty.adjustPoints(actorContext(request), request.params.id, request.body) }),
  );
  r.post(
    '/admin/loyalty-cards/:id/reissue',
    {
      onRequest,
      preValidation,
      schema: { tags, security, params: IdParamsSchema, body: LoyaltyReissueBodySchema, response: { 200: AdminLoyaltyCardDetailResponseSchema } },
    },
    async (request) => ({ data: await loyalty.reissueCard(actorContext(request), request.params.id, request.body) }),
  );
  r.post(
    '/admin/loyalty-cards/:id/block',
    {
      onRequest,
      preValidation,
      // Blocking a blocked card (or unblocking an active one) is 409.
      config: { openapi: { errors: [ErrorCode.CONFLICT] } },
      schema: { tags, security, params: IdParamsSchema, body: LoyaltyBlockBodySchema, response: { 200: AdminLoyaltyCardDetailResponseSchema } },
    },
    async (request) => ({ data: await loyalty.blockCard(actorContext(request), request.params.id, request.body) }),
  );
  r.post(
    '/admin/loyalty-cards/:id/unblock',
    {
      onRequest,
      preValidation,
      // Blocking a blocked card (or unblocking an active one) is 409.
      config: { openapi: { errors: [ErrorCode.CONFLICT] } },
      schema: { tags, security, params: IdParamsSchema, body: LoyaltyUnblockBodySchema, response: { 200: AdminLoyaltyCardDetailResponseSchema } },
    },
    async (request) => ({ data: await loyalty.unblockCard(actorContext(request), request.params.id, request.body) }),
  );
}
