import { expect } from '@playwright/test';
import { DEMO_PRIVACY_RENEWAL, loginWithForm, tabBar, test } from './support';

test('privacy gate: with checkprivacy on only the privacy pages are reachable until the consents are accepted', async ({ page }) => {
  await page.goto('/auth/login');
  await loginWithForm(page, DEMO_PRIVACY_RENEWAL.email, DEMO_PRIVACY_RENEWAL.password);
  await expect(page).toHaveURL(/\/app\/privacycheck$/);
  await expect(page.getByRole('heading', { name: 'Gestisci consensi privacy' })).toBeVisible();

  // Anywhere else sends back to the consents.
  for (const path of ['/app/home', '/app/user']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/app\/privacycheck$/);
  }
  await tabBar(page).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/app\/privacycheck$/);

  // The privacy policy and the terms stay reachable.
  await page.goto('/app/privacy');
  await expect(page.getByRole('heading', { name: 'Informativa Privacy', level: 1 })).toBeVisible();
  await page.goto('/app/tos');
  await expect(page.getByRole('heading', { name: "Termini d'utilizzo", level: 1 })).toBeVisible();

  // Mandatory consents are marked and required.
  await page.goto('/app/privacycheck');
  await expect(page.getByText('Questo consenso è obbligatorio').first()).toBeVisible();
  const acceptAll = page.getByRole('switch', { name: 'Accetta tutti' });
  await acceptAll.check();
  await acceptAll.uncheck();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page).toHaveURL(/\/app\/privacycheck$/);

  // Accept everything: the gate opens.
  await acceptAll.check();
  for (const box of await page.locator('.consents input[type="checkbox"]').all()) await expect(box).toBeChecked();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Consensi privacy aggiornati')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/home$/);
  await page.goto('/app/user');
  await expect(page).toHaveURL(/\/app\/user$/);
});
