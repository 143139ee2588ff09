import { HEALTH_CONSENT_VERSION, messages } from '@farmacia/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import { BACKOFFICE_SECTIONS, DEMO_CUSTOMER, DEMO_PASSWORD, loginWithForm, placeOrderThroughApi, runAxe, sweepFixtures, tokenOf, test } from './support';

/**
 * axe-core over every screen of the route tree (WCAG 2.2 AA): public screens as a visitor, then
 * every private one as the demo customer, detail screens with real ids (created through the API
 * where the seed has none) and the empty, error and not-found states. One page navigates from
 * screen to screen inside the app (no reload), so the whole sweep stays short.
 */

const PHARMACIST = { email: 'farmacista@farmacia.demo', password: DEMO_PASSWORD };

type Title = string | RegExp;
/** Any heading: for screens whose component differs from the previous screen's. */
const ANY = /.+/;

interface Sweep {
  page: Page;
  found: string[];
  screens: number;
}

/**
 * Client-side navigation: the router follows popstate, so the app is not reloaded. The current
 * heading is marked stale first, so the sweep can wait for the next screen's own heading.
 */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    for (const h of document.querySelectorAll('main h1')) h.setAttribute('data-stale', '');
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

type Ready = (page: Page) => Promise<void>;

/**
 * Waits for the screen to settle (its own heading, or `ready` when the screen keeps the previous
 * one's component, no loader) and records axe's violations.
 */
