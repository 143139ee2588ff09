import type { ReferrerResponse } from '@farmacia/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** `GET /profile/referrer` → the user's own friend code (spec §7 → data.code). */
export const referrerQueryOptions = queryOptions({
  queryKey: ['profile', 'referrer'],
  queryFn: ({ signal }) => api<ReferrerResponse>('/profile/referrer', { signal }).then((r) => r.data.code),
  staleTime: Number.POSITIVE_INFINITY,
});
