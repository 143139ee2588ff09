import { messages, type ProductHit, type SearchResponse, type ShopLegal } from '@farmacia/contract';
import { expect, type Page } from '@playwright/test';
import { DEMO_CUSTOMER, DEMO_PASSWORD, expectNoA11yViolations, loginWithForm, openBackOffice, test } from './support';
import { TOKEN_KEY } from '../src/lib/session';

/**
 * Issue 15: the seller visible everywhere it must be. Every page that offers medicines shows the
 * seller's identity and the EU common logo linking to the shop's Ministry list entry; every
 * screen links the legal information, which links the accessibility statement.
 */

/** Client-side navigation (no reload): the router follows popstate. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path.split('?')[0]);
}

const footer = (page: Page) => page.getByRole('contentinfo');

/** A full page load: the app's code comes after the server-rendered top, slowly on a busy machine. */
async function load(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(footer(page).getByRole('link', { name: messages.shopLegal.title })).toBeVisible({ timeout: 60_000 });
}

/** The seller's identity and the EU logo with the shop's link, in the footer of the current page. */
async function expectSeller(page: Page, legal: ShopLegal, where: string): Promise<void> {
  const logo = footer(page).getByRole('link', { name: messages.catalogue.euLogoAlt });
  await expect(logo, where).toHaveAttribute('href', legal.ministry_list_url!);
  await expect(footer(page), where).toContainText(`${legal.legal_name} · P.IVA ${legal.vat_number}`);
  await expect(footer(page), where).toContainText(legal.ministry_authorization_code!);
  await expect(footer(page).getByRole('link', { name: messages.shopLegal.title }), where).toHaveAttribute('href', '/app/legal');
}

async function legalOf(page: Page, token?: string): Promise<ShopLegal> {
  const res = await page.request.get('/api/shop/legal', token ? { headers: { authorization: `Bearer ${token}` } } : {});
  expect(res.status()).toBe(200);
  const legal = ((await res.json()) as { data: ShopLegal }).data;
  // The demo shops are authorized: the logo must show.
  expect(legal.ministry_authorization_code && legal.ministry_list_url && legal.vat_number).toBeTruthy();
  return legal;
}

