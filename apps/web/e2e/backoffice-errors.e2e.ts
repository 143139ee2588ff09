import { expect } from '@playwright/test';
import { openBackOffice, test } from './support';

/**
 * What a pharmacist meets when the back office cannot show a screen (decision 0688): the server
 * restarting, the connection dropping while a screen's code loads, an address that is no screen —
 * always in Italian, with a way on, never the router's English "Something went wrong!".
 */

test('the member check failing (server unreachable) shows the Italian error, and «Riprova» gets in once it answers', async ({ page }) => {
  await page.route('**/api/admin/whoami', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"SERVICE_UNAVAILABLE","message":"Servizio non disponibile."}' }));
  await openBackOffice(page, '/backoffice/ordini');
  await expect(page.getByRole('heading', { name: 'Si è verificato un errore' })).toBeVisible();
  await expect(page.getByText('Non è stato possibile mostrare la pagina. Controlla la connessione e riprova.')).toBeVisible();
  await expect(page.getByText(/Something went wrong/i)).toHaveCount(0);

  await page.unroute('**/api/admin/whoami');
  await page.getByRole('button', { name: 'Riprova' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Richieste e ordini' })).toBeVisible();
});

test("a screen whose code does not load shows the Italian error in the console's frame", async ({ page }) => {
  await page.route(/\/backoffice\/assets\/agenda-screen-[^/]+\.js$/, (route) => route.abort());
  await openBackOffice(page, '/backoffice/agenda');
  await expect(page.getByRole('heading', { name: 'Si è verificato un errore' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Riprova' })).toBeVisible();
  await expect(page.getByText(/Something went wrong/i)).toHaveCount(0);
});

test('an address that is no screen says so in Italian', async ({ page }) => {
  await openBackOffice(page, '/backoffice/nessuna-pagina');
  await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
  await expect(page.getByText(/Not Found/)).toHaveCount(0);
});
