import type { ProductRequest } from '@farmacia/contract';
import { cartRecord, useDeleteCartRecord, useSaveCartRecord } from '../../lib/records-api';

const productRequests = cartRecord<ProductRequest>('/cart/product_requests', 'product-requests');

/** `GET /cart/product_requests/{id}`. */
export const productRequestQueryOptions = productRequests.recordQueryOptions;

/** `POST /cart/product_requests` or `PUT …/{id}` with `{ type, note, equivalent, file as JSON text }` (spec §7). */
export function useSaveProductRequest(id: number | undefined) {
  return useSaveCartRecord<ProductRequest, { type: ProductRequest['type']; note: string; equivalent: boolean; file: string | null }>(
    productRequests,
    id,
  );
}

/** `DELETE /cart/product_requests/{id}`. */
export function useDeleteProductRequest() {
  return useDeleteCartRecord(productRequests);
}
