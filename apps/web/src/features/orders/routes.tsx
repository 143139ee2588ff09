import { positiveIdParam } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { contentQueryOptions } from '../../lib/shop-api';
import { privateLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';
import { pathParams } from '../../app/route-params';
import { orderQueryOptions, ordersQueryOptions } from '../../lib/orders-api';
import { orderWithdrawalQueryOptions } from '../../lib/withdrawal-api';

const orderIdParams = pathParams({ id: positiveIdParam });

/** Spec §2 Orders, thank-you (Richiesta inviata) and order-confirmed screens (login-protected). */
export const ordersRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/orders',
  loader: prefetchOnline(() => [ordersQueryOptions]),
  component: lazyRouteComponent(() => import('./orders-screen'), 'OrdersScreen'),
});

export const orderRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/orders/$id',
  params: orderIdParams,
  loader: prefetchOnline((params) => [orderQueryOptions(params.id)]),
  component: lazyRouteComponent(() => import('./order-detail-screen'), 'OrderDetailScreen'),
});

/** The withdrawal function of an order (art. 11a Directive 2011/83/EU, decision 0698). */
export const orderWithdrawalRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/orders/$id/recesso',
  params: orderIdParams,
  loader: prefetchOnline((params) => [orderWithdrawalQueryOptions(params.id)]),
  component: lazyRouteComponent(() => import('./withdrawal-screen'), 'WithdrawalScreen'),
});

// The two notes screens read the order afresh on every visit (its status decides what they show):
// their loaders fill only the shop's note.
export const thankYouRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/thankyou/$id',
  loader: prefetchOnline(() => [contentQueryOptions('thankyou_note')]),
  params: orderIdParams,
  component: lazyRouteComponent(() => import('./order-notes-screens'), 'ThankYouScreen'),
});

export const orderConfirmedRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/order-confirmed/$id',
  loader: prefetchOnline(() => [contentQueryOptions('orderconfirmed_note')]),
  params: orderIdParams,
  component: lazyRouteComponent(() => import('./order-notes-screens'), 'OrderConfirmedScreen'),
});

export const orderRoutes = [ordersRoute, orderRoute, orderWithdrawalRoute, thankYouRoute, orderConfirmedRoute] as const;
