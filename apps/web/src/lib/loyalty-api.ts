import type { LoyaltyCard, LoyaltyCardListResponse } from '@farmacia/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** `GET /fidelityCard` → the user's cards (the associated shop's first); key shared with the account menu. */
export const loyaltyCardsQueryOptions = queryOptions({
  queryKey: ['fidelityCard'],
  queryFn: ({ signal }): Promise<LoyaltyCard[]> =>
    api<LoyaltyCardListResponse>('/fidelityCard', { signal }).then((r) => r.data),
  staleTime: 60_000,
});
