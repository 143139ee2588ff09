import type { ProductHit, SearchResponse } from '@farmacia/contract';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { backOfficeLogin, loginWithForm, newUser, registerThroughApi } from './support';

/**
 * Issue 16: the console offers exactly the moves the server accepts. A vending-machine order is a
 * collection at the pharmacy: once paid online and in processing, the console offers "complete"
 * (which the server accepts) and not "ship" (which it refuses) — and completing it works.
 */

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

test('a paid vending-machine order is completed from the console, never offered for shipping', async ({ page, browser }) => {
  // The customer places a vending-machine order paid by card, through the API.
  const user = newUser();
  await registerThroughApi(page, user);
  const customer = { authorization: `Bearer ${await tokenOf(page.request, user.email, user.password)}` };
  const search = await page.request.get('/api/product/search?q=crema&rpp=30&p=1');
  const product = ((await search.json()) as SearchResponse).responses[0]?.hits.hits
    .map((h) => h._source)
    .find((p: ProductHit) => !p.prescription_only && p.quantita > 0);
  expect(product, 'a product that can be sold online').toBeDefined();
  expect((await page.request.post(`/api/cart/products/${product!.codice_ministeriale}`, { headers: customer, data: { quantity: 1 } })).status()).toBe(200);
  const cart = await page.request.put('/api/cart', {
    headers: customer,
    data: { shippingType: 'vendingMachine', shippingMethod: { type: 'vendingMachine' }, paymentType: 'payOnline' },
  });
  expect(cart.status(), await cart.text()).toBe(200);
  const placed = await page.request.post('/api/cart/checkout', { headers: customer, data: { note: null } });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { id: number }).id;

  // The pharmacist prepares the proposal in the console (the back office): take charge, then send it.
  const desk = page;
  await backOfficeLogin(desk);
  await expect(desk.getByRole('heading', { level: 1, name: 'Richieste e ordini' })).toBeVisible();
  await desk.goto(`/backoffice/ordini/${orderId}`);
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
  await app.goto(`/auth/login?redirect=/app/orders/${orderId}`);
  await loginWithForm(app, user.email, user.password);
  await expect(app).toHaveURL(new RegExp(`/app/orders/${orderId}$`));
  await app.getByRole('button', { name: 'Conferma e paga' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Pagamento con carta' })).toBeVisible();
  await app.getByLabel('Titolare della carta').fill(user.name);
  await app.getByLabel('Numero della carta').fill('4111 1111 1111 1111');
  await app.getByLabel('Mese di scadenza').selectOption('12');
  await app.getByLabel('Anno di scadenza').selectOption(String(new Date().getFullYear() + 2));
  await app.getByLabel('CVV').fill('123');
  await app.getByRole('button', { name: /^Paga / }).click();
  await expect(app.getByText('Pagamento completato, il tuo ordine è confermato.')).toBeVisible();
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
