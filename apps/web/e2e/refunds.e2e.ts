import type { ProductHit, SearchResponse } from '@farmacia/contract';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, loginWithForm, newUser, registerThroughApi } from './support';

/**
 * Issue 19 (decision 0515): an order paid online in the sandbox is refunded in part from the
 * console, then cancelled there — the rest goes back through the provider's refund protocol —
 * and the customer sees "Rimborsato" on the order, with no manual step.
 */

const PHARMACIST = { email: 'farmacista@farmacia.demo', password: DEMO_PASSWORD };

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

test('a paid order cancelled in the back office is refunded; the customer sees the refund', async ({ page, browser }) => {
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

  // The pharmacist sends the proposal.
  const desk = page;
  await desk.goto('/backoffice/login');
  await desk.getByLabel('Email').fill(PHARMACIST.email);
  await desk.getByLabel('Password').fill(PHARMACIST.password);
  await desk.getByRole('button', { name: 'Accedi' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Richieste e ordini' })).toBeVisible();
  await desk.goto(`/backoffice/ordini/${orderId}`);
  await desk.getByRole('button', { name: 'Prendi in carico' }).click();
  await desk.getByRole('button', { name: 'Invia al cliente per conferma' }).click();
  await expect(desk.getByRole('heading', { level: 1 })).toContainText('In attesa del cliente');

  // The customer pays by card in the sandbox.
  const context = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const app = await context.newPage();
  await app.goto(`/auth/login?redirect=/app/orders/${orderId}`);
  await loginWithForm(app, user.email, user.password);
  await expect(app).toHaveURL(new RegExp(`/app/orders/${orderId}$`));
  await app.getByRole('button', { name: 'Conferma e paga' }).click();
  await app.getByLabel('Titolare della carta').fill(user.name);
  await app.getByLabel('Numero della carta').fill('4111 1111 1111 1111');
  await app.getByLabel('Mese di scadenza').selectOption('12');
  await app.getByLabel('Anno di scadenza').selectOption(String(new Date().getFullYear() + 2));
  await app.getByLabel('CVV').fill('123');
  await app.getByRole('button', { name: /^Paga / }).click();
  await expect(app.getByText('Pagamento completato, il tuo ordine è confermato.')).toBeVisible();

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
