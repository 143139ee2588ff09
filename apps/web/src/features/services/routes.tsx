import { CategoryServiceParamsSchema, CategoryShopServiceParamsSchema, IdParamsSchema } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from '../../app/layout-route';
import { fillCache } from '../../app/route-data';
import { paramsOf } from '../../app/route-params';
import {
  categoryServicesQueryOptions,
  serviceCategoriesQueryOptions,
  serviceGroupQueryOptions,
  serviceQueryOptions,
  shopServiceQueryOptions,
} from './services-api';

const serviceScreen = lazyRouteComponent(() => import('./service-screen'), 'ServiceScreen');
const shopServiceScreen = lazyRouteComponent(() => import('./shop-service-screen'), 'ShopServiceScreen');
const serviceNotFound = lazyRouteComponent(() => import('./service-page'), 'ServiceNotFound');

/** 'Prenota un Servizio': the service categories (spec §2, public). */
export const servicesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/services',
  loader: ({ context }) => fillCache(context.queryClient, serviceCategoriesQueryOptions),
  component: lazyRouteComponent(() => import('./service-categories-screen'), 'ServiceCategoriesScreen'),
});

/** A service page by id (the home page's featured services link here). */
export const serviceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/services/$id',
  params: paramsOf(IdParamsSchema),
  loader: ({ context, params }) => fillCache(context.queryClient, serviceQueryOptions(params.id)),
  component: serviceScreen,
  notFoundComponent: serviceNotFound,
});

/** A category: its bookable services and its shop services. */
export const serviceCategoryRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/service/category/$id',
  params: paramsOf(IdParamsSchema),
  loader: ({ context, params }) => fillCache(context.queryClient, categoryServicesQueryOptions(params.id)),
  component: lazyRouteComponent(() => import('./category-screen'), 'CategoryScreen'),
  notFoundComponent: lazyRouteComponent(() => import('./service-page'), 'CategoryNotFound'),
});

/** A service page reached from its category. */
export const categoryServiceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/service/category/$id/$serviceId',
  params: paramsOf(CategoryServiceParamsSchema),
  loader: ({ context, params }) => fillCache(context.queryClient, serviceQueryOptions(params.serviceId)),
  component: serviceScreen,
  notFoundComponent: serviceNotFound,
});

/** A shop service page reached from its category. */
export const categoryShopServiceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/service/category/$id/shop/$shopServiceId',
  params: paramsOf(CategoryShopServiceParamsSchema),
  loader: ({ context, params }) => fillCache(context.queryClient, shopServiceQueryOptions(params.shopServiceId)),
  component: shopServiceScreen,
  notFoundComponent: serviceNotFound,
});

/** The information request screen of a shop service (from a group's detail modal). */
export const serviceInfoRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/serviceinfo/$id',
  params: paramsOf(IdParamsSchema),
  loader: ({ context, params }) => fillCache(context.queryClient, shopServiceQueryOptions(params.id)),
  component: shopServiceScreen,
  notFoundComponent: serviceNotFound,
});

/** A group of shop services, with a detail modal. */
export const serviceGroupRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/service_group/$id',
  params: paramsOf(IdParamsSchema),
  loader: ({ context, params }) => fillCache(context.queryClient, serviceGroupQueryOptions(params.id)),
  component: lazyRouteComponent(() => import('./service-group-screen'), 'ServiceGroupScreen'),
  notFoundComponent: lazyRouteComponent(() => import('./service-page'), 'ServiceGroupNotFound'),
});

export const servicesRoutes = [
  servicesRoute,
  serviceRoute,
  serviceCategoryRoute,
  categoryServiceRoute,
  categoryShopServiceRoute,
  serviceInfoRoute,
  serviceGroupRoute,
] as const;
