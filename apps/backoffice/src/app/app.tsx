import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { setSessionExpiredHandler } from '../lib/api';
import { queryClient } from './query-client';
import { router } from './router';

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
