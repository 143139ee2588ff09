import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { contentQueryOptions, optionQueryOptions } from '../../lib/shop-api';
import { appLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';

/** Spec §2: public, and reachable while the privacy gate is on (with /app/privacy and /app/tos). */
export const privacyCheckRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/privacycheck',
  loader: prefetchOnline(() => [optionQueryOptions('privacycheck'), contentQueryOptions('privacycheck')]),
  component: lazyRouteComponent(() => import('./privacy-check-screen'), 'PrivacyCheckScreen'),
});

export const privacyPolicyRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/privacy',
  loader: prefetchOnline(() => [contentQueryOptions('privacy')]),
  component: lazyRouteComponent(() => import('./content-screens'), 'PrivacyPolicyScreen'),
});

export const termsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/tos',
  loader: prefetchOnline(() => [contentQueryOptions('tos')]),
  component: lazyRouteComponent(() => import('./content-screens'), 'TermsScreen'),
});

export const privacyRoutes = [privacyCheckRoute, privacyPolicyRoute, termsRoute] as const;
