import type {
  CategoryServicesResponse,
  Service,
  ServiceCategory,
  ServiceGroup,
  ShopService,
  ShopServiceRequestBody,
} from '@farmacia/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Services change when the pharmacy edits them: a few minutes of freshness is plenty. */
const SERVICES_STALE_MS = 5 * 60_000;

/** `GET path`, cached under `['services', ...key]`: what `pick` takes from the answer. */
function servicesQuery<Body, T>(key: readonly (string | number)[], path: string, pick: (body: Body) => T) {
  return queryOptions({
    queryKey: ['services', ...key],
    queryFn: ({ signal }) => api<Body>(path, { signal }).then(pick),
    staleTime: SERVICES_STALE_MS,
  });
}

const dataOf = <T>(body: { data: T }) => body.data;

/** `GET /services`: the categories of 'Prenota un Servizio'. */
export const serviceCategoriesQueryOptions = servicesQuery(['categories'], '/services', dataOf<ServiceCategory[]>);

/** `GET /service-categories/{id}`: services, loose shop services and groups of a category. */
export function categoryServicesQueryOptions(categoryId: number) {
  return servicesQuery(['category', categoryId], `/service-categories/${categoryId}`, (body: CategoryServicesResponse) => body);
}

/** `GET /services/{id}`. */
export function serviceQueryOptions(serviceId: number) {
  return servicesQuery(['service', serviceId], `/services/${serviceId}`, (body: { service: Service }) => body.service);
}

/** `GET /shopservices/{id}`. */
export function shopServiceQueryOptions(shopServiceId: number) {
  return servicesQuery(['shop-service', shopServiceId], `/shopservices/${shopServiceId}`, dataOf<ShopService>);
}

/** `GET /shopservicegroup/{id}`. */
export function serviceGroupQueryOptions(groupId: number) {
  return servicesQuery(['group', groupId], `/shopservicegroup/${groupId}`, dataOf<ServiceGroup>);
}

/** `POST /shopservices`: a customer asks the pharmacy about a shop service. */
export function useShopServiceRequest() {
  return useMutation({
    mutationFn: (body: ShopServiceRequestBody) =>
      api<{ message: string }>('/shopservices', { method: 'POST', body }),
  });
}
