import { formatEuro, type ProductHit, type SearchResponse } from '@farmacia/contract';
import { expect, type Page } from '@playwright/test';
import { DEMO_CUSTOMER, expectNoA11yViolations, loginWithForm, openSignedInAs, test } from './support';

/** The demo pharmacy of the seed (shop 1). */
const SHOP = { name: 'Farmacia San Marco', phone: '049 875 1234', whatsapp: '393331112233' };

async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Cerca un prodotto' }).fill(text);
}

/** What the API answers for a search, to compare the screen with. */
async function apiSearch(page: Page, q: string, rpp = 10): Promise<{ products: ProductHit[]; total: number }> {
  const response = await page.request.get(`/api/product/search?q=${encodeURIComponent(q)}&rpp=${rpp}&p=1`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as SearchResponse;
  const hits = body.responses[0]?.hits;
  return { products: hits?.hits.map((h) => h._source) ?? [], total: hits?.total ?? 0 };
}

function results(page: Page) {
  return page.getByRole('list', { name: 'Prodotti' }).getByRole('listitem');
}

test('home shows the shop name, phone, WhatsApp, opening hours, the carousel and the login prompt', async ({ page }) => {
  await page.goto('/app/home');
  await expect(page.getByRole('heading', { level: 1, name: SHOP.name })).toBeVisible();
  await expect(page.getByRole('link', { name: /Chiama/ })).toHaveAttribute('href', 'tel:0498751234');
  const whatsapp = page.getByRole('link', { name: /WhatsApp/ });
  await expect(whatsapp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/${SHOP.whatsapp}\\?text=Buongiorno`));
  await expect(page.getByRole('heading', { name: 'Orari di apertura' })).toBeVisible();
  await expect(page.getByText('Lunedì')).toBeVisible();

  // Carousel: three slides, the second one first (spec §9 initial slide 1), with pause and arrows.
  const carousel = page.getByRole('region', { name: 'In evidenza' });
  await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(3);
  await expect(carousel.getByRole('button', { name: 'Vai alla diapositiva 2' })).toHaveAttribute('aria-current', 'true');
  await expect(carousel.getByRole('img', { name: /La tua ricetta in app/ })).toBeVisible();
  await carousel.getByRole('button', { name: 'Metti in pausa lo scorrimento' }).click();
  await carousel.getByRole('button', { name: 'Diapositiva successiva' }).click();
  await expect(carousel.getByRole('button', { name: 'Vai alla diapositiva 3' })).toHaveAttribute('aria-current', 'true');
  await expect(carousel.getByRole('button', { name: 'Avvia lo scorrimento' })).toBeVisible();

  // Quick buttons lead to screens that exist; a visitor is asked to log in instead of counts.
  await expect(page.getByRole('navigation', { name: 'Accesso rapido' }).getByRole('link', { name: 'Cerca' })).toBeVisible();
  await expect(page.getByText('Accedi per vedere le tue prenotazioni e i tuoi ordini.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Servizi in evidenza' })).toBeVisible();
});

test('search: tachipirina, prices in it-IT, the second page by scrolling, a product page', async ({ page }) => {
  await page.goto('/app/home');
  await page.getByRole('navigation', { name: 'Accesso rapido' }).getByRole('link', { name: 'Cerca' }).click();
  await expect(page).toHaveURL(/\/app\/search$/);

  // Two characters search nothing (spec §5).
  await searchFor(page, 'ta');
  await expect(page.getByText('Scrivi almeno 3 caratteri.')).toBeVisible();
  await expect(results(page)).toHaveCount(0);

  await searchFor(page, 'tachipirina');
  const expected = await apiSearch(page, 'tachipirina');
  expect(expected.total).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\?q=tachipirina$/);
  await expect(results(page)).toHaveCount(Math.min(10, expected.total));
  await expect(page.getByText(`${expected.total} risultati per «tachipirina»`)).toBeVisible();
  const first = expected.products[0]!;
  const firstItem = results(page).first();
  await expect(firstItem.getByRole('link', { name: first.nome_prodotto })).toBeVisible();
  await expect(firstItem.getByText(formatEuro(first.prezzo), { exact: true })).toBeVisible();

  // A typo is corrected by the server, and the screen says what it searched.
  await searchFor(page, 'tachiprina');
  await expect(page.getByText(/^Risultati per «tachipirina»/)).toBeVisible();
  await expect(results(page).first().getByRole('link', { name: /TACHIPIRINA/ })).toBeVisible();

  // Paging: the demo has fewer than 11 TACHIPIRINA packs, so a broader word (its active principle).
  await searchFor(page, 'paracetamolo');
  const broad = await apiSearch(page, 'paracetamolo');
  expect(broad.total).toBeGreaterThan(10);
  await expect(results(page)).toHaveCount(10);
  await page.getByRole('button', { name: 'Carica altri prodotti' }).scrollIntoViewIfNeeded();
  await expect(results(page)).toHaveCount(Math.min(20, broad.total));

  // Open a TACHIPIRINA product: its page shows the it-IT price, maker, code and availability.
  await searchFor(page, 'tachipirina');
  await expect(results(page)).toHaveCount(Math.min(10, expected.total));
  await page.getByRole('link', { name: first.nome_prodotto }).click();
  await expect(page).toHaveURL(new RegExp(`/app/product/${first.codice_ministeriale}$`));
  await expect(page.getByRole('heading', { level: 1, name: first.nome_prodotto })).toBeVisible();
  await expect(page).toHaveTitle(`${first.nome_prodotto} · Farmacia`);
  const price = formatEuro(first.prezzo);
  expect(price).toMatch(/^\d+,\d{2}\s€$/);
  await expect(page.locator('.product__price')).toHaveText(price);
  await expect(page.getByText(first.codice_ministeriale).first()).toBeVisible();
  await expect(page.getByText(first.quantita > 0 ? 'Disponibile' : 'Non disponibile', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: first.nome_prodotto })).toBeVisible();

  // A non-prescription medicine shows the EU common logo linking to the Ministry's register.
  expect(first.sop_otc).toBe(true);
  await expect(page.getByRole('link', { name: /Logo comune europeo/ })).toHaveAttribute('href', /salute\.gov\.it/);

  // Collapsible info: ATC opens on demand.
  const atc = page.getByRole('button', { name: 'ATC' });
  await expect(atc).toHaveAttribute('aria-expanded', 'false');
  await atc.click();
  await expect(page.getByText(first.descrizione_atc ?? '', { exact: true })).toBeVisible();

  // Back keeps the search.
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Cerca un prodotto' })).toHaveValue('tachipirina');
});

test('a visitor adding to the cart is sent to login and back; a customer adds with a quantity', async ({ page }) => {
  const { products } = await apiSearch(page, 'moment 200');
  const product = products.find((p) => !p.prescription_only && p.quantita > 0)!;
  await page.goto(`/app/product/${product.codice_ministeriale}`);
  await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await expect(page.getByText('Accedi o registrati').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/auth/login\\?redirect=/app/product/${product.codice_ministeriale}$`));

  await loginWithForm(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL(new RegExp(`/app/product/${product.codice_ministeriale}$`));
  await page.getByLabel('Quantità').selectOption('2');
  await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await expect(page.getByText(`${product.nome_prodotto} aggiunto al carrello`)).toBeVisible();
});

test('a prescription medicine asks for the prescription instead of adding to the cart', async ({ page }) => {
  const { products } = await apiSearch(page, 'tachipirina');
  const rx = products.find((p) => p.prescription_only)!;
  await page.goto(`/app/product/${rx.codice_ministeriale}`);
  await expect(page.getByRole('heading', { level: 1, name: rx.nome_prodotto })).toBeVisible();
  await expect(page.getByText('Medicinale soggetto a prescrizione medica').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aggiungi al carrello' })).toHaveCount(0);
  // The way forward is the prescription entry.
  await page.getByRole('link', { name: 'Inserisci ricetta' }).click();
  await expect(page).toHaveURL(/\/app\/prescription$|\/auth\/login\?redirect=\/app\/prescription$/);
});

test('category browse: three levels down, the products of the level, breadcrumbs', async ({ page }) => {
  await page.goto('/app/search');
  await page.getByRole('navigation', { name: 'Categorie' }).getByRole('link', { name: /Farmaci da banco/ }).click();
  await expect(page).toHaveURL(/\/app\/category\/farmaci-da-banco$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Farmaci da banco' })).toBeVisible();
  await expect(results(page)).toHaveCount(12);

  await page.getByRole('navigation', { name: 'Sottocategorie' }).getByRole('link', { name: /Raffreddore e influenza/ }).click();
  await expect(page).toHaveURL(/\/app\/category\/farmaci-da-banco\/raffreddore-e-influenza$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Raffreddore e influenza' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Sottocategorie' }).getByRole('link', { name: /^Tosse/ }).click();
  await expect(page).toHaveURL(/\/app\/category\/farmaci-da-banco\/raffreddore-e-influenza\/tosse$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tosse' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Percorso' });
  await expect(crumbs.getByRole('link', { name: 'Raffreddore e influenza' })).toBeVisible();
  await expect(crumbs.getByText('Tosse')).toHaveAttribute('aria-current', 'page');
  await expect(results(page).first()).toBeVisible();

  // Up one level through the breadcrumb.
  await crumbs.getByRole('link', { name: 'Raffreddore e influenza' }).click();
  await expect(page).toHaveURL(/\/raffreddore-e-influenza$/);
});

test('unknown category and unknown product', async ({ page }) => {
  await page.goto('/app/category/non-esiste');
  await expect(page.getByRole('heading', { name: 'Risultato non trovato' })).toBeVisible();
  await expect(page.getByText('La categoria cercata non è esistente')).toBeVisible();

  await page.goto('/app/category/farmaci-da-banco/non-esiste/altro');
  await expect(page.getByRole('heading', { name: 'Risultato non trovato' })).toBeVisible();

  await page.goto('/app/product/000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Prodotto non trovato' })).toBeVisible();
});

