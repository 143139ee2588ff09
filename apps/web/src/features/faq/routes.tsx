import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from '../../app/layout-route';

/** /app/faq (spec §2, public): FAQ page and, when the shop turned it on, the virtual assistant. */
export const faqRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/faq',
  component: lazyRouteComponent(() => import('./faq-screen'), 'FaqScreen'),
});

export const faqRoutes = [faqRoute] as const;
