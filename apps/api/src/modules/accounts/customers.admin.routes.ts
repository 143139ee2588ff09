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
import { dataRoutes } from '../../plugins/data-routes.js';
import * as customers from './customers.admin.service.js';
import { findShopCustomer } from './customers.admin.repository.js';
import { requireRowInShop } from '../../plugins/row-in-shop.js';

/** `/api/admin/customers…` (decision 0297): pharmacists and admins, the shop's customers only. */
export async function adminCustomerRoutes(app: FastifyInstance): Promise<void> {
  const route = dataRoutes(app, 'admin: customers', app.requireRole('pharmacist'));

  route.get('/admin/customers', { querystring: AdminCustomerSearchQuerySchema.extend(AdminShopQuerySchema.shape) }, AdminCustomerListResponseSchema, (ctx, { query }) =>
    customers.searchCustomers(ctx, query.q, query.shop_id),
  );

  // POST, not GET: the reason travels in the body (never in access logs) and the call writes the audit log.
  route.post(
    '/admin/customers/:id/history',
    {
      preValidation: requireRowInShop(app, findShopCustomer, messages.backofficeCustomers.customerNotFound),
      params: IdParamsSchema,
      querystring: AdminShopQuerySchema,
      body: CustomerHistoryBodySchema,
    },
    CustomerHistoryResponseSchema,
    (ctx, { params, body, query }) => customers.openHistory(ctx, params.id, body.reason, query.shop_id),
  );
}
