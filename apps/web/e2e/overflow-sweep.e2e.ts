import {
  ADDRESS_MAX,
  CHECKOUT_NOTE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  HEALTH_CONSENT_VERSION,
  messages,
  NAME_MAX_LENGTH,
  PRESCRIPTION_NOTE_MAX_LENGTH,
  PRODUCT_REQUEST_NOTE_MAX_LENGTH,
  REFUND_REASON_MAX,
  RESERVATION_NOTE_MAX,
  SHOP_SERVICE_NOTE_MAX,
} from '@farmacia/contract';
import { type APIRequestContext, expect, type Page, type Request } from '@playwright/test';
import { BACKOFFICE_SECTIONS, DEMO_PASSWORD, DEMO_PHARMACIST, loginWithForm, newUser, payOnCardForm, registerThroughApi, sweepFixtures, tokenOf, test } from './support';

/**
 * No screen scrolls sideways (issue 19): every route of the app and of the back office, at 320,
 * 360 and 390 px wide, with the browser's text size at 100 % and at 200 %, with the customer's
 * texts at their spec §5 maximum lengths. A screen fails when the page is wider than the window
 * or when an element reaches past its edge (a table inside its own scrolling region is allowed:
 * the page itself does not move). One page, one load per screen, six measures on each.
 */

// A control that never comes fails the sweep in seconds, not at its ten-minute limit.
test.use({ actionTimeout: 15_000 });

const WIDTHS = [320, 360, 390] as const;
const TEXT_SIZES = [100, 200] as const;

/**
 * A text of exactly `length` characters made of long Italian words: the longest words a customer
 * types are what pushes a narrow screen sideways.
 */
function longText(length: number, word = 'Precipitevolissimevolmente'): string {
  let text = '';
  while (text.length < length) text += `${word} `;
  return text.slice(0, length).trimEnd().padEnd(length, 'x');
}

interface Sweep {
  page: Page;
  found: string[];
  screens: string[];
  /** The app's API calls under way (not its live stream, nor the version poll): a screen is ready when none is left. */
  calls: Set<Request>;
}

/** An app's own API call, one a screen waits for (its live stream stays open, the version poll comes every 5 s). */
function isScreenCall(request: Request): boolean {
  const { pathname } = new URL(request.url());
  return pathname.startsWith('/api/') && pathname !== '/api/' && !/^\/api\/(admin\/)?live$/.test(pathname);
}

/**
 * The overflowing elements of the page (outermost ones only) and the page's own width, at each
 * text size, measured in one call: the browser's text size setting is the root size every rem and
 * em derives from. Runs in the page, so it refers to nothing outside itself.
 */
