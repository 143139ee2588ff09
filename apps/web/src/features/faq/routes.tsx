import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { contentQueryOptions, optionQueryOptions } from '../../lib/shop-api';
import { appLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';

/** /app/faq (spec §2, public): FAQ page and, when the shop turned it on, the virtual assistant. */
export const faqRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/faq',
  loader: prefetchOnline(() => [optionQueryOptions('chatbot'), contentQueryOptions('faq')]),
  component: lazyRouteComponent(() => import('./faq-screen'), 'FaqScreen'),
});

export const faqRoutes = [faqRoute] as const;
