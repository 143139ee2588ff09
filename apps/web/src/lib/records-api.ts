import { type QueryClient, type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { invalidateCart } from './cart-api';

/** `POST base` for a new record, `PUT base/{id}` for an existing one; answers the saved record. */
export async function saveRecord<T>(base: string, id: number | undefined, body: unknown): Promise<T> {
  return (await api<{ data: T }>(id === undefined ? base : `${base}/${id}`, { method: id === undefined ? 'POST' : 'PUT', body })).data;
}

/** `GET base` (the list, under `[key]`) and `GET base/{id}` (one, under `[key, id]`), each answering its `data`. */
export function recordQueries<TList, TOne>(base: string, key: string) {
  return {
    listQueryOptions: queryOptions({
      queryKey: [key] as const,
      queryFn: async ({ signal }) => (await api<{ data: TList }>(base, { signal })).data,
    }),
    oneQueryOptions: (id: number) =>
      queryOptions({
        queryKey: [key, id] as const,
        queryFn: async ({ signal }) => (await api<{ data: TOne }>(`${base}/${id}`, { signal })).data,
      }),
  };
}

/** Refreshes the queries under each of `keys` (a record's list and what shows it elsewhere). */
function refreshAll(queryClient: QueryClient, keys: readonly QueryKey[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Saves a record under `base` (new without `id`), then refreshes the queries under `refresh`. */
export function useSaveRecord<T, Body>(base: string, id: number | undefined, refresh: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => saveRecord<T>(base, id, body),
    onSuccess: () => refreshAll(queryClient, refresh),
  });
}

/** `DELETE base/{id}`, then refreshes the queries under `refresh`. */
export function useDeleteRecord(base: string, refresh: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`${base}/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshAll(queryClient, refresh),
  });
}

/**
 * A line of the cart that is not a product (a prescription, a product request), kept under `base`
 * (`/cart/prescriptions`) and cached under `[key, id]`. Read one with `recordQueryOptions`; save and
 * delete with the hooks below.
 */
export interface CartRecord<T> {
  base: string;
  key: string;
  recordQueryOptions: ReturnType<typeof recordQueries<never, T>>['oneQueryOptions'];
}

export function cartRecord<T>(base: string, key: string): CartRecord<T> {
  return { base, key, recordQueryOptions: recordQueries<never, T>(base, key).oneQueryOptions };
}

/** Saves a cart record (new without `id`); the saved one fills its query and the cart (and its badge) refreshes. */
export function useSaveCartRecord<T extends { id: number }, Body>(record: CartRecord<T>, id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => saveRecord<T>(record.base, id, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(record.recordQueryOptions(saved.id).queryKey, saved);
      await invalidateCart(queryClient);
    },
  });
}

/** `DELETE base/{id}`: the record leaves the cache and the cart refreshes. */
export function useDeleteCartRecord<T>(record: CartRecord<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`${record.base}/${id}`, { method: 'DELETE' }),
    onSuccess: (_none, id) => {
      queryClient.removeQueries({ queryKey: [record.key, id] });
      return invalidateCart(queryClient);
    },
  });
}
