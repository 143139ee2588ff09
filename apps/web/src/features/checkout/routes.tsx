import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { addressesQueryOptions } from '../../lib/addresses-api';
import { cartQueryOptions } from '../../lib/cart-api';
import { shopKey } from '../../lib/current-shop';
import { fiscalCodesQueryOptions } from '../../lib/fiscal-codes-api';
import { optionQueryOptions } from '../../lib/shop-api';
import { privateLayoutRoute } from '../../app/layout-route';
import { whileOnline } from '../../app/route-data';
import { allStringParams } from '../../lib/return-path';

/**
 * Spec §2 Checkout (login-protected). `?action=shipping` reopens the delivery step's modal; the
 * address form comes back here with `address=<id>` to preselect the address it created.
 */
export const checkoutRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/checkout',
  loader: ({ context }) =>
    whileOnline(() =>
      Promise.all([
        context.queryClient.prefetchQuery(cartQueryOptions(shopKey())),
        context.queryClient.prefetchQuery(optionQueryOptions('order_shipping_configurations')),
        // lib/payment-api needs the contract's payment labels (the texts chunk): imported lazily, like the screen.
        import('../../lib/payment-api').then((api) => context.queryClient.prefetchQuery(api.paymentMethodsQueryOptions)),
        context.queryClient.prefetchQuery(addressesQueryOptions),
        context.queryClient.prefetchQuery(fiscalCodesQueryOptions),
      ]),
    ),
  validateSearch: allStringParams,
  component: lazyRouteComponent(() => import('./checkout-screen'), 'CheckoutScreen'),
});

export const checkoutRoutes = [checkoutRoute] as const;
