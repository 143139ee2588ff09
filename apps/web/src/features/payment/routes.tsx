import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { privateLayoutRoute } from '../../app/layout-route';
import { allStringParams } from '../../lib/return-path';

/** Spec §2 Payment screens: /app/payment/{paymentType}/{id} (card form, Nexi, PayPal). */
export const paymentRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/payment/$type/$id',
  component: lazyRouteComponent(() => import('./payment-screen'), 'PaymentScreen'),
});

/** Spec §2, §4: the outcome (query status OK/KO, paymentMethod, token | paymentID | codTrans). */
export const paymentEndRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/payment-end',
  validateSearch: allStringParams,
  component: lazyRouteComponent(() => import('./payment-end-screen'), 'PaymentEndScreen'),
});

export const paymentRoutes = [paymentRoute, paymentEndRoute] as const;
