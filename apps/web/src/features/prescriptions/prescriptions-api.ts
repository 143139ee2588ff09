import type { Prescription, PrescriptionMode } from '@farmacia/contract';
import { PRESCRIPTION_MODES } from '@farmacia/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { invalidateCart } from '../../lib/cart-api';

/** `GET /cart/prescriptions/{id}`. */
export function prescriptionQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['prescriptions', id] as const,
    queryFn: async ({ signal }) => (await api<{ data: Prescription }>(`/cart/prescriptions/${id}`, { signal })).data,
  });
}

/** `POST /cart/prescriptions` or `PUT /cart/prescriptions/{id}`; the cart (and its badge) refreshes. */
export function useSavePrescription(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      (
        await api<{ data: Prescription }>(id === undefined ? '/cart/prescriptions' : `/cart/prescriptions/${id}`, {
          method: id === undefined ? 'POST' : 'PUT',
          body,
        })
      ).data,
    onSuccess: async (saved) => {
      queryClient.setQueryData(prescriptionQueryOptions(saved.id).queryKey, saved);
      await invalidateCart(queryClient);
    },
  });
}

/** `DELETE /cart/prescriptions/{id}`. */
export function useDeletePrescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/cart/prescriptions/${id}`, { method: 'DELETE' }),
    onSuccess: (_none, id) => {
      queryClient.removeQueries({ queryKey: ['prescriptions', id] });
      return invalidateCart(queryClient);
    },
  });
}

/**
 * What `/app/prescription/{entry}` means (spec §2, §4): a mode (fse, nre, file, vetnre, vetfile)
 * opens a new prescription in that mode; a numeric id above 0 edits that prescription.
 */
export type PrescriptionEntry = { kind: 'new'; mode: PrescriptionMode } | { kind: 'edit'; id: number } | { kind: 'unknown' };

export function parsePrescriptionEntry(entry: string): PrescriptionEntry {
  if ((PRESCRIPTION_MODES as readonly string[]).includes(entry)) return { kind: 'new', mode: entry as PrescriptionMode };
  if (/^\d+$/.test(entry) && Number(entry) > 0 && Number(entry) <= Number.MAX_SAFE_INTEGER) return { kind: 'edit', id: Number(entry) };
  return { kind: 'unknown' };
}
