import { positiveIdParam } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { privateLayoutRoute } from '../../app/layout-route';
import { whileOnline } from '../../app/route-data';
import { pathParams } from '../../app/route-params';
import { paymentRefOf } from './payment-ref';
import { allStringParams } from '../../lib/return-path';

/** Spec §2 Payment screens: /app/payment/{paymentType}/{id} (card form, Nexi, PayPal). */
export const paymentRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/payment/$type/$id',
  // The type is checked against the order by the screen ('cannot pay' names the order). No loader:
  // the screen reads the order afresh (a copy from before a payment attempt could be stale).
  params: pathParams({ type: (type: string) => type, id: positiveIdParam }),
  component: lazyRouteComponent(() => import('./payment-screen'), 'PaymentScreen'),
});

/** Spec §2, §4: the outcome (query status OK/KO, paymentMethod, token | paymentID | codTrans). */
export const paymentEndRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/payment-end',
  validateSearch: allStringParams,
  loaderDeps: ({ search }) => ({ method: search.paymentMethod ?? '', ref: paymentRefOf(search) }),
  loader: ({ context, deps }) =>
    deps.method !== '' && deps.ref !== ''
      ? // lib/payment-api needs the contract's payment labels (a zod module): imported lazily, like the screen.
        whileOnline(() =>
          import('../../lib/payment-api').then((api) => context.queryClient.prefetchQuery(api.paymentIdQueryOptions(deps.method, deps.ref))),
        )
      : undefined,
  component: lazyRouteComponent(() => import('./payment-end-screen'), 'PaymentEndScreen'),
});

export const paymentRoutes = [paymentRoute, paymentEndRoute] as const;
