import { expect } from '@playwright/test';
import { newUser, openOrderInConsole, payOrderByCard, placeOrderThroughApi, VENDING_MACHINE_PAID_ONLINE, test } from './support';

/**
 * Issue 19 (decision 0515): an order paid online in the sandbox is refunded in part from the
 * console, then cancelled there — the rest goes back through the provider's refund protocol —
 * and the customer sees "Rimborsato" on the order, with no manual step.
 */

test('a paid order cancelled in the back office is refunded; the customer sees the refund', async ({ page, browser }) => {
  const user = newUser();
  const orderId = await placeOrderThroughApi(page, { user, choices: VENDING_MACHINE_PAID_ONLINE });

  // The pharmacist sends the proposal.
  const desk = page;
  await openOrderInConsole(desk, orderId);
  await desk.getByRole('button', { name: 'Prendi in carico' }).click();
  await desk.getByRole('button', { name: 'Invia al cliente per conferma' }).click();
  await expect(desk.getByRole('heading', { level: 1 })).toContainText('In attesa del cliente');

  // The customer pays by card in the sandbox.
  const context = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const app = await context.newPage();
  await payOrderByCard(app, orderId, user);

  // In the console: a partial refund needs a reason and fits what was paid; then it goes through.
  await desk.reload();
  await expect(desk.getByRole('heading', { level: 1 })).toContainText('Confermato');
  const refunds = desk.getByRole('region', { name: /Rimborsi/ });
  await refunds.getByLabel('Importo da rimborsare (€)').fill('100000');
  await refunds.getByRole('button', { name: 'Rimborsa' }).click();
  await expect(refunds.getByLabel('Motivo del rimborso')).toHaveAttribute('aria-invalid', 'true');
  await refunds.getByLabel('Motivo del rimborso').fill('Confezione danneggiata');
  await refunds.getByRole('button', { name: 'Rimborsa' }).click();
  await expect(refunds.locator('#refund-amount-error')).toContainText('Puoi rimborsare al massimo');
  await refunds.getByLabel('Importo da rimborsare (€)').fill('1,50');
  await refunds.getByRole('button', { name: 'Rimborsa' }).click();
  await expect(refunds.getByRole('status')).toHaveText('Rimborso registrato.');
  await expect(refunds.locator('h2 .status')).toHaveText('Rimborsato in parte');
  await expect(refunds.getByText('1,50\u00a0€', { exact: true })).toBeVisible();

  // Cancelled: the rest is refunded through the provider, without leaving the console.
  desk.once('dialog', (dialog) => void dialog.accept());
  await desk.getByRole('button', { name: 'Annulla ordine' }).click();
  await expect(desk.getByRole('heading', { level: 1 })).toContainText('Annullato');
  await expect(refunds.locator('h2 .status')).toHaveText('Rimborsato');
  await expect(refunds.getByText('Ordine annullato')).toBeVisible();
  await expect(refunds.getByText(/Ancora rimborsabile: 0,00/)).toBeVisible();

  // The customer sees the refund on the order.
  await app.goto(`/app/orders/${orderId}`);
  const block = app.getByRole('status', { name: 'Rimborsi' });
  await expect(block.locator('strong')).toHaveText('Rimborsato');
  await expect(block).toContainText('Rimborso di 1,50\u00a0€: eseguito');
  await context.close();
});
