import type { AccountExport, ProfileResponse, UpdateProfileRequest } from '@farmacia/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { profileQueryOptions } from '../../lib/profile-api';

/** `PUT /profile` (spec §7); the answer replaces the cached profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api<ProfileResponse>('/profile', { method: 'PUT', body }).then((r) => r.data),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions.queryKey, profile),
  });
}

/** `GET /profile/export`: everything the pharmacy holds about the user. */
export function fetchAccountExport(): Promise<AccountExport> {
  return api<AccountExport>('/profile/export');
}

/** `DELETE /profile {password}`: erases the account. */
export function deleteAccount(password: string): Promise<{ message: string }> {
  return api<{ message: string }>('/profile', { method: 'DELETE', body: { password } });
}
