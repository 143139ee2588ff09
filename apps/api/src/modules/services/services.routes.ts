import {
  CategoryServicesResponseSchema,
  IdParamsSchema,
  IdSchema,
  ServiceCategoriesResponseSchema,
  ServiceGroupResponseSchema,
  ServiceResponseSchema,
  ShopServiceRequestBodySchema,
  ShopServiceRequestResponseSchema,
  ShopServiceResponseSchema,
  ShopServicesResponseSchema,
  HealthDataErrorCode,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveShopId } from '../shops/index.js';
import { currentUser } from '../../plugins/auth.js';
import * as services from './services.service.js';

const ShopQuerySchema = z.object({ shop_id: IdSchema.optional() });
const tags = ['Servizi'];

/** Services, categories, shop services, groups and information requests (spec §7). */
export async function servicesRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/services',
    {
      preHandler: app.authenticateOptional,
      schema: { tags, summary: 'Categorie di servizi', querystring: ShopQuerySchema, response: { 200: ServiceCategoriesResponseSchema } },
    },
    async (request) => ({
      data: await services.listCategories(app.db, await resolveShopId(app, currentUser(request), request.query.shop_id)),
    }),
  );

  // `/service-categories/:id`, not `/services/category/:id`: that one was ambiguous with
  // `/services/:id/availability` (decision 0451); the old path stays, out of the document, for apps
  // still running the previous version.
  for (const [url, hide] of [['/service-categories/:id', false], ['/services/category/:id', true]] as const) {
    app.get(
      url,
      {
        schema: {
          hide,
          tags,
          summary: 'Servizi prenotabili, servizi della farmacia e gruppi di una categoria',
          params: IdParamsSchema,
          response: { 200: CategoryServicesResponseSchema },
        },
      },
      async (request) => services.categoryServices(app.db, request.params.id),
    );
  }

  app.get(
    '/services/:id',
    { schema: { tags, summary: 'Un servizio prenotabile', params: IdParamsSchema, response: { 200: ServiceResponseSchema } } },
    async (request) => ({ service: await services.getService(app.db, request.params.id) }),
  );

  app.get(
    '/shopservices',
    {
      preHandler: app.authenticateOptional,
      schema: { tags, summary: 'Servizi della farmacia', querystring: ShopQuerySchema, response: { 200: ShopServicesResponseSchema } },
    },
    async (request) => ({
      data: await services.listShopServices(app.db, await resolveShopId(app, currentUser(request), request.query.shop_id)),
    }),
  );

  app.get(
    '/shopservices/category/:id',
    {
      schema: {
        tags,
        summary: 'Servizi della farmacia di una categoria',
        params: IdParamsSchema,
        response: { 200: ShopServicesResponseSchema },
      },
    },
    async (request) => ({ data: await services.shopServicesOfCategory(app.db, request.params.id) }),
  );

  app.get(
    '/shopservices/:id',
    { schema: { tags, summary: 'Un servizio della farmacia', params: IdParamsSchema, response: { 200: ShopServiceResponseSchema } } },
    async (request) => ({ data: await services.getShopService(app.db, request.params.id) }),
  );

  app.get(
    '/shopservicegroup/:id',
    { schema: { tags, summary: 'Un gruppo di servizi della farmacia', params: IdParamsSchema, response: { 200: ServiceGroupResponseSchema } } },
    async (request) => ({ data: await services.getGroup(app.db, request.params.id) }),
  );

  app.post(
    '/shopservices',
    {
      onRequest: app.authenticate,
      // A request with a note speaks of health: refused without its consent (decision 0410).
      config: { openapi: { errors: ['NOT_FOUND', HealthDataErrorCode.CONSENT_REQUIRED] } },
      schema: {
        tags,
        summary: 'Richiesta di informazioni su un servizio della farmacia',
        security: [{ bearer: [] }],
        body: ShopServiceRequestBodySchema,
        response: { 201: ShopServiceRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await services.requestInformation(app, {
        userId: request.user.id,
        shopServiceId: request.body.shop_service_id,
        shopServiceName: request.body.shop_service_name,
        note: request.body.note,
      });
      return reply.status(201).send(result);
    },
  );
}
