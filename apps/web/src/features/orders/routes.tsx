import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { privateLayoutRoute } from '../../app/layout-route';

/** Spec §2 Orders, thank-you (Richiesta inviata) and order-confirmed screens (login-protected). */
export const ordersRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/orders',
  component: lazyRouteComponent(() => import('./orders-screen'), 'OrdersScreen'),
});

export const orderRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/orders/$id',
  component: lazyRouteComponent(() => import('./order-detail-screen'), 'OrderDetailScreen'),
});

export const thankYouRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/thankyou/$id',
  component: lazyRouteComponent(() => import('./order-notes-screens'), 'ThankYouScreen'),
});

export const orderConfirmedRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/order-confirmed/$id',
  component: lazyRouteComponent(() => import('./order-notes-screens'), 'OrderConfirmedScreen'),
});

export const orderRoutes = [ordersRoute, orderRoute, thankYouRoute, orderConfirmedRoute] as const;
