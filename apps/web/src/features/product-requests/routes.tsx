import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute, privateLayoutRoute } from '../../app/layout-route';

const requestForm = lazyRouteComponent(() => import('./product-request-form-screen'), 'ProductRequestFormScreen');

/** Spec §2 Product-photo and galenica request forms (login-protected): create, or edit by id. */
export const productPhotoRoute = createRoute({ getParentRoute: () => privateLayoutRoute, path: '/app/productPhoto', component: requestForm });
export const productPhotoEditRoute = createRoute({ getParentRoute: () => privateLayoutRoute, path: '/app/productphoto/$id', component: requestForm });
export const galenicaRoute = createRoute({ getParentRoute: () => privateLayoutRoute, path: '/app/galenica', component: requestForm });
export const galenicaEditRoute = createRoute({ getParentRoute: () => privateLayoutRoute, path: '/app/galenica/$id', component: requestForm });

/** Spec §2 public help pages: /app/help/{productphoto|Galenica|Services|prescription}. */
export const helpRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/help/$topic',
  component: lazyRouteComponent(() => import('./help-screen'), 'HelpScreen'),
});

export const productRequestRoutes = [productPhotoRoute, productPhotoEditRoute, galenicaRoute, galenicaEditRoute] as const;
export const helpRoutes = [helpRoute] as const;
