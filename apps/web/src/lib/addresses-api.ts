import type { Address, AddressBody, AddressListResponse, AddressResponse } from '@farmacia/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/** `GET /address`: the customer's addresses (default first) and the shop's pickup points (`system`). */
export const addressesQueryOptions = queryOptions({
  queryKey: ['addresses'] as const,
  queryFn: async ({ signal }) => (await api<AddressListResponse>('/address', { signal })).data,
});

/** `GET /address/{id}`. */
export function addressQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['addresses', id] as const,
    queryFn: async ({ signal }) => (await api<AddressResponse>(`/address/${id}`, { signal })).data,
  });
}

/** `POST /address` or `PUT /address/{id}`: answers the saved address. */
export function useSaveAddress(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddressBody): Promise<Address> =>
      (await api<AddressResponse>(id === undefined ? '/address' : `/address/${id}`, { method: id === undefined ? 'POST' : 'PUT', body })).data,
    // The cart shows the chosen address: refresh it too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['addresses'] }), queryClient.invalidateQueries({ queryKey: ['cart'] })]),
  });
}

/** `DELETE /address/{id}` (403 for a pickup point). */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/address/${id}`, { method: 'DELETE' }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['addresses'] }), queryClient.invalidateQueries({ queryKey: ['cart'] })]),
  });
}

/** One line for an address: street, extra, postal code, city and province. */
export function addressLine(address: Pick<Address, 'address_1' | 'address_2' | 'postal_code' | 'city' | 'state_region'>): string {
  const street = [address.address_1, address.address_2].filter(Boolean).join(', ');
  return `${street} — ${address.postal_code} ${address.city} (${address.state_region})`;
}
