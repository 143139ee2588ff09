import { isSearchable, SEARCH_DEBOUNCE_MS } from '@farmacia/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { productsOfPages, searchInfiniteQueryOptions } from './catalogue-api';
import { useShopKey } from '../../lib/current-shop';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The search of the search screen (spec §2, §5, §9): the typed text is searched 500 ms after the
 * last keystroke, only from 3 characters, 10 products a page, the next page on demand.
 */
export function useProductSearch(text: string) {
  const typed = text.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  // Enter (the keyboard's search key) searches at once instead of waiting for the debounce.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const term = submitted === typed ? typed : debounced;
  const searchNow = useCallback(() => setSubmitted(typed), [typed]);
  const searchable = isSearchable(term);
  const query = useInfiniteQuery(searchInfiniteQueryOptions(useShopKey(), term));
  const products = useMemo(() => productsOfPages(query.data?.pages), [query.data]);
  const firstPage = query.data?.pages[0];
  return {
    /** The text actually searched (debounced and trimmed). */
    term,
    searchable,
    /** The user is still typing: the results shown are those of an older text. */
    settling: term !== typed,
    searchNow,
    products,
    total: firstPage?.total ?? 0,
    totalIsLowerBound: firstPage?.totalRelation === 'gte',
    correctedQuery: firstPage?.correctedQuery ?? null,
    isPending: searchable && query.isPending,
    isError: query.isError,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
    refetch: query.refetch,
  };
}
