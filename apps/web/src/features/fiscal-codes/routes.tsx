import { positiveIdParam } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { privateLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';
import { pathParams } from '../../app/route-params';
import { fiscalCodeQueryOptions, fiscalCodesQueryOptions } from '../../lib/fiscal-codes-api';
import { allStringParams } from '../../lib/return-path';

/** Spec §2 Fiscal codes (login-protected): the list, add, and edit by id. */
export const fiscalCodesRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/fiscalcodes',
  validateSearch: allStringParams,
  loader: prefetchOnline(() => [fiscalCodesQueryOptions]),
  component: lazyRouteComponent(() => import('./fiscal-codes-screen'), 'FiscalCodesScreen'),
});

const fiscalCodeForm = lazyRouteComponent(() => import('./fiscal-code-form-screen'), 'FiscalCodeFormScreen');

/** `?redirect=` (an app path) says where to go after saving; other params are carried along. */
export const fiscalCodeNewRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/fiscalcode',
  validateSearch: allStringParams,
  component: fiscalCodeForm,
});

export const fiscalCodeEditRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/fiscalcode/$id',
  params: pathParams({ id: positiveIdParam }),
  validateSearch: allStringParams,
  loader: prefetchOnline((params) => [fiscalCodeQueryOptions(params.id)]),
  component: fiscalCodeForm,
});

export const fiscalCodeRoutes = [fiscalCodesRoute, fiscalCodeNewRoute, fiscalCodeEditRoute] as const;
