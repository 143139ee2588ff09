import {
  ProductRequestCreateBodySchema,
  ProductRequestListResponseSchema,
  ProductRequestResponseSchema,
  ProductRequestUpdateBodySchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { cartRequestRoutes } from '../../plugins/cart-request-routes.js';
import * as requests from './product-requests.service.js';

/** `GET/POST /api/cart/product_requests`, `GET/PUT/DELETE /api/cart/product_requests/:id` (spec §7 Cart). */
export async function productRequestRoutes(app: FastifyInstance): Promise<void> {
  const { listProductRequests: list, getProductRequest: get, createProductRequest: create, updateProductRequest: update, deleteProductRequest: remove } = requests;
  const schemas = { list: ProductRequestListResponseSchema, one: ProductRequestResponseSchema, create: ProductRequestCreateBodySchema, update: ProductRequestUpdateBodySchema };
  cartRequestRoutes(app, '/cart/product_requests', schemas, { list, get, create, update, remove });
}
