import { expect } from '@playwright/test';
import { DEMO_CUSTOMER, expectNoA11yViolations, loginWithForm, openSignedInAs, submitLoginForm, tabBar, test, WITH_SERVICE_WORKER } from './support';
import { TOKEN_KEY } from '../src/lib/session';

// About the installed app: its service worker is on (decision 0633).
test.use(WITH_SERVICE_WORKER);

test('Home shows the shop, its phone, WhatsApp and opening hours, and Accedi for visitors', async ({ page }) => {
  await page.goto('/app/home');
  const options = (await (await page.request.get('/api/optionsClean')).json()).data as Record<string, unknown>;
  await expect(page.getByRole('heading', { level: 1, name: String(options.shop_name) })).toBeVisible();

  const phone = page.getByRole('link', { name: /^Chiama/ });
  await expect(phone).toHaveAttribute('href', `tel:${String(options.call_number).replace(/[^\d+]/g, '')}`);
  const whatsapp = page.getByRole('link', { name: /^Scrivici su WhatsApp/ });
  const href = new URL((await whatsapp.getAttribute('href')) ?? '');
  expect(href.origin).toBe('https://wa.me');
  expect(href.searchParams.get('text')).toBe(options.whatsapp_text);

  await expect(page.getByRole('heading', { name: 'Orari di apertura' })).toBeVisible();
  await expect(page.getByText((options.open_on as { text: string }).text)).toBeVisible();
  await expect(page.getByText('Domenica')).toBeVisible();

  // Visitors see 'Accedi' where the counts go; logged in, they do not.
  const login = page.locator('#main').getByRole('link', { name: 'Accedi' });
  await expect(login).toBeVisible();
  await login.click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=\/app\/home$/);
  await loginWithForm(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(tabBar(page).getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(page.locator('#main').getByRole('link', { name: 'Accedi' })).toHaveCount(0);

  // The logo's cache key is the version string.
  await expect(page.locator('img.home__logo')).toHaveAttribute('src', /\/api\/logo\/logo\.png\?v=1\.1\.1-\d+\.\d+\.\d+/);
});

test('too many failed logins: the 429 shows a toast', async ({ page }) => {
  await page.goto('/auth/login');
  const identifier = `nessuno.${Date.now()}@example.com`;
  const toast = page.locator('.toast');
  for (let attempt = 0; attempt < 8; attempt++) {
    await submitLoginForm(page, identifier, `sbagliata-${attempt}`);
    await expect(toast.first()).toBeVisible();
    if ((await toast.allTextContents()).some((t) => t !== 'Credenziali sbagliate')) break;
    await expect(toast).toHaveCount(0, { timeout: 5_000 });
  }
  await expect(toast.filter({ hasNotText: 'Credenziali sbagliate' })).toBeVisible();
});

test('the first screens have no accessibility violations (axe, WCAG 2.2 AA)', async ({ page }) => {
  for (const path of ['/app/home', '/auth/login', '/auth/login?segment=signup', '/app/privacy', '/app/privacycheck']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeAttached();
    await page.waitForLoadState('networkidle');
    await expectNoA11yViolations(page);
  }
  await openSignedInAs(page, DEMO_CUSTOMER, '/app/user');
  await expect(page.getByRole('button', { name: 'Esci' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('installable: manifest with icons, and a service worker that takes control', async ({ page }) => {
  await page.goto('/app/home');
  const manifestHref = await page.locator('link[rel="manifest"]').first().getAttribute('href');
  expect(manifestHref).toBeTruthy();
  const manifest = await (await page.request.get(manifestHref ?? '')).json();
  expect(manifest).toMatchObject({ name: 'Farmacia', start_url: '/app/home', display: 'standalone', lang: 'it' });
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons as { src: string }[]) expect((await page.request.get(icon.src)).status()).toBe(200);
  // The page's icon is a PNG (decision 0648): an SVG icon is a document on the page's own thread.
  const iconHref = (await page.locator('link[rel="icon"]').getAttribute('href')) ?? '';
  const icon = await page.request.get(iconHref);
  expect([icon.status(), icon.headers()['content-type']]).toEqual([200, 'image/png']);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
});

test("the page's own preview of the home: the default shop for a visitor, hidden once a token is stored (its inline guard allowed by the CSP)", async ({
  browser,
}) => {
  // The server's HTML, not the service worker's copy; the app's code never arrives, so what shows
  // is the page as the server sent it (decision 0374).
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.route(/\/assets\/start-[^/]+\.js$/, (route) => route.abort());
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  const options = (await (await page.request.get('/api/optionsClean')).json()).data as Record<string, unknown>;
  const preview = page.locator('[data-app-preview]');

  await page.goto('/app/home');
  await expect(preview.getByRole('heading', { level: 1, name: String(options.shop_name) })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/app-session/);

  // A logged-in user may belong to another shop: the guard hides the preview before it paints.
  await page.evaluate((key) => localStorage.setItem(key, 'a-stored-token'), TOKEN_KEY);
  await page.goto('/app/home');
  await expect(page.locator('html')).toHaveClass(/app-session/);
  await expect(preview).toBeHidden();
  expect(refused).toEqual([]);
  await context.close();
});
