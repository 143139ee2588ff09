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
  messages,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { dataRoutes } from '../../plugins/data-routes.js';
import { shopRowById } from '../../plugins/row-in-shop.js';
import * as repo from './services.admin.repository.js';
import * as services from './services.admin.service.js';
import * as shopServices from './shop-services.admin.service.js';

/**
 * The pharmacist's bookable services, their categories and groups, and the shop's services
 * (issue 8). Pharmacists and admins; a row of another shop is 404 before the body is validated (decision 0291).
 */
export async function adminServicesRoutes(app: FastifyInstance): Promise<void> {
  const route = dataRoutes(app, 'admin: bookings', app.requireRole('pharmacist'));
  const serviceOfShop = shopRowById(app, repo.findService, messages.reservations.serviceNotFound);
  const categoryOfShop = shopRowById(app, repo.findCategory, messages.reservations.categoryNotFound);
  const shopServiceOfShop = shopRowById(app, repo.findShopService, messages.reservations.serviceNotFound);
  const groupOfShop = shopRowById(app, repo.findGroup, messages.reservations.serviceGroupNotFound);
  const inShop = { querystring: AdminShopQuerySchema };

  // --- Services ---
  route.get('/admin/services', inShop, AdminServiceListResponseSchema, (ctx, { query }) => services.listServices(ctx, query.shop_id));
  route.create('/admin/services', { body: AdminServiceBodySchema }, AdminServiceResponseSchema, (ctx, { body }) => services.addService(ctx, body));
  route.put('/admin/services/:id', { ...serviceOfShop, body: AdminServiceBodySchema }, AdminServiceResponseSchema, (ctx, { params, body, query }) =>
    services.editService(ctx, params.id, body, query.shop_id),
  );
  route.delete('/admin/services/:id', serviceOfShop, AdminServiceResponseSchema, (ctx, { params, query }) =>
    services.withdrawService(ctx, params.id, query.shop_id),
  );

  // --- Categories ---
  route.get('/admin/service-categories', inShop, AdminServiceCategoryListResponseSchema, (ctx, { query }) => services.listCategories(ctx, query.shop_id));
  route.create('/admin/service-categories', { body: AdminServiceCategoryBodySchema }, AdminServiceCategoryResponseSchema, (ctx, { body }) =>
    services.addCategory(ctx, body),
  );
  route.put(
    '/admin/service-categories/:id',
    { ...categoryOfShop, body: AdminServiceCategoryBodySchema },
    AdminServiceCategoryResponseSchema,
    (ctx, { params, body, query }) => services.editCategory(ctx, params.id, body, query.shop_id),
  );
  route.remove('/admin/service-categories/:id', { ...categoryOfShop, errors: ['SERVICE_CATEGORY_IN_USE'] }, (ctx, { params, query }) =>
    services.removeCategory(ctx, params.id, query.shop_id),
  );

  // --- Groups ---
  route.get('/admin/service-groups', inShop, AdminServiceGroupListResponseSchema, (ctx, { query }) => services.listGroups(ctx, query.shop_id));
  route.create('/admin/service-groups', { body: AdminServiceGroupBodySchema }, AdminServiceGroupResponseSchema, (ctx, { body }) =>
    services.addGroup(ctx, body),
  );
  route.put('/admin/service-groups/:id', { ...groupOfShop, body: AdminServiceGroupBodySchema }, AdminServiceGroupResponseSchema, (ctx, { params, body, query }) =>
    services.editGroup(ctx, params.id, body, query.shop_id),
  );
  route.remove('/admin/service-groups/:id', { ...groupOfShop, errors: ['SERVICE_GROUP_IN_USE'] }, (ctx, { params, query }) =>
    services.removeGroup(ctx, params.id, query.shop_id),
  );

  // --- Shop services ---
  route.get('/admin/shop-services', inShop, AdminShopServiceListResponseSchema, (ctx, { query }) => shopServices.listShopServices(ctx, query.shop_id));
  route.create('/admin/shop-services', { body: AdminShopServiceBodySchema }, AdminShopServiceResponseSchema, (ctx, { body }) =>
    shopServices.addShopService(ctx, body),
  );
  route.put('/admin/shop-services/:id', { ...shopServiceOfShop, body: AdminShopServiceBodySchema }, AdminShopServiceResponseSchema, (ctx, { params, body, query }) =>
    shopServices.editShopService(ctx, params.id, body, query.shop_id),
  );
  route.delete('/admin/shop-services/:id', shopServiceOfShop, AdminShopServiceResponseSchema, (ctx, { params, query }) =>
    shopServices.withdrawShopService(ctx, params.id, query.shop_id),
  );
}
