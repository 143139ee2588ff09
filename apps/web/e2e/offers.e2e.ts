import { formatEuro, messages, type ProductHit, type SearchResponse, type ShopsResponse } from '@farmacia/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO_CUSTOMER, DEMO_PHARMACIST, openBackOffice, openSignedInAs, tokenOf, test } from './support';

/**
 * Issue 18: each pharmacy its own shelf. The demo's two shops differ (catalogue.seed.ts: some
 * prices, some stock, some products only the first sells). A customer and a visitor switch shop and
 * see another price and availability for the same product; a pharmacist's uploaded price list
 * changes their own shop only.
 */

type Hit = Pick<ProductHit, 'codice_ministeriale' | 'nome_prodotto' | 'prezzo' | 'quantita' | 'prescription_only' | 'promo'>;

async function shelf(request: APIRequestContext, shopId: number, q: string): Promise<Map<string, Hit>> {
  const res = await request.get(`/api/product/search?q=${encodeURIComponent(q)}&rpp=50&p=1&shop_id=${shopId}`);
  expect(res.status()).toBe(200);
  const hits = ((await res.json()) as SearchResponse).responses[0]?.hits.hits ?? [];
  return new Map(hits.map((h) => [h._id, h._source]));
}

/** Two products of the demo: one both shops sell in stock at different prices, one only the first sells. */
async function demoPair(request: APIRequestContext) {
  const shops = ((await (await request.get('/api/shops')).json()) as ShopsResponse).data;
  const [first, second] = shops;
  if (!first || !second) throw new Error('the demo has one shop');
  for (const q of ['compresse', 'crema', 'gel', 'spray', 'bustine', 'sciroppo']) {
    const [atFirst, atSecond] = [await shelf(request, first.id, q), await shelf(request, second.id, q)];
    // In stock, over the counter, at its full price (the upload below sets a plain price).
    const sellable = (h: Hit | undefined) => h !== undefined && h.quantita > 0 && !h.prescription_only && !h.promo;
    const differs = [...atFirst.values()].find((h) => sellable(h) && sellable(atSecond.get(h.codice_ministeriale)) && atSecond.get(h.codice_ministeriale)?.prezzo !== h.prezzo);
    const onlyFirst = [...atFirst.values()].find((h) => sellable(h) && !atSecond.has(h.codice_ministeriale));
    const secondPrice = differs && atSecond.get(differs.codice_ministeriale)?.prezzo;
    if (differs && onlyFirst && secondPrice !== undefined) return { first, second, differs, secondPrice, onlyFirst };
  }
  throw new Error('no product of the demo differs between its shops');
}

const price = (page: Page) => page.locator('.product__price');

async function pickShop(page: Page, name: string) {
  await page.goto('/app/home');
  await page.getByLabel(messages.home.shopLabel).selectOption({ label: name });
  const save = page.getByRole('button', { name: messages.home.shopSave });
  await save.click();
  // Saved: the chosen shop is the current one (the toast lasts a second, too short to wait for).
  await expect(save).toBeDisabled();
}

