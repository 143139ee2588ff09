import type { Prescription, PrescriptionMode } from '@farmacia/contract';
import { PRESCRIPTION_MODES, positiveIdParam } from '@farmacia/contract';
import { cartRecord, useDeleteCartRecord, useSaveCartRecord } from '../../lib/records-api';

const prescriptions = cartRecord<Prescription>('/cart/prescriptions', 'prescriptions');

/** `GET /cart/prescriptions/{id}`. */
export const prescriptionQueryOptions = prescriptions.recordQueryOptions;

/** `POST /cart/prescriptions` or `PUT /cart/prescriptions/{id}`; the cart (and its badge) refreshes. */
export function useSavePrescription(id: number | undefined) {
  return useSaveCartRecord<Prescription, Record<string, unknown>>(prescriptions, id);
}

/** `DELETE /cart/prescriptions/{id}`. */
export function useDeletePrescription() {
  return useDeleteCartRecord(prescriptions);
}

/**
 * What `/app/prescription/{entry}` means (spec §2, §4): a mode (fse, nre, file, vetnre, vetfile)
 * opens a new prescription in that mode; a numeric id above 0 edits that prescription.
 */
export type PrescriptionEntry = { kind: 'new'; mode: PrescriptionMode } | { kind: 'edit'; id: number } | { kind: 'unknown' };

export function parsePrescriptionEntry(entry: string): PrescriptionEntry {
  if ((PRESCRIPTION_MODES as readonly string[]).includes(entry)) return { kind: 'new', mode: entry as PrescriptionMode };
  const id = positiveIdParam(entry);
  return id === undefined ? { kind: 'unknown' } : { kind: 'edit', id };
}
