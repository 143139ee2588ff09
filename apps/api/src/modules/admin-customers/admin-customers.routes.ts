import {
  AdminCustomerListResponseSchema,
  AdminCustomerSearchQuerySchema,
  AdminShopQuerySchema,
  CustomerHistoryBodySchema,
  CustomerHistoryResponseSchema,
  IdParamsSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as customers from './admin-customers.service.js';

const tags = ['admin: customers'];
const security = [{ bearer: [] }];

/** `/api/admin/customers…` (decision 0297): pharmacists and admins, the shop's customers only. */
export async function adminCustomerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
    async (request) => ({ data: await customers.searchCustomers(app, request, request.query.q, request.query.shop_id) }),
  );

  // POST, not GET: the reason travels in the body (never in access logs) and the call writes the audit log.
  r.post(
    '/admin/customers/:id/history',
    {
      onRequest,
      preValidation: customers.customerMustBeInShop(app),
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
      data: await customers.openHistory(app, request, request.params.id, request.body.reason, request.query.shop_id),
    }),
  );
}
