import type { Address, AddressBody, AddressListResponse } from '@farmacia/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { recordQueries, saveRecord } from './records-api';

const addresses = recordQueries<AddressListResponse['data'], Address>('/address', 'addresses');

/** `GET /address`: the customer's addresses (default first) and the shop's pickup points (`system`). */
export const addressesQueryOptions = addresses.listQueryOptions;

/** `GET /address/{id}`. */
export const addressQueryOptions = addresses.oneQueryOptions;

/** `POST /address` or `PUT /address/{id}`: answers the saved address. */
export function useSaveAddress(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressBody) => saveRecord<Address>('/address', id, body),
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
