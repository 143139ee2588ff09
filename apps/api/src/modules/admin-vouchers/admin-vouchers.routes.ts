import {
  AdminListQuerySchema,
  AdminShopQuerySchema,
  AdminVoucherBodySchema,
  AdminVoucherListResponseSchema,
  AdminVoucherResponseSchema,
  IdParamsSchema,
  messages,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRowInShop } from '../admin-shop/row-guard.js';
import { voucherExists } from './admin-vouchers.repository.js';
import * as vouchers from './admin-vouchers.service.js';

const security = [{ bearer: [] }];
const tags = ['admin: vouchers'];

/** The shop's discount codes: list, create, edit, deactivate. */
export async function adminVoucherRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireRole('pharmacist');
  const preValidation = requireRowInShop(app, voucherExists, messages.backofficeShop.voucherNotFound);

  r.get(
    '/admin/vouchers',
    { onRequest, schema: { tags, security, querystring: AdminListQuerySchema, response: { 200: AdminVoucherListResponseSchema } } },
    async (request) => ({ data: await vouchers.listVouchers(app, request, request.query.shop_id, request.query.q) }),
  );
  r.post(
    '/admin/vouchers',
    { onRequest, schema: { tags, security, body: AdminVoucherBodySchema, response: { 201: AdminVoucherResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await vouchers.createVoucher(app, request, request.body) }),
  );
  r.put(
    '/admin/vouchers/:id',
    {
      onRequest,
      preValidation,
      schema: { tags, security, params: IdParamsSchema, body: AdminVoucherBodySchema, response: { 200: AdminVoucherResponseSchema } },
    },
    async (request) => ({ data: await vouchers.updateVoucher(app, request, request.params.id, request.body) }),
  );
  r.post(
    '/admin/vouchers/:id/deactivate',
    {
      onRequest,
      preValidation,
      schema: { tags, security, params: IdParamsSchema, querystring: AdminShopQuerySchema, response: { 200: AdminVoucherResponseSchema } },
    },
    async (request) => ({ data: await vouchers.deactivateVoucher(app, request, request.params.id, request.query.shop_id) }),
  );
}
