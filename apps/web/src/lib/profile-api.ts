import type { Profile, ProfileResponse } from '@farmacia/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** The logged-in user's profile (`GET /profile` → `{ data }`); key ['profile'] for the whole app. */
export const profileQueryOptions = queryOptions({
  queryKey: ['profile'],
  queryFn: ({ signal }) => api<ProfileResponse>('/profile', { signal }).then((r) => r.data),
  staleTime: 60_000,
});

/** The shop changed its terms: the user must confirm the consents before using the app (spec §2). */
export function needsPrivacyCheck(profile: Pick<Profile, 'checkprivacy'> | undefined | null): boolean {
  return Number(profile?.checkprivacy) === 1;
}
