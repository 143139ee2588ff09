import type { FiscalCode, FiscalCodeBody, FiscalCodeListResponse } from '@farmacia/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { recordQueries, saveRecord } from './records-api';

const fiscalCodes = recordQueries<FiscalCodeListResponse['data'], FiscalCode>('/fiscalcode', 'fiscal-codes');

/** `GET /fiscalcode` → the customer's fiscal codes, the main one first (spec §7). */
export const fiscalCodesQueryOptions = fiscalCodes.listQueryOptions;

/** `GET /fiscalcode/{id}`. */
export const fiscalCodeQueryOptions = fiscalCodes.oneQueryOptions;

/** `POST /fiscalcode` or `PUT /fiscalcode/{id}`: answers the saved code. */
export function useSaveFiscalCode(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FiscalCodeBody) => saveRecord<FiscalCode>('/fiscalcode', id, body),
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
