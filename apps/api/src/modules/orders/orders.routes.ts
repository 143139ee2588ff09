import {
  IdParamsSchema,
  OrderListResponseSchema,
  OrderDuplicateResponseSchema,
  OrderPaymentTypeParamsSchema,
  OrderResponseSchema,
  PaymentMethodsResponseSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { keptJsonSerializerCompiler } from '../../plugins/kept-json.js';
import { customerOf as customer } from '../../plugins/request-context.js';
import { typedRoutes } from '../../plugins/typed-routes.js';
import * as orders from './orders.service.js';

/** The list is the customer's kept list while their version stays (0590): written once per kept list (0600). */
const keptListJson = keptJsonSerializerCompiler((answer: { data: object }) => answer.data);

/** `/api/order…` (spec §7 Orders and payment): the customer's orders and what they may do in finalizing. */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'orders');

  r.get(
    '/order',
    { preHandler: app.authenticate, serializerCompiler: keptListJson, schema: { tags, security, response: { 200: OrderListResponseSchema } } },
    async (request) => ({ data: await orders.listOrders(app, customer(request.user)) }),
  );

  r.get(
    '/order/:id',
    { preHandler: app.authenticate, schema: { tags, security, params: IdParamsSchema, response: { 200: OrderResponseSchema } } },
    async (request) => ({ data: await orders.getOrder(app, customer(request.user), request.params.id) }),
  );

  r.get(
    '/order/:id/payment-methods',
    {
      preHandler: app.authenticate,
      schema: { tags, security, params: IdParamsSchema, response: { 200: PaymentMethodsResponseSchema } },
    },
    async (request) => ({ data: await orders.orderPaymentMethods(app, customer(request.user), request.params.id) }),
  );

  r.post(
    '/order/:id/payment-type/:type',
    {
      config: { openapi: { errors: ['ORDER_TRANSITION_NOT_ALLOWED', 'ORDER_ALREADY_PAID', 'ORDER_NOT_FINALIZING'] } },
      preHandler: app.authenticate,
      schema: { tags, security, params: OrderPaymentTypeParamsSchema, response: { 200: OrderResponseSchema } },
    },
    async (request) => ({
      data: await orders.changePaymentType(app, customer(request.user), request.params.id, request.params.type),
    }),
  );

  r.post(
    '/order/:id/duplicate',
    {
      config: { openapi: { errors: ['ORDER_NOTHING_TO_REORDER'] } },
      preHandler: app.authenticate,
      schema: { tags, security, params: IdParamsSchema, response: { 200: OrderDuplicateResponseSchema } },
    },
    async (request) => orders.duplicateOrder(app, customer(request.user), request.params.id),
  );

  r.post(
    '/order/:id/confirm',
    { config: { openapi: { errors: ['ORDER_TRANSITION_NOT_ALLOWED', 'ORDER_NOT_FINALIZING', 'ORDER_PAYMENT_REQUIRED'] } }, preHandler: app.authenticate, schema: { tags, security, params: IdParamsSchema, response: { 200: OrderResponseSchema } } },
    async (request) => ({ data: await orders.confirmOrder(app, customer(request.user), request.params.id) }),
  );

  r.post(
    '/order/:id/cancel',
    { config: { openapi: { errors: ['ORDER_TRANSITION_NOT_ALLOWED', 'ORDER_NOT_FINALIZING', 'ORDER_ALREADY_PAID'] } }, preHandler: app.authenticate, schema: { tags, security, params: IdParamsSchema, response: { 200: OrderResponseSchema } } },
    async (request) => ({ data: await orders.cancelOrder(app, customer(request.user), request.params.id) }),
  );
}
