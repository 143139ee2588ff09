import { expect } from '@playwright/test';
import { backOfficeLogin, DEMO_CUSTOMER, DEMO_PASSWORD, newUser, openBackOffice, openSignedIn, registerThroughApi, test } from './support';

/**
 * The pharmacist's back office (issue 8) against the same server as the customer app: what the
 * pharmacist does at /backoffice shows up in the app.
 */

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const romeToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

test('a customer cannot enter the back office; a pharmacist can, and logs out', async ({ page }) => {
  await backOfficeLogin(page, DEMO_CUSTOMER);
  await expect(page.getByRole('alert')).toHaveText('Questo accesso è riservato al personale della farmacia.');
  await page.goto('/backoffice/ordini');
  await expect(page).toHaveURL(/\/backoffice\/login$/);

  await backOfficeLogin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Richieste e ordini' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Luca Bianchi · Farmacista');
  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/backoffice\/login$/);
  await page.goto('/backoffice/agenda');
  await expect(page).toHaveURL(/\/backoffice\/login$/);
});

test('a pharmacist closes a Saturday and its slots disappear from the customer app', async ({ page, request }) => {
  // The first Saturday, two or more days ahead, that still has free slots for service 1.
  let saturday = '';
  for (let day = addDays(romeToday(), 2), i = 0; i < 70 && !saturday; day = addDays(day, 1), i++) {
    if (new Date(`${day}T12:00:00Z`).getUTCDay() !== 6) continue;
    const res = await request.get(`/api/reservations/1/${day}`);
    if (res.ok() && ((await res.json()) as { availableSlots: unknown[] }).availableSlots.length > 0) saturday = day;
  }
  expect(saturday, 'a bookable Saturday in the next ten weeks').not.toBe('');

  await page.goto(`/app/reservations/1?day=${saturday}`);
  const slots = page.getByRole('list', { name: "Scegli l'orario" });
  await expect(slots.getByRole('button').first()).toBeVisible();

  await openBackOffice(page);
  await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Chiusure' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chiusure' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Nuova chiusura' });
  // Without a reason the server says what is missing.
  await form.getByLabel('Dal giorno').fill(saturday);
  await form.getByRole('button', { name: 'Salva chiusura' }).click();
  await expect(form.getByText('Campo obbligatorio.')).toBeVisible();
  await form.getByLabel('Motivo').fill('Chiusura straordinaria');
  await form.getByRole('button', { name: 'Salva chiusura' }).click();
  await expect(page.getByRole('status')).toContainText('Chiusura salvata');
  await expect(page.getByRole('listitem').filter({ hasText: 'Chiusura straordinaria' })).toBeVisible();

  await page.goto(`/app/reservations/1?day=${saturday}`);
  await expect(page.getByText('Nessuna fascia oraria disponibile')).toBeVisible();
  await expect(page.getByRole('list', { name: "Scegli l'orario" })).toHaveCount(0);
});

