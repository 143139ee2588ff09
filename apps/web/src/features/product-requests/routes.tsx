import { positiveIdParam } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute, privateLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';
import { pathParams } from '../../app/route-params';
import { optionQueryOptions } from '../../lib/shop-api';
import { productRequestQueryOptions } from './product-requests-api';

const requestForm = lazyRouteComponent(() => import('./product-request-form-screen'), 'ProductRequestFormScreen');
const idParams = pathParams({ id: positiveIdParam });

/** Spec §2 Product-photo and galenica request forms (login-protected): create, or edit by id. */
export const productPhotoRoute = createRoute({ getParentRoute: () => privateLayoutRoute, path: '/app/productPhoto', component: requestForm });
export const productPhotoEditRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/productphoto/$id',
  params: idParams,
  loader: prefetchOnline((params) => [productRequestQueryOptions(params.id)]),
  component: requestForm,
});
// The galenica forms also read the shop's galenica option (a shop may have turned galenica off).
export const galenicaRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/galenica',
  loader: prefetchOnline(() => [optionQueryOptions('galenica')]),
  component: requestForm,
});
export const galenicaEditRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/galenica/$id',
  params: idParams,
  loader: prefetchOnline((params) => [productRequestQueryOptions(params.id), optionQueryOptions('galenica')]),
  component: requestForm,
});

/** Spec §2 public help pages: /app/help/{productphoto|Galenica|Services|prescription}. */
export const helpRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/help/$topic',
  component: lazyRouteComponent(() => import('./help-screen'), 'HelpScreen'),
});

export const productRequestRoutes = [productPhotoRoute, productPhotoEditRoute, galenicaRoute, galenicaEditRoute] as const;
export const helpRoutes = [helpRoute] as const;
