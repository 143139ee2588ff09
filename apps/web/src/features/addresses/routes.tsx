import { positiveIdParam } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { privateLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';
import { pathParams } from '../../app/route-params';
import { addressesQueryOptions, addressQueryOptions } from '../../lib/addresses-api';
import { allStringParams } from '../../lib/return-path';

/** Spec §2 Addresses (login-protected): the address book, add, and edit by id. */
export const addressesRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/addresses',
  validateSearch: allStringParams,
  loader: prefetchOnline(() => [addressesQueryOptions]),
  component: lazyRouteComponent(() => import('./addresses-screen'), 'AddressesScreen'),
});

const addressForm = lazyRouteComponent(() => import('./address-form-screen'), 'AddressFormScreen');

/** `?redirect=` (an app path) says where to go after saving; other params are carried along (e.g. action=shipping). */
export const addressNewRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/address',
  validateSearch: allStringParams,
  component: addressForm,
});

export const addressEditRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/address/$id',
  params: pathParams({ id: positiveIdParam }),
  validateSearch: allStringParams,
  loader: prefetchOnline((params) => [addressQueryOptions(params.id)]),
  component: addressForm,
});

export const addressRoutes = [addressesRoute, addressNewRoute, addressEditRoute] as const;