test('a pharmacist finalizes the order a customer placed; the customer confirms and sees it in preparation', async ({ page, browser, request }) => {
  // The customer: a new account of the demo pharmacy, one product in the cart, collected in shop.
  const user = newUser();
  const token = await registerThroughApi({ request }, user);
  const auth = { authorization: `Bearer ${token}` };
  const search = await request.get('/api/product/search?q=crema&rpp=50');
  const hits = ((await search.json()) as { responses: { hits: { hits: { _source: { codice_ministeriale: string; nome_prodotto: string; prescription_only: boolean; quantita: number } }[] } }[] })
    .responses[0]!.hits.hits.map((h) => h._source);
  const product = hits.find((p) => !p.prescription_only && p.quantita > 2);
  expect(product, 'a product that can be sold online').toBeDefined();
  expect((await request.post(`/api/cart/products/${product!.codice_ministeriale}`, { headers: auth, data: { quantity: 1 } })).ok()).toBe(true);
  const cart = await request.put('/api/cart', {
    headers: auth,
    data: { shippingType: 'inShop', shippingMethod: { type: 'inShop' }, paymentType: 'payInShop' },
  });
  expect(cart.ok(), await cart.text()).toBe(true);
  const placed = await request.post('/api/cart/checkout', { headers: auth, data: { note: 'Passo nel pomeriggio' } });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { id: number }).id;

  // The pharmacist finds it in the queue of new requests, takes charge and finalizes it.
  await openBackOffice(page);
  const tab = page.getByRole('tab', { name: /Nuove/ });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(tab.locator('.badge')).not.toHaveText('0');
  await page.getByRole('link', { name: `Ordine ${orderId}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Ordine ${orderId}`);
  await expect(page.getByText('Passo nel pomeriggio')).toBeVisible();
  await page.getByRole('button', { name: 'Prendi in carico' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('In gestione');
  await page.getByLabel(`Quantità di ${product!.nome_prodotto}`).fill('2');
  await page.getByLabel('Note per il cliente').fill('Pronto da domani alle 10.');
  await page.getByRole('button', { name: 'Invia al cliente per conferma' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('In attesa del cliente');
  await expect(page.getByRole('row').filter({ hasText: product!.nome_prodotto }).getByRole('cell').nth(2)).toHaveText('2');

  // The customer, in the app, confirms the proposal and sees the order in preparation.
  const customer = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const app = await customer.newPage();
  await openSignedIn(app, token, `/app/orders/${orderId}`);
  await expect(app.getByText('In attesa di conferma')).toBeVisible();
  await expect(app.getByText('Pronto da domani alle 10.')).toBeVisible();
  await app.getByRole('button', { name: 'Conferma ordine' }).click();
  await expect(app).toHaveURL(new RegExp(`/app/order-confirmed/${orderId}$`));
  await app.goto(`/app/orders/${orderId}`);
  await expect(app.getByText('In preparazione')).toBeVisible();
  await customer.close();

  // Back in the back office the order is confirmed and goes on to the counter.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Confermato');
  await page.getByRole('button', { name: 'Metti in lavorazione' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('In lavorazione');
  await page.getByRole('button', { name: 'Segna come completato' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Completato');
});

test('an admin creates a pharmacist and ends their session; the pharmacist is sent back to the login', async ({ page, browser }) => {
  await openBackOffice(page, undefined, { email: 'admin@farmacia.demo', password: DEMO_PASSWORD });
  await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Farmacisti' }).click();
  const form = page.getByRole('form', { name: 'Nuovo farmacista' });
  const email = `farmacista.${Date.now()}@example.com`;
  await form.getByLabel('Nome e cognome').fill('Dott.ssa Elena Galli');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password iniziale').fill('Farmacia-Nuova-1');
  await form.getByRole('button', { name: 'Crea account' }).click();
  await expect(page.getByRole('status')).toHaveText('Account creato per Dott.ssa Elena Galli.');

  const other = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const staffPage = await other.newPage();
  await backOfficeLogin(staffPage, { email, password: 'Farmacia-Nuova-1' });
  await expect(staffPage.getByRole('banner')).toContainText('Dott.ssa Elena Galli · Farmacista');

  await page.reload();
  const row = page.getByRole('listitem').filter({ hasText: email });
  await expect(row).toContainText('sessioni attive: 1');
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: /Termina sessioni/ }).click();
  await expect(page.getByRole('status')).toHaveText('Sessioni di Dott.ssa Elena Galli terminate.');

  await staffPage.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Agenda' }).click();
  await expect(staffPage).toHaveURL(/\/backoffice\/login\?expired=1$/);
  await expect(staffPage.getByRole('status')).toHaveText('La sessione è scaduta: accedi di nuovo.');
  await other.close();

  await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Registro attività' }).click();
  await expect(page.getByRole('cell', { name: /farmacista \d+ · chiusura delle sessioni/ })).toBeVisible();
});
