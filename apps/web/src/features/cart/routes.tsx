import { cartBadgeCount } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionQueryOptions } from '../../lib/shop-api';
import { privateLayoutRoute } from '../../app/layout-route';
import { whileOnline } from '../../app/route-data';
import { registerTabBadge } from '../../app/tabs';
import { cartQueryOptions } from '../../lib/cart-api';
import { shopKey } from '../../lib/current-shop';

/** Spec §2 Cart (login-protected). */
export const cartRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/cart',
  loader: ({ context }) =>
    whileOnline(() =>
      Promise.all([
        context.queryClient.prefetchQuery(cartQueryOptions(shopKey())),
        context.queryClient.prefetchQuery(optionQueryOptions('galenica')),
        context.queryClient.prefetchQuery(optionQueryOptions('cart_note')),
      ]),
    ),
  component: lazyRouteComponent(() => import('./cart-screen'), 'CartScreen'),
});

export const cartRoutes = [cartRoute] as const;

// Spec §2: the Carrello badge is the sum of the quantities plus the prescriptions and product requests.
registerTabBadge('cart', { query: cartQueryOptions, count: cartBadgeCount, requiresLogin: true });
