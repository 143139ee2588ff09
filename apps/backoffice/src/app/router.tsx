import { positiveIdParam, textParam } from '@farmacia/contract';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  notFound,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { ApiError } from '../lib/api';
import { clearSession, currentStaff, getToken, rememberStaff } from '../lib/session';
import { queryClient } from './query-client';
import { NotFound, RouteError } from './route-fallbacks';

// The loaders' queries and the member's check validate with the contract's schemas: imported when a
// loader runs, so zod and the schemas are not in the first load (the login page's; issue 22).
const ordersApi = () => import('../features/orders/orders-api');

// The loaders fill the console's query cache with what the screens read (decision 0500).
const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: Outlet });

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): { expired?: 1 } => (search.expired ? { expired: 1 } : {}),
  component: lazyRouteComponent(() => import('../features/auth/login-screen'), 'LoginScreen'),
});

/** The page of a one-time set-password link (invitation, first set-up): no session needed. */
const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/password',
  validateSearch: (search: Record<string, unknown>): { token?: string; email?: string } => {
    const token = textParam(search.token);
    const email = textParam(search.email);
    return { ...(token ? { token } : {}), ...(email ? { email } : {}) };
  },
  component: lazyRouteComponent(() => import('../features/auth/set-password-screen'), 'SetPasswordScreen'),
});

/** Every screen behind the login: no token → login; the member is loaded once per page load. */
const staffLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'staff',
  // The frame is not needed by the login page, the first one most visits load; its chunk loads
  // together with the screen's.
  component: lazyRouteComponent(() => import('./layout'), 'Layout'),
  beforeLoad: async () => {
    if (!getToken()) throw redirect({ to: '/login' });
    if (currentStaff()) return;
    try {
      const { data } = await (await import('../lib/whoami')).fetchWhoAmI();
      if (data.role === 'customer') throw new ApiError(403, '', 'FORBIDDEN');
      rememberStaff({ ...data, role: data.role as 'pharmacist' | 'admin' });
    } catch (error) {
      // An expired session already went to the login (api.ts); a customer's token never gets in.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        clearSession();
        throw redirect({ to: '/login' });
      }
      throw error;
    }
  },
});

const indexRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/ordini' });
  },
});

const ordersRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/ordini',
  validateSearch: (search: Record<string, unknown>): { stato?: string } => {
    const stato = textParam(search.stato);
    return stato ? { stato } : {};
  },
  loaderDeps: ({ search }) => ({ stato: search.stato }),
  loader: async ({ context, deps }) => {
    const { orderCountsQueryOptions, queueQueryOptions, queueTabOf } = await ordersApi();
    await Promise.all([
      context.queryClient.prefetchQuery(orderCountsQueryOptions),
      context.queryClient.prefetchQuery(queueQueryOptions(queueTabOf(deps.stato))),
    ]);
  },
  component: lazyRouteComponent(() => import('../features/orders/queue-screen'), 'QueueScreen'),
});

const orderRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/ordini/$id',
  // The contract's id rule, the API's too: '/ordini/abc' is no order (and no call).
  params: {
    parse: (raw: { id: string }) => {
      const id = positiveIdParam(raw.id);
      if (id === undefined) throw notFound();
      return { id };
    },
    stringify: ({ id }: { id: number }) => ({ id: String(id) }),
  },
  loader: async ({ context, params }) => context.queryClient.prefetchQuery((await ordersApi()).adminOrderQueryOptions(params.id)),
  component: lazyRouteComponent(() => import('../features/orders/order-screen'), 'OrderScreen'),
});

const agendaRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/agenda',
  component: lazyRouteComponent(() => import('../features/bookings/agenda-screen'), 'AgendaScreen'),
});

const closuresRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/chiusure',
  component: lazyRouteComponent(() => import('../features/bookings/closures-screen'), 'ClosuresScreen'),
});

const servicesRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/servizi',
  component: lazyRouteComponent(() => import('../features/bookings/services-screen'), 'ServicesScreen'),
});

const eventsRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/eventi',
  component: lazyRouteComponent(() => import('../features/bookings/events-screen'), 'EventsScreen'),
});

const hoursRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/orari',
  component: lazyRouteComponent(() => import('../features/bookings/hours-screen'), 'HoursScreen'),
});

// Shop: options, content, vouchers, loyalty cards, info requests (decisions 0310-0314).
const optionsRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/negozio/impostazioni',
  component: lazyRouteComponent(() => import('../features/options/options-screen'), 'OptionsScreen'),
});
const contentRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/negozio/contenuti',
  component: lazyRouteComponent(() => import('../features/content/content-screen'), 'ContentScreen'),
});
const vouchersRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/negozio/codici-sconto',
  component: lazyRouteComponent(() => import('../features/vouchers/vouchers-screen'), 'VouchersScreen'),
});
const loyaltyRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/negozio/carte-fedelta',
  component: lazyRouteComponent(() => import('../features/loyalty/loyalty-screen'), 'LoyaltyScreen'),
});
const staffAlertsRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/negozio/avvisi',
  component: lazyRouteComponent(() => import('../features/staff-alerts/staff-alerts-screen'), 'StaffAlertsScreen'),
});
const inboxRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/negozio/richieste',
  component: lazyRouteComponent(() => import('../features/inbox/inbox-screen'), 'InboxScreen'),
});

// Catalogue, customers and (admins) shops (decisions 0295-0298).
const catalogueRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/catalogo',
  component: lazyRouteComponent(() => import('../features/catalogue/catalogue-screen'), 'CatalogueScreen'),
});
const customersRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/clienti',
  component: lazyRouteComponent(() => import('../features/customers/customers-screen'), 'CustomersScreen'),
});
const shopsRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/farmacie',
  component: lazyRouteComponent(() => import('../features/shops/shops-screen'), 'ShopsScreen'),
});

const auditRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/registro',
  component: lazyRouteComponent(() => import('../features/audit/audit-screen'), 'AuditScreen'),
});

const pharmacistsRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/farmacisti',
  component: lazyRouteComponent(() => import('../features/staff/pharmacists-screen'), 'PharmacistsScreen'),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  setPasswordRoute,
  staffLayoutRoute.addChildren([indexRoute, ordersRoute, orderRoute, agendaRoute, closuresRoute, servicesRoute, eventsRoute, hoursRoute, auditRoute, pharmacistsRoute, catalogueRoute, customersRoute, shopsRoute, optionsRoute, contentRoute, vouchersRoute, loyaltyRoute, inboxRoute, staffAlertsRoute]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  basepath: '/backoffice',
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultPendingMs: 300,
  defaultNotFoundComponent: NotFound,
  defaultErrorComponent: RouteError,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
