import { expect, type Page } from '@playwright/test';
import { newUser, registerThroughApi, searchProducts, test } from './support';
import { TOKEN_KEY } from '../src/lib/session';

/**
 * Decision 0592: a signed-in screen's page starts the screen's reads itself, as it is parsed, and
 * the app adopts them. Every API request of the page is recorded with the script that started it
 * (Chromium's initiator): the page's own inline script or one of the app's chunks.
 */
async function recordApiRequests(page: Page) {
  const requests: { method: string; path: string; initiator: string }[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url);
    if (!url.pathname.startsWith('/api/')) return;
    const frame = event.initiator.stack?.callFrames[0] ?? event.initiator.stack?.parent?.callFrames[0];
    requests.push({ method: event.request.method, path: url.pathname, initiator: frame ? new URL(frame.url).pathname : event.initiator.type });
  });
  return requests;
}

const signedIn = (page: Page, token: string) =>
  page.addInitScript(({ key, stored }) => localStorage.setItem(key, stored), { key: TOKEN_KEY, stored: token });

test("a signed-in cart's reads start from the page itself, once each: the app adopts them", async ({ page }) => {
  const token = await registerThroughApi(page, newUser());
  await signedIn(page, token);
  const requests = await recordApiRequests(page);
  // The tab bar's reservations badge asks once the app runs: the start is over when it has answered.
  const started = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/reservations');
  await page.goto('/app/cart');
  await expect(page.getByRole('heading', { name: 'Carrello', level: 1 })).toBeVisible();
  await expect(page.getByText('Il carrello è vuoto.')).toBeVisible();
  await started;

  const gets = (path: string) => requests.filter((r) => r.method === 'GET' && r.path === path);
  for (const path of ['/api/profile', '/api/cart', '/api/option/galenica', '/api/option/cart_note']) {
    expect(gets(path), path).toEqual([{ method: 'GET', path, initiator: '/app/cart' }]);
  }
  // The rest of the start is the app's own, as before.
  expect(gets('/api/reservations')).toHaveLength(1);
  expect(gets('/api/reservations')[0]?.initiator).toMatch(/^\/assets\//);
});

test('a signed-out load of the cart starts no read: the page goes to login', async ({ page }) => {
  const requests = await recordApiRequests(page);
  await page.goto('/app/cart');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=\/app\/cart$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(requests.filter((r) => ['/api/profile', '/api/cart', '/api/option/galenica', '/api/option/cart_note'].includes(r.path))).toEqual([]);
  expect(await page.evaluate(() => '__farmaciaEarly' in window)).toBe(false);
});

test("a stored session the server no longer knows: the page's own 401 ends it as the app's would", async ({ page }) => {
  const token = await registerThroughApi(page, newUser());
  expect((await page.request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(204);
  await signedIn(page, token);
  const requests = await recordApiRequests(page);
  await page.goto('/app/checkout');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=\/app\/checkout$/);
  expect(requests.filter((r) => r.path === '/api/profile')).toEqual([{ method: 'GET', path: '/api/profile', initiator: '/app/checkout' }]);
});

/**
 * Decision 0593: the checkout's title and the booking's service are in the page, painted before the
 * app's code runs, exactly where the app then draws them (no shift). The app's code is held back
 * (its start chunk refused) to see the page as the server sent it.
 */
test("the checkout's and cart's frames (signed in only) and the calendar's service paint before the app, where the app draws them", async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  const token = await registerThroughApi(page, newUser());
  const box = (locator: ReturnType<Page['locator']>) => locator.boundingBox();
  const title = page.getByRole('heading', { level: 1, name: 'Completa la richiesta' });
  const service = ((await (await page.request.get('/api/services/1/availability')).json()) as { service: { name: string } }).service;
  const serviceName = page.getByRole('heading', { level: 1, name: service.name });
  const description = page.locator('.booking__description p').first();

  await page.route(/\/assets\/start-[^/]+\.js$/, (route) => route.abort());
  // A visitor: the shell's loader, not the checkout (the app sends them to login); the service for everyone.
  const loaders = page.getByText('Attendere...').filter({ visible: true });
  await page.goto('/app/checkout');
  await expect(loaders).toHaveCount(1);
  await expect(title).toBeHidden();
  await page.goto('/app/reservations/1');
  await expect(serviceName).toBeVisible();
  const pageDescription = await box(description);

  await page.evaluate(({ key, stored }) => localStorage.setItem(key, stored), { key: TOKEN_KEY, stored: token });
  await page.goto('/app/checkout');
  await expect(title).toBeVisible();
  // The frame's loader, where the app's pending checkout shows it; the shell's gives way.
  await expect(loaders).toHaveCount(1);
  await expect(page.locator('[data-app-frame] .loader')).toBeVisible();
  const pageTitle = await box(title);
  expect(refused).toEqual([]);

  await page.unroute(/\/assets\/start-[^/]+\.js$/);
  await page.goto('/app/checkout');
  await expect(page.getByText('Il carrello è vuoto.')).toBeVisible();
  expect(await box(title)).toEqual(pageTitle);
  await page.goto('/app/reservations/1');
  await expect(page.locator('.calendar__day--available').first()).toBeVisible();
  expect(await box(description)).toEqual(pageDescription);
  expect(refused).toEqual([]);

  // Decision 0602: above a cart that is not empty, the shop's note is drawn by the page from its own
  // reads, before the app's code, where the app then draws it.
  const cartNote = ((await (await page.request.get('/api/option/cart_note')).json()) as { data: string }).data;
  const product = (await searchProducts(page.request, 'crema')).find((p) => !p.prescription_only && p.quantita > 0);
  const added = await page.request.post(`/api/cart/products/${product?.codice_ministeriale}`, { headers: { authorization: `Bearer ${token}` }, data: { quantity: 1 } });
  expect(added.status()).toBe(200);
  const note = page.locator('.cart .notice--info');
  await page.route(/\/assets\/start-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/app/cart');
  await expect(note).toHaveText(cartNote);
  await expect(page.locator('[data-app-frame] .loader')).toBeVisible();
  const pageNote = await box(note);
  await page.unroute(/\/assets\/start-[^/]+\.js$/);
  await page.goto('/app/cart');
  await expect(page.getByRole('heading', { level: 2, name: /Prodotti/ })).toBeVisible();
  await expect(page.locator('[data-app-frame]')).toHaveCount(0);
  expect(await box(note)).toEqual(pageNote);
  expect(refused).toEqual([]);
  await context.close();
});
