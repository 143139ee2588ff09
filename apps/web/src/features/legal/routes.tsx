import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { shopLegalQueryOptions } from '../../lib/shop-api';
import { appLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';

/** /app/legal (issue 15, public): the seller's legal information, linked from every screen's footer. */
export const legalRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/legal',
  loader: prefetchOnline(() => [shopLegalQueryOptions]),
  component: lazyRouteComponent(() => import('./legal-screen'), 'LegalScreen'),
});

/** /app/accessibility (public): the accessibility statement (decision 0406). */
export const accessibilityRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/accessibility',
  loader: prefetchOnline(() => [shopLegalQueryOptions]),
  component: lazyRouteComponent(() => import('./accessibility-screen'), 'AccessibilityScreen'),
});

export const legalRoutes = [legalRoute, accessibilityRoute] as const;
