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
import { requireRowInShop } from '../../plugins/row-in-shop.js';
import { voucherExists } from './vouchers.admin.repository.js';
import * as vouchers from './vouchers.admin.service.js';
import { actorContext } from '../../plugins/request-context.js';

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
    async (request) => ({ data: await vouchers.listVouchers(actorContext(request), request.query.shop_id, request.query.q) }),
  );
  r.post(
    '/admin/vouchers',
    { onRequest, schema: { tags, security, body: AdminVoucherBodySchema, response: { 201: AdminVoucherResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await vouchers.createVoucher(actorContext(request), request.body) }),
  );
  r.put(
    '/admin/vouchers/:id',
    {
      onRequest,
      preValidation,
      schema: { tags, security, params: IdParamsSchema, body: AdminVoucherBodySchema, response: { 200: AdminVoucherResponseSchema } },
    },
    async (request) => ({ data: await vouchers.updateVoucher(actorContext(request), request.params.id, request.body) }),
  );
  r.post(
    '/admin/vouchers/:id/deactivate',
    {
      onRequest,
      preValidation,
      schema: { tags, security, params: IdParamsSchema, querystring: AdminShopQuerySchema, response: { 200: AdminVoucherResponseSchema } },
    },
    async (request) => ({ data: await vouchers.deactivateVoucher(actorContext(request), request.params.id, request.query.shop_id) }),
  );
}
