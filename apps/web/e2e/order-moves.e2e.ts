import { expect } from '@playwright/test';
import { newUser, openOrderInConsole, payOrderByCard, placeOrderThroughApi, VENDING_MACHINE_PAID_ONLINE, test } from './support';

/**
 * Issue 16: the console offers exactly the moves the server accepts. A vending-machine order is a
 * collection at the pharmacy: once paid online and in processing, the console offers "complete"
 * (which the server accepts) and not "ship" (which it refuses) — and completing it works.
 */

test('a paid vending-machine order is completed from the console, never offered for shipping', async ({ page, browser }) => {
  // The customer places a vending-machine order paid by card, through the API.
  const user = newUser();
  const orderId = await placeOrderThroughApi(page, { user, choices: VENDING_MACHINE_PAID_ONLINE });

  // The pharmacist prepares the proposal in the console (the back office): take charge, then send it.
  const desk = page;
  await openOrderInConsole(desk, orderId);
  await expect(desk.getByRole('heading', { level: 1 })).toContainText(`Ordine ${orderId}`);
  // A new order is taken in charge, not "reopened".
  await expect(desk.getByRole('button', { name: 'Riapri per modifiche' })).toHaveCount(0);
  await desk.getByRole('button', { name: 'Prendi in carico' }).click();
  await expect(desk.getByRole('heading', { level: 1 })).toContainText('In gestione');
  await desk.getByRole('button', { name: 'Invia al cliente per conferma' }).click();
  await expect(desk.getByRole('heading', { level: 1 })).toContainText('In attesa del cliente');
  // Waiting for the customer: it may be reopened or cancelled, not taken in charge again.
  await expect(desk.getByRole('button', { name: 'Prendi in carico' })).toHaveCount(0);
  await expect(desk.getByRole('button', { name: 'Riapri per modifiche' })).toBeVisible();

  // The customer pays by card in the app; the provider's notification confirms the order.
  const context = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const app = await context.newPage();
  await payOrderByCard(app, orderId, user);
  await context.close();

  // Back in the console: paid and confirmed; processed, then completed — no shipping for a vending machine.
  await desk.reload();
  await expect(desk.getByRole('heading', { level: 1 })).toContainText('Confermato');
  await expect(desk.getByText(/· pagato/)).toBeVisible();
  await desk.getByRole('button', { name: 'Metti in lavorazione' }).click();
  await expect(desk.getByRole('heading', { level: 1 })).toContainText('In lavorazione');
  await expect(desk.getByRole('button', { name: 'Segna come spedito' })).toHaveCount(0);
  await desk.getByRole('button', { name: 'Segna come completato' }).click();
  await expect(desk.getByRole('heading', { level: 1 })).toContainText('Completato');
  await expect(desk.getByRole('status')).toHaveText('Stato aggiornato: Completato.');
  await expect(desk.locator('.actions')).toHaveCount(0);
});