function overflowsAtTextSizes({ width, sizes }: { width: number; sizes: number[] }): { heading: string; found: string[] } {
  const found: string[] = [];
  const root = document.documentElement;
  const style = document.createElement('style');
  document.head.append(style);
  const nameOf = (el: Element) => {
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.textContent ?? '').trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}${cls}${text ? ` «${text}»` : ''}`;
  };
  for (const size of sizes) {
    style.textContent = size === 100 ? '' : `html { font-size: ${size}% !important; }`;
    // The window's width as set, not innerWidth: a phone (and Chromium's mobile emulation) zooms a
    // page wider than the screen out to fit, and innerWidth then grows with the page.
    if (root.scrollWidth > width) found.push(`${size}%: page ${root.scrollWidth}px wide`);
    const reported: Element[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      // Parked off screen on purpose (the skip link until it has focus).
      if (box.right <= 0) continue;
      if (reported.some((r) => r.contains(el))) continue;
      // Inside a region that scrolls or clips by itself and fits: the page does not move.
      let contained = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const outer = a.getBoundingClientRect();
        if (outer.right <= width + 1 && outer.left >= -1) contained = true;
        break;
      }
      if (contained) continue;
      reported.push(el);
      found.push(`${size}%: ${nameOf(el)} ${Math.round(box.left)}→${Math.round(box.right)}px`);
    }
  }
  style.remove();
  return { heading: document.querySelector('h1')?.textContent?.trim() ?? '', found };
}

/** Measures the current screen at every width (both text sizes per width: one resize, one call). */
async function measure(sweep: Sweep, label: string): Promise<void> {
  const { page } = sweep;
  let heading = '';
  // Ends at the widest: the next screen loads as it was before.
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const measured = await page.evaluate(overflowsAtTextSizes, { width, sizes: [...TEXT_SIZES] });
    heading = measured.heading;
    for (const problem of measured.found) sweep.found.push(`${label} «${heading}» @${width}px ${problem}`);
  }
  sweep.screens.push(`${label} «${heading}»`);
}

/** Resolves once none of the screen's API calls is under way. */
async function callsDone(sweep: Sweep): Promise<void> {
  const { page, calls } = sweep;
  while (calls.size > 0) {
    await new Promise<void>((resolve) => {
      const check = () => {
        if (calls.size > 0) return;
        page.off('requestfinished', check).off('requestfailed', check);
        resolve();
      };
      page.on('requestfinished', check).on('requestfailed', check);
      check();
    });
  }
}

/**
 * Waits until the screen shows its content: the new screen is there (in the app the focus moves to
 * its heading once it has resolved; in the back office a heading that was not there before), its
 * heading visible, no loader, and no API call left. A screen starts its calls when it mounts, so the
 * check is made twice around a round trip to the page.
 */
async function settled(sweep: Sweep, afterInAppNavigation: boolean): Promise<void> {
  const { page } = sweep;
  const ready = () =>
    page.waitForFunction(
      (fresh) => {
        if (fresh) {
          const focusMoved = document.activeElement !== null && document.activeElement !== document.body;
          if (!focusMoved && !document.querySelector('h1:not([data-sweep-seen])')) return false;
        }
        const heading = document.querySelector('h1');
        if (!heading || heading.getClientRects().length === 0) return false;
        if (document.querySelector('.loader, [aria-busy="true"]')) return false;
        // The back office's screens say "Caricamento…" while their data comes.
        return ![...document.querySelectorAll('#main p')].some((p) => p.textContent?.trim() === 'Caricamento…');
      },
      afterInAppNavigation,
      { polling: 'raf' },
    );
  for (;;) {
    await ready();
    await callsDone(sweep);
    await ready();
    if (sweep.calls.size === 0) return;
  }
}

/**
 * Opens a screen the way a user gets there: inside the running app when it is the same app on
 * another path (no reload, no new session, no new live stream), by loading it otherwise.
 */
async function open(sweep: Sweep, path: string, { load = false } = {}): Promise<void> {
  const { page } = sweep;
  // Before the first screen the page is about:blank.
  const here = new URL(page.url().startsWith('http') ? page.url() : 'about:blank#');
  const there = new URL(path, here.protocol === 'about:' ? 'http://sweep.invalid' : here);
  const appOf = (url: URL) => (url.pathname.startsWith('/backoffice/') ? 'backoffice' : 'app');
  const inApp = !load && here.origin === there.origin && appOf(here) === appOf(there) && here.pathname !== there.pathname;
  if (!load && here.href === there.href) {
    // Already there (where a login lands).
  } else if (inApp) {
    await page.evaluate((href) => {
      // The app moves focus to the new screen's heading once it has resolved: focus starts on the body.
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-sweep-seen', '');
      // The router listens to pushState (TanStack history) and keeps its own index and key in the state.
      const key = Math.random().toString(36).slice(2, 10);
      const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
      history.pushState({ __TSR_index: index, key, __TSR_key: key }, '', href);
    }, path);
  } else {
    await page.goto(path);
  }
  await settled(sweep, inApp);
}

/** Opens a screen (`load`: loads the page again, for data changed behind the app's back), waits for its content, measures it. */
async function screen(sweep: Sweep, path: string, { load = false } = {}): Promise<void> {
  await open(sweep, path, { load });
  await measure(sweep, path);
}

/** Books service 1 on its first free slot from tomorrow on, with the longest note; answers the day. */
async function bookWithLongNote(api: APIRequestContext, headers: Record<string, string>): Promise<string> {
  for (let i = 1; i <= 60; i++) {
    const day = new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10);
    const res = await api.get(`/api/reservations/1/${day}`);
    if (!res.ok()) continue;
    const slot = ((await res.json()) as { availableSlots: Array<{ time: string; staffId: number }> }).availableSlots[0];
    if (!slot) continue;
    const booked = await api.post('/api/reservations/1', {
      headers,
      data: { staff_id: slot.staffId, day, start_appointment: slot.time, note: longText(RESERVATION_NOTE_MAX) },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    return day;
  }
  throw new Error('no free slot for service 1 in the next 60 days');
}

test('no screen of the app or the back office scrolls sideways at 320-390 px and 200 % text', async ({ page }) => {
  test.setTimeout(600_000);
  const sweep: Sweep = { page, found: [], screens: [], calls: new Set() };
  page.on('request', (request) => {
    if (isScreenCall(request)) sweep.calls.add(request);
  });
  page.on('requestfinished', (request) => sweep.calls.delete(request));
  page.on('requestfailed', (request) => sweep.calls.delete(request));
  await page.setViewportSize({ width: 390, height: 800 });
  const api = page.request;
  const { otc, rx, para, event, eventDay } = await sweepFixtures(api);

  // A customer whose every text is as long as the rules allow, the email too (64 characters
  // before the @, 253 in all, labels of at most 63).
  const local = `${Date.now()}.`.padEnd(64, 'x');
  const user = {
    ...newUser(),
    name: longText(NAME_MAX_LENGTH, 'Bianchi-Santangelo'),
    email: `${local}@${'posta'.repeat(12)}.${'casella'.repeat(9)}.${'italia'.repeat(10)}.it`,
  };
  expect(user.email.length).toBeLessThanOrEqual(EMAIL_MAX_LENGTH);
  const token = await registerThroughApi(page, user);
  const headers = { authorization: `Bearer ${token}` };
  const address = await api.post('/api/address', {
    headers,
    data: {
      name: longText(ADDRESS_MAX.name),
      address_1: longText(ADDRESS_MAX.address_1, 'Circonvallazione'),
      address_2: longText(ADDRESS_MAX.address_2, 'Sottoscala'),
      city: longText(ADDRESS_MAX.city, 'Sant’Agata'),
      state_region: longText(ADDRESS_MAX.state_region, 'Emilia-Romagna'),
      postal_code: '3'.repeat(ADDRESS_MAX.postal_code),
      phone_number: '3'.repeat(ADDRESS_MAX.phone_number),
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const addressId = ((await address.json()) as { data: { id: number } }).data.id;
  const fiscalCodes = ((await (await api.get('/api/fiscalcode', { headers })).json()) as { data: Array<{ id: number; codice_fiscale: string }> }).data;
  const ownCode = fiscalCodes[0]!;
  expect((await api.put('/api/profile/health-consent', { headers, data: { accepted: true, version: HEALTH_CONSENT_VERSION } })).status()).toBe(200);
  const prescription = await api.post('/api/cart/prescriptions', {
    headers,
    data: { mode: 'nre', nre: '010A01234567890', codice_fiscale: ownCode.codice_fiscale, note: longText(PRESCRIPTION_NOTE_MAX_LENGTH) },
  });
  expect(prescription.status(), await prescription.text()).toBe(201);
  const prescriptionId = ((await prescription.json()) as { data: { id: number } }).data.id;
  const photo = await api.post('/api/cart/product_requests', { headers, data: { type: 'search', note: longText(PRODUCT_REQUEST_NOTE_MAX_LENGTH) } });
  expect(photo.status(), await photo.text()).toBe(201);
  const photoId = ((await photo.json()) as { data: { id: number } }).data.id;
  const galenica = await api.post('/api/cart/product_requests', { headers, data: { type: 'galenica', note: longText(PRODUCT_REQUEST_NOTE_MAX_LENGTH) } });
  const galenicaId = ((await galenica.json()) as { data: { id: number } }).data.id;
  expect((await api.post(`/api/cart/products/${otc.codice_ministeriale}`, { headers, data: { quantity: 10 } })).status()).toBe(200);
  // Parapharmacy too: the completed order's points issue the loyalty card (a medicine earns none, decision 0696).
  expect((await api.post(`/api/cart/products/${para.codice_ministeriale}`, { headers, data: { quantity: 1 } })).status()).toBe(200);
  // A booking and an information request with their longest notes (the customer's reservations, the agenda, the inbox).
  const bookedDay = await bookWithLongNote(api, headers);
  const request = await api.post('/api/shopservices', {
    headers,
    data: { shop_service_id: 1, shop_service_name: longText(200, 'Autoanalisi'), note: longText(SHOP_SERVICE_NOTE_MAX) },
  });
  expect(request.status(), await request.text()).toBeLessThan(300);

  // Visitor's screens.
  for (const path of [
    '/app/home',
    '/app/search',
    '/auth/login',
    '/auth/login?segment=signup',
    '/auth/reset/abcdef0123456789?email=cliente%40farmacia.demo',
    '/app/search?q=tachipirina',
    '/app/category',
    '/app/category/farmaci-da-banco',
    '/app/category/dermocosmesi/viso',
    '/app/category/dermocosmesi/viso/creme-viso',
    '/app/category/dermocosmesi/viso/creme-viso/idratanti',
    '/app/category/non-esiste',
    `/app/product/${otc.codice_ministeriale}`,
    `/app/product/${rx.codice_ministeriale}`,
    '/app/product/000000000',
    '/app/services',
    '/app/service/category/1',
    '/app/service/category/5',
    '/app/services/1',
    '/app/service/category/1/2',
    '/app/service/category/5/shop/1',
    '/app/serviceinfo/2',
    '/app/service_group/1',
    '/app/events',
    `/app/events/${event.id}/${eventDay}`,
    '/app/reservations/2',
    `/app/reservations/event/${event.id}/${eventDay}/${event.services[0]!.id}`,
    '/app/promotions',
    '/app/shift',
    '/app/faq',
    '/app/privacy',
    '/app/tos',
    '/app/privacycheck',
    '/app/legal',
    '/app/accessibility',
    '/app/help/productphoto',
    '/app/help/prescription',
    '/app/offline',
    '/app/non-esiste',
  ])
    await screen(sweep, path);

  // The customer's screens.
  await page.goto('/auth/login');
  await loginWithForm(page, user.email, user.password);
  for (const path of [
    '/app/home',
    '/app/user',
    '/app/profile',
    '/app/settings',
    '/app/fidelityCard',
    '/app/referrer',
    '/app/addresses',
    '/app/address',
    `/app/address/${addressId}`,
    '/app/fiscalcodes',
    '/app/fiscalcode',
    `/app/fiscalcode/${ownCode.id}`,
    '/app/cart',
    '/app/prescription',
    '/app/prescription/fse',
    '/app/prescription/nre',
    '/app/prescription/file',
    `/app/prescription/${prescriptionId}`,
    '/app/productPhoto',
    `/app/productphoto/${photoId}`,
    '/app/galenica',
    `/app/galenica/${galenicaId}`,
    '/app/reservations',
  ])
    await screen(sweep, path);

  // Checkout with the delivery address chosen (through the API: the page is loaded again), and its dialogs.
  const put = await api.put('/api/cart', {
    headers,
    data: { shippingType: 'address', address: addressId, shippingMethod: JSON.stringify({ type: 'courier' }), paymentType: 'payOnline' },
  });
  if (put.status() !== 200) {
    // The seeded shop may name its courier method differently: the address alone is enough here.
    expect((await api.put('/api/cart', { headers, data: { shippingType: 'address', address: addressId } })).status()).toBe(200);
  }
  await screen(sweep, '/app/checkout', { load: true });
  for (const step of ['Consegna', 'Codice sconto', 'Note', 'Riepilogo']) {
    await page.getByRole('button', { name: new RegExp(`^(Scegli|Modifica) ${step}$`) }).click();
    const dialog = page.getByRole('dialog', { name: step });
    await expect(dialog).toBeVisible();
    if (step === 'Note') await dialog.getByLabel('Note per la farmacia').fill(longText(CHECKOUT_NOTE_MAX_LENGTH));
    await measure(sweep, `/app/checkout (${step} dialog)`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  // Orders: one paid at the pharmacy, one paid by card (its card form first filled to the limits).
  const staff = { authorization: `Bearer ${await tokenOf(api, DEMO_PHARMACIST.email, DEMO_PHARMACIST.password)}` };
  const placeOrder = async (paymentType: string): Promise<number> => {
    const cart = await api.put('/api/cart', { headers, data: { shippingType: 'inShop', shippingMethod: JSON.stringify({ type: 'inShop' }), paymentType } });
    expect(cart.status(), await cart.text()).toBe(200);
    const placed = await api.post('/api/cart/checkout', { headers, data: { note: longText(CHECKOUT_NOTE_MAX_LENGTH) } });
    expect(placed.status(), await placed.text()).toBe(201);
    return ((await placed.json()) as { id: number }).id;
  };
  const finalize = async (orderId: number) => {
    expect((await api.post(`/api/admin/orders/${orderId}/take-charge`, { headers: staff })).status()).toBe(200);
    const res = await api.post(`/api/admin/orders/${orderId}/finalize`, { headers: staff, data: { delivery_date: '2030-06-15', info: longText(1000) } });
    expect(res.status(), await res.text()).toBe(200);
  };
  const inShop = await placeOrder('payInShop');
  await screen(sweep, `/app/thankyou/${inShop}`);
  await finalize(inShop);
  expect((await api.post(`/api/cart/products/${otc.codice_ministeriale}`, { headers, data: { quantity: 1 } })).status()).toBe(200);
  const online = await placeOrder('payOnline');
  await finalize(online);
  for (const path of ['/app/orders', `/app/orders/${inShop}`, `/app/payment/nexi/${online}`, `/app/payment-end?status=KO&paymentMethod=gestpay&paymentID=${online}`, '/app/orders/999999'])
    await screen(sweep, path);
  await screen(sweep, `/app/orders/${online}`);
  await page.getByRole('button', { name: 'Conferma e paga' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento con carta' })).toBeVisible();
  await settled(sweep, false);
  await measure(sweep, `/app/payment/payOnline/${online}`);
  const form = page.getByRole('main');
  await form.getByLabel('Titolare della carta').fill(longText(100, 'Bianchi'));
  await form.getByLabel('Numero della carta').fill('4111 1111 1111 1111 11');
  await measure(sweep, `/app/payment/payOnline/${online} (filled)`);
  await payOnCardForm(page, 'Giulia Bianchi');
  await settled(sweep, false);
  await measure(sweep, `/app/payment/payOnline/${online} (paid)`);
  // A partial refund with the longest reason: the customer's order and the console's refunds panel show it.
  const refund = await api.post(`/api/admin/orders/${online}/refunds`, { headers: staff, data: { amount: 1.5, reason: longText(REFUND_REASON_MAX) } });
  expect(refund.status(), await refund.text()).toBe(200);
  expect((await api.post(`/api/order/${inShop}/confirm`, { headers })).status()).toBe(200);
  await screen(sweep, `/app/orders/${online}`, { load: true });
  await expect(page.getByRole('status', { name: 'Rimborsi' })).toBeVisible();
  await screen(sweep, `/app/order-confirmed/${inShop}`);
  // Collected: the points issue the customer's loyalty card (their card screen, the console's loyalty cards).
  for (const move of ['process', 'complete']) expect((await api.post(`/api/admin/orders/${inShop}/${move}`, { headers: staff })).status()).toBe(200);
  await screen(sweep, '/app/fidelityCard', { load: true });
  // Received: the withdrawal function's first step, with the long customer's name and lines (decision 0698).
  await screen(sweep, `/app/orders/${inShop}/recesso`);

  // The back office: a set-password link (no session), then as the admin every section, with the long customer's orders.
  await screen(sweep, `/backoffice/password?token=${'a'.repeat(64)}&email=${encodeURIComponent(user.email)}`);
  await screen(sweep, '/backoffice/login');
  await page.getByLabel('Email').fill('admin@farmacia.demo');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/backoffice\/ordini$/);
  // Its header at the narrowest width and the largest text keeps the live state and the sound switch on screen.
  await page.setViewportSize({ width: 320, height: 800 });
  for (const size of TEXT_SIZES) {
    await page.evaluate((percent) => {
      document.documentElement.style.fontSize = percent === 100 ? '' : `${percent}%`;
    }, size);
    const header = page.getByRole('banner');
    await expect(header.locator('.live-state')).toBeInViewport({ ratio: 1 });
    await expect(header.getByRole('button', { name: messages.live.sound })).toBeInViewport({ ratio: 1 });
  }
  await page.evaluate(() => document.documentElement.style.removeProperty('font-size'));
  await page.setViewportSize({ width: 390, height: 800 });
  // A screen of the same kind is never opened right after another (a new heading tells it has arrived).
  for (const path of ['/ordini', `/ordini/${inShop}`, ...BACKOFFICE_SECTIONS, `/ordini/${online}`]) await screen(sweep, `/backoffice${path}`);
  await expect(page.getByRole('region', { name: /Rimborsi/ })).toBeVisible();
  // The long customer found among the customers (their history opened with a reason) and among the loyalty cards.
  await open(sweep, '/backoffice/clienti');
  await page.getByLabel('Cerca per nome, email, telefono o codice fiscale').fill(local.slice(0, 20));
  const found = page.getByRole('list', { name: 'Clienti trovati' }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  await found.getByRole('button', { name: /^Ordini e prenotazioni/ }).click();
  await page.getByLabel("Motivo dell'accesso").fill('Verifica della richiesta del cliente');
  await page.getByRole('button', { name: 'Apri ordini e prenotazioni' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Prenotazioni' })).toBeVisible();
  await settled(sweep, false);
  await measure(sweep, '/backoffice/clienti (the long customer, history open)');
  await open(sweep, '/backoffice/negozio/carte-fedelta');
  await page.getByLabel('Cerca per numero, nome o email').fill(local.slice(0, 20));
  await page.getByRole('button', { name: /^Apri/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Carta / })).toBeVisible();
  await settled(sweep, false);
  await measure(sweep, '/backoffice/negozio/carte-fedelta (the long customer\'s card open)');
  // The agenda on the day of the long booking, its details open.
  await open(sweep, '/backoffice/agenda');
  await page.getByLabel('Data').fill(bookedDay);
  // The long customer's booking, not the first of the day: other journeys book the same day in a full run.
  await page.getByRole('button', { name: /^Dettagli prenotazione .* di Bianchi-Santangelo/ }).first().click();
  await expect(page.getByText(longText(RESERVATION_NOTE_MAX).slice(0, 40))).toBeVisible();
  await settled(sweep, false);
  await measure(sweep, '/backoffice/agenda (the long booking open)');

  // The screens measured, each with its heading: what the sweep saw, in the report.
  await test.info().attach('screens', { body: sweep.screens.join('\n'), contentType: 'text/plain' });
  console.log(`overflow sweep: ${sweep.screens.length} screens × ${WIDTHS.length} widths × ${TEXT_SIZES.length} text sizes, ${sweep.found.length} overflows`);
  expect(sweep.found.join('\n')).toBe('');
  expect(sweep.screens.length).toBeGreaterThanOrEqual(104);
});
