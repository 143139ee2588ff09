import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { setSessionExpiredHandler } from '../lib/api';
import { router } from './router';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (count, error) => count < 2 && (error as { status?: number }).status === 0, refetchOnWindowFocus: true },
  },
});

// A 401 anywhere: back to the login, saying why, and nothing cached from the old session.
setSessionExpiredHandler(() => {
  queryClient.clear();
  void router.navigate({ to: '/login', search: { expired: 1 } });
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