test('a customer switches shop: another price for the same product, a product the new shop does not sell flagged in the cart', async ({ page, request }) => {
  const { first, second, differs, secondPrice, onlyFirst } = await demoPair(request);
  const token = await tokenOf(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const headers = { authorization: `Bearer ${token}` };
  const setShop = (shopId: number) => request.put('/api/shops', { headers, data: { shop_id: shopId } });
  expect((await setShop(first.id)).status()).toBe(200);
  for (const product of [differs, onlyFirst]) {
    expect((await request.post(`/api/cart/products/${product.codice_ministeriale}`, { headers, data: { quantity: 1 } })).status()).toBe(200);
  }
  try {
    await openSignedInAs(page, DEMO_CUSTOMER, `/app/product/${differs.codice_ministeriale}`);
    await expect(price(page)).toHaveText(formatEuro(differs.prezzo));

    await pickShop(page, second.name);
    await page.goto(`/app/product/${differs.codice_ministeriale}`);
    await expect(price(page)).toHaveText(formatEuro(secondPrice));
    await page.goto(`/app/product/${onlyFirst.codice_ministeriale}`);
    await expect(page.getByText(messages.catalogue.notSoldHere)).toBeVisible();

    // The cart came along, re-priced: the line the new shop does not sell is flagged, not dropped.
    await page.goto('/app/cart');
    const line = (name: string) => page.getByRole('listitem').filter({ hasText: name });
    await expect(line(differs.nome_prodotto).locator('.cart-line__unit')).toContainText(formatEuro(secondPrice));
    await expect(line(onlyFirst.nome_prodotto)).toContainText(messages.catalogue.notSoldHere);
    // Its page still opens from the line, saying so (and offering to request it).
    await line(onlyFirst.nome_prodotto).getByRole('link', { name: onlyFirst.nome_prodotto }).click();
    await expect(page.getByText(messages.catalogue.notSoldHere)).toBeVisible();
  } finally {
    await setShop(first.id);
    for (const product of [differs, onlyFirst]) await request.delete(`/api/cart/products/${product.codice_ministeriale}`, { headers });
  }
});

test('a visitor picks a shop: its prices, remembered on the device across a reload', async ({ page, request }) => {
  const { first, second, differs, secondPrice } = await demoPair(request);
  await page.goto(`/app/product/${differs.codice_ministeriale}`);
  await expect(price(page)).toHaveText(formatEuro(differs.prezzo));

  await pickShop(page, second.name);
  await page.goto(`/app/product/${differs.codice_ministeriale}`);
  await expect(price(page)).toHaveText(formatEuro(secondPrice));
  // Remembered on the device: a reload (the server's preview and the app) is still the picked shop's.
  await page.reload();
  await expect(price(page)).toHaveText(formatEuro(secondPrice));

  await pickShop(page, first.name);
  await page.goto(`/app/product/${differs.codice_ministeriale}`);
  await expect(price(page)).toHaveText(formatEuro(differs.prezzo));
});

test("a pharmacist's uploaded price list changes their shop's price only", async ({ page, request }) => {
  const { second, differs, secondPrice } = await demoPair(request);
  // The demo pharmacist works at the first (default) shop.
  const newPrice = differs.prezzo === 1.23 ? 1.24 : 1.23;
  const csv = ['codice_ministeriale;nome_prodotto;prezzo;quantita', `${differs.codice_ministeriale};${differs.nome_prodotto};${formatEuro(newPrice).replace(/[^\d,]/g, '')};${differs.quantita}`].join('\r\n');
  await openBackOffice(page);
  await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Catalogo' }).click();
  await page.getByLabel('File del listino').setInputFiles({ name: 'listino.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Carica' }).click();
  await expect(page.getByText(/^Importazione completata \(listino\.csv\)/)).toBeVisible();

  // The customer app, as a visitor (the back office's session is not the app's): the default shop, then the other.
  const app = page;
  try {
    await app.goto(`/app/product/${differs.codice_ministeriale}`);
    await expect(price(app)).toHaveText(formatEuro(newPrice));
    await pickShop(app, second.name);
    await app.goto(`/app/product/${differs.codice_ministeriale}`);
    await expect(price(app)).toHaveText(formatEuro(secondPrice));
  } finally {
    // Back to the demo's price, for the journeys that follow.
    const token = await tokenOf(request, DEMO_PHARMACIST.email, DEMO_PHARMACIST.password);
    await request.put(`/api/admin/catalogue/products/${differs.codice_ministeriale}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { prezzo: differs.prezzo },
    });
  }
});

// A second page of one context starts the app like the first; nothing is locked between tabs. Once
// the first tab's service worker is installed, the second tab's navigation gets the precached shell
// (no server preview, no boot answers), else the server's preview, whose app starts after the image's
// frame or after 3 s where no frame comes (decision 0371). An earlier version of this journey timed
// out only under a full test run's load (and without the back office built). The preview carries no
// price, so the first check below also waits for the other tab's app to run.
// It once failed in a full run with the other tab keeping the first shop's price: that tab re-read the
// cookie on the storage event, and under load the cookie change reached it after the event (now the
// event's value is followed, `lib/current-shop.ts`).
test("two tabs on the device never mix shops: a switch in one, the other refetches the new shop's price", async ({ page, context, request }) => {
  const { first, second, differs, secondPrice } = await demoPair(request);
  const other = await context.newPage();
  await other.goto(`/app/product/${differs.codice_ministeriale}`);
  await expect(price(other)).toHaveText(formatEuro(differs.prezzo));
  try {
    await pickShop(page, second.name);
    // The other tab follows the switch through the `storage` event, without a reload.
    await expect(price(other)).toHaveText(formatEuro(secondPrice));
    await other.goto('/app/home');
    await expect(other.getByLabel(messages.home.shopLabel)).toHaveValue(String(second.id));
  } finally {
    await pickShop(page, first.name);
    await other.close();
  }
});
