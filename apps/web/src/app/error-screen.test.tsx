import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { router as appRouter } from './router';

afterEach(cleanup);

describe("a screen that fails while showing (the app router's error screen)", () => {
  it('shows the Italian error with «Riprova», never the router’s English screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const rootRoute = createRootRoute();
    const broken = createRoute({
      getParentRoute: () => rootRoute,
      path: '/app/cart',
      component: () => {
        throw new TypeError('Failed to fetch dynamically imported module');
      },
    });
    const router = createRouter({
      routeTree: rootRoute.addChildren([broken]),
      history: createMemoryHistory({ initialEntries: ['/app/cart'] }),
      defaultErrorComponent: appRouter.options.defaultErrorComponent,
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Si è verificato un errore' })).toBeTruthy();
    expect(screen.getByText('Non è stato possibile mostrare la pagina. Controlla la connessione e riprova.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeTruthy();
    expect(screen.queryByText(/Something went wrong/i)).toBeNull();
  });
});
