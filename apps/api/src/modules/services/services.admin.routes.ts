import {
  AdminServiceBodySchema,
  AdminServiceCategoryBodySchema,
  AdminServiceCategoryListResponseSchema,
  AdminServiceCategoryResponseSchema,
  AdminServiceGroupBodySchema,
  AdminServiceGroupListResponseSchema,
  AdminServiceGroupResponseSchema,
  AdminServiceListResponseSchema,
  AdminServiceResponseSchema,
  AdminShopQuerySchema,
  AdminShopServiceBodySchema,
  AdminShopServiceListResponseSchema,
  AdminShopServiceResponseSchema,
  IdParamsSchema,
  messages,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../plugins/typed-routes.js';
import { z } from 'zod';
import { actorContext } from '../../plugins/request-context.js';
import { queryShopSchemaId, requireRowInShop } from '../../plugins/row-in-shop.js';
import * as repo from './services.admin.repository.js';
import * as services from './services.admin.service.js';
import * as shopServices from './shop-services.admin.service.js';

/**
 * The pharmacist's bookable services, their categories and groups, and the shop's services
 * (issue 8). Pharmacists and admins; a row of another shop is 404 before the body is validated (decision 0291).
 */
export async function adminServicesRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'admin: bookings');
  const onRequest = app.requireRole('pharmacist');
  const serviceOfShop = requireRowInShop(app, repo.findService, messages.reservations.serviceNotFound, queryShopSchemaId);
  const categoryOfShop = requireRowInShop(app, repo.findCategory, messages.reservations.categoryNotFound, queryShopSchemaId);
  const shopServiceOfShop = requireRowInShop(app, repo.findShopService, messages.reservations.serviceNotFound, queryShopSchemaId);
  const groupOfShop = requireRowInShop(app, repo.findGroup, messages.reservations.serviceGroupNotFound, queryShopSchemaId);
  const byId = { params: IdParamsSchema, querystring: AdminShopQuerySchema };

  // --- Services ---
  r.get(
    '/admin/services',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response: { 200: AdminServiceListResponseSchema } } },
    async (request) => ({ data: await services.listServices(actorContext(request), request.query.shop_id) }),
  );
  r.post(
    '/admin/services',
    { onRequest, schema: { tags, security, body: AdminServiceBodySchema, response: { 201: AdminServiceResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await services.addService(actorContext(request), request.body) }),
  );
  r.put(
    '/admin/services/:id',
    {
      onRequest,
      preValidation: serviceOfShop,
      schema: { tags, security, ...byId, body: AdminServiceBodySchema, response: { 200: AdminServiceResponseSchema } },
    },
    async (request) => ({ data: await services.editService(actorContext(request), request.params.id, request.body, request.query.shop_id) }),
  );
  r.delete(
    '/admin/services/:id',
    { onRequest, preValidation: serviceOfShop, schema: { tags, security, ...byId, response: { 200: AdminServiceResponseSchema } } },
    async (request) => ({ data: await services.withdrawService(actorContext(request), request.params.id, request.query.shop_id) }),
  );

  // --- Categories ---
  r.get(
    '/admin/service-categories',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response: { 200: AdminServiceCategoryListResponseSchema } } },
    async (request) => ({ data: await services.listCategories(actorContext(request), request.query.shop_id) }),
  );
  r.post(
    '/admin/service-categories',
    { onRequest, schema: { tags, security, body: AdminServiceCategoryBodySchema, response: { 201: AdminServiceCategoryResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await services.addCategory(actorContext(request), request.body) }),
  );
  r.put(
    '/admin/service-categories/:id',
    {
      onRequest,
      preValidation: categoryOfShop,
      schema: { tags, security, ...byId, body: AdminServiceCategoryBodySchema, response: { 200: AdminServiceCategoryResponseSchema } },
    },
    async (request) => ({ data: await services.editCategory(actorContext(request), request.params.id, request.body, request.query.shop_id) }),
  );
  r.delete('/admin/service-categories/:id', { config: { openapi: { errors: ['SERVICE_CATEGORY_IN_USE'] } }, onRequest, preValidation: categoryOfShop, schema: { tags, security, ...byId, response: { 204: z.null() } } }, async (request, reply) => {
    await services.removeCategory(actorContext(request), request.params.id, request.query.shop_id);
    return reply.code(204).send(null);
  });

  // --- Groups ---
  r.get(
    '/admin/service-groups',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response: { 200: AdminServiceGroupListResponseSchema } } },
    async (request) => ({ data: await services.listGroups(actorContext(request), request.query.shop_id) }),
  );
  r.post(
    '/admin/service-groups',
    { onRequest, schema: { tags, security, body: AdminServiceGroupBodySchema, response: { 201: AdminServiceGroupResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await services.addGroup(actorContext(request), request.body) }),
  );
  r.put(
    '/admin/service-groups/:id',
    {
      onRequest,
      preValidation: groupOfShop,
      schema: { tags, security, ...byId, body: AdminServiceGroupBodySchema, response: { 200: AdminServiceGroupResponseSchema } },
    },
    async (request) => ({ data: await services.editGroup(actorContext(request), request.params.id, request.body, request.query.shop_id) }),
  );
  r.delete('/admin/service-groups/:id', { config: { openapi: { errors: ['SERVICE_GROUP_IN_USE'] } }, onRequest, preValidation: groupOfShop, schema: { tags, security, ...byId, response: { 204: z.null() } } }, async (request, reply) => {
    await services.removeGroup(actorContext(request), request.params.id, request.query.shop_id);
    return reply.code(204).send(null);
  });

  // --- Shop services ---
  r.get(
    '/admin/shop-services',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response: { 200: AdminShopServiceListResponseSchema } } },
    async (request) => ({ data: await shopServices.listShopServices(actorContext(request), request.query.shop_id) }),
  );
  r.post(
    '/admin/shop-services',
    { onRequest, schema: { tags, security, body: AdminShopServiceBodySchema, response: { 201: AdminShopServiceResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await shopServices.addShopService(actorContext(request), request.body) }),
  );
  r.put(
    '/admin/shop-services/:id',
    {
      onRequest,
      preValidation: shopServiceOfShop,
      schema: { tags, security, ...byId, body: AdminShopServiceBodySchema, response: { 200: AdminShopServiceResponseSchema } },
    },
    async (request) => ({ data: await shopServices.editShopService(actorContext(request), request.params.id, request.body, request.query.shop_id) }),
  );
  r.delete(
    '/admin/shop-services/:id',
    { onRequest, preValidation: shopServiceOfShop, schema: { tags, security, ...byId, response: { 200: AdminShopServiceResponseSchema } } },
    async (request) => ({ data: await shopServices.withdrawShopService(actorContext(request), request.params.id, request.query.shop_id) }),
  );
}
