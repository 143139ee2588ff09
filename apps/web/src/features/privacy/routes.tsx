import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { contentQueryOptions, optionQueryOptions } from '../../lib/shop-api';
import { appLayoutRoute } from '../../app/layout-route';
import { whileOnline } from '../../app/route-data';

/** Spec §2: public, and reachable while the privacy gate is on (with /app/privacy and /app/tos). */
export const privacyCheckRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/privacycheck',
  loader: ({ context }) =>
    whileOnline(() =>
      Promise.all([
        context.queryClient.prefetchQuery(optionQueryOptions('privacycheck')),
        context.queryClient.prefetchQuery(contentQueryOptions('privacycheck')),
      ]),
    ),
  component: lazyRouteComponent(() => import('./privacy-check-screen'), 'PrivacyCheckScreen'),
});

export const privacyPolicyRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/privacy',
  loader: ({ context }) => whileOnline(() => context.queryClient.prefetchQuery(contentQueryOptions('privacy'))),
  component: lazyRouteComponent(() => import('./content-screens'), 'PrivacyPolicyScreen'),
});

export const termsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/tos',
  loader: ({ context }) => whileOnline(() => context.queryClient.prefetchQuery(contentQueryOptions('tos'))),
  component: lazyRouteComponent(() => import('./content-screens'), 'TermsScreen'),
});

export const privacyRoutes = [privacyCheckRoute, privacyPolicyRoute, termsRoute] as const;
