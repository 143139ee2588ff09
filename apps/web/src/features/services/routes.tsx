import { positiveIdParam } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';
import { pathParams } from '../../app/route-params';
import {
  categoryServicesQueryOptions,
  serviceCategoriesQueryOptions,
  serviceGroupQueryOptions,
  serviceQueryOptions,
  shopServiceQueryOptions,
} from './services-api';

const serviceScreen = lazyRouteComponent(() => import('./service-screen'), 'ServiceScreen');
const shopServiceScreen = lazyRouteComponent(() => import('./shop-service-screen'), 'ShopServiceScreen');
const idParams = pathParams({ id: positiveIdParam });

/** 'Prenota un Servizio': the service categories (spec §2, public). */
export const servicesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/services',
  loader: prefetchOnline(() => [serviceCategoriesQueryOptions]),
  component: lazyRouteComponent(() => import('./service-categories-screen'), 'ServiceCategoriesScreen'),
});

/** A service page by id (the home page's featured services link here). */
export const serviceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/services/$id',
  params: idParams,
  loader: prefetchOnline((params) => [serviceQueryOptions(params.id)]),
  component: serviceScreen,
});

/** A category: its bookable services and its shop services. */
export const serviceCategoryRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/service/category/$id',
  params: idParams,
  loader: prefetchOnline((params) => [categoryServicesQueryOptions(params.id)]),
  component: lazyRouteComponent(() => import('./category-screen'), 'CategoryScreen'),
});

/** A service page reached from its category. */
export const categoryServiceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/service/category/$id/$serviceId',
  params: pathParams({ id: positiveIdParam, serviceId: positiveIdParam }),
  loader: prefetchOnline((params) => [serviceQueryOptions(params.serviceId)]),
  component: serviceScreen,
});

/** A shop service page reached from its category. */
export const categoryShopServiceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/service/category/$id/shop/$shopServiceId',
  params: pathParams({ id: positiveIdParam, shopServiceId: positiveIdParam }),
  loader: prefetchOnline((params) => [shopServiceQueryOptions(params.shopServiceId)]),
  component: shopServiceScreen,
});

/** The information request screen of a shop service (from a group's detail modal). */
export const serviceInfoRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/serviceinfo/$id',
  params: idParams,
  loader: prefetchOnline((params) => [shopServiceQueryOptions(params.id)]),
  component: shopServiceScreen,
});

/** A group of shop services, with a detail modal. */
export const serviceGroupRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/service_group/$id',
  params: idParams,
  loader: prefetchOnline((params) => [serviceGroupQueryOptions(params.id)]),
  component: lazyRouteComponent(() => import('./service-group-screen'), 'ServiceGroupScreen'),
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
