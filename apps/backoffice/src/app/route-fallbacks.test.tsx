import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { router as consoleRouter } from './router';

afterEach(cleanup);

/** A router with the console's fallbacks over one route at `path` that throws `error` while showing. */
function routerWithFallbacks(path: string, error?: Error) {
  const rootRoute = createRootRoute();
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path: '/agenda',
    component: () => {
      if (error) throw error;
      return <p>Agenda</p>;
    },
  });
  return createRouter({
    routeTree: rootRoute.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultErrorComponent: consoleRouter.options.defaultErrorComponent,
    defaultNotFoundComponent: consoleRouter.options.defaultNotFoundComponent,
  });
}

describe("the console's fallback screens (decision 0688)", () => {
  it('a screen that fails while showing: the Italian error with «Riprova», never the router’s English one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<RouterProvider router={routerWithFallbacks('/agenda', new TypeError('Failed to fetch dynamically imported module'))} />);
    expect(await screen.findByRole('heading', { name: 'Si è verificato un errore' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Non è stato possibile mostrare la pagina. Controlla la connessione e riprova.');
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeTruthy();
    expect(screen.queryByText(/Something went wrong/i)).toBeNull();
  });

  it('an address that is no screen: «Pagina non trovata»', async () => {
    render(<RouterProvider router={routerWithFallbacks('/nessuna-pagina')} />);
    expect(await screen.findByRole('heading', { name: 'Pagina non trovata' })).toBeTruthy();
    expect(screen.queryByText(/Not Found/)).toBeNull();
  });
});
