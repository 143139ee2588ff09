import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { privateLayoutRoute } from '../../app/layout-route';
import { allStringParams } from '../../lib/return-path';

/**
 * Spec §2 Checkout (login-protected). `?action=shipping` reopens the delivery step's modal; the
 * address form comes back here with `address=<id>` to preselect the address it created.
 */
export const checkoutRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/checkout',
  validateSearch: allStringParams,
  component: lazyRouteComponent(() => import('./checkout-screen'), 'CheckoutScreen'),
});

export const checkoutRoutes = [checkoutRoute] as const;
