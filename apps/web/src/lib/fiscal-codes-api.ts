import type { FiscalCode, FiscalCodeBody, FiscalCodeListResponse, FiscalCodeResponse } from '@farmacia/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/** `GET /fiscalcode` → the customer's fiscal codes, the main one first (spec §7). */
export const fiscalCodesQueryOptions = queryOptions({
  queryKey: ['fiscal-codes'] as const,
  queryFn: async ({ signal }) => (await api<FiscalCodeListResponse>('/fiscalcode', { signal })).data,
});

/** `GET /fiscalcode/{id}`. */
export function fiscalCodeQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['fiscal-codes', id] as const,
    queryFn: async ({ signal }) => (await api<FiscalCodeResponse>(`/fiscalcode/${id}`, { signal })).data,
  });
}

/** `POST /fiscalcode` or `PUT /fiscalcode/{id}`: answers the saved code. */
export function useSaveFiscalCode(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FiscalCodeBody): Promise<FiscalCode> =>
      (await api<FiscalCodeResponse>(id === undefined ? '/fiscalcode' : `/fiscalcode/${id}`, { method: id === undefined ? 'POST' : 'PUT', body }))
        .data,
    // The profile shows the main code: refresh it too when that one changes.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['fiscal-codes'] }), queryClient.invalidateQueries({ queryKey: ['profile'] })]),
  });
}

/** `DELETE /fiscalcode/{id}` (409 for the main code, with the spec §6 text). */
export function useDeleteFiscalCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/fiscalcode/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fiscal-codes'] }),
  });
}
