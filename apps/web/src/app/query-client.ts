import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

/** Retry once when the server could not be reached or failed; never on a 4xx (it would answer the same). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
