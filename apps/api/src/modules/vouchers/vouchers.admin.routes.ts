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
import { dataRoutes } from '../../plugins/data-routes.js';
import { requireRowInShop } from '../../plugins/row-in-shop.js';
import { voucherExists } from './vouchers.admin.repository.js';
import * as vouchers from './vouchers.admin.service.js';

/** The shop's discount codes: list, create, edit, deactivate. */
export async function adminVoucherRoutes(app: FastifyInstance): Promise<void> {
  const route = dataRoutes(app, 'admin: vouchers', app.requireRole('pharmacist'));
  const voucher = { params: IdParamsSchema, preValidation: requireRowInShop(app, voucherExists, messages.backofficeShop.voucherNotFound) };

  route.get('/admin/vouchers', { querystring: AdminListQuerySchema }, AdminVoucherListResponseSchema, (ctx, { query }) =>
    vouchers.listVouchers(ctx, query.shop_id, query.q),
  );
  route.create('/admin/vouchers', { body: AdminVoucherBodySchema }, AdminVoucherResponseSchema, (ctx, { body }) => vouchers.createVoucher(ctx, body));
  route.put('/admin/vouchers/:id', { ...voucher, body: AdminVoucherBodySchema }, AdminVoucherResponseSchema, (ctx, { params, body }) =>
    vouchers.updateVoucher(ctx, params.id, body),
  );
  route.post('/admin/vouchers/:id/deactivate', { ...voucher, querystring: AdminShopQuerySchema }, AdminVoucherResponseSchema, (ctx, { params, query }) =>
    vouchers.deactivateVoucher(ctx, params.id, query.shop_id),
  );
}
