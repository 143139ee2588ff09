import { cartBadgeCount } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { privateLayoutRoute } from '../../app/layout-route';
import { registerTabBadge } from '../../app/tabs';
import { cartQueryOptions } from '../../lib/cart-api';

/** Spec §2 Cart (login-protected). */
export const cartRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/cart',
  component: lazyRouteComponent(() => import('./cart-screen'), 'CartScreen'),
});

export const cartRoutes = [cartRoute] as const;

// Spec §2: the Carrello badge is the sum of the quantities plus the prescriptions and product requests.
registerTabBadge('cart', { query: cartQueryOptions, count: cartBadgeCount, requiresLogin: true });