test('catalogue screens have no accessibility violations (axe, WCAG 2.2 AA)', async ({ page }) => {
  const { products } = await apiSearch(page, 'tachipirina');
  const screens: Array<[string, string]> = [
    ['/app/home', SHOP.name],
    ['/app/search?q=tachipirina', 'Cerca'],
    ['/app/category', 'Categorie'],
    ['/app/category/dermocosmesi/viso/creme-viso', 'Creme viso'],
    [`/app/product/${products[0]!.codice_ministeriale}`, products[0]!.nome_prodotto],
    [`/app/product/${products.find((p) => p.prescription_only)!.codice_ministeriale}`, products.find((p) => p.prescription_only)!.nome_prodotto],
    ['/app/product/000000000', 'Prodotto non trovato'],
  ];
  for (const [path, title] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoA11yViolations(page);
  }
  // Logged in, the home shows the counts instead of 'Accedi'.
  await openSignedInAs(page, DEMO_CUSTOMER, '/app/home');
  await expect(page).toHaveURL(/\/app\/home$/);
  // The demo customer has one booking (seed); the orders count shows once GET /order exists.
  const activity = page.getByRole('region', { name: 'La tua attività' });
  await expect(activity.getByRole('link', { name: /^\d+ Prenotazioni$/ })).toBeVisible();
  // Not 'networkidle': a signed-in app keeps its live-updates stream open (decision 0525).
  await expect(page.locator('.loader')).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('a customer linked to two shops changes the associated one from home, and the home follows', async ({ page }) => {
  await openSignedInAs(page, DEMO_CUSTOMER, '/app/home');
  await expect(page).toHaveURL(/\/app\/home$/);
  const picker = page.getByLabel('Il tuo punto vendita');
  await expect(picker.locator('option:checked')).toHaveText(SHOP.name);
  await picker.selectOption({ label: 'Farmacia Centrale' });
  await page.getByRole('button', { name: 'Cambia punto vendita' }).click();
  await expect(page.getByText('Punto vendita aggiornato')).toBeVisible();
  // Options are per shop: the home now shows the other pharmacy.
  await expect(page.getByRole('heading', { level: 1, name: 'Farmacia Centrale' })).toBeVisible();

  // And back, so the demo customer stays where the other journeys expect it.
  await page.getByLabel('Il tuo punto vendita').selectOption({ label: SHOP.name });
  await page.getByRole('button', { name: 'Cambia punto vendita' }).click();
  await expect(page.getByRole('heading', { level: 1, name: SHOP.name })).toBeVisible();
});
