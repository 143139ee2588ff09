import AxeBuilder from '@axe-core/playwright';
import { formatEuro, type ProductHit, type SearchResponse } from '@farmacia/contract';
import { expect, type Page, test } from '@playwright/test';
import { loginWithForm, newUser, registerThroughApi, tabBar } from './support';

/** Two products a customer can buy online (not prescription-only, in stock), from the demo catalogue. */
async function buyableProducts(page: Page, q: string, count: number): Promise<ProductHit[]> {
  const response = await page.request.get(`/api/product/search?q=${encodeURIComponent(q)}&rpp=30&p=1`);
  expect(response.ok()).toBe(true);
  const hits = ((await response.json()) as SearchResponse).responses[0]?.hits.hits.map((h) => h._source) ?? [];
  const buyable = hits.filter((p) => !p.prescription_only && p.quantita > 0);
  expect(buyable.length).toBeGreaterThanOrEqual(count);
  return buyable.slice(0, count);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

function cartTab(page: Page) {
  return tabBar(page).getByRole('link', { name: /Carrello/ });
}

test('cart journey: two products, a quantity, an NRE prescription, a photo request with a PDF, the badge, a voucher, clear', async ({ page }) => {
  const user = newUser();
  await registerThroughApi(page, user);
  const [first, second] = await buyableProducts(page, 'crema', 2);

  // A visitor who adds to the cart is asked to log in and comes back to the product.
  await page.goto(`/app/product/${first!.codice_ministeriale}`);
  await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await expect(page.getByText('Accedi o registrati')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=\/app\/product\//);
  await loginWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(new RegExp(`/app/product/${first!.codice_ministeriale}$`));

  await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await expect(page.getByText(`${first!.nome_prodotto} aggiunto al carrello`)).toBeVisible();
  await page.goto(`/app/product/${second!.codice_ministeriale}`);
  await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await expect(page.getByText(`${second!.nome_prodotto} aggiunto al carrello`)).toBeVisible();
  await expect(cartTab(page)).toContainText('2');

  // The cart: two lines at the catalogue price; the second one to 3.
  await cartTab(page).click();
  await expect(page).toHaveURL(/\/app\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Carrello' })).toBeVisible();
  const lines = page.getByRole('list', { name: 'Prodotti nel carrello' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await page.getByLabel(`Quantità di ${second!.nome_prodotto}`).selectOption('3');
  const subtotal = Math.round((first!.prezzo + second!.prezzo * 3) * 100) / 100;
  const summary = page.getByRole('region', { name: 'Riepilogo del carrello' });
  await expect(summary.getByText(formatEuro(subtotal)).first()).toBeVisible();
  await expect(cartTab(page)).toContainText('4');

  // An NRE prescription: choice screen, the form ('Inserisci ricetta'), submit disabled until valid.
  await page.getByRole('link', { name: 'Inserisci ricetta' }).first().click();
  await expect(page).toHaveURL(/\/app\/prescription$/);
  await page.getByRole('link', { name: /Ricetta elettronica \(codice NRE\)/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inserisci ricetta' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Salva ricetta' });
  await expect(save).toBeDisabled();
  await page.getByLabel(/Codice fiscale dell'assistito/).selectOption(user.fiscalCode);
  await page.getByLabel('Codice NRE').fill('010a0 12345');
  await expect(save).toBeDisabled();
  await expect(page.getByText('Il codice NRE deve essere di 13-15 caratteri.')).toBeVisible();
  await page.getByLabel('Codice NRE').fill('010a0 1234567890');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Richiesta inviata correttamente')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/cart$/);
  await expect(page.getByText('010A01234567890')).toBeVisible();

  // A product-photo request with a PDF; a wrong file type is refused with the spec's message.
  await page.getByRole('link', { name: 'Cerca con una foto' }).first().click();
  await expect(page).toHaveURL(/\/app\/productPhoto$/);
  await page.getByLabel('Descrivi il prodotto che cerchi').fill('Crema solare bambini SPF 50, 100 ml');
  const fileInput = page.getByLabel('Foto della confezione (facoltativa)');
  await fileInput.setInputFiles({ name: 'programma.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await expect(page.getByText("Formato file 'programma.exe' non valido.")).toBeVisible();
  await fileInput.setInputFiles({ name: 'scatola.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('button', { name: 'Rimuovi il file scatola.pdf' })).toBeVisible();
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(page.getByText('Prodotto aggiunto')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/cart$/);
  await expect(page.getByRole('link', { name: 'Modifica Ricerca di un prodotto da foto' })).toBeVisible();

  // The badge: 1 + 3 units, one prescription, one request.
  await expect(cartTab(page)).toContainText('6');

  // A voucher: BENVENUTO10 takes 10% off.
  await page.getByLabel('Inserisci il codice sconto').fill('benvenuto10');
  await page.getByRole('button', { name: 'Applica' }).click();
  await expect(page.getByText('Codice sconto inserito')).toBeVisible();
  const discount = Math.round(subtotal * 10) / 100;
  await expect(summary.getByText(formatEuro(-discount))).toBeVisible();
  await expect(summary.getByText(formatEuro(Math.round((subtotal - discount) * 100) / 100))).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations).toEqual([]);

  // Clear the cart, after the confirmation.
  await page.getByRole('button', { name: 'Svuota carrello' }).click();
  const dialog = page.getByRole('dialog', { name: 'Svuotare il carrello?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Svuota' }).click();
  await expect(page.getByText('Carrello svuotato')).toBeVisible();
  await expect(page.getByText('Il carrello è vuoto.')).toBeVisible();
  await expect(cartTab(page)).not.toContainText(/\d/);
});
