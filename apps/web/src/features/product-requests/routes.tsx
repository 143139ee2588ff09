import { HelpTopicParamsSchema, IdParamsSchema } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute, privateLayoutRoute } from '../../app/layout-route';
import { fillCache } from '../../app/route-data';
import { paramsOf } from '../../app/route-params';
import { optionQueryOptions } from '../../lib/shop-api';
import { productRequestQueryOptions } from './product-requests-api';

const requestForm = lazyRouteComponent(() => import('./product-request-form-screen'), 'ProductRequestFormScreen');
const requestNotFound = lazyRouteComponent(() => import('./product-request-form-screen'), 'ProductRequestNotFound');

/** The edit routes: the request by id, its screen's "not found" for a bad id. */
const editRoute = { params: paramsOf(IdParamsSchema), component: requestForm, notFoundComponent: requestNotFound } as const;

/** Spec §2 Product-photo and galenica request forms (login-protected): create, or edit by id. */
export const productPhotoRoute = createRoute({ getParentRoute: () => privateLayoutRoute, path: '/app/productPhoto', component: requestForm });
export const productPhotoEditRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/productphoto/$id',
  ...editRoute,
  loader: ({ context, params }) => fillCache(context.queryClient, productRequestQueryOptions(params.id)),
});
export const galenicaRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/galenica',
  // The shop's galenica option says whether the form is offered at all.
  loader: ({ context }) => fillCache(context.queryClient, optionQueryOptions('galenica')),
  component: requestForm,
});
export const galenicaEditRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/galenica/$id',
  ...editRoute,
  loader: ({ context, params }) => fillCache(context.queryClient, productRequestQueryOptions(params.id)),
});

/** Spec §2 public help pages: /app/help/{productphoto|Galenica|Services|prescription}, any case. */
export const helpRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/help/$topic',
  params: paramsOf(HelpTopicParamsSchema),
  component: lazyRouteComponent(() => import('./help-screen'), 'HelpScreen'),
  notFoundComponent: lazyRouteComponent(() => import('./help-screen'), 'HelpNotFound'),
});

export const productRequestRoutes = [productPhotoRoute, productPhotoEditRoute, galenicaRoute, galenicaEditRoute] as const;
export const helpRoutes = [helpRoute] as const;
