import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support';

/**
 * Issue 15, "the pharmacy is told": a pharmacist sets where the shop's alerts go and the escalation
 * delay in the back office; wrong values get the Italian message under their field; the screen
 * fits a 320 px phone.
 */

const PHARMACIST = { email: 'farmacista@farmacia.demo', password: DEMO_PASSWORD };

test('a pharmacist sets the alert address, the events and the escalation delay; mistakes are explained on the field', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto('/backoffice/login');
  await page.getByLabel('Email').fill(PHARMACIST.email);
  await page.getByLabel('Password').fill(PHARMACIST.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Avvisi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Avvisi alla farmacia' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Avvisi alla farmacia' });
  const email = form.getByLabel('Email per gli avvisi');
  const minutes = form.getByLabel('Dopo quanti minuti di apertura');
  await email.fill('non una email');
  await minutes.fill('2');
  await form.getByRole('button', { name: 'Salva gli avvisi' }).click();
  await expect(email).toHaveAccessibleDescription(/Inserire un indirizzo email valido/);
  await expect(minutes).toHaveAccessibleDescription(/Inserire un numero intero di minuti tra 5 e 1440\./);

  await email.fill('avvisi@farmacia.demo');
  await minutes.fill('20');
  await form.getByLabel('Sollecito se un ordine non viene preso in carico').check();
  await form.getByLabel('Prenotazione annullata dal cliente').uncheck();
  await form.getByRole('button', { name: 'Salva gli avvisi' }).click();
  await expect(form.getByRole('status')).toHaveText('Avvisi salvati.');

  await page.reload();
  const saved = page.getByRole('form', { name: 'Avvisi alla farmacia' });
  await expect(saved.getByLabel('Email per gli avvisi')).toHaveValue('avvisi@farmacia.demo');
  await expect(saved.getByLabel('Dopo quanti minuti di apertura')).toHaveValue('20');
  await expect(saved.getByLabel('Prenotazione annullata dal cliente')).not.toBeChecked();
  await expect(saved.getByLabel('Nuovo ordine (con ricette e richieste di prodotti o galenici)')).toBeChecked();
  await expect(page.getByRole('region', { name: 'Notifiche push su questo dispositivo' })).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
