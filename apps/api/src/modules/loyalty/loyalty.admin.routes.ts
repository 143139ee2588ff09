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
import { dataRoutes } from '../../plugins/data-routes.js';
import { requireRowInShop } from '../../plugins/row-in-shop.js';
import { cardExists } from './loyalty.admin.repository.js';
import * as loyalty from './loyalty.admin.service.js';

/** The shop's loyalty cards: search, history, hand adjustments, re-issue, block and unblock. */
export async function adminLoyaltyRoutes(app: FastifyInstance): Promise<void> {
  const route = dataRoutes(app, 'admin: loyalty cards', app.requireRole('pharmacist'));
  const card = { params: IdParamsSchema, preValidation: requireRowInShop(app, cardExists, messages.backofficeShop.cardNotFound) };
  // Blocking a blocked card (or unblocking an active one) is 409.
  const conflict = { ...card, errors: [ErrorCode.CONFLICT] };

  route.get('/admin/loyalty-cards', { querystring: AdminListQuerySchema }, AdminLoyaltyCardListResponseSchema, (ctx, { query }) =>
    loyalty.listCards(ctx, query.shop_id, query.q),
  );
  route.get('/admin/loyalty-cards/:id', { params: IdParamsSchema, querystring: AdminShopQuerySchema }, AdminLoyaltyCardDetailResponseSchema, (ctx, { params, query }) =>
    loyalty.getCard(ctx, params.id, query.shop_id),
  );
  route.post('/admin/loyalty-cards/:id/adjust', { ...card, body: LoyaltyAdjustBodySchema }, AdminLoyaltyCardDetailResponseSchema, (ctx, { params, body }) =>
    loyalty.adjustPoints(ctx, params.id, body),
  );
  route.post('/admin/loyalty-cards/:id/reissue', { ...card, body: LoyaltyReissueBodySchema }, AdminLoyaltyCardDetailResponseSchema, (ctx, { params, body }) =>
    loyalty.reissueCard(ctx, params.id, body),
  );
  route.post('/admin/loyalty-cards/:id/block', { ...conflict, body: LoyaltyBlockBodySchema }, AdminLoyaltyCardDetailResponseSchema, (ctx, { params, body }) =>
    loyalty.blockCard(ctx, params.id, body),
  );
  route.post('/admin/loyalty-cards/:id/unblock', { ...conflict, body: LoyaltyUnblockBodySchema }, AdminLoyaltyCardDetailResponseSchema, (ctx, { params, body }) =>
    loyalty.unblockCard(ctx, params.id, body),
  );
}
