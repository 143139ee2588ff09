import { messages } from '@farmacia/contract';
import { expect, type Page } from '@playwright/test';
import { cartReadyThroughApi, DEMO_PHARMACIST, newUser, openBackOffice, openSignedInAs, registerThroughApi, tokenOf, test } from './support';

/**
 * The rough edges of issue 19 a new user met in a browser: a refused password recovery (429)
 * that said nothing, checkout dialogs closable only by the backdrop or Esc, raw codes, ISO dates
 * and "1 prodotti" in the back office, and its missing favicon.
 */

/** A new customer with one product in the cart, delivery and payment chosen (pay at the pharmacy). */
async function customerReadyToCheckout(page: Page) {
  const user = newUser();
  return { user, headers: await cartReadyThroughApi(page, user) };
}

test('a password recovery refused by the rate limit says so in Italian', async ({ page }) => {
  const user = newUser();
  await registerThroughApi(page, user);
  // The address's allowance for the hour, used up as a user asking again and again would.
  for (let i = 0; i < 3; i++) expect((await page.request.post('/api/auth/recovery', { data: { email: user.email } })).status()).toBe(200);

  await page.goto('/auth/login');
  await page.getByRole('button', { name: messages.auth.forgotPassword }).click();
  await page.getByLabel('Email').fill(user.email);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/recovery'));
  await page.getByRole('button', { name: messages.auth.recoverySubmit }).click();
  expect((await answer).status()).toBe(429);
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/^Troppi tentativi\. Riprova tra \d+ minut[oi]\.$/).first()).toBeVisible();
  // Still on the form: nothing pretends the mail was sent.
  await expect(page.getByRole('heading', { name: messages.auth.mailSent })).toHaveCount(0);
});

test('the checkout dialogs have a visible close button and a primary action', async ({ page }) => {
  const { user } = await customerReadyToCheckout(page);
  await openSignedInAs(page, user, '/app/checkout');
  await expect(page.getByRole('heading', { name: messages.checkout.title, level: 1 })).toBeVisible();

  // Codice sconto: named once (the dialog's title), Annulla closes, Applica applies the typed code.
  await page.getByRole('button', { name: `Scegli ${messages.checkout.stepVoucher}` }).click();
  const voucher = page.getByRole('dialog', { name: messages.checkout.stepVoucher });
  await expect(voucher.getByRole('heading', { name: messages.checkout.stepVoucher })).toHaveCount(1);
  await expect(voucher.getByRole('button', { name: messages.cart.applyVoucher })).toBeVisible();
  await voucher.getByRole('button', { name: messages.cart.cancel }).click();
  await expect(voucher).toBeHidden();
  await page.getByRole('button', { name: `Scegli ${messages.checkout.stepVoucher}` }).click();
  await voucher.getByLabel(messages.cart.voucherLabel).fill('NONESISTE');
  await voucher.getByRole('button', { name: messages.cart.applyVoucher }).click();
  await expect(voucher.getByRole('status')).toBeVisible();
  await voucher.getByRole('button', { name: messages.cart.cancel }).click();
  await expect(voucher).toBeHidden();

  // Note and receipt code: Annulla next to Conferma.
  await page.getByRole('button', { name: `Scegli ${messages.checkout.stepNotes}` }).click();
  const notes = page.getByRole('dialog', { name: messages.checkout.stepNotes });
  await expect(notes.getByRole('button', { name: messages.checkout.confirmChoice })).toBeVisible();
  await notes.getByRole('button', { name: messages.cart.cancel }).click();
  await expect(notes).toBeHidden();

  // Riepilogo: Chiudi closes, 'Invia la richiesta' sends the request from the dialog.
  await page.getByRole('button', { name: new RegExp(`^(Scegli|Modifica) ${messages.checkout.stepSummary}$`) }).click();
  const summary = page.getByRole('dialog', { name: messages.checkout.stepSummary });
  await summary.getByRole('button', { name: messages.reservations.close }).click();
  await expect(summary).toBeHidden();
  // One product: '1 articolo', not '1 articoli'.
  await expect(page.locator('.checkout-step__value').filter({ hasText: /^1 articolo — / })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^(Scegli|Modifica) ${messages.checkout.stepSummary}$`) }).click();
  await summary.getByRole('button', { name: messages.checkout.submit }).click();
  await expect(page).toHaveURL(/\/app\/thankyou\/\d+$/);
});

test('the back office names codes and days in Italian, counts in the singular, and has its icon', async ({ page }) => {
  const { headers } = await customerReadyToCheckout(page);
  const placed = await page.request.post('/api/cart/checkout', { headers, data: { note: null } });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { id: number }).id;
  const staff = { authorization: `Bearer ${await tokenOf(page.request, DEMO_PHARMACIST.email, DEMO_PHARMACIST.password)}` };
  expect((await page.request.post(`/api/admin/orders/${orderId}/take-charge`, { headers: staff })).status()).toBe(200);
  const finalized = await page.request.post(`/api/admin/orders/${orderId}/finalize`, { headers: staff, data: { delivery_date: '2030-06-15', info: null } });
  expect(finalized.status(), await finalized.text()).toBe(200);

  const missing: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404) missing.push(r.url());
  });
  await openBackOffice(page);
  await expect(page).toHaveURL(/\/backoffice\/ordini/);
  await page.goto('/backoffice/ordini?stato=attesa');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Ordine ${orderId}`, exact: true }) });
  await expect(row.getByRole('cell', { name: '1 prodotto', exact: true })).toBeVisible();

  await page.goto(`/backoffice/ordini/${orderId}`);
  const facts = page.locator('dl.facts');
  await expect(facts).toContainText('Pagamento in farmacia');
  await expect(facts).toContainText('sabato 15 giugno 2030');
  const text = (await page.getByRole('main').textContent()) ?? '';
  expect(text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
  expect(text).not.toMatch(/\b(payInShop|payOnline|cashOnDelivery|inShop|pickupPoint|vendingMachine|pharmacist|customer)\b/);

  // The icon the page names, and /favicon.ico for those who ask for it without reading the page.
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/backoffice/favicon.svg');
  expect((await page.request.get('/backoffice/favicon.svg')).status()).toBe(200);
  expect((await page.request.get('/favicon.ico')).status()).toBe(200);
  expect(missing).toEqual([]);
});
