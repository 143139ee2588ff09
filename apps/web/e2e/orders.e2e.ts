import type { ProductHit, SearchResponse } from '@farmacia/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { chooseStep, DEMO_PASSWORD, expectNoA11yViolations, newUser, openSignedIn, registerThroughApi, test } from './support';

/**
 * Orders and payments journeys against the real server and the built-in payment sandbox: cart →
 * checkout (six steps) → 'Richiesta inviata' → the pharmacist finalizes (admin API) → confirm →
 * pay by card (approved, then refused) → order confirmed; Nexi's hosted page; pay on collection.
 */

const PHARMACIST = { email: 'farmacista@farmacia.demo', password: DEMO_PASSWORD };

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function buyable(request: APIRequestContext, q: string): Promise<ProductHit> {
  const res = await request.get(`/api/product/search?q=${encodeURIComponent(q)}&rpp=30&p=1`);
  const hits = ((await res.json()) as SearchResponse).responses[0]?.hits.hits.map((h) => h._source) ?? [];
  const product = hits.find((p) => !p.prescription_only && p.quantita > 0);
  expect(product, `a buyable product for '${q}'`).toBeDefined();
  return product as ProductHit;
}

/** A new customer, signed in (decision 0632), with one product in the cart. */
async function customerWithCart(page: Page, q = 'crema'): Promise<{ token: string; product: ProductHit }> {
  const user = newUser();
  await registerThroughApi(page, user);
  const token = await tokenOf(page.request, user.email, user.password);
  const product = await buyable(page.request, q);
  const add = await page.request.post(`/api/cart/products/${product.codice_ministeriale}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { quantity: 2 },
  });
  expect(add.status()).toBe(200);
  await openSignedIn(page, token, '/app/cart');
  await expect(page).toHaveURL(/\/app\/cart$/);
  return { token, product };
}

/** The pharmacist takes charge and finalizes through the admin API. */
async function finalize(request: APIRequestContext, orderId: number) {
  const staff = await tokenOf(request, PHARMACIST.email, PHARMACIST.password);
  const headers = { authorization: `Bearer ${staff}` };
  expect((await request.post(`/api/admin/orders/${orderId}/take-charge`, { headers })).status()).toBe(200);
  const fin = await request.post(`/api/admin/orders/${orderId}/finalize`, {
    headers,
    data: { delivery_date: '2030-06-15', info: 'Tutto disponibile: pronto per il ritiro da domani.' },
  });
  expect(fin.status(), await fin.text()).toBe(200);
}

function orderIdFrom(page: Page): number {
  const match = /\/app\/thankyou\/(\d+)$/.exec(new URL(page.url()).pathname);
  expect(match).not.toBeNull();
  return Number(match?.[1]);
}

/** The cart sent as a counter pickup paid by `payment`, then finalized by the pharmacist: its id. */
async function finalizedPickupOrder(page: Page, payment: RegExp): Promise<number> {
  await page.goto('/app/checkout');
  await chooseStep(page, 'Consegna', 'Ritiro in farmacia');
  await chooseStep(page, 'Metodo di consegna', /Ritiro al banco/);
  await chooseStep(page, 'Pagamento', payment);
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(page).toHaveURL(/\/app\/thankyou\/\d+$/);
  const orderId = orderIdFrom(page);
  await finalize(page.request, orderId);
  return orderId;
}

async function openOrderToConfirm(page: Page, orderId: number) {
  await page.goto('/app/orders');
  const card = page.getByRole('link', { name: new RegExp(`Ordine n\\. ${orderId}\\b`) });
  await expect(card).toContainText('In attesa della tua conferma');
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: `Ordine n. ${orderId}` })).toBeVisible();
  await expect(page.getByText('In attesa di conferma')).toBeVisible();
  await expect(page.getByText('Tutto disponibile: pronto per il ritiro da domani.')).toBeVisible();
}

async function payByCard(page: Page, number: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento con carta' })).toBeVisible();
  await page.getByLabel('Titolare della carta').fill('Giulia Bianchi');
  await page.getByLabel('Numero della carta').fill(number);
  await page.getByLabel('Mese di scadenza').selectOption('12');
  await page.getByLabel('Anno di scadenza').selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: /^Paga / }).click();
}

test('address delivery, card payment approved: from the cart to a confirmed, paid order', async ({ page }) => {
  await customerWithCart(page);
  await page.getByRole('link', { name: 'Procedi' }).click();
  await expect(page).toHaveURL(/\/app\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Completa la richiesta' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Invia la richiesta' });
  await expect(submit).toBeDisabled();

  // Home delivery needs an address: none yet, so one is created and the delivery modal comes back.
  await page.getByRole('button', { name: 'Scegli Consegna' }).click();
  let dialog = page.getByRole('dialog', { name: 'Consegna' });
  await dialog.getByRole('radio', { name: 'Consegna a domicilio' }).check();
  await expect(dialog.getByText('Non hai ancora indirizzi: aggiungine uno.')).toBeVisible();
  await dialog.getByRole('link', { name: 'Aggiungi un nuovo indirizzo' }).click();
  await expect(page).toHaveURL(/\/app\/address\?/);
  await page.getByLabel('Nome (es. Casa, Ufficio)').fill('Casa');
  await page.getByLabel('Indirizzo e numero civico').fill('Via Roma 12');
  await page.getByLabel('Città').fill('Padova');
  await page.getByLabel('Provincia').fill('PD');
  await page.getByLabel('CAP').fill('35121');
  await page.getByRole('button', { name: 'Salva indirizzo' }).click();
  await expect(page).toHaveURL(/\/app\/checkout\?(?=.*action=shipping)(?=.*address=\d+)/);
  dialog = page.getByRole('dialog', { name: 'Consegna' });
  await expect(dialog.getByRole('radio', { name: /Casa/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByText(/Consegna a domicilio — Casa, Via Roma 12/)).toBeVisible();

  await chooseStep(page, 'Metodo di consegna', /Corriere espresso/);
  await expect(submit).toBeDisabled();
  await chooseStep(page, 'Pagamento', /Pagamento anticipato con carta/);
  await page.getByRole('button', { name: 'Scegli Note' }).click();
  await page.getByRole('dialog', { name: 'Note' }).getByLabel('Note per la farmacia').fill('Citofono Bianchi');
  await page.getByRole('dialog', { name: 'Note' }).getByRole('button', { name: 'Conferma' }).click();
  await expectNoA11yViolations(page);

  // Changing the delivery type resets method and payment (spec §4), so the button turns off again.
  await chooseStep(page, 'Consegna', 'Ritiro in farmacia');
  await expect(submit).toBeDisabled();
  await chooseStep(page, 'Consegna', 'Consegna a domicilio');
  await chooseStep(page, 'Metodo di consegna', /Corriere espresso/);
  await chooseStep(page, 'Pagamento', /Pagamento anticipato con carta/);
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.getByText('Richiesta inviata correttamente')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/thankyou\/\d+$/);
  const orderId = orderIdFrom(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Richiesta inviata' })).toBeVisible();
  await expect(page.getByText(`Ordine n. ${orderId}`)).toBeVisible();
  await expect(page.getByText(/Grazie per la tua richiesta!/)).toBeVisible();

  await finalize(page.request, orderId);
  await openOrderToConfirm(page, orderId);
  await page.getByRole('button', { name: 'Conferma e paga' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/payment/payOnline/${orderId}$`));
  await payByCard(page, '4111 1111 1111 1111');

  await expect(page).toHaveURL(/\/app\/payment-end\?/);
  await expect(page.getByText('Pagamento completato, il tuo ordine è confermato.')).toBeVisible();
  await page.getByRole('link', { name: "Vai all'ordine" }).click();
  await expect(page).toHaveURL(new RegExp(`/app/order-confirmed/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Ordine confermato' })).toBeVisible();
  await expect(page.getByText(/Il tuo ordine è confermato\. Ti avviseremo/)).toBeVisible();

  // A paid order cannot be paid again: its payment screen sends to the order.
  await page.goto(`/app/payment/payOnline/${orderId}`);
  await expect(page).toHaveURL(new RegExp(`/app/orders/${orderId}$`));
  await expect(page.getByText('In preparazione')).toBeVisible();

  // The address book: the new address, marked default; the shop's pickup points are not listed.
  await page.goto('/app/addresses');
  await expect(page.getByRole('heading', { level: 1, name: 'Indirizzi' })).toBeVisible();
  const items = page.getByRole('main').getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Casa');
  await expect(items.first()).toContainText('Predefinito');
  await expect(page.getByText('Edicola Piazza Duomo')).toHaveCount(0);
});

test('card refused: the outcome says so, the order still waits; Nexi hosted page then pays it', async ({ page }) => {
  await customerWithCart(page, 'shampoo');
  const orderId = await finalizedPickupOrder(page, /Pagamento anticipato con carta/);

  await openOrderToConfirm(page, orderId);
  await page.getByRole('button', { name: 'Conferma e paga' }).click();
  await payByCard(page, '4000 0000 0000 0002');
  await expect(page.getByText('Il pagamento è stato rifiutato')).toBeVisible();
  await page.getByRole('link', { name: "Vai all'ordine" }).click();
  await expect(page.getByText('In attesa di conferma')).toBeVisible();

  // Another method in finalizing: Nexi.
  await page.getByRole('button', { name: 'Cambia metodo di pagamento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Metodo di pagamento' });
  await dialog.getByRole('radio', { name: /Nexi/ }).check();
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByText('Metodo di pagamento aggionato!')).toBeVisible();
  await page.getByRole('button', { name: 'Conferma e paga' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento con Nexi' })).toBeVisible();
  await page.getByRole('button', { name: 'Prosegui' }).click();
  // The sandbox's hosted page.
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento con carta' })).toBeVisible();
  await expect(page).toHaveURL(/\/sandbox\/nexi\//);
  await page.getByRole('button', { name: 'Paga', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/payment-end\?(?=.*status=OK)(?=.*paymentMethod=nexi)(?=.*codTrans=)/);
  await expect(page.getByText('Pagamento completato, il tuo ordine è confermato.')).toBeVisible();
});

test('pay on collection: confirm goes straight to the order-confirmed screen; reorder refills the cart', async ({ page }) => {
  const { product } = await customerWithCart(page, 'vitamina');
  const orderId = await finalizedPickupOrder(page, /Pagamento in farmacia/);

  await openOrderToConfirm(page, orderId);
  await page.getByRole('button', { name: 'Conferma ordine' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/order-confirmed/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Ordine confermato' })).toBeVisible();

  await page.goto(`/app/orders/${orderId}`);
  await page.getByRole('button', { name: 'Riordina' }).click();
  await expect(page.getByText('Prodotti aggiunti al carrello')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/cart$/);
  await expect(page.getByRole('link', { name: product.nome_prodotto, exact: true })).toBeVisible();
  await expect(page.getByLabel(`Quantità di ${product.nome_prodotto}`)).toHaveValue('2');
});

test('cancel in finalizing asks first and is final', async ({ page }) => {
  await customerWithCart(page, 'cerotti');
  const orderId = await finalizedPickupOrder(page, /Pagamento in farmacia/);
  await openOrderToConfirm(page, orderId);
  await page.getByRole('button', { name: 'Annulla ordine' }).click();
  const dialog = page.getByRole('dialog', { name: "Annullare l'ordine?" });
  await expect(dialog.getByText("Vuoi annullare l'ordine? L'operazione non è reversibile.")).toBeVisible();
  await dialog.getByRole('button', { name: 'Annulla ordine' }).click();
  await expect(page.getByText('Ordine annullato!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Conferma ordine' })).toHaveCount(0);
  await page.goto('/app/orders');
  await expect(page.getByRole('link', { name: new RegExp(`Ordine n\\. ${orderId}\\b`) })).toContainText('Annullato');
});

test('3-D Secure card and PayPal: the provider pages decide, the app shows the outcome', async ({ page }) => {
  const { token } = await customerWithCart(page, 'crema');
  const cardOrder = await finalizedPickupOrder(page, /Pagamento anticipato con carta/);
  await page.goto(`/app/payment/payOnline/${cardOrder}`);
  await payByCard(page, '4000 0000 0000 3220');
  // The bank's authentication page, then back to the app.
  await expect(page).toHaveURL(/\/sandbox\/gestpay\/pagam\/pagam3d\.aspx/);
  await page.getByRole('button', { name: 'Autorizza', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/payment-end\?(?=.*status=OK)(?=.*paymentID=\d+)/);
  await expect(page.getByText('Pagamento completato, il tuo ordine è confermato.')).toBeVisible();

  // A second order paid with PayPal.
  const product = await buyable(page.request, 'shampoo');
  await page.request.post(`/api/cart/products/${product.codice_ministeriale}`, { headers: { authorization: `Bearer ${token}` }, data: { quantity: 1 } });
  const paypalOrder = await finalizedPickupOrder(page, /PayPal/);
  await openOrderToConfirm(page, paypalOrder);
  await page.getByRole('button', { name: 'Conferma e paga' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento con PayPal' })).toBeVisible();
  await page.getByRole('button', { name: 'Prosegui' }).click();
  await expect(page).toHaveURL(/\/sandbox\/paypal\/checkoutnow\?token=/);
  await page.getByRole('button', { name: 'Paga ora' }).click();
  await expect(page).toHaveURL(/\/app\/payment-end\?(?=.*status=OK)(?=.*paymentMethod=paypal)(?=.*token=)/);
  await expect(page.getByText('Pagamento completato, il tuo ordine è confermato.')).toBeVisible();
  await page.goto('/app/orders');
  await expect(page.getByRole('link', { name: new RegExp(`Ordine n\\. ${paypalOrder}\\b`) })).toContainText('Preparazione alla spedizione');
});
