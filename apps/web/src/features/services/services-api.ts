import type {
  CategoryServicesResponse,
  Service,
  ServiceCategory,
  ServiceGroup,
  ShopService,
  ShopServiceRequestBody,
} from '@farmacia/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../app/api-client';

/** Services change when the pharmacy edits them: a few minutes of freshness is plenty. */
const SERVICES_STALE_MS = 5 * 60_000;

/** `GET /services`: the categories of 'Prenota un Servizio'. */
export const serviceCategoriesQueryOptions = queryOptions({
  queryKey: ['services', 'categories'],
  queryFn: ({ signal }) => api<{ data: ServiceCategory[] }>('/services', { signal }).then((r) => r.data),
  staleTime: SERVICES_STALE_MS,
});

/** `GET /service-categories/{id}`: services, loose shop services and groups of a category. */
export function categoryServicesQueryOptions(categoryId: number) {
  return queryOptions({
    queryKey: ['services', 'category', categoryId],
    queryFn: ({ signal }) => api<CategoryServicesResponse>(`/service-categories/${categoryId}`, { signal }),
    staleTime: SERVICES_STALE_MS,
  });
}

/** `GET /services/{id}`. */
export function serviceQueryOptions(serviceId: number) {
  return queryOptions({
    queryKey: ['services', 'service', serviceId],
    queryFn: ({ signal }) => api<{ service: Service }>(`/services/${serviceId}`, { signal }).then((r) => r.service),
    staleTime: SERVICES_STALE_MS,
  });
}

/** `GET /shopservices/{id}`. */
export function shopServiceQueryOptions(shopServiceId: number) {
  return queryOptions({
    queryKey: ['services', 'shop-service', shopServiceId],
    queryFn: ({ signal }) => api<{ data: ShopService }>(`/shopservices/${shopServiceId}`, { signal }).then((r) => r.data),
    staleTime: SERVICES_STALE_MS,
  });
}

/** `GET /shopservicegroup/{id}`. */
export function serviceGroupQueryOptions(groupId: number) {
  return queryOptions({
    queryKey: ['services', 'group', groupId],
    queryFn: ({ signal }) => api<{ data: ServiceGroup }>(`/shopservicegroup/${groupId}`, { signal }).then((r) => r.data),
    staleTime: SERVICES_STALE_MS,
  });
}

/** `POST /shopservices`: a customer asks the pharmacy about a shop service. */
export function useShopServiceRequest() {
  return useMutation({
    mutationFn: (body: ShopServiceRequestBody) =>
      api<{ message: string }>('/shopservices', { method: 'POST', body }),
  });
}
