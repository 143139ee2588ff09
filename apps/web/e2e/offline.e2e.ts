import { expect } from '@playwright/test';
import { test, WITH_SERVICE_WORKER } from './support';

// About the installed app: its service worker is on (decision 0633).
test.use(WITH_SERVICE_WORKER);

test('offline: only the offline notice shows, and the app resumes by itself when the network is back', async ({ page, context }) => {
  await page.goto('/app/home');
  await expect(page.getByRole('navigation', { name: 'Navigazione principale' })).toBeVisible();
  // The app is running (its own <main>, not the HTML shell's or the server's copy of the home).
  await expect(page.locator('#main')).toHaveCount(1);

  await context.setOffline(true);
  await expect(page.getByRole('heading', { name: 'Nessuna connessione a internet' })).toBeVisible();
  await expect(page.getByText('Il dispositivo non è connesso a internet.')).toBeVisible();
  await expect(page.getByText("L'applicazione non può funzionare senza una connessione a internet.")).toBeVisible();
  await expect(
    page.getByText("L'applicazione riprenderà a funzionare automaticamente appena la connessione sarà disponibile."),
  ).toBeVisible();
  await expect(page.getByText('Se il problema persiste, contatta la farmacia.')).toBeVisible();
  // Only the notice: no tabs, no screen.
  await expect(page.getByRole('navigation', { name: 'Navigazione principale' })).toBeHidden();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.locator('#main')).toHaveCount(1);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Nessuna connessione a internet' })).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('navigation', { name: 'Navigazione principale' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/home$/);
});

test('/app/offline shows the notice and returns to the app once the server answers', async ({ page }) => {
  await page.goto('/app/offline');
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByRole('navigation', { name: 'Navigazione principale' })).toBeVisible();
});