test('the EU logo and the seller on every page that offers medicines; the legal pages from every screen', async ({ page }) => {
  test.setTimeout(300_000);
  const search = (await (await page.request.get('/api/product/search?q=tachipirina&rpp=30&p=1')).json()) as SearchResponse;
  const otc = search.responses[0]!.hits.hits.map((h) => h._source).find((p: ProductHit) => !p.prescription_only && p.quantita > 0)!;
  const visitorLegal = await legalOf(page);

  // A visitor: home, search, category, product, promotions.
  await load(page, '/app/home');
  await expectSeller(page, visitorLegal, '/app/home');
  // The footer with the seller and the logo passes axe (WCAG 2.2 AA) like the rest of the screen.
  await expectNoA11yViolations(page);
  for (const path of ['/app/search?q=tachipirina', '/app/category', '/app/category/farmaci-da-banco', `/app/product/${otc.codice_ministeriale}`, '/app/promotions']) {
    await navigate(page, path);
    await expectSeller(page, visitorLegal, path);
  }

  // Screens that sell nothing carry the legal link but no logo.
  for (const path of ['/app/services', '/app/faq', '/app/privacy', '/app/events']) {
    await navigate(page, path);
    await expect(footer(page).getByRole('link', { name: messages.shopLegal.title }), path).toBeVisible();
    await expect(footer(page).getByRole('link', { name: messages.catalogue.euLogoAlt }), path).toHaveCount(0);
  }

  // The legal page, from the footer: every fact of the seller, the logo, the documents.
  await footer(page).getByRole('link', { name: messages.shopLegal.title }).click();
  await expect(page).toHaveURL(/\/app\/legal$/);
  await expect(page.getByRole('heading', { level: 1, name: messages.shopLegal.title })).toBeVisible();
  const main = page.getByRole('main');
  for (const value of [
    visitorLegal.legal_name,
    visitorLegal.vat_number,
    visitorLegal.registered_office,
    visitorLegal.responsible_pharmacist,
    visitorLegal.pharmacist_registration,
    visitorLegal.ministry_authorization_code,
  ]) {
    await expect(main).toContainText(value!);
  }
  await expect(main.getByRole('link', { name: messages.catalogue.euLogoAlt })).toHaveAttribute('href', visitorLegal.ministry_list_url!);
  await expect(main.getByRole('link', { name: messages.accountMenu.privacyPolicy })).toBeVisible();
  await expectNoA11yViolations(page);

  // The accessibility statement, with the shop's e-mail for feedback and AgID's procedure.
  await main.getByRole('link', { name: messages.shopLegal.accessibility }).click();
  await expect(page.getByRole('heading', { level: 1, name: messages.shopLegal.accessibility })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: visitorLegal.email! })).toHaveAttribute('href', `mailto:${visitorLegal.email}`);
  await expect(page.getByRole('heading', { name: messages.accessibilityStatement.enforcementTitle })).toBeVisible();
  await expectNoA11yViolations(page);

  // The demo customer: cart and checkout too, with their shop's data.
  await navigate(page, '/auth/login');
  await loginWithForm(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  expect(token).toBeTruthy();
  const customerLegal = await legalOf(page, token!);
  const added = await page.request.post(`/api/cart/products/${otc.codice_ministeriale}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(200);
  for (const path of ['/app/cart', '/app/checkout']) {
    await load(page, path);
    await expectSeller(page, customerLegal, path);
  }

  // The legal page is one click away from every other screen, a logged-in user's ones included.
  for (const path of ['/app/user', '/app/profile', '/app/settings', '/app/fiscalcodes', '/app/addresses', '/app/orders', '/app/reservations', '/app/prescription', '/app/shift']) {
    await navigate(page, path);
    await footer(page).getByRole('link', { name: messages.shopLegal.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: messages.shopLegal.title }), path).toBeVisible();
  }
});

test("an admin edits a shop's legal data in the back office; a bad VAT number is refused in Italian; the app shows the change", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const office = `Via Roma 12, 35122 Padova (PD) — ${Date.now().toString(36)}`;
  await openBackOffice(page, undefined, { email: 'admin@farmacia.demo', password: DEMO_PASSWORD });
  await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Farmacie' }).click();
  await page.getByRole('button', { name: /Modifica.*Farmacia San Marco/ }).click();

  const block = page.getByRole('region', { name: /Dati legali/ });
  const vat = block.getByLabel(messages.shopLegal.vatNumber);
  await expect(vat).toHaveValue(/^\d{11}$/);
  const goodVat = await vat.inputValue();
  await vat.fill('01234567890');
  await block.getByRole('button', { name: messages.shopLegal.save }).click();
  await expect(vat).toHaveAccessibleDescription(messages.shopLegal.vatInvalid);
  await vat.fill(`IT ${goodVat}`);
  await block.getByLabel(messages.shopLegal.registeredOffice).fill(office);
  await block.getByRole('button', { name: messages.shopLegal.save }).click();
  await expect(block.getByRole('status')).toHaveText(messages.shopLegal.saved);
  await expect(vat).toHaveValue(goodVat);
  await expectNoA11yViolations(page, '/backoffice/farmacie (dati legali)');

  // A visitor of the default shop sees the new registered office under the home and on the legal page.
  const visitor = await (await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' })).newPage();
  await load(visitor, '/app/home');
  await expect(visitor.getByRole('contentinfo')).toContainText(office);
  await visitor.getByRole('contentinfo').getByRole('link', { name: messages.shopLegal.title }).click();
  await expect(visitor.getByRole('main')).toContainText(office);
});
