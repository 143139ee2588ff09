import { QueryClient } from '@tanstack/react-query';

/** The console's one query cache: the routes' loaders fill it, the screens read it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (count, error) => count < 2 && (error as { status?: number }).status === 0, refetchOnWindowFocus: true },
  },
});
