import { IdParamsSchema } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { privateLayoutRoute } from '../../app/layout-route';
import { fillCache } from '../../app/route-data';
import { paramsOf } from '../../app/route-params';
import { contentQueryOptions } from '../../lib/shop-api';
import { orderQueryOptions, ordersQueryOptions } from '../../lib/orders-api';

/** Spec §2 Orders, thank-you (Richiesta inviata) and order-confirmed screens (login-protected). */
export const ordersRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/orders',
  loader: ({ context }) => fillCache(context.queryClient, ordersQueryOptions),
  component: lazyRouteComponent(() => import('./orders-screen'), 'OrdersScreen'),
});

export const orderRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/orders/$id',
  params: paramsOf(IdParamsSchema),
  loader: ({ context, params }) => fillCache(context.queryClient, orderQueryOptions(params.id)),
  component: lazyRouteComponent(() => import('./order-detail-screen'), 'OrderDetailScreen'),
  notFoundComponent: lazyRouteComponent(() => import('./order-detail-screen'), 'OrderNotFound'),
});

// A bad id on the two order notes goes back to the orders list, as an order that cannot be read.
const backToOrders = lazyRouteComponent(() => import('../../components/back-to-orders'), 'BackToOrders');

export const thankYouRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/thankyou/$id',
  params: paramsOf(IdParamsSchema),
  loader: ({ context }) => fillCache(context.queryClient, contentQueryOptions('thankyou_note')),
  component: lazyRouteComponent(() => import('./order-notes-screens'), 'ThankYouScreen'),
  notFoundComponent: backToOrders,
});

export const orderConfirmedRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/order-confirmed/$id',
  params: paramsOf(IdParamsSchema),
  loader: ({ context, params }) =>
    Promise.all([
      fillCache(context.queryClient, orderQueryOptions(params.id)),
      fillCache(context.queryClient, contentQueryOptions('orderconfirmed_note')),
    ]),
  component: lazyRouteComponent(() => import('./order-notes-screens'), 'OrderConfirmedScreen'),
  notFoundComponent: backToOrders,
});

export const orderRoutes = [ordersRoute, orderRoute, thankYouRoute, orderConfirmedRoute] as const;
