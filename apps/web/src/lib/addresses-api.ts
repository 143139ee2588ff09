import type { Address, AddressBody, AddressListResponse } from '@farmacia/contract';
import { recordQueries, useDeleteRecord, useSaveRecord } from './records-api';

const addresses = recordQueries<AddressListResponse['data'], Address>('/address', 'addresses');

/** `GET /address`: the customer's addresses (default first) and the shop's pickup points (`system`). */
export const addressesQueryOptions = addresses.listQueryOptions;

/** `GET /address/{id}`. */
export const addressQueryOptions = addresses.oneQueryOptions;

// The cart shows the chosen address: a change refreshes it too.
const ADDRESS_VIEWS = [['addresses'], ['cart']] as const;

/** `POST /address` or `PUT /address/{id}`: answers the saved address. */
export function useSaveAddress(id: number | undefined) {
  return useSaveRecord<Address, AddressBody>('/address', id, ADDRESS_VIEWS);
}

/** `DELETE /address/{id}` (403 for a pickup point). */
export function useDeleteAddress() {
  return useDeleteRecord('/address', ADDRESS_VIEWS);
}

/** One line for an address: street, extra, postal code, city and province. */
export function addressLine(address: Pick<Address, 'address_1' | 'address_2' | 'postal_code' | 'city' | 'state_region'>): string {
  const street = [address.address_1, address.address_2].filter(Boolean).join(', ');
  return `${street} — ${address.postal_code} ${address.city} (${address.state_region})`;
}
