import type { FiscalCode, FiscalCodeBody, FiscalCodeListResponse } from '@farmacia/contract';
import { recordQueries, useDeleteRecord, useSaveRecord } from './records-api';

const fiscalCodes = recordQueries<FiscalCodeListResponse['data'], FiscalCode>('/fiscalcode', 'fiscal-codes');

/** `GET /fiscalcode` → the customer's fiscal codes, the main one first (spec §7). */
export const fiscalCodesQueryOptions = fiscalCodes.listQueryOptions;

/** `GET /fiscalcode/{id}`. */
export const fiscalCodeQueryOptions = fiscalCodes.oneQueryOptions;

/** `POST /fiscalcode` or `PUT /fiscalcode/{id}`: answers the saved code. */
export function useSaveFiscalCode(id: number | undefined) {
  // The profile shows the main code: refresh it too when that one changes.
  return useSaveRecord<FiscalCode, FiscalCodeBody>('/fiscalcode', id, [['fiscal-codes'], ['profile']]);
}

/** `DELETE /fiscalcode/{id}` (409 for the main code, with the spec §6 text). */
export function useDeleteFiscalCode() {
  return useDeleteRecord('/fiscalcode', [['fiscal-codes']]);
}
