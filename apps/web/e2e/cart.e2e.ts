import { formatEuro, type ProductHit, type SearchResponse } from '@farmacia/contract';
import { expect, type Page } from '@playwright/test';
import { acceptHealthConsent, expectNoA11yViolations, loginWithForm, newUser, openSignedIn, randomFiscalCode, registerThroughApi, tabBar, test } from './support';

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
  // The first send of health data asks for its own consent (decision 0410): nothing is sent until
  // the box is ticked; confirming records it and the prescription goes on.
  const consent = page.getByRole('dialog', { name: 'Consenso al trattamento dei dati sanitari' });
  await expect(consent).toBeVisible();
  await expect(consent.getByText(/dati relativi alla tua salute/)).toBeVisible();
  await expectNoA11yViolations(page);
  await consent.getByRole('button', { name: 'Conferma e invia' }).click();
  await expect(consent.getByText('Per inviare la richiesta spunta la casella del consenso.')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/prescription\/nre$/);
  await acceptHealthConsent(page);
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
  // The consent is in force now: the request goes without asking again.
  await expect(page.getByText('Prodotto aggiunto')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/cart$/);
  await expect(page.getByRole('dialog', { name: 'Consenso al trattamento dei dati sanitari' })).toHaveCount(0);
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
  await expectNoA11yViolations(page);

  // Clear the cart, after the confirmation.
  await page.getByRole('button', { name: 'Svuota carrello' }).click();
  const dialog = page.getByRole('dialog', { name: 'Svuotare il carrello?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Svuota' }).click();
  await expect(page.getByText('Carrello svuotato')).toBeVisible();
  await expect(page.getByText('Il carrello è vuoto.')).toBeVisible();
  await expect(cartTab(page)).not.toContainText(/\d/);

  // The profile shows the health data consent, and withdraws it.
  await page.goto('/app/profile');
  const healthData = page.getByRole('region', { name: 'Dati sanitari' });
  await expect(healthData.getByText(/^Consenso dato il \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await healthData.getByRole('button', { name: 'Revoca il consenso' }).click();
  await page.getByRole('dialog', { name: 'Revocare il consenso?' }).getByRole('button', { name: 'Revoca il consenso' }).click();
  await expect(page.getByText('Consenso ai dati sanitari revocato.')).toBeVisible();
  await expect(healthData.getByText(/^Consenso revocato il /)).toBeVisible();
  await expect(healthData.getByRole('button', { name: 'Dai il consenso' })).toBeVisible();
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('prescriptions and fiscal codes: a family code added from the form, a photo prescription edited by id and removed', async ({ page }) => {
  const user = newUser();
  await openSignedIn(page, await registerThroughApi(page, user), '/app/prescription/file');
  await expect(page).toHaveURL(/\/app\/prescription\/file$/);
  await expect(page.getByRole('button', { name: 'Salva ricetta' })).toBeDisabled();

  // Add a family member's fiscal code from the form, and come back with it selected.
  await page.getByRole('link', { name: 'Aggiungi un codice fiscale' }).click();
  await expect(page).toHaveURL(/\/app\/fiscalcode\?redirect=\/app\/prescription\/file$/);
  const field = page.getByRole('textbox', { name: 'Codice fiscale' });
  await field.fill('RSSMRA85T10A562X');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Il carattere di controllo del codice fiscale non è corretto.')).toBeVisible();
  await field.fill(user.fiscalCode.toLowerCase());
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Questo codice fiscale è già presente.')).toBeVisible();
  const family = randomFamilyCode(user.fiscalCode);
  await field.fill(family);
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Codice fiscale salvato')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/prescription\/file\?fiscalcode=\d+$/);
  const select = page.getByLabel(/Codice fiscale dell'assistito/);
  await expect(select).toHaveValue(family);

  // A photo of the prescription.
  await page.getByLabel(/Foto o PDF della ricetta/).setInputFiles({ name: 'ricetta.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('Note per il farmacista').fill('Per mia madre');
  await page.getByRole('button', { name: 'Salva ricetta' }).click();
  await acceptHealthConsent(page);
  await expect(page.getByText('Richiesta inviata correttamente')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/cart$/);
  await expect(page.getByText('ricetta.png')).toBeVisible();

  // Edit it by id: removing the file makes it required again; an NRE instead.
  await page.getByRole('link', { name: 'Modifica Foto o PDF della ricetta' }).click();
  await expect(page).toHaveURL(/\/app\/prescription\/\d+$/);
  await expect(page.getByRole('button', { name: 'Rimuovi il file ricetta.png' })).toBeVisible();
  await expect(page.getByLabel('Note per il farmacista')).toHaveValue('Per mia madre');
  // The stored file opens with the customer's token, from an object URL.
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Apri il file' }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();
  await page.getByRole('button', { name: 'Rimuovi il file ricetta.png' }).click();
  await expect(page.getByRole('button', { name: 'Salva ricetta' })).toBeDisabled();
  await expect(page.getByText('Caricare il file della ricetta.')).toBeVisible();
  await page.getByLabel('Oppure il codice NRE').fill('010A01234567890');
  await page.getByRole('button', { name: 'Salva ricetta' }).click();
  await expect(page).toHaveURL(/\/app\/cart$/);
  await expect(page.getByText('010A01234567890')).toBeVisible();
  await expect(page.getByText('ricetta.png')).toHaveCount(0);

  // Remove it.
  await page.getByRole('link', { name: 'Modifica Foto o PDF della ricetta' }).click();
  await page.getByRole('button', { name: 'Rimuovi ricetta' }).click();
  await page.getByRole('dialog', { name: 'Rimuovere la ricetta?' }).getByRole('button', { name: 'Rimuovi ricetta' }).click();
  await expect(page.getByText('Ricetta rimossa')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/cart$/);
  await expect(page.getByText('Il carrello è vuoto.')).toBeVisible();

  // The fiscal codes: the main one cannot be deleted, the family one can.
  await page.goto('/app/fiscalcodes');
  await expect(page.getByRole('link', { name: `Modifica ${user.fiscalCode}` })).toBeVisible();
  await expect(page.getByText('Principale')).toBeVisible();
  await expect(page.getByRole('link', { name: `Modifica ${family}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Elimina ${user.fiscalCode}` })).toHaveCount(0);
  await page.getByRole('button', { name: `Elimina ${family}` }).click();
  await page.getByRole('dialog', { name: 'Eliminare il codice fiscale?' }).getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByText('Codice fiscale eliminato')).toBeVisible();
  await expect(page.getByRole('link', { name: `Modifica ${family}` })).toHaveCount(0);
});

test('galenica request: create, edit and remove from the cart; help pages', async ({ page }) => {
  const user = newUser();
  await openSignedIn(page, await registerThroughApi(page, user), '/app/galenica');
  await expect(page.getByRole('heading', { level: 1, name: 'Richiedi una preparazione galenica' })).toBeVisible();
  const send = page.getByRole('button', { name: 'Invia la richiesta' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Composizione e quantità').fill('Crema con urea al 10%, 100 g');
  await send.click();
  await acceptHealthConsent(page);
  await expect(page.getByText('Prodotto aggiunto')).toBeVisible();
  await page.getByRole('link', { name: 'Modifica Preparazione galenica' }).click();
  await expect(page).toHaveURL(/\/app\/galenica\/\d+$/);
  await page.getByLabel('Composizione e quantità').fill('Crema con urea al 20%, 100 g');
  await page.getByRole('button', { name: 'Salva le modifiche' }).click();
  await expect(page.getByText('Prodotto aggiornato')).toBeVisible();
  await expect(page.getByText('Crema con urea al 20%, 100 g')).toBeVisible();
  await page.getByRole('link', { name: 'Modifica Preparazione galenica' }).click();
  await page.getByRole('button', { name: 'Rimuovi richiesta' }).click();
  await expect(page.getByText('Prodotto rimosso')).toBeVisible();
  await expect(page.getByText('Il carrello è vuoto.')).toBeVisible();

  for (const [topic, title] of [
    ['prescription', 'Come inviare una ricetta'],
    ['productphoto', 'Cercare un prodotto con una foto'],
    ['Galenica', 'Preparazioni galeniche'],
    ['Services', 'Prenotare un servizio'],
  ] as const) {
    await page.goto(`/app/help/${topic}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
  await expectNoA11yViolations(page);
});

/** Another valid fiscal code than `own`. */
function randomFamilyCode(own: string): string {
  for (;;) {
    const code = randomFiscalCode();
    if (code !== own) return code;
  }
}
