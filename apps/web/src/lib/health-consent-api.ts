import { HEALTH_CONSENT_VERSION, type HealthConsentState } from '@farmacia/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { invalidateCart } from './cart-api';

/** `GET /profile/health-consent` (decision 0410). */
export const healthConsentQueryOptions = queryOptions({
  queryKey: ['health-consent'] as const,
  queryFn: async ({ signal }) => (await api<{ data: HealthConsentState }>('/profile/health-consent', { signal })).data,
});

/** `PUT /profile/health-consent`: the box was ticked for the text shown. */
export function useGiveHealthConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api<{ data: HealthConsentState }>('/profile/health-consent', { method: 'PUT', body: { accepted: true, version: HEALTH_CONSENT_VERSION } }))
        .data,
    onSuccess: (state) => queryClient.setQueryData(healthConsentQueryOptions.queryKey, state),
  });
}

/** `DELETE /profile/health-consent`: the server also empties the carts of prescriptions and requests. */
export function useWithdrawHealthConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api<{ data: HealthConsentState }>('/profile/health-consent', { method: 'DELETE' })).data,
    onSuccess: async (state) => {
      queryClient.setQueryData(healthConsentQueryOptions.queryKey, state);
      await invalidateCart(queryClient);
    },
  });
}
