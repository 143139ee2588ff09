import {
  messages,
  AdminCustomerListResponseSchema,
  AdminCustomerSearchQuerySchema,
  AdminShopQuerySchema,
  CustomerHistoryBodySchema,
  CustomerHistoryResponseSchema,
  IdParamsSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../plugins/typed-routes.js';
import * as customers from './customers.admin.service.js';
import { findShopCustomer } from './customers.admin.repository.js';
import { requireRowInShop } from '../../plugins/row-in-shop.js';
import { actorContext } from '../../plugins/request-context.js';

/** `/api/admin/customers…` (decision 0297): pharmacists and admins, the shop's customers only. */
export async function adminCustomerRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'admin: customers');
  const onRequest = app.requireRole('pharmacist');

  r.get(
    '/admin/customers',
    {
      onRequest,
      schema: {
        tags,
        security,
        querystring: AdminCustomerSearchQuerySchema.extend(AdminShopQuerySchema.shape),
        response: { 200: AdminCustomerListResponseSchema },
      },
    },
    async (request) => ({ data: await customers.searchCustomers(actorContext(request), request.query.q, request.query.shop_id) }),
  );

  // POST, not GET: the reason travels in the body (never in access logs) and the call writes the audit log.
  r.post(
    '/admin/customers/:id/history',
    {
      onRequest,
      preValidation: requireRowInShop(app, findShopCustomer, messages.backofficeCustomers.customerNotFound),
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        querystring: AdminShopQuerySchema,
        body: CustomerHistoryBodySchema,
        response: { 200: CustomerHistoryResponseSchema },
      },
    },
    async (request) => ({
      data: await customers.openHistory(actorContext(request), request.params.id, request.body.reason, request.query.shop_id),
    }),
  );
}
