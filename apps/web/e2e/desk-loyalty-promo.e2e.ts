import { expect } from '@playwright/test';
import { DEMO_CUSTOMER, DEMO_PASSWORD, openSignedInAs, test } from './support';

/**
 * Issue 19 (decisions 0530, 0531) in a browser: a pharmacist blocks the demo customer's loyalty
 * card and the customer's app says so in place of the barcode, then unblocks it; a promotion's
 * period is refused when it ends before it starts and, set in the future, is shown as scheduled.
 */

const PHARMACIST = { email: 'farmacista@farmacia.demo', password: DEMO_PASSWORD };

async function backOffice(page: import('@playwright/test').Page, section: string) {
  await page.goto('/backoffice/login');
  await page.getByLabel('Email').fill(PHARMACIST.email);
  await page.getByLabel('Password').fill(PHARMACIST.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: section }).click();
}

test('a blocked loyalty card earns nothing and the app shows it blocked instead of its barcode; unblocked, the barcode is back', async ({
  page,
  browser,
}) => {
  await backOffice(page, 'Carte fedeltà');
  await page.getByLabel('Cerca per numero, nome o email').fill(DEMO_CUSTOMER.email);
  await page.getByRole('button', { name: /^Apri carta 2\d{12}$/ }).first().click();
  await page.getByLabel('Motivo del blocco (facoltativo)').fill('Carta smarrita');
  await page.getByRole('button', { name: 'Blocca la carta' }).click();
  await expect(page.getByText('Carta bloccata: non accumula più punti.')).toBeVisible();
  await expect(page.getByTestId('card-status')).toContainText('Bloccata');
  await expect(page.getByTestId('card-status')).toContainText('Carta smarrita');

  const customerContext = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const customer = await customerContext.newPage();
  await openSignedInAs(customer, DEMO_CUSTOMER, '/app/fidelityCard');
  await expect(customer).toHaveURL(/\/app\/fidelityCard$/);
  await expect(customer.getByRole('status').filter({ hasText: 'Carta bloccata' })).toBeVisible();
  await expect(customer.getByRole('img', { name: /^Codice a barre della carta/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sblocca la carta' }).click();
  await expect(page.getByText('Carta sbloccata.')).toBeVisible();
  await customer.reload();
  await expect(customer.getByRole('img', { name: /^Codice a barre della carta 2\d{12}$/ })).toBeVisible();
  await expect(customer.getByText('Carta bloccata')).toHaveCount(0);
  await customerContext.close();
});

test('a promotion period ending before it starts is refused on its field; a future one is saved as scheduled', async ({ page }) => {
  const today = new Date().toISOString().slice(0, 10);
  const day = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  await backOffice(page, 'Catalogo');
  await page.getByLabel('Cerca per nome, codice o principio attivo').fill('tachipirina');
  await page.getByRole('button', { name: /^Modifica / }).first().click();
  const editor = page.getByRole('region', { name: /^Prodotto \d{9}$/ });
  const promo = editor.getByRole('form', { name: 'Promozione' });
  // The struck price is not typed: the server sets the law's prior price (decision 0701).
  await expect(promo.getByLabel('Prezzo pieno (€)')).toHaveCount(0);
  await promo.getByLabel('Prezzo in promozione (€)').fill('1,00');
  await promo.getByLabel('Inizio promozione').fill(day(5));
  await promo.getByLabel('Fine promozione').fill(day(2));
  await promo.getByRole('button', { name: /promozione$/ }).click();
  await expect(promo.getByLabel('Fine promozione')).toHaveAccessibleDescription(
    /La fine della promozione non può precedere l’inizio\./,
  );

  await promo.getByLabel('Fine promozione').fill(day(9));
  await promo.getByRole('button', { name: /promozione$/ }).click();
  await expect(editor.getByText('Promozione attivata.')).toBeVisible();
  await expect(editor.getByText('Programmata')).toBeVisible();
  await expect(editor.getByText(/^In promozione a 1,00\s€ invece di \d+,\d{2}\s€ \(Dal /)).toBeVisible();

  await editor.getByRole('button', { name: 'Termina promozione' }).click();
  await expect(editor.getByText('Promozione terminata.')).toBeVisible();
});
