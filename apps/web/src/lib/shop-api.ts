import type { ContentKey, OptionKey, OptionValues, OptionsClean, ShopLegal } from '@farmacia/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** Options and content change rarely (the pharmacist edits them): keep them five minutes. */
const SHOP_DATA_STALE_MS = 5 * 60_000;

/** One option of the user's shop (`GET /option/{key}` → `{ data }`), null when unset. */
export function optionQueryOptions<K extends OptionKey>(key: K) {
  return queryOptions({
    queryKey: ['option', key],
    queryFn: ({ signal }) => api<{ data: OptionValues[K] | null }>(`/option/${key}`, { signal }).then((r) => r.data),
    staleTime: SHOP_DATA_STALE_MS,
  });
}

/**
 * The shop's promotions (`GET /option/promotions`), keyed with the shop shown (`shopKey`, decision
 * 0544): the Offerte screen and its tab badge count the current shop's, never another's.
 */
export function promotionsOptionQueryOptions(shop: string) {
  return queryOptions({ ...optionQueryOptions('promotions'), queryKey: ['option', 'promotions', shop] });
}

/** Every public option of the user's shop (`GET /optionsClean`). */
export const optionsCleanQueryOptions = queryOptions({
  queryKey: ['optionsClean'],
  queryFn: ({ signal }) => api<{ data: OptionsClean }>('/optionsClean', { signal }).then((r) => r.data),
  staleTime: SHOP_DATA_STALE_MS,
});

/** Sanitized HTML the shop wrote under a content key (`GET /content/{key}`), null when unset. */
export function contentQueryOptions(key: ContentKey) {
  return queryOptions({
    queryKey: ['content', key],
    queryFn: ({ signal }) => api<{ data: string | null }>(`/content/${key}`, { signal }).then((r) => r.data),
    staleTime: SHOP_DATA_STALE_MS,
  });
}

/**
 * The seller's legal data (`GET /shop/legal`, decision 0405), read by the footer of every screen:
 * the key is refetched with the options when the back office changes shop data.
 */
export const shopLegalQueryOptions = queryOptions({
  queryKey: ['shopLegal'],
  queryFn: ({ signal }) => api<{ data: ShopLegal }>('/shop/legal', { signal }).then((r) => r.data),
  staleTime: SHOP_DATA_STALE_MS,
});
