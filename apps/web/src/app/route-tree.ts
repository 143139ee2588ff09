import { createRoute, redirect } from '@tanstack/react-router';
import { accountRoutes } from '../features/account/routes';
import { authRoutes } from '../features/auth/routes';
import { cartRoutes } from '../features/cart/routes';
import { catalogueRoutes } from '../features/catalogue/routes';
import { eventsRoutes } from '../features/events/routes';
import { fiscalCodeRoutes } from '../features/fiscal-codes/routes';
import { homeRoutes } from '../features/home/routes';
import { legalRoutes } from '../features/legal/routes';
import { offlineRoutes } from '../features/offline/routes';
import { prescriptionRoutes } from '../features/prescriptions/routes';
import { privacyRoutes } from '../features/privacy/routes';
import { helpRoutes, productRequestRoutes } from '../features/product-requests/routes';
import { reservationsPrivateRoutes, reservationsPublicRoutes } from '../features/reservations/routes';
import { servicesRoutes } from '../features/services/routes';
import { appLayoutRoute, privateLayoutRoute } from './layout-route';
import { rootRoute } from './root-route';
import { faqRoutes } from '../features/faq/routes';
import { loyaltyRoutes } from '../features/loyalty/routes';
import { profileRoutes } from '../features/profile/routes';
import { promotionsRoutes } from '../features/promotions/routes';
import { referrerRoutes } from '../features/referrer/routes';
import { settingsRoutes } from '../features/settings/routes';
import { shiftsRoutes } from '../features/shifts/routes';
import { addressRoutes } from '../features/addresses/routes';
import { checkoutRoutes } from '../features/checkout/routes';
import { orderRoutes } from '../features/orders/routes';
import { paymentRoutes } from '../features/payment/routes';

/** Spec §2: / and /app open the home page. */
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app/home', replace: true });
  },
});
const appIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/app',
  beforeLoad: () => {
    throw redirect({ to: '/app/home', replace: true });
  },
});

/**
 * Every route of the app. A feature adds its routes here with one line: public screens go in
 * the appLayoutRoute list, login-protected ones in the privateLayoutRoute list (see README).
 */
export const routeTree = rootRoute.addChildren([
  indexRoute,
  appIndexRoute,
  appLayoutRoute.addChildren([
    ...authRoutes,
    ...homeRoutes,
    ...catalogueRoutes,
    ...privacyRoutes,
    ...offlineRoutes,
    ...servicesRoutes,
    ...eventsRoutes,
    ...reservationsPublicRoutes,
    ...helpRoutes,
    ...faqRoutes,
    ...promotionsRoutes,
    ...shiftsRoutes,
    ...legalRoutes,
    privateLayoutRoute.addChildren([
      ...profileRoutes,
      ...settingsRoutes,
      ...loyaltyRoutes,
      ...referrerRoutes,
      ...accountRoutes,
      ...reservationsPrivateRoutes,
      ...cartRoutes,
      ...prescriptionRoutes,
      ...productRequestRoutes,
      ...fiscalCodeRoutes,
      ...addressRoutes,
      ...checkoutRoutes,
      ...orderRoutes,
      ...paymentRoutes,
    ]),
  ]),
]);