async function analyse(sweep: Sweep, label: string, title: Title, ready?: Ready, skip: string[] = []): Promise<void> {
  const { page } = sweep;
  try {
    // Any heading will do only once the previous screen's one is gone; a named one may be reused.
    const heading = title === ANY && !ready ? 'main h1:not([data-stale])' : 'main h1';
    await expect(page.locator(heading).first()).toHaveText(title);
    if (ready) await ready(page);
    await expect(page.locator('.loader')).toHaveCount(0);
  } catch (error) {
    // Recorded rather than thrown, so one run lists every problem of the sweep.
    sweep.found.push(`${label} — did not show its screen: ${String(error).split('\n')[0]}`);
  }
  const results = await runAxe(page, skip);
  sweep.screens++;
  for (const v of results.violations) {
    sweep.found.push(`${label} — ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }
}

/** Analyses a state of the current screen (an open dialog, errors shown) once `shown` is visible. */
async function state(sweep: Sweep, label: string, shown: Locator): Promise<void> {
  try {
    await expect(shown).toBeVisible();
  } catch (error) {
    sweep.found.push(`${label} — did not show: ${String(error).split('\n')[0]}`);
  }
  const results = await runAxe(sweep.page);
  sweep.screens++;
  for (const v of results.violations) {
    sweep.found.push(`${label} — ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }
}

async function screen(sweep: Sweep, path: string, title: Title, ready?: Ready, skip: string[] = []): Promise<void> {
  await navigate(sweep.page, path);
  await expect(sweep.page).toHaveURL((url) => url.pathname === path.split('?')[0]);
  await analyse(sweep, path, title, ready, skip);
}

/**
 * Loads a screen afresh (a full page load): after the test changed data through the API, the
 * app's cached answers would otherwise still show the state before.
 */
async function freshScreen(sweep: Sweep, path: string, title: Title): Promise<void> {
  await sweep.page.goto(path);
  await analyse(sweep, path, title);
}

/** Goes to a screen without analysing it (between two screens that share a component). */
async function passThrough(page: Page, path: string): Promise<void> {
  await navigate(page, path);
  await expect(page.locator('main h1:not([data-stale])').first()).toBeVisible();
}

test('every screen of the customer app has no axe violations at WCAG 2.2 AA', async ({ page }) => {
  test.setTimeout(180_000);
  const sweep: Sweep = { page, found: [], screens: 0 };
  const api = page.request;
  const { otc, rx, event, eventDay } = await sweepFixtures(api);

  // Visitor.
  await page.goto('/app/home');
  await analyse(sweep, '/app/home', /Farmacia/);
  await screen(sweep, '/app/search', 'Cerca');
  await screen(sweep, '/auth/login', 'Accedi');
  await page.locator('form').getByRole('button', { name: 'Accedi' }).click();
  await state(sweep, '/auth/login (errors)', page.locator('[aria-invalid="true"]').first());
  await page.getByRole('button', { name: messages.auth.forgotPassword }).click();
  await state(sweep, '/auth/login (recovery)', page.getByRole('button', { name: /Invia|Recupera/ }).first());
  await screen(sweep, '/auth/login?segment=signup', ANY, async (p) => {
    await expect(p.getByRole('tab', { name: 'Registrati' })).toHaveAttribute('aria-selected', 'true');
  });
  await screen(sweep, '/auth/reset/abcdef0123456789?email=cliente%40farmacia.demo', ANY);
  await screen(sweep, '/app/search?q=tachipirina', 'Cerca', async (p) => {
    await expect(p.getByText(otc.nome_prodotto).first()).toBeVisible();
  });
  await screen(sweep, '/app/category', 'Categorie');
  await screen(sweep, '/app/category/farmaci-da-banco', 'Farmaci da banco');
  await screen(sweep, '/app/category/dermocosmesi/viso/creme-viso', 'Creme viso');
  await screen(sweep, '/app/category/non-esiste', ANY);
  await screen(sweep, `/app/product/${otc.codice_ministeriale}`, otc.nome_prodotto);
  await screen(sweep, `/app/product/${rx.codice_ministeriale}`, rx.nome_prodotto);
  await screen(sweep, '/app/product/000000000', 'Prodotto non trovato');
  await screen(sweep, '/app/services', 'Prenota un Servizio');
  // Two categories one after the other would keep the same screen (its route loads the data first,
  // so no loader replaces the heading): a service page between them.
  await screen(sweep, '/app/service/category/1', ANY);
  await screen(sweep, '/app/services/1', ANY);
  await screen(sweep, '/app/service/category/5', ANY);
  await screen(sweep, '/app/service/category/1/2', 'Elettrocardiogramma');
  await screen(sweep, '/app/service/category/5/shop/1', ANY);
  await screen(sweep, '/app/serviceinfo/2', 'Noleggio aerosol');
  await screen(sweep, '/app/service_group/1', ANY);
  await page.getByRole('main').locator('.link-card').first().click();
  await state(sweep, '/app/service_group/1 (detail dialog)', page.getByRole('dialog'));
  await page.keyboard.press('Escape');
  await screen(sweep, '/app/events', 'Prenota un Evento');
  await screen(sweep, `/app/events/${event.id}/${eventDay}`, ANY);
  await screen(sweep, '/app/events/abc/2030-01-01', ANY);
  await screen(sweep, '/app/reservations/2', ANY);
  await screen(sweep, `/app/reservations/event/${event.id}/${eventDay}/${event.services[0]!.id}`, ANY);
  for (const path of ['/app/promotions', '/app/shift', '/app/faq', '/app/privacy', '/app/tos', '/app/privacycheck', '/app/legal', '/app/accessibility']) await screen(sweep, path, ANY);
  // The help pages share one layout: two of the four topics.
  for (const topic of ['productphoto', 'prescription'] as const) await screen(sweep, `/app/help/${topic}`, messages.help.topics[topic].title);
  // The offline page returns to Home as soon as the server answers (spec §2): while the sweep looks at it, the server's
  // version answer fails as it would offline (it raced the URL check and won under load).
  const versionCall = (url: URL) => url.pathname === '/api/';
  await sweep.page.route(versionCall, (route) => route.abort('internetdisconnected'));
  await screen(sweep, '/app/offline', ANY);
  await sweep.page.unroute(versionCall);
  await screen(sweep, '/app/non-esiste', ANY);

  // The demo customer, with data created through the API where the seed has none.
  const token = await tokenOf(api, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const headers = { authorization: `Bearer ${token}` };
  await navigate(page, '/auth/login');
  await loginWithForm(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL(/\/app\/home$/);
  await analyse(sweep, '/app/home (logged in)', /Farmacia/);
  for (const path of ['/app/user', '/app/profile', '/app/settings', '/app/fidelityCard', '/app/referrer', '/app/addresses', '/app/address', '/app/fiscalcode', '/app/cart', '/app/orders', '/app/reservations'])
    await screen(sweep, path, ANY);
  // The demo customer's seeded booking, in its detail dialog.
  await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await state(sweep, '/app/reservations (detail dialog)', page.getByRole('dialog', { name: 'Dettaglio prenotazione' }));
  await page.keyboard.press('Escape');

  const address = await api.post('/api/address', {
    headers,
    data: { name: 'Casa', address_1: 'Via Roma 12', city: 'Padova', state_region: 'PD', postal_code: '35121' },
  });
  expect(address.status(), await address.text()).toBe(201);
  const addressId = ((await address.json()) as { data: { id: number } }).data.id;
  const fiscalCodes = ((await (await api.get('/api/fiscalcode', { headers })).json()) as { data: Array<{ id: number; codice_fiscale: string }> }).data;
  const ownCode = fiscalCodes[0]!;
  // Prescriptions and requests need the health data consent (decision 0410).
  const consent = await api.put('/api/profile/health-consent', { headers, data: { accepted: true, version: HEALTH_CONSENT_VERSION } });
  expect(consent.status(), await consent.text()).toBe(200);
  const prescription = await api.post('/api/cart/prescriptions', {
    headers,
    data: { mode: 'nre', nre: '010A01234567890', codice_fiscale: ownCode.codice_fiscale, note: 'Urgente' },
  });
  expect(prescription.status(), await prescription.text()).toBe(201);
  const prescriptionId = ((await prescription.json()) as { data: { id: number } }).data.id;
  const photo = await api.post('/api/cart/product_requests', { headers, data: { type: 'search', note: 'Crema solare bambini' } });
  expect(photo.status(), await photo.text()).toBe(201);
  const photoId = ((await photo.json()) as { data: { id: number } }).data.id;
  const galenica = await api.post('/api/cart/product_requests', { headers, data: { type: 'galenica', note: 'Sciroppo 100 ml' } });
  const galenicaId = ((await galenica.json()) as { data: { id: number } }).data.id;
  expect((await api.post(`/api/cart/products/${otc.codice_ministeriale}`, { headers, data: { quantity: 2 } })).status()).toBe(200);

  await freshScreen(sweep, '/app/addresses', ANY);
  for (const path of [`/app/address/${addressId}`, '/app/fiscalcodes', `/app/fiscalcode/${ownCode.id}`]) await screen(sweep, path, ANY);
  // The entry modes share one component: each is reached from the choice screen, as a user would.
  await screen(sweep, '/app/prescription', ANY);
  // The veterinary modes are the nre and file forms with other labels.
  for (const entry of ['fse', 'nre', 'file', String(prescriptionId)]) {
    if (entry !== 'fse') await passThrough(page, '/app/prescription');
    await screen(sweep, `/app/prescription/${entry}`, ANY);
  }
  for (const path of ['/app/productPhoto', `/app/productphoto/${photoId}`, '/app/galenica', `/app/galenica/${galenicaId}`]) {
    await passThrough(page, '/app/cart');
    await screen(sweep, path, ANY);
  }
  await freshScreen(sweep, '/app/checkout', ANY);
  await page.getByRole('button', { name: 'Scegli Consegna' }).click();
  await state(sweep, '/app/checkout (delivery dialog)', page.getByRole('dialog', { name: 'Consegna' }));
  await page.keyboard.press('Escape');
  await screen(sweep, '/app/cart', ANY);
  await page.getByRole('button', { name: 'Svuota carrello' }).click();
  await state(sweep, '/app/cart (clear dialog)', page.getByRole('dialog', { name: 'Svuotare il carrello?' }));
  await page.keyboard.press('Escape');

  // Orders: the cart becomes an order paid at the pharmacy (thank-you, then to confirm once the
  // pharmacist finalizes it, then confirmed); a second one to pay online has the payment screens.
  const staff = { authorization: `Bearer ${await tokenOf(api, PHARMACIST.email, PHARMACIST.password)}` };
  const placeOrder = async (paymentType: string): Promise<number> => {
    const put = await api.put('/api/cart', {
      headers,
      data: { shippingType: 'inShop', shippingMethod: JSON.stringify({ type: 'inShop' }), paymentType },
    });
    expect(put.status(), await put.text()).toBe(200);
    const placed = await api.post('/api/cart/checkout', { headers, data: { note: null } });
    expect(placed.status(), await placed.text()).toBe(201);
    return ((await placed.json()) as { id: number }).id;
  };
  const finalize = async (orderId: number) => {
    expect((await api.post(`/api/admin/orders/${orderId}/take-charge`, { headers: staff })).status()).toBe(200);
    const res = await api.post(`/api/admin/orders/${orderId}/finalize`, { headers: staff, data: { delivery_date: '2030-06-15', info: 'Pronto da domani.' } });
    expect(res.status(), await res.text()).toBe(200);
  };
  const inShop = await placeOrder('payInShop');
  await screen(sweep, `/app/thankyou/${inShop}`, ANY);
  await finalize(inShop);
  await freshScreen(sweep, '/app/cart', ANY);
  for (const path of ['/app/orders', `/app/orders/${inShop}`]) await screen(sweep, path, ANY);
  await page.getByRole('button', { name: 'Annulla ordine' }).click();
  await state(sweep, `/app/orders/${inShop} (cancel dialog)`, page.getByRole('dialog', { name: "Annullare l'ordine?" }));
  await page.keyboard.press('Escape');

  expect((await api.post(`/api/cart/products/${otc.codice_ministeriale}`, { headers, data: { quantity: 1 } })).status()).toBe(200);
  const online = await placeOrder('payOnline');
  await finalize(online);
  // The card form, and a provider's hosted page (Nexi and PayPal share the screen).
  for (const type of ['payOnline', 'nexi']) {
    if (type !== 'payOnline') await passThrough(page, '/app/orders');
    await screen(sweep, `/app/payment/${type}/${online}`, ANY);
  }
  await screen(sweep, `/app/payment-end?status=KO&paymentMethod=gestpay&paymentID=${online}`, ANY);
  await screen(sweep, '/app/orders/999999', ANY);

  const confirm = await api.post(`/api/order/${inShop}/confirm`, { headers });
  expect(confirm.status(), await confirm.text()).toBe(200);
  await freshScreen(sweep, `/app/order-confirmed/${inShop}`, ANY);
  await screen(sweep, `/app/orders/${inShop}`, ANY);
  // Booking as the customer: a day, its times and the summary dialog.
  await screen(sweep, '/app/reservations/2', ANY);
  if ((await page.locator('.calendar__day--available').count()) === 0) await page.getByRole('button', { name: 'Mese successivo' }).click();
  await page.locator('.calendar__day--available').first().click();
  const slots = page.getByRole('list', { name: "Scegli l'orario" });
  await state(sweep, '/app/reservations/2 (times of a day)', slots);
  await slots.getByRole('button').first().click();
  await state(sweep, '/app/reservations/2 (summary dialog)', page.getByRole('dialog', { name: 'Riepilogo' }));
  await page.keyboard.press('Escape');

  expect(sweep.found).toEqual([]);
  expect(sweep.screens).toBeGreaterThanOrEqual(83);
});

/** Client-side navigation in the back office (its router has the /backoffice base path). */
test('every screen of the back office has no axe violations at WCAG 2.2 AA', async ({ page }) => {
  test.setTimeout(120_000);
  const sweep: Sweep = { page, found: [], screens: 0 };
  await page.goto('/backoffice/login');
  await analyse(sweep, '/backoffice/login', ANY);
  await page.getByLabel('Email').fill('admin@farmacia.demo');
  await page.getByLabel('Password').fill('sbagliata');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await state(sweep, '/backoffice/login (wrong password)', page.getByRole('alert').first());
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/backoffice\/ordini/);
  await analyse(sweep, '/backoffice/ordini', 'Richieste e ordini');
  for (const path of BACKOFFICE_SECTIONS) await screen(sweep, `/backoffice${path}`, ANY);
  // An order sent by a new customer: in the queue, and its page.
  const orderId = await placeOrderThroughApi(page, { note: 'Citofono Bianchi' });
  await screen(sweep, '/backoffice/ordini', 'Richieste e ordini', async (p) => {
    await expect(p.getByRole('link', { name: new RegExp(`\\b${orderId}\\b`) }).first()).toBeVisible();
  });
  await screen(sweep, `/backoffice/ordini/${orderId}`, ANY);
  expect(sweep.found).toEqual([]);
  expect(sweep.screens).toBeGreaterThanOrEqual(20);
});

